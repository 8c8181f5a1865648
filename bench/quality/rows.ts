/**
 * The quality model's training rows: every development page of the datasets, extracted by the
 * default extractor with a block model that did not see it (cross-validation folds by site for
 * the datasets the block model trains on; the shipped model for trafilatura-eval and
 * newspaper-fulltext, which it never trains on), its quality features, and its true F1 in the
 * dataset's own metric (trafilatura-eval: that page's snippet F1). Appends one JSON line per page
 * to the output and skips pages already there, so an interrupted run resumes.
 *
 *   nice -n 10 npx tsx bench/quality/rows.ts --folds FILE | --held-out FILE [--out .cache/quality/rows.jsonl]
 *        [--dataset NAME …] [--shard I/N] [--limit N] [--agreement cuter,ttr,…]
 *
 * `--folds`: a map "dataset/id" → model file (the stack experiment's); `--held-out`: the held-out
 * file `pith train blocks --folds 5` writes (pages by the digest of their bytes).
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
  pageDigest,
  readHeldOut,
  resolveDatasetSpec,
  scoreBagOfWords,
  scoreBagOfWordsAgainst,
  scoreShingleCounts,
  scoreWordArrays,
  shingleCounts,
  siteOf,
  snippetScores,
  withHeadline,
} from '@pith/workbench/eval';
import { CHOICE_DATASETS } from '@pith/workbench/train';
import { type Extraction, extract, type Metadata } from 'pith';
import { IS_HEADING, NodeKind, type PithDiagnostics, QUALITY_FEATURES, qualityDetails } from 'pith/internal';

/** Every development set with a gold (the choice's list: src/train/choice). */
export const QUALITY_DATASETS = CHOICE_DATASETS;

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
  /** Candidate features not (yet) in QUALITY_FEATURES, for `train.ts --extra` experiments. */
  extra?: Record<string, number | null>;
}

/** A page's row from its extraction's quality details and its F1. */
export function qualityRowOf(
  page: { id: string; gold: { pageType?: string } },
  at: { dataset: string; site: string; metric: string; model: string },
  details: ReturnType<typeof qualityDetails>,
  f1: number,
): QualityRow {
  return {
    dataset: at.dataset,
    id: page.id,
    site: at.site,
    f1,
    metric: at.metric,
    ...(page.gold.pageType ? { goldPageType: page.gold.pageType } : {}),
    pageType: details.pageType.type,
    pageTypeProbability: details.pageType.probability,
    reasons: details.reasons,
    features: Array.from(details.features, (value) => (Number.isFinite(value) ? value : null)),
    model: at.model,
  };
}

const ratioOrNull = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * Candidate features read from the extraction (experiments; see train.ts `--extra`): how the
 * selection sits against the heuristic stage's best region and in the page's text order, how much
 * of it is short pieces or headings, and how much of the page's declared description it holds.
 */
export function extraFeatures(
  extraction: Extraction,
  metadata: Metadata,
  content: string,
): Record<string, number | null> {
  const { doc } = extraction;
  const { kept } = extraction.selection;
  const { kind, hidden, textLength, wordCount, end, parent, tag } = doc.columns;
  const pith = extraction.extractor === 'pith' ? (extraction.diagnostics as PithDiagnostics) : undefined;
  const top = pith?.heuristic.candidates[0]?.node ?? -1;
  const topEnd = top >= 0 ? end[top] : -1;
  let pageChars = 0;
  let keptChars = 0;
  let keptInTop = 0;
  let topChars = 0;
  let topKept = 0;
  let shortKept = 0;
  let headingKept = 0;
  let beforeFirst = 0;
  let afterLast = 0;
  let holes = 0;
  let pendingHole = 0;
  let seenKept = false;
  for (let node = 1; node < doc.size; node++) {
    if (kind[node] !== NodeKind.Text || hidden[node]) continue;
    const chars = textLength[node];
    if (chars === 0) continue;
    pageChars += chars;
    const inTop = node > top && node < topEnd;
    if (inTop) topChars += chars;
    if (kept[node]) {
      keptChars += chars;
      if (inTop) {
        keptInTop += chars;
        topKept += chars;
      }
      if (wordCount[node] < 4) shortKept += chars;
      if (IS_HEADING[tag[parent[node]]]) headingKept += chars;
      holes += pendingHole;
      pendingHole = 0;
      afterLast = 0;
      seenKept = true;
    } else if (!seenKept) beforeFirst += chars;
    else {
      pendingHole += chars;
      afterLast += chars;
    }
  }
  const description = metadata.description?.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  const contentWords = new Set(content.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
  let covered = 0;
  for (const word of description) if (contentWords.has(word)) covered++;
  return {
    keptInTop: ratioOrNull(keptInTop, keptChars),
    topKept: ratioOrNull(topKept, topChars),
    shortKept: ratioOrNull(shortKept, keptChars),
    headingKept: ratioOrNull(headingKept, keptChars),
    beforeFirst: ratioOrNull(beforeFirst, pageChars),
    afterLast: ratioOrNull(afterLast, pageChars),
    holes: ratioOrNull(holes, holes + keptChars),
    descriptionCovered: ratioOrNull(covered, description.length),
  };
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
      'held-out': { type: 'string' },
      agreement: { type: 'string' },
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
  // Other extractors whose word agreement with pith's text is recorded in `extra` (a second opinion).
  const agreement = (values.agreement ?? '').split(',').filter((name) => name !== '');
  const heldOut = values['held-out'] ? readHeldOut(values['held-out']) : undefined;
  const trained = new Set([
    ...Object.keys(folds).map((key) => key.split('/')[0]),
    ...(heldOut?.datasets ?? []),
  ]);
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
      const foldModel = heldOut && trained.has(name) ? heldOut.modelFor(pageDigest(page.html)) : folds[key];
      if (trained.has(name) && foldModel === undefined) {
        process.stderr.write(`${key}: no fold model, skipped (its block model saw it)\n`);
        continue;
      }
      let text: string | null = null;
      let details: ReturnType<typeof qualityDetails> | undefined;
      let extra: Record<string, number | null> | undefined;
      try {
        const result = extract(page.html, {
          url: page.url,
          format: 'text',
          extractorOptions: { model: foldModel ?? '' },
        });
        details = qualityDetails(result.extraction, result.metadata);
        extra = extraFeatures(result.extraction, result.metadata, result.content);
        for (const other of agreement) {
          try {
            const second = extract(page.html, { url: page.url, format: 'text', extractor: other });
            extra[`agree.${other}`] = scoreBagOfWords(second.content, result.content).f1;
          } catch {
            extra[`agree.${other}`] = null;
          }
        }
        text = scoring.headlineInGold ? withHeadline(result.content, result.metadata.title) : result.content;
      } catch (error) {
        process.stderr.write(`${key}: ${(error as Error).message}\n`);
      }
      if (!details) continue;
      const f1 = primaryF1(page, text, scoring.primary, scoring.removeNonAscii);
      if (f1 === null) continue;
      const row: QualityRow = {
        ...qualityRowOf(
          page,
          {
            dataset: name,
            site: page.url ? siteOf(page.url) : `page:${key}`,
            metric: scoring.primary,
            model: foldModel ? 'fold' : 'shipped',
          },
          details,
          f1,
        ),
        ...(extra ? { extra } : {}),
      };
      appendFileSync(out, `${JSON.stringify(row)}\n`);
      written++;
    }
    process.stderr.write(`${name}: ${written} rows (features: ${QUALITY_FEATURES.length})\n`);
  }
}
