// The pages of a fuzz run: which dataset pages page i mutates and its time budget, from the seed
// alone, and the page itself (bench/fuzz/mutate.ts). Shared by the fuzzer, its workers and replay.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { listDataset, resolveDatasetSpec, SHARED_DATASETS } from '@pith/workbench/eval';
import { randomIndex, seededRandom } from 'pith/internal';
import { type FuzzPage, generatePage, mutatePage } from './mutate.js';
import type { FuzzTask } from './types.js';

/** Share of generated pages (the rest are mutations of dataset pages). */
const GENERATED_SHARE = 0.1;

export interface PageSource {
  id: string;
  read(): Promise<Uint8Array>;
}

export async function listSources(repoRoot: string): Promise<PageSource[]> {
  const sources: PageSource[] = [];
  for (const name of SHARED_DATASETS) {
    const spec = await resolveDatasetSpec(name, { cacheDir: path.join(repoRoot, '.cache', 'datasets') });
    for (const ref of await listDataset(spec)) {
      const id = `${name}/${ref.id}`;
      const file = ref.file;
      sources.push({
        id,
        read: file
          ? async () => {
              const raw = new Uint8Array(readFileSync(file));
              return file.endsWith('.gz') ? new Uint8Array(gunzipSync(raw)) : raw;
            }
          : async () => (await ref.load()).html,
      });
    }
  }
  return sources;
}

/** What page i is made of and its budget, from the seed alone. */
export function plan(
  seed: number,
  index: number,
  sources: readonly PageSource[],
): { budget: number; base?: number; other?: number } {
  const random = seededRandom((seed * 7_919 + index * 104_729) >>> 0);
  const roll = random();
  const budget = roll < 0.6 ? 2000 : roll < 0.85 ? 300 : 5 + randomIndex(random, 96);
  if (random() < GENERATED_SHARE) return { budget };
  return { budget, base: randomIndex(random, sources.length), other: randomIndex(random, sources.length) };
}

/** Page i's task: its budget and the bytes of the dataset pages it is made from. */
export async function taskOf(seed: number, index: number, sources: readonly PageSource[]): Promise<FuzzTask> {
  const { budget, base, other } = plan(seed, index, sources);
  if (base === undefined || other === undefined) return { index, budget };
  return {
    index,
    budget,
    baseId: sources[base].id,
    base: await sources[base].read(),
    other: await sources[other].read(),
  };
}

/** Page i itself. */
export function pageOf(seed: number, task: FuzzTask): FuzzPage {
  const random = seededRandom((seed * 1_000_003 + task.index) >>> 0);
  if (task.base === undefined || task.other === undefined) return generatePage(random);
  const page = mutatePage(random, task.base, task.other);
  return { ...page, recipe: `${task.baseId}: ${page.recipe}` };
}
