/**
 * A rows file read under a base run's frozen fold models (as frozen-folds.ts): each page's fold, its page
 * type as its fold's model reads it, and one field's rows with those types — what the round-15 author scripts
 * (author-empties.ts, author-floor-classes.ts) start from.
 */
import { readFileSync } from 'node:fs';
import { fieldRows, type MetadataRowSet, readBaseFolds } from '@pith/workbench/train';
import { pageTypeModelFromJson, predictPageTypeProbabilities } from 'pith/internal';

export function frozenFieldRows(base: string, rowsFile: string, field: 'title' | 'author' | 'date') {
  const { pages: foldOf, models } = readBaseFolds(base, 5);
  const pageTypeModels = models.map((m) => pageTypeModelFromJson(m.pageType));
  const set = JSON.parse(readFileSync(rowsFile, 'utf8')) as MetadataRowSet;
  const folds = set.pages.map((p) => foldOf[p.digest]);
  const types = set.pages.map((p, i) =>
    Float64Array.from(predictPageTypeProbabilities(pageTypeModels[folds[i]], p.pageTypeFeatures)),
  );
  const names = set.names[field];
  return { set, folds, models, rows: fieldRows(set, types)[field], names, width: names.length };
}
