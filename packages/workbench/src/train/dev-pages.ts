/**
 * The development pages a resumable collection still has to do (the choice's page lines, the
 * quality rows, the body-guard bench): each dataset's development split, this run's share of it,
 * less the pages already written. A collection appends one JSON line per page and resumes by key.
 */
import { existsSync, readFileSync } from 'node:fs';
import {
  type DatasetPage,
  type DatasetScoring,
  datasetScoring,
  listDataset,
  resolveDatasetSpec,
} from '../eval/index.js';

export interface PendingPagesOptions {
  datasets: readonly string[];
  /** `[index, count]`: this run takes the pages whose (strided) index modulo count is index. */
  shard?: readonly [number, number];
  /** Only every n-th page of each dataset (before the shard is taken). */
  every?: number;
  /** At most this many pages of each dataset's list. */
  limit?: number;
  /** Keys (`dataset/id`) already written. */
  done: ReadonlySet<string>;
}

export interface PendingPage {
  dataset: string;
  scoring: DatasetScoring;
  page: DatasetPage;
  /** `dataset/id`. */
  key: string;
}

export async function* pendingDevPages(options: PendingPagesOptions): AsyncGenerator<PendingPage> {
  const [shard, shards] = options.shard ?? [0, 1];
  const every = options.every ?? 1;
  for (const dataset of options.datasets) {
    const spec = await resolveDatasetSpec(dataset);
    const scoring = await datasetScoring(spec);
    const refs = (await listDataset(spec, { split: 'dev' })).slice(0, options.limit);
    for (const [index, ref] of refs.entries()) {
      if (index % every !== 0 || (index / every) % shards !== shard) continue;
      const page = await ref.load();
      const key = `${dataset}/${page.id}`;
      if (!options.done.has(key)) yield { dataset, scoring, page, key };
    }
  }
}

/**
 * The lines of JSON Lines files keyed by `dataset/id` (blank lines skipped; a page in two files
 * counts once, the first).
 */
export function readPageLines<T extends { dataset: string; id: string }>(files: readonly string[]): T[] {
  const lines: T[] = [];
  const seen = new Set<string>();
  for (const file of files)
    for (const text of readFileSync(file, 'utf8').split('\n')) {
      if (text.trim() === '') continue;
      const line = JSON.parse(text) as T;
      const key = `${line.dataset}/${line.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(line);
    }
  return lines;
}

/** The keys of the pages a JSON Lines file already holds (none when it does not exist). */
export function writtenKeys(file: string): Set<string> {
  return new Set(existsSync(file) ? readPageLines([file]).map((line) => `${line.dataset}/${line.id}`) : []);
}
