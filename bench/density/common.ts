/**
 * Shared by the density benchmarks: the datasets they run on, and labelled chunks
 * cached on disk (`.cache/density-bench/`, keyed by the options and a hash of the
 * code that cuts and labels them), because cutting and labelling ~4,000
 * pages takes minutes and every experiment starts from the same chunks.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ChunkOptions,
  codeHash,
  DEFAULT_CHUNK_OPTIONS,
  DENSITY_MODEL_CODE,
  type LoadedDataset,
  loadDatasets,
} from '@pith/workbench/train';

/** Every dataset the shared archives hold, by the name `npm run datasets` unpacks it under. */
export const ALL_DATASETS = [
  'cleaneval',
  'cleanportaleval',
  'l3s-gn1',
  'trafilatura-eval',
  'wcxb-dev',
  'readability-testpages',
] as const;

export interface CachedDataset {
  name: string;
  format: string;
  manifest: LoadedDataset['manifest'];
  pages: LoadedDataset['chunks']['pages'];
}

/** The pruning of the shipped model (models/README.md): the least that keeps the file under 1 MiB. */
export const SHIPPED_MIN_COUNT = 64;

const CACHE_DIR = path.join('.cache', 'density-bench');

/** Labelled chunks of the datasets, read from the cache when the same options were used before. */
export async function cachedChunks(
  datasets: readonly string[],
  options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
  log: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
): Promise<CachedDataset[]> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const code = codeHash(DENSITY_MODEL_CODE).slice(0, 12);
  const out: CachedDataset[] = [];
  for (const dataset of datasets) {
    const key = `${dataset.replace(/[^\w.-]+/g, '_')}-t${options.minTextChars}-s${options.minShare}-${options.visibleOnly ? 'visible' : 'all'}-${code}.json`;
    const file = path.join(CACHE_DIR, key);
    if (existsSync(file)) {
      out.push(JSON.parse(readFileSync(file, 'utf8')) as CachedDataset);
      continue;
    }
    const started = performance.now();
    const [loaded] = await loadDatasets([dataset], options);
    const cached: CachedDataset = {
      name: loaded.chunks.name,
      format: loaded.spec.format,
      manifest: loaded.manifest,
      pages: loaded.chunks.pages,
    };
    writeFileSync(file, JSON.stringify(cached));
    log(
      `${dataset}: ${loaded.manifest.pages} pages cut and labelled in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    out.push(cached);
  }
  return out;
}
