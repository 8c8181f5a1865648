/**
 * CUTER's evaluation (seed 001, Table 2) on our datasets: accuracy Y/A and noise
 * (X−Y)/X by page class (single-body, multi-body, with user comments; classes derived
 * from the gold, see classes.ts), plus seed 002's word F1, for cuter beside pith and
 * the all-text baseline. Every page goes through the public API as raw bytes:
 * `extract(bytes, { url, format: 'text', extractor })`.
 *
 *   npx tsx bench/cuter/evaluate.ts [--dataset cleaneval --dataset l3s-gn1 --dataset cleanportaleval]
 *     [--extractor cuter --extractor pith --extractor all-text] [--cuter name=value …]
 *     [--limit N] [--resamples 2000] [--seed 1] [--out .cache/cuter/evaluate.json]
 *
 * Means are over pages. Accuracy leaves out pages whose gold is empty (A = 0); noise
 * counts an empty output as 0. Word F1 is seed 002's (regular documents only, special
 * cases counted apart) and, in brackets, over all documents with special cases as 0.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  bootstrapMean,
  cuterAccuracyDetails,
  markdownTable,
  scoreWordSequence,
  summariseWordSequence,
  type WordSequenceScore,
} from '@pith/workbench/eval';
import { extract } from 'pith';
import { PAGE_CLASSES, type PageClass } from './classes.js';
import { type ClassedPage, DATASETS, loadDataset, parseDatasetSpec, prepareRetrieved } from './pages.js';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    extractor: { type: 'string', multiple: true },
    cuter: { type: 'string', multiple: true },
    limit: { type: 'string' },
    resamples: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string', default: path.join('.cache', 'cuter', 'evaluate.json') },
  },
  strict: true,
});

const specs = values.dataset && values.dataset.length > 0 ? values.dataset : [...DATASETS];
const extractors =
  values.extractor && values.extractor.length > 0 ? values.extractor : ['cuter', 'pith', 'all-text'];
const limit = values.limit === undefined ? undefined : Number(values.limit);
const bootstrap = { resamples: Number(values.resamples), seed: Number(values.seed) };
const cuterOptions: Record<string, unknown> = {};
for (const pair of values.cuter ?? []) {
  const [name, raw] = pair.split('=');
  cuterOptions[name] =
    raw === 'true' ? true : raw === 'false' ? false : Number.isNaN(Number(raw)) ? raw : Number(raw);
}

interface PageResult {
  id: string;
  pageClass: PageClass;
  /** Share of the output (in characters of words) that lines up with the comment labels (L3S-GN1). */
  commentShare?: number;
  accuracy: number;
  noise: number;
  word: WordSequenceScore;
  failed: boolean;
}

/** Summed wall-clock time of `extract()` per extractor and dataset, in ms. */
const extractMs = new Map<string, number>();

function run(extractor: string, pages: readonly ClassedPage[], dataset: string): PageResult[] {
  return pages.map((page) => {
    let text = '';
    let failed = false;
    const started = performance.now();
    try {
      text = extract(page.html, {
        url: page.url,
        format: 'text',
        extractor,
        ...(extractor === 'cuter' ? { extractorOptions: cuterOptions } : {}),
      }).content;
    } catch {
      failed = true;
    }
    const key = `${dataset}\t${extractor}`;
    extractMs.set(key, (extractMs.get(key) ?? 0) + performance.now() - started);
    const retrieved = prepareRetrieved(page, text);
    const { accuracy, noise } = cuterAccuracyDetails(retrieved, page.goldText);
    let commentShare: number | undefined;
    if (page.commentText) {
      const comments = cuterAccuracyDetails(retrieved, page.commentText);
      commentShare = comments.extractedSize > 0 ? comments.usefulSize / comments.extractedSize : 0;
    }
    return {
      id: page.id,
      pageClass: page.pageClass,
      ...(commentShare === undefined ? {} : { commentShare }),
      accuracy,
      noise,
      word: scoreWordSequence(retrieved, page.goldText),
      failed,
    };
  });
}

const pct = (value: number) => (Number.isNaN(value) ? '–' : `${(100 * value).toFixed(2)}%`);
const num = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(3));
const mean = (values: readonly number[]) => {
  const finite = values.filter((value) => !Number.isNaN(value));
  return finite.length > 0 ? finite.reduce((sum, value) => sum + value, 0) / finite.length : Number.NaN;
};

interface Cell {
  n: number;
  accuracy: number;
  noise: number;
  f1: number;
  f1Interval: [number, number];
  f1All: number;
  special: number;
}

function cell(results: readonly PageResult[]): Cell {
  const summary = summariseWordSequence(results.map((result) => ({ ...result.word, failed: result.failed })));
  const regular = results.filter((result) => result.word.special === null && !result.failed);
  const interval =
    regular.length > 1
      ? bootstrapMean(
          regular.map((result) => result.word.f1),
          bootstrap,
        )
      : undefined;
  return {
    n: results.length,
    accuracy: mean(results.map((result) => result.accuracy)),
    noise: mean(results.map((result) => result.noise)),
    f1: summary.f1,
    f1Interval: interval ? [interval.low, interval.high] : [Number.NaN, Number.NaN],
    f1All: summary.f1AllDocuments,
    special: results.length - summary.scored,
  };
}

const cpus = os.cpus();
const started = new Date();
const header =
  `Run ${started.toISOString()} · Node ${process.version} · ${os.platform()} ${os.arch()} · ` +
  `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'} (shared machine) · bootstrap ${bootstrap.resamples} resamples, seed ${bootstrap.seed}` +
  (Object.keys(cuterOptions).length > 0 ? ` · cuter options ${JSON.stringify(cuterOptions)}` : '');
const output: string[] = [header, ''];
const report: Record<string, unknown> = { date: started.toISOString(), cuterOptions, datasets: {} };

for (const spec of specs) {
  const { name, dir } = parseDatasetSpec(spec);
  process.stderr.write(`${name}: loading ${dir}\n`);
  const pages = await loadDataset(name, dir, limit);
  const classes = PAGE_CLASSES.filter((pageClass) => pages.some((page) => page.pageClass === pageClass));
  const cells: Record<string, Record<string, Cell>> = {};
  const commentShares: string[] = [];
  for (const extractor of extractors) {
    process.stderr.write(`${name} × ${extractor}\n`);
    const results = run(extractor, pages, name);
    const withComments = results.filter(
      (result) => result.pageClass === 'with-comments' && result.commentShare !== undefined,
    );
    if (withComments.length > 0) {
      const share = mean(withComments.map((result) => result.commentShare as number));
      commentShares.push(`${extractor} ${pct(share)}`);
    }
    cells[extractor] = { all: cell(results) };
    for (const pageClass of classes) {
      cells[extractor][pageClass] = cell(results.filter((result) => result.pageClass === pageClass));
    }
  }
  const rows = [...classes, 'all'];
  output.push(`### ${name} (${dir}, n = ${pages.length})`, '');
  if (name === 'l3s-gn1') {
    const checked = pages.filter((page) => page.interrupted);
    const agree = checked.filter(
      (page) => page.interrupted?.annotation === page.interrupted?.alignment,
    ).length;
    output.push(
      `Interruption by the annotation vs by text alignment: agree on ${agree} of ${checked.length} pages.`,
      '',
    );
  }
  output.push(
    "Accuracy Y/A and noise (X−Y)/X (the paper's Table 2):",
    '',
    markdownTable(
      [
        'page class',
        'n',
        ...extractors.flatMap((extractor) => [`${extractor} accuracy`, `${extractor} noise`]),
      ],
      rows.map((row) => [
        row,
        String(cells[extractors[0]][row].n),
        ...extractors.flatMap((extractor) => [
          pct(cells[extractor][row].accuracy),
          pct(cells[extractor][row].noise),
        ]),
      ]),
    ),
    '',
    'Word F1 (seed 002: mean over regular documents, 95% CI; [all documents, special cases as 0]; special cases):',
    '',
    markdownTable(
      ['page class', 'n', ...extractors],
      rows.map((row) => [
        row,
        String(cells[extractors[0]][row].n),
        ...extractors.map((extractor) => {
          const c = cells[extractor][row];
          return `${num(c.f1)} (${num(c.f1Interval[0])}–${num(c.f1Interval[1])}) [${num(c.f1All)}] ${c.special}`;
        }),
      ]),
    ),
    '',
    ...(commentShares.length > 0
      ? [
          `Comment text in the output of the with-comments pages (share of the output that lines up with the x-nc-sel5 labels, mean over pages): ${commentShares.join(', ')}.`,
          '',
        ]
      : []),
    `Speed (extract() end to end: decode, parse, metadata, extraction, text; one thread, shared machine): ${extractors
      .map(
        (extractor) =>
          `${extractor} ${(pages.length / ((extractMs.get(`${name}\t${extractor}`) ?? 0) / 1000)).toFixed(0)} pages/s`,
      )
      .join(', ')}.`,
    '',
  );
  (report.datasets as Record<string, unknown>)[name] = { n: pages.length, cells };
}

process.stdout.write(`${output.join('\n')}\n`);
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
