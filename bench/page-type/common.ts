/**
 * Shared by the page-type scripts: the feature vectors of a dataset's pages,
 * computed once and cached in `.cache/page-type/` (keyed by a hash of the code
 * that reads, decodes, parses and measures pages), because parsing 1,500 pages
 * takes a while and every experiment starts from the same vectors.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listDataset, resolveDatasetSpec } from '../../src/eval/index.js';
import { decodeHtml, PAGE_TYPE_FEATURE_NAMES, pageTypeFeatures, parseHtml } from '../../src/internal.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_DIR = path.join(REPO_ROOT, '.cache', 'page-type');

/** The code whose change invalidates cached vectors. */
const FEATURE_CODE = [
  'bench/page-type/common.ts',
  'src/features/page-type/features.ts',
  'src/features/page-type/cues.ts',
  'src/features/page-type/url.ts',
  'src/dom',
  'src/input',
  'src/eval/datasets',
  'src/metadata',
];

function featureCodeHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (dir.endsWith('.ts')) {
      hash
        .update(dir)
        .update('\0')
        .update(readFileSync(path.join(REPO_ROOT, dir)))
        .update('\0');
      return;
    }
    for (const name of readdirSync(path.join(REPO_ROOT, dir)).sort()) {
      const file = path.join(dir, name);
      if (statSync(path.join(REPO_ROOT, file)).isDirectory()) walk(file);
      else if (name.endsWith('.ts')) {
        hash
          .update(file)
          .update('\0')
          .update(readFileSync(path.join(REPO_ROOT, file)))
          .update('\0');
      }
    }
  };
  for (const dir of FEATURE_CODE) walk(dir);
  return hash.digest('hex').slice(0, 12);
}

export interface FeatureRow {
  id: string;
  url: string;
  /** The gold page type, when the dataset labels one (WCXB). */
  label?: string;
  /** The page language, when the dataset records one (trafilatura-eval: the declared one). */
  language?: string;
  /** The registrable-ish host (`www.` dropped), for grouping pages of one site. */
  host: string;
  features: number[];
}

export interface FeatureSet {
  dataset: string;
  names: readonly string[];
  rows: FeatureRow[];
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\d*\./, '');
  } catch {
    return '';
  }
}

/** The feature vectors of a dataset (a name under .cache/datasets), cached on disk. */
export async function loadFeatureSet(dataset: string, log: (message: string) => void): Promise<FeatureSet> {
  const file = path.join(CACHE_DIR, `${dataset}-${featureCodeHash()}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as FeatureSet;
  const spec = await resolveDatasetSpec(dataset);
  const refs = await listDataset(spec);
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
  const set: FeatureSet = { dataset, names: PAGE_TYPE_FEATURE_NAMES, rows };
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(set));
  return set;
}
