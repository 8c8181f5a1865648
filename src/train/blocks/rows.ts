/**
 * The block classifier's training rows: every text block of every page of a dataset, its
 * features exactly as the extractor computes them (`pageRows`, the door the default extractor
 * shares with its trainer) and its label from the page's gold. Written per dataset to
 * `<dir>/<dataset>.<key>.f32` (rows × width little-endian float32) and `.json` (names, pages,
 * labels), where the key hashes what the rows depend on (the code, the dataset's folder and
 * listing options, the labeller, the page limit): parsing three thousand pages takes minutes,
 * training from the same rows again does not need it.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type DatasetPage,
  type DatasetSpec,
  type ListOptions,
  listDataset,
  pageDigest,
} from '../../eval/index.js';
import { decodeHtml, extractMetadata, pageRows, parseHtml } from '../../internal.js';
import { trainingListOptions } from '../datasets.js';
import { codeHash } from '../provenance.js';
import { BLOCK_LABELLERS, type BlockLabeller, defaultLabeller } from './labels.js';

export interface RowsPage {
  id: string;
  /** Rows `start … end` of the dataset are this page's blocks. */
  start: number;
  end: number;
  /** The labeller used ('text', 'snippets'). */
  labelling: string;
  /** sha256 of the page's bytes (how the bench finds the page's held-out model). */
  digest: string;
  /** The page's URL as the dataset records it. */
  url?: string;
  /** The URL the page declares for itself (canonical link, og:url, JSON-LD). */
  declaredUrl?: string;
  pageType?: string;
  language?: string;
}

export interface DatasetRows {
  name: string;
  format: string;
  names: string[];
  width: number;
  rows: number;
  pages: RowsPage[];
  /** Per row: share of main content (0–1, three decimals), NaN without a label. */
  share: Float64Array;
  /** Per row: word tokens. */
  tokens: Float64Array;
  features: Float32Array;
  /** Pages that could not be read, with the reason. */
  failures: { id: string; error: string }[];
}

export interface RowsOptions {
  /** The labeller for every page ('text', 'snippets'); default: by the page's gold. */
  labelling?: string;
  /** At most this many pages (the first, in reader order). */
  limit?: number;
  list?: ListOptions;
  /** The cache folder; undefined = compute, do not cache. */
  cacheDir?: string;
  /** Repository paths whose code the rows depend on (hashed into the cache key). */
  code: readonly string[];
  log?: (message: string) => void;
}

function labellerFor(name: string | undefined, page: DatasetPage): BlockLabeller {
  if (name !== undefined) {
    const labeller = Object.hasOwn(BLOCK_LABELLERS, name) ? BLOCK_LABELLERS[name] : undefined;
    if (!labeller)
      throw new Error(`unknown labelling '${name}' (choose from ${Object.keys(BLOCK_LABELLERS).join(', ')})`);
    if (!labeller.accepts(page)) throw new Error(`labelling '${name}' needs ${labeller.needs}`);
    return labeller;
  }
  const labeller = defaultLabeller(page);
  if (!labeller) throw new Error('the page has neither a gold text nor snippets');
  return labeller;
}

/** Computes the rows of a dataset (no cache). */
export async function computeRows(spec: DatasetSpec, options: RowsOptions): Promise<DatasetRows> {
  const log = options.log ?? (() => {});
  let refs = await listDataset(spec, trainingListOptions(options.list));
  if (options.limit !== undefined) refs = refs.slice(0, options.limit);
  const chunks: Float32Array[] = [];
  const pages: RowsPage[] = [];
  const share: number[] = [];
  const tokens: number[] = [];
  const failures: DatasetRows['failures'] = [];
  let width = 0;
  let names: readonly string[] = [];
  let rows = 0;
  const started = Date.now();
  for (const ref of refs) {
    const page = await ref.load();
    try {
      const labeller = labellerFor(options.labelling, page);
      const html = decodeHtml(page.html).text;
      const doc = parseHtml(html, { url: page.url });
      const metadata = extractMetadata(doc, { url: page.url });
      const { blocks, features } = pageRows(doc, {}, { metadata });
      const labels = labeller.label(blocks, page);
      width = features.width;
      names = features.names;
      chunks.push(features.values);
      pages.push({
        id: page.id,
        start: rows,
        end: rows + features.rows,
        labelling: labeller.name,
        digest: pageDigest(page.html),
        ...(page.url ? { url: page.url } : {}),
        ...(metadata.canonicalUrl ? { declaredUrl: metadata.canonicalUrl } : {}),
        ...(page.gold.pageType ? { pageType: page.gold.pageType } : {}),
        ...(page.gold.language ? { language: page.gold.language } : {}),
      });
      rows += features.rows;
      for (let block = 0; block < blocks.count; block++) {
        share.push(Math.round(labels.share[block] * 1000) / 1000);
        tokens.push(labels.tokens[block]);
      }
    } catch (error) {
      failures.push({ id: page.id, error: (error as Error).message });
      log(`${spec.name}/${page.id}: ${(error as Error).message}`);
    }
    if (pages.length % 200 === 0) log(`${spec.name}: ${pages.length}/${refs.length} pages`);
  }
  const features = new Float32Array(rows * width);
  let offset = 0;
  for (const chunk of chunks) {
    features.set(chunk, offset);
    offset += chunk.length;
  }
  log(`${spec.name}: ${pages.length} pages, ${rows} blocks, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    name: spec.name,
    format: spec.format,
    names: [...names],
    width,
    rows,
    pages,
    share: Float64Array.from(share),
    tokens: Float64Array.from(tokens),
    features,
    failures,
  };
}

function cacheKey(spec: DatasetSpec, options: RowsOptions): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        code: codeHash(options.code),
        format: spec.format,
        dir: path.resolve(spec.dir),
        list: trainingListOptions(options.list),
        labelling: options.labelling ?? 'by gold',
        limit: options.limit ?? null,
      }),
    )
    .digest('hex')
    .slice(0, 16);
}

interface RowsMeta extends Omit<DatasetRows, 'share' | 'tokens' | 'features'> {
  share: (number | null)[];
  tokens: number[];
}

async function writeRows(base: string, rows: DatasetRows): Promise<void> {
  const { share, tokens, features, ...rest } = rows;
  const meta: RowsMeta = {
    ...rest,
    share: Array.from(share, (value) => (Number.isNaN(value) ? null : value)),
    tokens: Array.from(tokens),
  };
  await mkdir(path.dirname(base), { recursive: true });
  for (const [suffix, bytes] of [
    ['.f32', Buffer.from(features.buffer, features.byteOffset, features.byteLength)],
    ['.json', JSON.stringify(meta)],
  ] as const) {
    await writeFile(`${base}${suffix}.tmp`, bytes);
    await rename(`${base}${suffix}.tmp`, `${base}${suffix}`);
  }
}

async function readRows(base: string): Promise<DatasetRows> {
  const meta = JSON.parse(await readFile(`${base}.json`, 'utf8')) as RowsMeta;
  const bytes = await readFile(`${base}.f32`);
  return {
    ...meta,
    share: Float64Array.from(meta.share, (value) => (value === null ? Number.NaN : value)),
    tokens: Float64Array.from(meta.tokens),
    // A small file may sit unaligned in Node's buffer pool: then it is copied.
    features:
      bytes.byteOffset % 4 === 0
        ? new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
        : new Float32Array(Uint8Array.from(bytes).buffer),
  };
}

/** The rows of a dataset, from the cache when the same code computed them for the same pages. */
export async function datasetRows(spec: DatasetSpec, options: RowsOptions): Promise<DatasetRows> {
  if (options.cacheDir === undefined) return computeRows(spec, options);
  const base = path.join(options.cacheDir, `${spec.name}.${cacheKey(spec, options)}`);
  if (existsSync(`${base}.json`) && existsSync(`${base}.f32`)) {
    options.log?.(`${spec.name}: rows from ${base}.*`);
    return readRows(base);
  }
  const rows = await computeRows(spec, options);
  await writeRows(base, rows);
  return rows;
}
