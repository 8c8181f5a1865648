/**
 * The quality model's training rows: every development page, extracted by the default extractor
 * with a block model that did not see its site (the fold model of `pith train blocks --folds 5`'s
 * held-out file; the shipped model for trafilatura-eval and newspaper-fulltext, which it never
 * trains on), its quality features and its true F1 in the dataset's own metric. One JSON line per
 * page, appended; pages already in the file are skipped, so an interrupted run resumes.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Extraction, extract, type Metadata } from 'pith';
import {
  CHOICE_FEATURE_NAMES,
  candidatesOf,
  IS_HEADING,
  NodeKind,
  type PithDiagnostics,
  QUALITY_FEATURES,
  qualityDetails,
} from 'pith/internal';
import {
  type HeldOutModels,
  pageDigest,
  preparePrimary,
  scoreBagOfWords,
  scorePrimary,
  siteOf,
  withHeadline,
} from '../../eval/index.js';
import { CHOICE_DATASETS } from '../choice/index.js';
import { pendingDevPages, readPageLines, writtenKeys } from '../dev-pages.js';

/** Every development set with a gold (the choice's list; the sealed quarters never). */
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
  /** Candidate features not (yet) in QUALITY_FEATURES, for `--extra` experiments. */
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
 * Candidate features read from the extraction (experiments; `pith train quality --extra`): how the
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
      if (inTop) keptInTop += chars;
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
    topKept: ratioOrNull(keptInTop, topChars),
    shortKept: ratioOrNull(shortKept, keptChars),
    headingKept: ratioOrNull(headingKept, keptChars),
    beforeFirst: ratioOrNull(beforeFirst, pageChars),
    afterLast: ratioOrNull(afterLast, pageChars),
    holes: ratioOrNull(holes, holes + keptChars),
    descriptionCovered: ratioOrNull(covered, description.length),
  };
}

const CHOICE_OVERLAP_BALANCED = CHOICE_FEATURE_NAMES.indexOf('c:overlapBalanced');
const CHOICE_WORDS_VS_BALANCED = CHOICE_FEATURE_NAMES.indexOf('c:wordsVsBalanced');

/**
 * The block model's answer against the page's other candidates (experiments; `--candidates`):
 * per candidate its word-overlap F1 with the answer (`cand.NAME.overlap`) and its words over the
 * answer's (`cand.NAME.words`), and the answer's own choice-feature row (`choice.NAME`).
 */
export function candidateAgreement(extraction: Extraction): Record<string, number | null> {
  const built = candidatesOf(extraction);
  const out: Record<string, number | null> = {};
  if (!built) return out;
  const width = CHOICE_FEATURE_NAMES.length;
  built.candidates.forEach((candidate, index) => {
    if (index === 0) return;
    const overlap = built.features[index * width + CHOICE_OVERLAP_BALANCED];
    const words = built.features[index * width + CHOICE_WORDS_VS_BALANCED];
    // own-keys: 'cand.'-prefixed candidate names of CANDIDATE_NAMES
    out[`cand.${candidate.name}.overlap`] = Number.isFinite(overlap) ? overlap : null;
    // own-keys: 'cand.'-prefixed candidate names of CANDIDATE_NAMES
    out[`cand.${candidate.name}.words`] = Number.isFinite(words) ? words : null;
  });
  CHOICE_FEATURE_NAMES.forEach((name, column) => {
    const value = built.features[column];
    // own-keys: 'choice.'-prefixed CHOICE_FEATURE_NAMES
    out[`choice.${name}`] = Number.isFinite(value) ? value : null;
  });
  return out;
}

/** Reads row files (blank lines skipped; a page in two files counts once, the first), sorted by dataset and id. */
export function readQualityRows(files: readonly string[]): QualityRow[] {
  return readPageLines<QualityRow>(files).sort((a, b) =>
    a.dataset === b.dataset ? a.id.localeCompare(b.id) : a.dataset.localeCompare(b.dataset),
  );
}

export interface CollectQualityOptions {
  datasets: readonly string[];
  /** The block model's held-out file: each page of a dataset it trained on gets the fold model that did not see it. */
  heldOut: HeldOutModels;
  out: string;
  /** `[index, count]`: this run takes the pages whose index modulo count is index. */
  shard?: readonly [number, number];
  limit?: number;
  /** Other extractors whose word agreement with pith's text is recorded in `extra` (a second opinion). */
  agreement?: readonly string[];
  /**
   * Build pith's candidate selections (the block model at other operating points, the heuristic
   * region, their union, the embedded body, paragraphs…) and record in `extra` the answer's
   * agreement with each and its own choice-feature row (experiments).
   */
  candidates?: boolean;
  log?: (message: string) => void;
}

/**
 * The page's F1 in its dataset's primary metric, or null when the gold gives none (no gold of its
 * kind, an empty gold): those pages teach the model nothing about quality.
 */
function rowF1(score: ReturnType<typeof scorePrimary>): number | null {
  if (!score) return null;
  if (score.special === 'relevantEmpty' || score.special === 'bothEmpty') return null;
  if (score.tp !== undefined && score.tp + (score.fp ?? 0) + (score.fn ?? 0) === 0) return null;
  return score.f1;
}

/** Extracts, scores and appends the rows of the pages not yet in `out`; returns how many it wrote. */
export async function collectQualityRows(options: CollectQualityOptions): Promise<number> {
  const log = options.log ?? (() => {});
  mkdirSync(path.dirname(options.out), { recursive: true });
  const { heldOut } = options;
  const written = new Map<string, number>();
  for await (const { dataset: name, scoring, page, key } of pendingDevPages({
    datasets: options.datasets,
    ...(options.shard ? { shard: options.shard } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    done: writtenKeys(options.out),
  })) {
    const trained = heldOut.datasets.includes(name);
    const foldModel = trained ? heldOut.modelFor(pageDigest(page.html)) : undefined;
    let text: string | null = null;
    let details: ReturnType<typeof qualityDetails> | undefined;
    let extra: Record<string, number | null> | undefined;
    try {
      const result = extract(page.html, {
        ...(page.url ? { url: page.url } : {}),
        format: 'text',
        ...(foldModel || options.candidates
          ? {
              extractorOptions: {
                ...(foldModel ? { model: foldModel } : {}),
                ...(options.candidates ? { candidates: true } : {}),
              },
            }
          : {}),
      });
      details = qualityDetails(result.extraction, result.metadata);
      extra = extraFeatures(result.extraction, result.metadata, result.content);
      if (options.candidates) Object.assign(extra, candidateAgreement(result.extraction));
      for (const other of options.agreement ?? []) {
        try {
          const second = extract(page.html, {
            ...(page.url ? { url: page.url } : {}),
            format: 'text',
            extractor: other,
          });
          // own-keys: 'agree.'-prefixed (the operator's own option)
          extra[`agree.${other}`] = scoreBagOfWords(second.content, result.content).f1;
        } catch {
          // own-keys: 'agree.'-prefixed (the operator's own option)
          extra[`agree.${other}`] = null;
        }
      }
      text = scoring.headlineInGold ? withHeadline(result.content, result.metadata.title) : result.content;
    } catch (error) {
      log(`${key}: ${(error as Error).message}`);
    }
    if (!details) continue;
    const f1 = rowF1(scorePrimary(preparePrimary(page, scoring), text));
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
    appendFileSync(options.out, `${JSON.stringify(row)}\n`);
    written.set(name, (written.get(name) ?? 0) + 1);
  }
  let total = 0;
  for (const [name, count] of written) {
    log(`${name}: ${count} rows (features: ${QUALITY_FEATURES.length})`);
    total += count;
  }
  return total;
}
