/**
 * Rows read under a base run's frozen fold models (issue 42): each page's fold as the base run's
 * `folds-5-by-site.json` gives it, the page type its fold's page-type model reads (the trainer's
 * foldPageTypes, frozen), and the fields' rows with those types. frozen-folds.ts, steady.ts and the
 * round-15 author scripts (author-empties.ts, author-floor-classes.ts) start from it.
 */
import { readFileSync } from 'node:fs';
import { fieldRows, type MetadataRowSet, readBaseFolds } from '@pith/workbench/train';
import { type PageTypeModel, pageTypeModelFromJson, predictPageTypeProbabilities } from 'pith/internal';

/** A rows file kept from a run (`.cache/train/metadata/rows-*.json`). */
export function readRowSet(file: string): MetadataRowSet {
  return JSON.parse(readFileSync(file, 'utf8')) as MetadataRowSet;
}

/** The page types each page's fold model gives it. */
export function frozenPageTypes(
  set: MetadataRowSet,
  pageTypeModels: readonly PageTypeModel[],
  folds: ArrayLike<number>,
): Float64Array[] {
  return set.pages.map((page, index) =>
    Float64Array.from(predictPageTypeProbabilities(pageTypeModels[folds[index]], page.pageTypeFeatures)),
  );
}

/** The set's rows under the base run's fold models (`base`: `pith train metadata --held-out-dir`). */
export function frozenRows(base: string, set: MetadataRowSet, k = 5) {
  const { heldOut, pages: foldOf, models } = readBaseFolds(base, k);
  const folds = set.pages.map((page) => {
    const fold = foldOf[page.digest];
    if (fold === undefined) throw new Error(`page ${page.id} is not in ${heldOut}`);
    return fold;
  });
  const types = frozenPageTypes(
    set,
    models.map((model) => pageTypeModelFromJson(model.pageType)),
    folds,
  );
  return { models, folds, rows: fieldRows(set, types) };
}

/** One field's rows of a rows file under the base run's fold models, with its column names. */
export function frozenFieldRows(base: string, rowsFile: string, field: 'title' | 'author' | 'date') {
  const set = readRowSet(rowsFile);
  const { folds, models, rows } = frozenRows(base, set);
  const names = set.names[field];
  return { set, folds, models, rows: rows[field], names, width: names.length };
}
