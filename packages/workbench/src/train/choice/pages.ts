/**
 * The choice's training pages (issue 37): every development page of the datasets, extracted by
 * the default extractor with the block model that did not see its site (the block model's
 * held-out file), each of its candidate selections rendered as `extract()` renders text and
 * scored in the dataset's own metric, with the choice's feature rows; optionally the seed
 * extractors' outputs beside them (for the oracle table), with the CPU each took. One JSON line
 * per page, appended, so an interrupted run resumes and two shards can run side by side.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type ExtractResult, extract, formatResult } from 'pith';
import { CHOICE_FEATURE_NAMES, candidatesOf, type Extraction, pageDocOf, textFeatures } from 'pith/internal';
import {
  type HeldOutModels,
  type PrimaryScore,
  pageDigest,
  preparePrimary,
  scorePrimary,
  siteOf,
  withHeadline,
} from '../../eval/index.js';
import { pendingDevPages, readPageLines, writtenKeys } from '../dev-pages.js';

/** Every development set with a gold the choice can learn from (the sealed quarters never). */
export const CHOICE_DATASETS: readonly string[] = [
  'wcxb-dev',
  'l3s-gn1',
  'cleaneval',
  'cleanportaleval',
  'readability-testpages',
  'trafilatura-eval',
  'newspaper-fulltext',
];

/** One page: its candidates' scores and the choice's features. */
export interface ChoicePageLine {
  dataset: string;
  id: string;
  /** sha256 of the page's bytes. */
  digest: string;
  /** The page's site (`siteOf`, its registrable domain), or `page:<digest>` without a URL. */
  site: string;
  /** The block model's fold that held the page out (-1: a dataset the block model never trained on). */
  blockFold: number;
  metric: string;
  pageType?: string;
  /** Words of the gold text (0 for snippet gold). */
  goldWords: number;
  /** The candidates, in the order of `features`' rows. */
  candidates: string[];
  /** Per candidate (and per seed extractor, `seed:NAME`): its primary score; null when the gold gives none. */
  scores: Record<string, PrimaryScore | null>;
  /** Per candidate: words of its text. */
  words: Record<string, number>;
  /** `candidates.length × CHOICE_FEATURE_NAMES.length` values, row-major (null for NaN). */
  features: (number | null)[];
  /** Per candidate: the features of its rendered text (TEXT_FEATURE_NAMES order; absent in older lines). */
  text?: Record<string, number[]>;
  /** CPU ms of the default extractor with its candidates, and of each seed extractor. */
  cpuMs: Record<string, number>;
}

export interface CollectOptions {
  datasets: readonly string[];
  heldOut: HeldOutModels;
  out: string;
  /** `[index, count]`: this run takes the pages whose index modulo count is index. */
  shard?: readonly [number, number];
  limit?: number;
  /** Seed extractors scored beside the candidates. */
  seeds?: readonly string[];
  /**
   * Second-stage block models per block-model fold (bench/choice/stack.ts): a page runs with the
   * one of the fold that held its site out (the first, for a page no fold trained on, as
   * `modelFor` gives the first fold's block model).
   */
  stack?: readonly string[];
  log?: (message: string) => void;
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const wordCount = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;

/** The text `extract()` would give for another selection of the same extraction. */
function textOf(result: ExtractResult, extraction: Extraction, url: string | undefined): string {
  const copy = {
    content: '',
    format: 'text',
    metadata: result.metadata,
    extractor: result.extractor,
    extraction,
    warnings: [],
    quality: null,
    pageType: { type: 'other', probability: 0 },
    reasons: [],
  } as ExtractResult;
  return formatResult(copy, { format: 'text', ...(url ? { url } : {}) });
}

/** Reads the lines of page files (skipping blank lines; a page in two files counts once, the first). */
export function readChoicePages(files: readonly string[]): ChoicePageLine[] {
  return readPageLines<ChoicePageLine>(files);
}

/** Extracts, scores and appends the pages not yet in `out`. */
export async function collectChoicePages(options: CollectOptions): Promise<number> {
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
    const digest = pageDigest(page.html);
    const model = heldOut.modelFor(digest);
    const prepared = preparePrimary(page, scoring);
    const url = page.url;
    const started = cpuMs();
    let result: ExtractResult;
    try {
      result = extract(page.html, {
        format: 'text',
        ...(url ? { url } : {}),
        extractorOptions: {
          model,
          candidates: true,
          choice: 'none',
          ...(options.stack ? { stack: options.stack[Math.max(0, heldOut.models.indexOf(model))] } : {}),
        },
      });
    } catch (error) {
      log(`${key}: ${(error as Error).message}`);
      continue;
    }
    const pithMs = cpuMs() - started;
    const title = result.metadata.title;
    const score = (text: string | null) =>
      scorePrimary(prepared, scoring.headlineInGold ? withHeadline(text, title) : text);
    const found = candidatesOf(result.extraction);
    const scores: ChoicePageLine['scores'] = {};
    const words: ChoicePageLine['words'] = {};
    const names: string[] = [];
    const texts: Record<string, number[]> = {};
    for (const candidate of found?.candidates ?? []) {
      const text = textOf(
        result,
        { ...result.extraction, doc: pageDocOf(result.extraction), selection: candidate.selection },
        url,
      );
      scores[candidate.name] = score(text);
      words[candidate.name] = wordCount(text);
      texts[candidate.name] = Array.from(textFeatures(text, title), (value) => Math.round(value * 1e4) / 1e4);
      names.push(candidate.name);
    }
    if (!found) {
      scores.balanced = score(result.content);
      words.balanced = wordCount(result.content);
    }
    const seedMs: Record<string, number> = {};
    for (const seed of options.seeds ?? []) {
      const before = cpuMs();
      let text = '';
      try {
        text = extract(page.html, { format: 'text', extractor: seed, ...(url ? { url } : {}) }).content;
      } catch {
        // a failed extraction scores as an empty text
      }
      // own-keys: a seed extractor's name (the bench's own option); 'seed:'-prefixed in the score tables
      seedMs[seed] = cpuMs() - before;
      // own-keys: 'seed:'-prefixed, never a prototype's key
      scores[`seed:${seed}`] = score(text);
      // own-keys: 'seed:'-prefixed, never a prototype's key
      words[`seed:${seed}`] = wordCount(text);
    }
    const line: ChoicePageLine = {
      dataset: name,
      id: page.id,
      digest,
      site: url ? siteOf(url) : `page:${digest.slice(0, 16)}`,
      blockFold: trained ? heldOut.models.indexOf(model) : -1,
      metric: scoring.primary,
      ...(page.gold.pageType ? { pageType: page.gold.pageType } : {}),
      goldWords: prepared.goldWords,
      candidates: names,
      scores,
      words,
      text: texts,
      features: found ? Array.from(found.features, (value) => (Number.isFinite(value) ? value : null)) : [],
      cpuMs: { pith: pithMs, ...seedMs },
    };
    appendFileSync(options.out, `${JSON.stringify(line)}\n`);
    const count = (written.get(name) ?? 0) + 1;
    written.set(name, count);
    if (count % 100 === 0) log(`${name}: ${count} pages`);
  }
  let total = 0;
  for (const [name, count] of written) {
    log(`${name}: ${count} pages written (features: ${CHOICE_FEATURE_NAMES.length} per candidate)`);
    total += count;
  }
  return total;
}
