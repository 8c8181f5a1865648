/**
 * The page-type model's rows: the feature vectors of a dataset's pages, computed once and
 * cached in `.cache/page-type/` (keyed by a hash of the code that reads, decodes, parses and
 * measures pages), because parsing 1,500 pages takes a while and every experiment starts from
 * the same vectors.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeHtml, PAGE_TYPE_FEATURE_NAMES, pageTypeFeatures, parseHtml } from 'pith/internal';
import { listDataset, resolveDatasetSpec, siteOf } from '../../eval/index.js';
import { trainingListOptions } from '../datasets.js';
import { codeHash } from '../provenance.js';

/** The code whose change invalidates cached vectors. */
const FEATURE_CODE = [
  'packages/workbench/src/train/page-type/features.ts',
  'packages/pith/src/features/page-type/features.ts',
  'packages/pith/src/features/page-type/cues.ts',
  'packages/pith/src/features/page-type/url.ts',
  'packages/pith/src/dom',
  'packages/pith/src/input',
  'packages/workbench/src/eval/datasets',
  'packages/pith/src/metadata',
  'packages/pith/src/page-types.ts',
];

export interface FeatureRow {
  id: string;
  url: string;
  /** The gold page type, when the dataset labels one (WCXB). */
  label?: string;
  /** The page language, when the dataset records one (trafilatura-eval: the declared one). */
  language?: string;
  /** The page's site (`siteOf`: its registrable domain, as every model's folds group pages), '' without a URL. */
  host: string;
  features: number[];
}

export interface FeatureSet {
  dataset: string;
  names: readonly string[];
  rows: FeatureRow[];
}

/**
 * The site a page's folds group it by: its registrable domain (`siteOf`, the one definition of a
 * site for every model's folds: block, MSS, choice, page type), '' without a URL. Before issue 37
 * the page-type folds grouped by host (`www.` dropped), so a site's subdomains could be split.
 */
export function hostOf(url: string): string {
  if (url === '') return '';
  try {
    new URL(url);
  } catch {
    return '';
  }
  return siteOf(url);
}

/** The feature vectors of a dataset (a `--dataset` argument), cached on disk in `cacheDir`. */
export async function loadFeatureSet(
  dataset: string,
  log: (message: string) => void,
  cacheDir = path.join('.cache', 'page-type'),
): Promise<FeatureSet> {
  const spec = await resolveDatasetSpec(dataset);
  const key = createHash('sha256')
    .update(`${codeHash(FEATURE_CODE)}\0${spec.format}\0${path.resolve(spec.dir)}`)
    .digest('hex')
    .slice(0, 12);
  const file = path.join(cacheDir, `${spec.name}-${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as FeatureSet;
  const refs = await listDataset(spec, trainingListOptions());
  const rows: FeatureRow[] = [];
  let done = 0;
  for (const ref of refs) {
    const page = await ref.load();
    const html = decodeHtml(page.html).text;
    const doc = parseHtml(html, page.url ? { url: page.url } : {});
    const vector = pageTypeFeatures(doc, page.url);
    const row: FeatureRow = {
      id: page.id,
      url: page.url ?? '',
      host: hostOf(page.url ?? ''),
      features: Array.from(vector, (value) => Math.round(value * 1e6) / 1e6),
    };
    if (page.gold.pageType !== undefined) row.label = page.gold.pageType;
    if (page.gold.language !== undefined) row.language = page.gold.language;
    rows.push(row);
    if (++done % 250 === 0) log(`${dataset}: ${done}/${refs.length} pages`);
  }
  const set: FeatureSet = { dataset: spec.name, names: PAGE_TYPE_FEATURE_NAMES, rows };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(set));
  return set;
}
