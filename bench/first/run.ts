/**
 * First benchmark: pith's extractors on the evaluation datasets, one Markdown table
 * per dataset (stdout); progress goes to stderr.
 *
 *   npx tsx bench/first/run.ts --dataset trafilatura-eval:PATH --dataset l3s-gn1:PATH \
 *     [--extractor pith --extractor all-text] [--limit N] [--resamples 2000] [--seed 1] \
 *     [--remove-non-ascii] [--l3s-classes x-nc-sel1,x-nc-sel2] [--cleaneval-splits final,dev] \
 *     [--pages-out FILE.jsonl]
 *
 * Datasets: trafilatura-eval (snippet metric), l3s-gn1, cleaneval, cleanportaleval
 * (word-sequence metric of seed 002). A dataset without `:PATH` is read from
 * `.cache/datasets/<name>` (`npm run datasets` unpacks them there). `--pages-out` writes
 * one JSON line per page and extractor (scores, time, error) for later analysis.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type CleanEvalSplit,
  type DatasetPage,
  type RunResult,
  readCleanEval,
  readL3sGn1,
  readTrafilaturaEval,
  runExtractor,
  snippetTable,
  summariseSnippetRun,
  summariseWordRun,
  wordSequenceTable,
} from '@pith/workbench/eval';
import { extract } from 'pith';

const DATASETS = ['trafilatura-eval', 'l3s-gn1', 'cleaneval', 'cleanportaleval'] as const;
type DatasetName = (typeof DATASETS)[number];

const usage = `usage: npx tsx bench/first/run.ts --dataset NAME[:PATH] [--dataset …] [--extractor NAME …]
       [--limit N] [--resamples N] [--seed N] [--remove-non-ascii] [--l3s-classes a,b] [--cleaneval-splits final,dev]
       [--pages-out FILE.jsonl]
datasets: ${DATASETS.join(', ')} (default path .cache/datasets/NAME)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${flag} needs a positive integer, got '${value}'`);
  return n;
}

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    extractor: { type: 'string', multiple: true },
    limit: { type: 'string' },
    resamples: { type: 'string' },
    seed: { type: 'string' },
    'remove-non-ascii': { type: 'boolean', default: false },
    'l3s-classes': { type: 'string' },
    'cleaneval-splits': { type: 'string' },
    'pages-out': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (!values.dataset || values.dataset.length === 0) fail('give at least one --dataset');
const extractors = values.extractor && values.extractor.length > 0 ? values.extractor : ['pith', 'all-text'];
const limit = positiveInteger(values.limit, '--limit');
const bootstrap = {
  resamples: positiveInteger(values.resamples, '--resamples') ?? 2000,
  seed: values.seed === undefined ? 1 : Number(values.seed),
};
if (!Number.isInteger(bootstrap.seed)) fail('--seed needs an integer');
const wordOptions = { removeNonAscii: values['remove-non-ascii'] };
const l3sClasses = values['l3s-classes']?.split(',').map((c) => c.trim());
const cleanEvalSplits = values['cleaneval-splits']?.split(',').map((s) => s.trim()) as
  | CleanEvalSplit[]
  | undefined;

function parseDataset(spec: string): { name: DatasetName; dir: string } {
  const colon = spec.indexOf(':');
  const name = (colon < 0 ? spec : spec.slice(0, colon)) as DatasetName;
  if (!DATASETS.includes(name)) fail(`unknown dataset '${name}'`);
  const dir = colon < 0 ? path.join('.cache', 'datasets', name) : spec.slice(colon + 1);
  return { name, dir };
}

function pagesOf(name: DatasetName, dir: string): AsyncGenerator<DatasetPage> {
  switch (name) {
    case 'trafilatura-eval':
      return readTrafilaturaEval(dir);
    case 'l3s-gn1':
      return readL3sGn1(dir, l3sClasses ? { classes: l3sClasses } : {});
    case 'cleaneval':
    case 'cleanportaleval':
      return readCleanEval(dir, cleanEvalSplits ? { splits: cleanEvalSplits } : {});
  }
}

async function load(name: DatasetName, dir: string): Promise<DatasetPage[]> {
  const pages: DatasetPage[] = [];
  for await (const page of pagesOf(name, dir)) {
    pages.push(page);
    if (limit !== undefined && pages.length >= limit) break;
  }
  return pages;
}

function progress(label: string): (done: number, total: number) => void {
  const tty = process.stderr.isTTY;
  return (done, total) => {
    if (done === total || done % 50 === 0) {
      process.stderr.write(`${tty ? '\r' : ''}${label}: ${done}/${total}${tty && done < total ? '' : '\n'}`);
    }
  };
}

const cpus = os.cpus();
process.stdout.write(
  `Run ${new Date().toISOString()} · Node ${process.version} · ${os.platform()} ${os.arch()} · ` +
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'} · bootstrap ${bootstrap.resamples} resamples, seed ${bootstrap.seed}\n\n`,
);

const pageLines: string[] = [];

for (const spec of values.dataset) {
  const { name, dir } = parseDataset(spec);
  process.stderr.write(`${name}: reading ${dir}\n`);
  const pages = await load(name, dir);
  if (pages.length === 0) fail(`${name}: no pages in ${dir}`);
  const runs: RunResult[] = [];
  for (const extractor of extractors) {
    const run = runExtractor(
      extractor,
      pages,
      (page) => extract(page.html, { url: page.url, format: 'text', extractor }).content,
      { word: wordOptions, onPage: progress(`${name} × ${extractor}`) },
    );
    const failed = run.pages.filter((page) => page.failed);
    if (failed.length > 0) {
      process.stderr.write(
        `${name} × ${extractor}: ${failed.length} failures, first: ${failed[0].id}: ${failed[0].error}\n`,
      );
    }
    runs.push(run);
    for (const page of run.pages) pageLines.push(JSON.stringify({ dataset: name, extractor, ...page }));
  }
  const snippets = pages[0].gold.text === undefined;
  const metric = snippets
    ? 'snippet precision/recall/accuracy/F1, micro-averaged over documents (trafilatura eval_common.py)'
    : `word-sequence P/R/F1 (seed 002), means over regular documents${wordOptions.removeNonAscii ? ', non-ASCII removed' : ''}`;
  process.stdout.write(`### ${name} (${dir}, n = ${pages.length})\n\nMetric: ${metric}.\n\n`);
  const table = snippets
    ? snippetTable(runs.map((run) => summariseSnippetRun(run, bootstrap)))
    : wordSequenceTable(runs.map((run) => summariseWordRun(run, bootstrap)));
  process.stdout.write(`${table}\n\n`);
}

if (values['pages-out']) {
  writeFileSync(values['pages-out'], pageLines.length ? `${pageLines.join('\n')}\n` : '');
  process.stderr.write(`per-page results: ${values['pages-out']}\n`);
}
