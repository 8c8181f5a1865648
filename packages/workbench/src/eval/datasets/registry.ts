/**
 * Dataset formats by name, detection of a folder's format from its layout, and
 * resolution of the `--dataset` argument:
 *
 * - `FORMAT:PATH` — an explicit format;
 * - `PATH` — an existing folder, format detected from its layout;
 * - `NAME` — `.cache/datasets/NAME` (where `npm run datasets` unpacks the shared
 *   archives: cleaneval, cleanportaleval, l3s-gn1, readability-testpages,
 *   trafilatura-eval, wcxb-dev), format detected.
 */
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { findArticleBodyGroundTruth, isArticleBodyGroundTruth, listArticleBody } from './article-body.js';
import { type CleanEvalSplit, listCleanEval } from './cleaneval.js';
import { listInputGold } from './input-gold.js';
import { listL3sGn1 } from './l3s-gn1.js';
import { listNewspaperFulltext } from './newspaper-fulltext.js';
import { listReadabilityTestPages } from './readability-testpages.js';
import { type DatasetSplit, inSplit } from './sealed.js';
import { listTrafilaturaEval } from './trafilatura-eval.js';
import type { PageRef } from './types.js';
import { listWcxb } from './wcxb.js';

export const DATASET_FORMATS = [
  'wcxb',
  'cleaneval',
  'l3s-gn1',
  'readability-testpages',
  'trafilatura-eval',
  'newspaper-fulltext',
  'article-body',
  'input-gold',
] as const;

export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/**
 * The datasets in ../shared/datasets (`npm run datasets` unpacks them into .cache/datasets/NAME; the
 * sample there has a few pages of each), in name order.
 */
export const SHARED_DATASETS = [
  'cleaneval',
  'cleanportaleval',
  'l3s-gn1',
  'newspaper-fulltext',
  'readability-testpages',
  'trafilatura-eval',
  'wcxb-dev',
] as const;

/** The metric a dataset's headline table is in (the metric its publishers used). */
export type PrimaryMetric = 'word-sequence' | 'bag-of-words' | 'shingles' | 'snippets';

/** Published results that belong beside a dataset's table (see src/eval/published.ts). */
export type PublishedKey = 'cleaneval' | 'l3s-gn1' | 'trafilatura-eval' | 'wcxb';

export interface DatasetSpec {
  format: DatasetFormat;
  /** The folder. */
  dir: string;
  /** A short label: the folder name (`cleaneval`, `wcxb-dev`, …). */
  name: string;
}

export interface DatasetScoring {
  primary: PrimaryMetric;
  /** Seed 002's step 4 (delete non-ASCII before the word-sequence metric). */
  removeNonAscii: boolean;
  /** Published figures to print beside this dataset's, if any. */
  published?: PublishedKey;
  /**
   * The gold holds the page's headline (L3S-GN1, labelled headline + full text): the scorer
   * puts each extractor's title back on top of its text, since content is the body.
   */
  headlineInGold?: boolean;
}

export interface ListOptions {
  /** L3S-GN1: the labels that make up the gold (default headline + full text). */
  l3sClasses?: readonly string[];
  /** CleanEval root: splits to read (default final). */
  cleanEvalSplits?: readonly CleanEvalSplit[];
  /**
   * Which pages of a dataset with a sealed quarter (trafilatura-eval, newspaper-fulltext) to
   * read: 'dev' (default: the pages anyone may look at and tune on), 'sealed' (scored once per
   * release), 'all'. Other datasets have only development pages.
   */
  split?: DatasetSplit;
}

export function isDatasetFormat(value: string): value is DatasetFormat {
  return (DATASET_FORMATS as readonly string[]).includes(value);
}

async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** True when the first non-blank bytes of the first page under `input/` open a CleanEval `<text` wrapper. */
async function hasTextWrapper(inputDir: string): Promise<boolean> {
  const first = (await readdir(inputDir)).filter((name) => /\.html?$/i.test(name)).sort()[0];
  if (!first) return false;
  const handle = await open(path.join(inputDir, first), 'r');
  try {
    const buffer = Buffer.alloc(256);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return /^\s*<text[\s>]/.test(buffer.subarray(0, bytesRead).toString('latin1'));
  } finally {
    await handle.close();
  }
}

/** Detects a folder's dataset format from its layout; undefined when it matches none. */
export async function detectDatasetFormat(dir: string): Promise<DatasetFormat | undefined> {
  if (!(await isDirectory(dir))) return undefined;
  if (await isFile(path.join(dir, 'evaldata.json'))) return 'trafilatura-eval';
  if ((await isFile(path.join(dir, 'urls.tsv'))) && (await isDirectory(path.join(dir, 'html')))) {
    if (await isDirectory(path.join(dir, 'gold'))) return 'newspaper-fulltext';
  }
  for (const sub of ['', 'dev', 'test']) {
    const split = path.join(dir, sub);
    if (
      (await isDirectory(path.join(split, 'ground-truth'))) &&
      (await isDirectory(path.join(split, 'html')))
    ) {
      return 'wcxb';
    }
  }
  if ((await isDirectory(path.join(dir, 'annotated'))) && (await isDirectory(path.join(dir, 'input')))) {
    return 'l3s-gn1';
  }
  if (await isDirectory(path.join(dir, 'final', 'input'))) return 'cleaneval';
  if ((await isDirectory(path.join(dir, 'input'))) && (await isDirectory(path.join(dir, 'gold')))) {
    return (await hasTextWrapper(path.join(dir, 'input'))) ? 'cleaneval' : 'input-gold';
  }
  if (await isDirectory(path.join(dir, 'html'))) {
    const file = await findArticleBodyGroundTruth(dir);
    if (file) {
      try {
        if (isArticleBodyGroundTruth(JSON.parse(await readFile(file, 'utf8')))) return 'article-body';
      } catch {
        // not JSON: not this format
      }
    }
  }
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    if (
      (await isFile(path.join(folder, 'source.html'))) &&
      (await isFile(path.join(folder, 'expected.html')))
    ) {
      return 'readability-testpages';
    }
  }
  return undefined;
}

export interface ResolveOptions {
  /** Where `--dataset NAME` looks (default `.cache/datasets` under the working directory). */
  cacheDir?: string;
}

/** Resolves a `--dataset` argument (FORMAT:PATH, PATH or NAME); throws a message fit for the user. */
export async function resolveDatasetSpec(
  argument: string,
  options: ResolveOptions = {},
): Promise<DatasetSpec> {
  const cacheDir = options.cacheDir ?? path.resolve('.cache', 'datasets');
  const colon = argument.indexOf(':');
  if (colon > 0 && isDatasetFormat(argument.slice(0, colon))) {
    const format = argument.slice(0, colon) as DatasetFormat;
    const dir = path.resolve(argument.slice(colon + 1));
    if (!(await isDirectory(dir))) throw new Error(`dataset folder not found: ${dir}`);
    return { format, dir, name: path.basename(dir) };
  }
  const looksLikeName = !argument.includes('/') && !argument.includes(path.sep) && !argument.startsWith('.');
  let dir = path.resolve(argument);
  if (!(await isDirectory(dir))) {
    if (!looksLikeName) throw new Error(`dataset folder not found: ${dir}`);
    dir = path.join(cacheDir, argument);
    if (!(await isDirectory(dir))) {
      throw new Error(
        `dataset '${argument}' not found: ${dir} does not exist. Run \`npm run datasets\` to unpack the ` +
          `shared datasets into ${cacheDir}, or give FORMAT:PATH (formats: ${DATASET_FORMATS.join(', ')}).`,
      );
    }
  }
  const format = await detectDatasetFormat(dir);
  if (!format) {
    throw new Error(
      `cannot tell the format of ${dir}; give it as FORMAT:PATH (formats: ${DATASET_FORMATS.join(', ')})`,
    );
  }
  return { format, dir, name: path.basename(dir) };
}

/** Lists the pages of a dataset (of its development split unless `options.split` says otherwise). */
export async function listDataset(spec: DatasetSpec, options: ListOptions = {}): Promise<PageRef[]> {
  const split = options.split ?? 'dev';
  return (await listAllPages(spec, options)).filter((ref) => inSplit(spec.format, ref.url, split));
}

async function listAllPages(spec: DatasetSpec, options: ListOptions): Promise<PageRef[]> {
  switch (spec.format) {
    case 'wcxb':
      return listWcxb(spec.dir);
    case 'cleaneval':
      return listCleanEval(spec.dir, options.cleanEvalSplits ? { splits: options.cleanEvalSplits } : {});
    case 'l3s-gn1':
      return listL3sGn1(spec.dir, options.l3sClasses ? { classes: options.l3sClasses } : {});
    case 'readability-testpages':
      return listReadabilityTestPages(spec.dir);
    case 'trafilatura-eval':
      return listTrafilaturaEval(spec.dir);
    case 'newspaper-fulltext':
      return listNewspaperFulltext(spec.dir);
    case 'article-body':
      return listArticleBody(spec.dir);
    case 'input-gold':
      return listInputGold(spec.dir);
  }
}

/**
 * How a dataset is scored: its headline metric (the one its publishers used), seed
 * 002's non-ASCII removal where the seed applied it (CleanEval, L3S-GN1: English
 * pages, unreliable encodings), and the published figures that belong beside it.
 */
export async function datasetScoring(spec: DatasetSpec): Promise<DatasetScoring> {
  switch (spec.format) {
    case 'wcxb':
      return { primary: 'bag-of-words', removeNonAscii: false, published: 'wcxb' };
    case 'cleaneval': {
      // Seed 002's CleanEval figures are on the final split read from the cleaneval/ root;
      // CleanPortalEval (same format, a single folder) has no published results.
      const root = await isDirectory(path.join(spec.dir, 'final', 'input'));
      // CleanPortalEval's gold (news portals) holds each article's headline; CleanEval's
      // (pages of every kind) keeps it on some pages only: putting the title back there cost
      // more than it gave (cross-validated 0.938 → 0.933), on CleanPortalEval it gave 0.956 → 0.967.
      return {
        primary: 'word-sequence',
        removeNonAscii: true,
        ...(root ? { published: 'cleaneval' } : { headlineInGold: true }),
      };
    }
    case 'l3s-gn1':
      return { primary: 'word-sequence', removeNonAscii: true, published: 'l3s-gn1', headlineInGold: true };
    case 'trafilatura-eval':
      return { primary: 'snippets', removeNonAscii: false, published: 'trafilatura-eval' };
    case 'article-body':
    case 'newspaper-fulltext':
      return { primary: 'shingles', removeNonAscii: false };
    case 'readability-testpages':
    case 'input-gold':
      return { primary: 'word-sequence', removeNonAscii: false };
  }
}
