/**
 * Training data from `--dataset` arguments: each is resolved by the workbench's
 * registry (`FORMAT:PATH`, `PATH`, or `NAME` → `.cache/datasets/NAME`), its pages are
 * read in the reader's (stable) order and cut into labelled chunks.
 */

import type { ManifestDataset } from 'pith/internal';
import { type DatasetSpec, type ListOptions, listDataset, resolveDatasetSpec } from '../../eval/index.js';
import { trainingListOptions } from '../datasets.js';
import { type ChunkOptions, pageChunks } from './chunks.js';
import type { DatasetChunks } from './evaluate.js';

export interface LoadOptions extends Partial<ChunkOptions> {
  /** At most this many pages per dataset (the first ones, in reader order). */
  limit?: number;
  list?: ListOptions;
  /** Called after each page. */
  onPage?: (dataset: string, done: number, total: number) => void;
}

export interface LoadedDataset {
  /** The argument as given (recorded in the manifest: portable, unlike the resolved path). */
  argument: string;
  spec: DatasetSpec;
  chunks: DatasetChunks;
  manifest: ManifestDataset;
  /** Pages that could not be parsed, with the reason. */
  failures: { id: string; error: string }[];
}

/** Reads one dataset argument into labelled chunks. `name` overrides the folder name. */
export async function loadDataset(
  argument: string,
  options: LoadOptions = {},
  name?: string,
): Promise<LoadedDataset> {
  const spec = await resolveDatasetSpec(argument);
  const label = name ?? spec.name;
  let refs = await listDataset(spec, trainingListOptions(options.list));
  if (options.limit !== undefined) refs = refs.slice(0, options.limit);
  const pages: DatasetChunks['pages'] = [];
  const failures: LoadedDataset['failures'] = [];
  let keep = 0;
  let discard = 0;
  let unlabelled = 0;
  for (const ref of refs) {
    const page = await ref.load();
    const chunks = pageChunks(page, label, options);
    if (chunks.error !== undefined) failures.push({ id: chunks.id, error: chunks.error });
    for (const chunk of chunks.chunks) {
      if (chunk.label === 'keep') keep++;
      else discard++;
    }
    unlabelled += chunks.unlabelled;
    pages.push(chunks);
    options.onPage?.(label, pages.length, refs.length);
  }
  return {
    argument,
    spec,
    chunks: { name: label, pages },
    manifest: {
      name: label,
      format: spec.format,
      path: argument,
      pages: pages.length,
      chunks: keep + discard + unlabelled,
      keep,
      discard,
      unlabelled,
    },
    failures,
  };
}

/** Reads several dataset arguments; repeated folder names get `-2`, `-3`… */
export async function loadDatasets(
  argumentsList: readonly string[],
  options: LoadOptions = {},
): Promise<LoadedDataset[]> {
  const out: LoadedDataset[] = [];
  const used = new Set<string>();
  for (const argument of argumentsList) {
    const spec = await resolveDatasetSpec(argument);
    let name = spec.name;
    for (let k = 2; used.has(name); k++) name = `${spec.name}-${k}`;
    used.add(name);
    out.push(await loadDataset(argument, options, name));
  }
  return out;
}
