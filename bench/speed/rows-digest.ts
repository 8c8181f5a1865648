// A digest of one page's block rows (what the default extractor's classifier reads), bit for bit:
// the blocks (owner elements, text nodes), the feature names, the Float32 feature matrix, and the
// heuristic stage's kept and removed flags. Used by bench/speed/identical.ts and by the test that
// pins the rows of the sample pages (test/extractors/pith-rows-pinned.test.ts), so that a speed
// change that moves one feature value by one ulp is caught.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { listDataset, resolveDatasetSpec, SHARED_DATASETS } from '@pith/workbench/eval';
import type { PageRows } from 'pith/internal';

/** The six datasets unpacked in .cache/datasets (and kept in part in the shared sample). */
export const DATASETS = SHARED_DATASETS;

/** sha256 (first 24 hex digits) of strings and typed arrays, each chunk delimited. */
export function hashOf(...chunks: (string | ArrayBufferView)[]): string {
  const hash = createHash('sha256');
  for (const chunk of chunks) {
    if (typeof chunk === 'string') hash.update(chunk);
    else hash.update(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    hash.update('\u0000');
  }
  return hash.digest('hex').slice(0, 24);
}

/** The digest of `pageRows()`'s result. */
export function rowsDigest({ heuristic, blocks, features }: Omit<PageRows, 'pageTypeFeatures'>): string {
  return hashOf(
    blocks.owner,
    blocks.textStart,
    blocks.textNodes,
    features.names.join(','),
    features.values,
    heuristic.selection.kept,
    heuristic.removed,
  );
}

/** A page of a dataset folder, as its reader gives it. */
export interface DigestPage {
  /** `<dataset folder>/<page id>`. */
  id: string;
  html: Uint8Array;
  url?: string;
}

/**
 * Every page of the dataset folders under `root` (the shared sample: one folder per dataset) that
 * its reader can load, in a fixed order. Pages a reader lists but whose file is missing (the sample
 * keeps a few of each dataset) are left out.
 */
export async function datasetPages(root: string, names: readonly string[]): Promise<DigestPage[]> {
  const out: DigestPage[] = [];
  for (const name of names) {
    const spec = await resolveDatasetSpec(path.join(root, name));
    for (const ref of await listDataset(spec)) {
      let page: { id: string; html: Uint8Array; url?: string };
      try {
        page = await ref.load();
      } catch {
        continue;
      }
      out.push({ id: `${name}/${page.id}`, html: page.html, url: page.url });
    }
  }
  return out;
}
