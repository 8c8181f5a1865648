/**
 * Shared by the density benchmarks: the datasets they run on, and labelled chunks
 * cached on disk (`.cache/density-bench/`, keyed by the options and a hash of the
 * code that cuts and labels them), because cutting and labelling ~4,000
 * pages takes minutes and every experiment starts from the same chunks.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DENSITY_MODEL_CODE } from '../../src/cli/train-command.js';
import {
  type ChunkOptions,
  DEFAULT_CHUNK_OPTIONS,
  type LoadedDataset,
  loadDatasets,
} from '../../src/train/index.js';

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

/** A hash of the code a model depends on (read, parse, cut, label): a change to it invalidates cached chunks. */
function chunkingCodeHash(): string {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const hash = createHash('sha256');
  const add = (entry: string) => {
    const absolute = path.join(root, entry);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const name of readdirSync(absolute).sort()) add(path.join(entry, name));
    } else {
      hash.update(entry).update('\0').update(readFileSync(absolute)).update('\0');
    }
  };
  for (const entry of DENSITY_MODEL_CODE) add(entry);
  return hash.digest('hex').slice(0, 12);
}

/** Labelled chunks of the datasets, read from the cache when the same options were used before. */
export async function cachedChunks(
  datasets: readonly string[],
  options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
  log: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
): Promise<CachedDataset[]> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const code = chunkingCodeHash();
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
