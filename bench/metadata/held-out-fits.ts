/**
 * What the metadata A/B scripts share (title-ab.ts, ld-author-ab.ts): WCXB dev's metadata rows, the
 * trainer's folds by site for a seed with each fold's page-type probabilities, and a field's held-out
 * probabilities and margins, page by page, from fits on the other folds.
 */
import {
  DEFAULT_FIT,
  type FitSettings,
  fieldRows,
  fitFieldWithBias,
  foldPageTypes,
  groupedFolds,
  innerFoldings,
  loadMetadataRows,
  type MetadataRowSet,
  marginsOfPage,
  resolveDatasets,
  rowProbabilities,
} from '@pith/workbench/train';
import type { ChosenField, FieldMargins } from 'pith/internal';

export type FieldPages = ReturnType<typeof fieldRows>[ChosenField];
export type FieldPage = FieldPages[number];

export async function wcxbMetadataRows(): Promise<MetadataRowSet> {
  return loadMetadataRows(await resolveDatasets(['wcxb-dev']), (line) => console.error(line));
}

/**
 * The trainer's folds by site (a site's pages, and pages with the same bytes, together), the rows
 * they fill, and the trainer's other partitions for the inner scorings (DEFAULT_FIT.innerSeeds).
 */
export function metadataFolds(set: MetadataRowSet, k: number, seed: number) {
  const folds = groupedFolds(
    set.pages.map((page) => ({
      keys: [`site:${page.site}`, `bytes:${page.digest}`],
      stratum: page.pageType ?? page.dataset,
    })),
    k,
    seed,
  );
  return {
    folds,
    rows: fieldRows(set, foldPageTypes(set, folds, k).probabilities),
    extraFoldings: innerFoldings(set, k, seed, Math.max(DEFAULT_FIT.innerSeeds - 1, 0)),
  };
}

export interface HeldOutPage {
  index: number;
  page: FieldPage;
  probabilities: number[];
  margins: FieldMargins;
}

/** Every page's held-out probabilities and margins of one field, fold by fold. */
export function* heldOutPages(
  field: ChosenField,
  names: readonly string[],
  rows: FieldPages,
  folds: Int32Array,
  k: number,
  settings: FitSettings,
  extraFoldings: readonly Int32Array[] = [],
): Generator<HeldOutPage> {
  const all = rows.map((_, index) => index);
  for (let f = 0; f < k; f++) {
    const fit = fitFieldWithBias(
      field,
      names,
      rows,
      all.filter((index) => folds[index] !== f),
      folds,
      settings,
      extraFoldings,
    );
    for (const index of all)
      if (folds[index] === f) {
        const page = rows[index];
        yield {
          index,
          page,
          probabilities: rowProbabilities(fit.model, page),
          margins: marginsOfPage(fit, page),
        };
      }
  }
}
