/**
 * The options every per-page bench of bench/choice shares (the held-out fold models, the datasets,
 * a shard, a list of pages), and what they say once read. The default answer's block model for a
 * page is `heldOut.modelFor(pageDigest(html))`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { useModelFiles } from '@pith/tools';
import { type HeldOutModels, pageDigest, readHeldOut } from '@pith/workbench/eval';
import { type PendingPage, pendingDevPages, writtenKeys } from '@pith/workbench/train';

export const PAGE_RUN_OPTIONS = {
  'held-out': { type: 'string' },
  dataset: { type: 'string', short: 'd', multiple: true },
  shard: { type: 'string', default: '0/1' },
  // only these pages (`dataset/id` a line), e.g. those a rule may change
  ids: { type: 'string' },
} as const;

export interface PageRun {
  heldOut: HeldOutModels;
  shard: [number, number];
  /** The pages to run (`dataset/id`), or undefined for every page. */
  only: Set<string> | undefined;
}

export function pageRun(values: { 'held-out'?: string; shard?: string; ids?: string }): PageRun {
  const [shard, shards] = (values.shard ?? '0/1').split('/').map(Number);
  const only = values.ids
    ? new Set(
        readFileSync(values.ids, 'utf8')
          .split('\n')
          .filter((key) => key !== ''),
      )
    : undefined;
  return { heldOut: readHeldOut(values['held-out'] ?? ''), shard: [shard, shards], only };
}

/**
 * The dev pages a per-page bench still has to write (those already in `out` are skipped, so a run
 * resumes), each with the held-out block model that did not see its site. Loads the shipped model
 * files first and makes `out`'s folder.
 */
export async function* pagesToRun(
  values: { 'held-out'?: string; shard?: string; ids?: string; dataset?: string[] },
  out: string,
  defaultDatasets: readonly string[],
): AsyncGenerator<{
  pending: PendingPage;
  model: ReturnType<HeldOutModels['modelFor']>;
  /** The fold model's index, or -1 for a set the fold models never trained on (each reads it held out). */
  fold: number;
}> {
  await useModelFiles();
  const { heldOut, shard, only } = pageRun(values);
  mkdirSync(path.dirname(out), { recursive: true });
  for await (const pending of pendingDevPages({
    datasets: values.dataset?.length ? values.dataset : [...defaultDatasets],
    shard,
    done: writtenKeys(out),
  })) {
    if (only && !only.has(pending.key)) continue;
    const model = heldOut.modelFor(pageDigest(pending.page.html));
    const fold = heldOut.datasets.includes(pending.dataset) ? heldOut.models.indexOf(model) : -1;
    yield { pending, model, fold };
  }
}
