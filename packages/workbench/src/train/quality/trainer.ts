/** `pith train quality`: the quality estimate (expected F1 of the default extractor's result). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PithError } from 'pith';
import { readHeldOut } from '../../eval/index.js';
import { collect, keyValue, type Trainer, wholeNumber } from '../trainer.js';
import { QUALITY_MODEL_CODE } from './index.js';
import { collectQualityRows, QUALITY_DATASETS, readQualityRows } from './rows.js';
import { QUALITY_GBDT_PARAMS, QUALITY_TARGETS, type QualityTarget, trainQuality } from './train.js';

const DEFAULT_ROWS = '.cache/quality/rows.jsonl';

/** `I/N`: this run's share of the pages. */
function shardOf(value: string): [number, number] {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
  if (!(count >= 1 && index >= 0 && index < count))
    throw new Error(`expected I/N with 0 ≤ I < N, got '${value}'`);
  return [index, count];
}

function targetOf(value: string): QualityTarget {
  if (!(QUALITY_TARGETS as readonly string[]).includes(value))
    throw new Error(`expected one of ${QUALITY_TARGETS.join(', ')}`);
  return value as QualityTarget;
}

const names = (value: string) => value.split(',').filter((name) => name !== '');

export const QUALITY_TRAINER: Trainer = {
  name: 'quality',
  description:
    "Train the quality estimate (a result's expected F1): every development page extracted by the default " +
    'extractor with the block model that did not see its site, its quality features and true F1 in the ' +
    "dataset's metric (the rows); gradient-boosted trees with isotonic calibration, held out by site, then " +
    'the model on every row, with its manifest.',
  defaultOut: 'packages/pith/models/quality.json',
  options: [
    {
      flags: '-d, --dataset <spec>',
      description: `a development set to collect rows from; repeatable (default: ${QUALITY_DATASETS.join(', ')})`,
      parse: collect,
    },
    {
      flags: '--held-out <file>',
      description: "the block model's held-out file (pith train blocks --folds 5)",
      default: '.cache/train/blocks/folds-5-by-site.json',
    },
    {
      flags: '--rows <file>',
      description: 'row files to train on; repeatable. Without it the rows are collected first (--rows-out)',
      parse: collect,
    },
    {
      flags: '--rows-out <file>',
      description: 'where collected rows go (appended: an interrupted run resumes)',
      default: DEFAULT_ROWS,
    },
    {
      flags: '--shard <i/n>',
      description:
        'collect only every n-th page from the i-th (run n of them side by side, then train on their --rows)',
      parse: shardOf,
    },
    { flags: '--collect-only', description: 'collect the rows and stop (with --shard)' },
    {
      flags: '--agreement <names>',
      description:
        "extractors whose word agreement with pith's text is recorded beside each row (experiments)",
      parse: names,
    },
    {
      flags: '--candidates',
      description:
        "record the answer's agreement with pith's candidate selections beside each row (experiments)",
    },
    {
      flags: '--extra <names>',
      description: 'evaluate these recorded candidate features beside the shipped ones (no model is written)',
      parse: names,
    },
    {
      flags: '--folds <k>',
      description: 'folds by site of the held-out evaluation',
      parse: wholeNumber(2),
      default: 5,
    },
    { flags: '--seed <n>', description: 'the folds’ seed', parse: wholeNumber(0), default: 1 },
    {
      flags: '--target <kind>',
      description: `what the trees learn: ${QUALITY_TARGETS.join(', ')}`,
      parse: targetOf,
      default: 'blend',
    },
    {
      flags: '--param <key=value>',
      description: `a tree parameter (default: ${Object.entries(QUALITY_GBDT_PARAMS)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}); repeatable`,
      parse: keyValue,
    },
    { flags: '--report <file>', description: 'write the held-out figures (JSON) here' },
    { flags: '--svg <dir>', description: 'write reliability diagrams (SVG) into this folder' },
  ],
  help: '\nSee models/README.md and docs/algorithms/quality.md. Deterministic: the same rows, code and options write the same bytes.',
  async train(options, context) {
    let rows = options.rows as string[] | undefined;
    if (!rows?.length) {
      rows = [options.rowsOut as string];
      const heldOutFile = options.heldOut as string;
      if (!existsSync(heldOutFile))
        throw new PithError(
          'BAD_OPTION',
          `--held-out ${heldOutFile} not found: run pith train blocks --folds 5 first`,
        );
      const written = await collectQualityRows({
        datasets: (options.dataset as string[] | undefined) ?? QUALITY_DATASETS,
        heldOut: readHeldOut(heldOutFile),
        out: rows[0],
        ...(options.shard ? { shard: options.shard as [number, number] } : {}),
        ...(options.agreement ? { agreement: options.agreement as string[] } : {}),
        ...(options.candidates ? { candidates: true } : {}),
        log: context.log,
      });
      context.log(`${written} new rows in ${rows[0]}`);
    }
    if (options.collectOnly) return { report: `rows collected: ${rows.join(', ')}\n` };
    for (const file of rows)
      if (!existsSync(file)) throw new PithError('BAD_OPTION', `--rows ${file} not found`);
    const training = trainQuality({
      rows: readQualityRows(rows),
      folds: options.folds as number,
      seed: options.seed as number,
      params: (options.param as Record<string, number>) ?? {},
      target: options.target as QualityTarget,
      ...(options.extra ? { extra: options.extra as string[] } : {}),
      command: context.command,
      code: QUALITY_MODEL_CODE,
      log: context.log,
    });
    if (options.report) {
      const file = options.report as string;
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        `${JSON.stringify({ heldOut: training.heldOut, reasons: training.reasons }, null, 1)}\n`,
      );
    }
    if (options.svg) {
      const dir = options.svg as string;
      mkdirSync(dir, { recursive: true });
      for (const [dataset, svg] of Object.entries(training.diagrams))
        writeFileSync(path.join(dir, `quality-reliability-${dataset}.svg`), svg);
    }
    return { ...(training.text ? { text: training.text } : {}), report: training.report };
  },
};
