/**
 * (Issue 16's cross-validation figures: bench/default/evaluate.ts of round 1, kept here because
 * its per-page model map is what .cache/stack/folds-s1.json holds; `pith bench --held-out` is
 * the tool for new work.)
 * Scores the default extractor with a chosen block model per page: the shipped
 * model, cross-validation folds (each page by the model that did not see it) or
 * leave-one-dataset-out models. Each dataset's own primary metric, as `pith bench`
 * computes it (word sequence over regular documents, bag of words, snippets).
 *
 *   npx tsx bench/articles/evaluate-folds.ts [--model FILE | --folds .cache/default-models/folds.json |
 *        --lodo .cache/default-models/lodo.json] [--dataset NAME …] [--favor MODE] [--limit N] [--json OUT]
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  datasetScoring,
  listDataset,
  resolveDatasetSpec,
  scorePage,
  snippetScores,
  sumSnippetCounts,
  withHeadline,
} from '@pith/workbench/eval';
import { extract } from 'pith';
import { extractorOptionPairs } from '../default/options.js';

/** The datasets whose gold is a main-content text, used to train the block classifier (trafilatura-eval has snippets only and stays out of training). */
export const TEXT_GOLD_DATASETS = [
  'wcxb-dev',
  'l3s-gn1',
  'cleaneval',
  'cleanportaleval',
  'readability-testpages',
];

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    folds: { type: 'string' },
    lodo: { type: 'string' },
    dataset: { type: 'string', multiple: true },
    favor: { type: 'string', default: 'balanced' },
    limit: { type: 'string' },
    json: { type: 'string' },
    option: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  process.stdout.write(`Scores the default extractor (pith) on the unpacked datasets (npm run datasets), each
dataset in its own primary metric, with one block model per page.

  npx tsx bench/articles/evaluate-folds.ts [options]

  --model FILE        the block model (default: the shipped models/pith-blocks.json)
  --folds FILE        cross-validation: each page scored by the fold model that did not see it
                      (.cache/default-models/folds.json, from bench/default/train.ts --folds 3)
  --lodo FILE         leave one dataset out: each dataset scored by the model trained without it
                      (.cache/default-models/lodo.json, from bench/default/train.ts --lodo)
  --dataset NAME      a dataset (repeatable; default: the five text-gold datasets and trafilatura-eval)
  --favor MODE        balanced | precision | recall (default balanced)
  --option KEY=VALUE  any other pith option (repeatable), e.g. --option postRules=false
  --limit N           at most N pages per dataset
  --json FILE         also write every page's score
`);
  process.exit(0);
}

const folds: Record<string, string> = values.folds ? JSON.parse(readFileSync(values.folds, 'utf8')) : {};
const lodo: Record<string, string> = values.lodo ? JSON.parse(readFileSync(values.lodo, 'utf8')) : {};
const datasets = values.dataset?.length ? values.dataset : [...TEXT_GOLD_DATASETS, 'trafilatura-eval'];
const limit = values.limit ? Number(values.limit) : Number.POSITIVE_INFINITY;
const extra = extractorOptionPairs(values.option);

interface Row {
  dataset: string;
  id: string;
  f1: number | null;
  pageType?: string;
  language?: string;
}
const rows: Row[] = [];
const summary: Record<string, unknown> = {};

for (const name of datasets) {
  const spec = await resolveDatasetSpec(name);
  const scoring = await datasetScoring(spec);
  const refs = (await listDataset(spec)).slice(0, limit);
  const snippetCounts = [];
  const started = Date.now();
  for (const ref of refs) {
    const page = await ref.load();
    const model = folds[`${name}/${page.id}`] ?? lodo[name] ?? values.model ?? '';
    let text: string | null;
    try {
      const result = extract(page.html, {
        url: page.url,
        format: 'text',
        extractorOptions: { model, favor: values.favor, ...extra },
      });
      // A gold that holds the headline gets the extractor's title back on top (as in pith bench).
      text = scoring.headlineInGold ? withHeadline(result.content, result.metadata.title) : result.content;
    } catch (error) {
      process.stderr.write(`${name}/${page.id}: ${(error as Error).message}\n`);
      text = null;
    }
    const scores = scorePage(page, text, { removeNonAscii: scoring.removeNonAscii });
    let f1: number | null = null;
    if (scoring.primary === 'word-sequence') {
      const score = scores.wordSequence;
      f1 = score && score.special === null ? score.f1 : null;
    } else if (scoring.primary === 'bag-of-words') f1 = scores.bagOfWords?.f1 ?? null;
    else if (scoring.primary === 'shingles') f1 = scores.shingles?.f1 ?? null;
    if (scores.snippets) snippetCounts.push(scores.snippets);
    rows.push({ dataset: name, id: page.id, f1, pageType: page.gold.pageType, language: page.gold.language });
  }
  const scored = rows.filter((row) => row.dataset === name && row.f1 !== null);
  const mean = scored.reduce((sum, row) => sum + (row.f1 ?? 0), 0) / Math.max(1, scored.length);
  const line: Record<string, unknown> = { metric: scoring.primary, n: scored.length };
  if (scoring.primary === 'snippets') line.f1 = snippetScores(sumSnippetCounts(snippetCounts)).f1;
  else line.f1 = mean;
  const byType: Record<string, string> = {};
  for (const type of new Set(scored.map((row) => row.pageType).filter(Boolean))) {
    const ofType = scored.filter((row) => row.pageType === type);
    byType[type as string] =
      `${(ofType.reduce((sum, row) => sum + (row.f1 ?? 0), 0) / ofType.length).toFixed(3)} (n=${ofType.length})`;
  }
  if (Object.keys(byType).length > 0) line.byType = byType;
  line.seconds = Math.round((Date.now() - started) / 1000);
  summary[name] = line;
  console.log(name, JSON.stringify(line));
}
if (values.json) await writeFile(values.json, JSON.stringify({ summary, rows }, null, 1));
