/**
 * Shared parts of the VCE benchmarks: the page sample (fixed seed), the sites, and a
 * cache of browser layouts (.cache/vce/layouts/) so that tuning and scoring never wait
 * for the browser twice.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { SnippetGold } from '@pith/workbench/eval';
import {
  applyRetrievedTransform,
  type DatasetPage,
  listCleanEval,
  listL3sGn1,
  listTrafilaturaEval,
  type PageRef,
  type RetrievedTransform,
} from '@pith/workbench/eval';
import {
  allocateLayoutColumns,
  type Doc,
  decodeHtml,
  type Layout,
  parseHtml,
  seededRandom,
} from 'pith/internal';

export const DATASETS = ['cleaneval', 'l3s-gn1', 'trafilatura-eval'] as const;
export type DatasetName = (typeof DATASETS)[number];

export const CACHE_DIR = path.join('.cache', 'vce');

/** Default sample per dataset: all of CleanEval final and L3S-GN1, 300 of trafilatura's 990. */
export const DEFAULT_SAMPLE: Readonly<Record<DatasetName, number>> = {
  cleaneval: Number.POSITIVE_INFINITY,
  'l3s-gn1': Number.POSITIVE_INFINITY,
  'trafilatura-eval': 300,
};

export interface BenchPage {
  dataset: DatasetName;
  id: string;
  url?: string;
  /** Host without `www.`, the unit of the per-site tables. */
  site: string;
  html: string;
  goldText?: string;
  snippets?: SnippetGold;
  transform?: RetrievedTransform;
}

export { seededRandom } from 'pith/internal';

export function siteOf(url: string | undefined): string {
  if (!url) return '(unknown)';
  const match = /^(?:[a-z]+:\/\/)?([^/:?#]+)/i.exec(url.trim());
  return match ? match[1].toLowerCase().replace(/^www\./, '') : '(unknown)';
}

async function listRefs(dataset: DatasetName): Promise<PageRef<DatasetPage>[]> {
  const dir = path.join('.cache', 'datasets', dataset);
  switch (dataset) {
    case 'cleaneval':
      return listCleanEval(dir, { splits: ['final'] });
    case 'l3s-gn1':
      return listL3sGn1(dir);
    case 'trafilatura-eval':
      return listTrafilaturaEval(dir);
  }
}

/** The sampled page refs of a dataset: a seeded shuffle cut at `n`, back in id order. */
export async function sampleRefs(
  dataset: DatasetName,
  n: number = DEFAULT_SAMPLE[dataset],
  seed = 7,
): Promise<PageRef<DatasetPage>[]> {
  const refs = await listRefs(dataset);
  if (n >= refs.length) return refs;
  const random = seededRandom(seed);
  const order = refs.map((ref, index) => ({ ref, index, key: random() }));
  order.sort((a, b) => a.key - b.key);
  return order
    .slice(0, n)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.ref);
}

export async function loadBenchPage(dataset: DatasetName, ref: PageRef<DatasetPage>): Promise<BenchPage> {
  const page = await ref.load();
  const html = decodeHtml(page.html).text;
  return {
    dataset,
    id: page.id,
    url: page.url,
    site: siteOf(page.url),
    html,
    goldText: page.gold.text,
    snippets: page.gold.snippets,
    transform: page.retrievedTransform,
  };
}

export function prepareRetrieved(page: BenchPage, text: string): string {
  return applyRetrievedTransform(text, page.transform);
}

// ── layout cache ───────────────────────────────────────────────────────────

/** A fingerprint of the parse, so a cached layout is used only with the Doc it was mapped onto. */
export function docFingerprint(doc: Doc): string {
  let hash = 2166136261;
  const { tag, kind, parent } = doc.columns;
  for (let node = 0; node < doc.size; node++) {
    hash = Math.imul(hash ^ (tag[node] * 7 + kind[node]), 16777619);
    hash = Math.imul(hash ^ parent[node], 16777619);
  }
  return `${doc.size}:${(hash >>> 0).toString(16)}`;
}

interface CachedLayout {
  fingerprint: string;
  source: 'browser';
  viewport: { width: number; height: number };
  pageWidth: number;
  pageHeight: number;
  stats: Layout['stats'];
  nodes: number[];
  x: number[];
  y: number[];
  width: number[];
  height: number[];
  fontSize: number[];
  background: number[];
  color: number[];
  display: number[];
  visible: number[];
  measured: number[];
}

function layoutFile(dataset: string, id: string): string {
  return path.join(CACHE_DIR, 'layouts', dataset, `${encodeURIComponent(id)}.json.gz`);
}

export function saveLayout(dataset: string, id: string, doc: Doc, layout: Layout): void {
  const nodes: number[] = [];
  for (let node = 0; node < doc.size; node++) if (node === 0 || doc.isElement(node)) nodes.push(node);
  const round = (v: number) => Math.round(v * 100) / 100;
  const pick = (column: ArrayLike<number>, rounding = false) =>
    nodes.map((node) => (rounding ? round(column[node]) : column[node]));
  const cached: CachedLayout = {
    fingerprint: docFingerprint(doc),
    source: 'browser',
    viewport: { ...layout.viewport },
    pageWidth: layout.pageWidth,
    pageHeight: layout.pageHeight,
    stats: layout.stats,
    nodes,
    x: pick(layout.x, true),
    y: pick(layout.y, true),
    width: pick(layout.width, true),
    height: pick(layout.height, true),
    fontSize: pick(layout.fontSize, true),
    background: pick(layout.background),
    color: pick(layout.color),
    display: pick(layout.display),
    visible: pick(layout.visible),
    measured: pick(layout.measured),
  };
  const file = layoutFile(dataset, id);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, gzipSync(JSON.stringify(cached)));
}

/** The cached browser layout of a page, or undefined (missing, or made from another parse). */
export function loadLayout(dataset: string, id: string, doc: Doc): Layout | undefined {
  const file = layoutFile(dataset, id);
  if (!existsSync(file)) return undefined;
  const cached = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as CachedLayout;
  if (cached.fingerprint !== docFingerprint(doc)) return undefined;
  const columns = allocateLayoutColumns(doc.size);
  cached.nodes.forEach((node, i) => {
    columns.x[node] = cached.x[i];
    columns.y[node] = cached.y[i];
    columns.width[node] = cached.width[i];
    columns.height[node] = cached.height[i];
    columns.fontSize[node] = cached.fontSize[i];
    columns.background[node] = cached.background[i];
    columns.color[node] = cached.color[i];
    columns.display[node] = cached.display[i];
    columns.visible[node] = cached.visible[i];
    columns.measured[node] = cached.measured[i];
  });
  return {
    source: 'browser',
    viewport: cached.viewport,
    pageWidth: cached.pageWidth,
    pageHeight: cached.pageHeight,
    ...columns,
    stats: cached.stats,
  };
}

export function parsePage(page: BenchPage): Doc {
  return parseHtml(page.html, { url: page.url });
}

export function argValue(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

/** `--sample=cleaneval:100,l3s-gn1:all` over the defaults. */
export function sampleSizes(): Record<DatasetName, number> {
  const sizes: Record<DatasetName, number> = { ...DEFAULT_SAMPLE };
  const spec = argValue('sample');
  if (spec) {
    for (const part of spec.split(',')) {
      const [name, value] = part.split(':');
      if (!(DATASETS as readonly string[]).includes(name))
        throw new Error(`unknown dataset in --sample: ${name}`);
      sizes[name as DatasetName] = value === 'all' ? Number.POSITIVE_INFINITY : Number(value);
    }
  }
  return sizes;
}

export function selectedDatasets(): DatasetName[] {
  const spec = argValue('datasets');
  if (!spec) return [...DATASETS];
  return spec.split(',').map((name) => {
    if (!(DATASETS as readonly string[]).includes(name)) throw new Error(`unknown dataset: ${name}`);
    return name as DatasetName;
  });
}
