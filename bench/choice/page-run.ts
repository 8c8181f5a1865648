/**
 * The options every per-page bench of bench/choice shares (the held-out fold models, the datasets,
 * a shard, a list of pages), and what they say once read. The default answer's block model for a
 * page is `heldOut.modelFor(pageDigest(html))`.
 */
import { readFileSync } from 'node:fs';
import { type HeldOutModels, readHeldOut } from '@pith/workbench/eval';

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
