/**
 * The pages training reads: `--dataset` arguments resolved by the workbench's registry, and
 * the development split only (the sealed quarter of trafilatura-eval and newspaper-fulltext is
 * never trained or tuned on, whatever a caller asks).
 */

import { PithError } from 'pith';
import { type DatasetSpec, type ListOptions, resolveDatasetSpec } from '../eval/index.js';

/** The listing options training uses: the development split only. */
export function trainingListOptions(list: ListOptions = {}): ListOptions {
  return { ...list, split: 'dev' };
}

/**
 * Resolves `--dataset` arguments before any training; one that names no dataset is a usage
 * error (PithError BAD_OPTION), with the reader's message.
 */
export async function resolveDatasets(argumentsList: readonly string[]): Promise<DatasetSpec[]> {
  const specs: DatasetSpec[] = [];
  for (const argument of argumentsList) {
    try {
      specs.push(await resolveDatasetSpec(argument));
    } catch (error) {
      throw new PithError('BAD_OPTION', error instanceof Error ? error.message : String(error));
    }
  }
  const names = specs.map((spec) => spec.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new PithError('BAD_OPTION', `dataset '${twice}' given twice`);
  return specs;
}
