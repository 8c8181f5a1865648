/**
 * The quality model's training rows: every development page of the datasets, extracted by the
 * default extractor with a block model that did not see it (cross-validation folds by site for
 * the datasets the block model trains on; the shipped model for trafilatura-eval and
 * newspaper-fulltext, which it never trains on), its quality features, and its true F1 in the
 * dataset's own metric (trafilatura-eval: that page's snippet F1). Appends one JSON line per page
 * to the output and skips pages already there, so an interrupted run resumes.
 *
 *   nice -n 10 npx tsx bench/quality/rows.ts --folds FILE [--out .cache/quality/rows.jsonl]
 *        [--dataset NAME …] [--shard I/N] [--limit N]
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import {
  applyRetrievedTransform,
  bagOfWordsReference,
  countSnippets,
  datasetScoring,
  listDataset,
  normaliseWords,
  resolveDatasetSpec,
  scoreBagOfWordsAgainst,
  scoreShingleCounts,
  scoreWordArrays,
  shingleCounts,
  siteOf,
  snippetScores,
  withHeadline,
} from '../../src/eval/index.js';
import { extract } from '../../src/index.js';
import { QUALITY_FEATURES, qualityDetails } from '../../src/internal.js';

export const QUALITY_DATASETS = [
  'wcxb-dev',
  'l3s-gn1',
  'cleaneval',
  'cleanportaleval',
  'readability-testpages',
  'trafilatura-eval',
  'newspaper-fulltext',
];

/** One page's row. */
export interface QualityRow {
  dataset: string;
  id: string;
  site: string;
  /** The held-out F1 in the dataset's primary metric; an empty extraction of a non-empty gold is 0. */
  f1: number;
  metric: string;
  goldPageType?: string;
  pageType: string;
  pageTypeProbability: number;
  reasons: string[];
  features: (number | null)[];
  /** Which block model scored it: 'fold' or 'shipped'. */
  model: string;
}

type Page = Awaited<ReturnType<Awaited<ReturnType<typeof listDataset>>[number]['load']>>;

/**
 * The page's F1 in its dataset's primary metric alone (as `scorePage` computes it, without the
 * other metrics), or null when the gold gives none (empty gold). An empty extraction is 0.
 */
export function primaryF1(
  page: Page,
  text: string | null,
  primary: string,
  removeNonAscii: boolean,
): number | null {
  const extracted = applyRetrievedTransform(text ?? '', page.retrievedTransform);
  const gold = page.gold;
  if (primary === 'snippets') {
    if (!gold.snippets) return null;
    const counts = countSnippets(gold.snippets, text);
    if (counts.tp + counts.fn + counts.fp + counts.tn === 0) return null;
    return snippetScores(counts).f1;
  }
  if (gold.text === undefined) return null;
  if (primary === 'word-sequence') {
    const score = scoreWordArrays(
      normaliseWords(extracted, { removeNonAscii }),
      normaliseWords(gold.text, { removeNonAscii }),
    );
    if (score.special === 'relevantEmpty' || score.special === 'bothEmpty') return null;
    return score.special === null ? score.f1 : 0;
  }
  if (primary === 'bag-of-words') return scoreBagOfWordsAgainst(extracted, bagOfWordsReference(gold.text)).f1;
  if (primary === 'shingles')
    return scoreShingleCounts(shingleCounts(extracted), shingleCounts(gold.text)).f1;
  return null;
}

const isMain = process.argv[1]?.endsWith('rows.ts');
if (isMain) {
  const { values } = parseArgs({
    options: {
      folds: { type: 'string' },
      out: { type: 'string', default: '.cache/quality/rows.jsonl' },
      dataset: { type: 'string', multiple: true },
      shard: { type: 'string', default: '0/1' },
      limit: { type: 'string' },
    },
  });
  const folds: Record<string, string> = values.folds ? JSON.parse(readFileSync(values.folds, 'utf8')) : {};
  const [shard, shards] = (values.shard ?? '0/1').split('/').map(Number);
  const limit = values.limit ? Number(values.limit) : Number.POSITIVE_INFINITY;
  const out = values.out ?? '.cache/quality/rows.jsonl';
  mkdirSync(dirname(out), { recursive: true });
  const done = new Set<string>();
  if (existsSync(out)) {
    for (const line of readFileSync(out, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const row = JSON.parse(line) as QualityRow;
      done.add(`${row.dataset}/${row.id}`);
    }
  }
  const trained = new Set(Object.keys(folds).map((key) => key.split('/')[0]));
  for (const name of values.dataset?.length ? values.dataset : QUALITY_DATASETS) {
    const spec = await resolveDatasetSpec(name);
    const scoring = await datasetScoring(spec);
    const refs = (await listDataset(spec)).slice(0, limit);
    let index = -1;
    let written = 0;
    for (const ref of refs) {
      index++;
      if (index % shards !== shard) continue;
      const page = await ref.load();
      const key = `${name}/${page.id}`;
      if (done.has(key)) continue;
      const foldModel = folds[key];
      if (trained.has(name) && foldModel === undefined) {
        process.stderr.write(`${key}: no fold model, skipped (its block model saw it)\n`);
        continue;
      }
      let text: string | null = null;
      let details: ReturnType<typeof qualityDetails> | undefined;
      try {
        const result = extract(page.html, {
          url: page.url,
          format: 'text',
          extractorOptions: { model: foldModel ?? '' },
        });
        details = qualityDetails(result.extraction, result.metadata);
        text = scoring.headlineInGold ? withHeadline(result.content, result.metadata.title) : result.content;
      } catch (error) {
        process.stderr.write(`${key}: ${(error as Error).message}\n`);
      }
      if (!details) continue;
      const f1 = primaryF1(page, text, scoring.primary, scoring.removeNonAscii);
      if (f1 === null) continue;
      const row: QualityRow = {
        dataset: name,
        id: page.id,
        site: page.url ? siteOf(page.url) : `page:${key}`,
        f1,
        metric: scoring.primary,
        ...(page.gold.pageType ? { goldPageType: page.gold.pageType } : {}),
        pageType: details.pageType.type,
        pageTypeProbability: details.pageType.probability,
        reasons: details.reasons,
        features: Array.from(details.features, (value) => (Number.isFinite(value) ? value : null)),
        model: foldModel ? 'fold' : 'shipped',
      };
      appendFileSync(out, `${JSON.stringify(row)}\n`);
      written++;
    }
    process.stderr.write(`${name}: ${written} rows (features: ${QUALITY_FEATURES.length})\n`);
  }
}
