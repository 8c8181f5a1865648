/**
 * A base run's fits, for a retrain that leaves some fields as they were (`pith train metadata
 * --base DIR --keep title,author`, issue 42, session 14).
 *
 * A refit on rows changed on a few pages, or with a column added that a field does not read,
 * reshuffles that field's trees and the inner scorings its margins and floors are chosen on: 5 to 35
 * pages of 1,497 a field (docs/benchmarks-journal.md, rounds 9–11, and session 14's decomposition),
 * more than most changes move. A kept field takes the base run's fold models and its model on every
 * page whole (trees, margins, floors), so its held-out figures are the base's fold models scored on
 * the current rows; a field whose margins are kept is refitted and takes the base's margins and
 * floors, fold by fold. Both need the base's folds (same pages, same seed), checked page by page,
 * and a kept field needs its columns unchanged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHOSEN_FIELDS, type ChosenField, type FieldParts, parseModel } from 'pith/internal';

/** Fields taken from a base run instead of refitted. */
export interface BaseRun {
  /** Each fold's field fits, in fold order. */
  folds: readonly Record<ChosenField, FieldParts>[];
  /** The base's model on every page. */
  final: Record<ChosenField, FieldParts>;
  /** Each page's fold in the base run, by the page's digest. */
  pages: Readonly<Record<string, number>>;
  /** Fields kept whole: trees, margins and floors. */
  keep: readonly ChosenField[];
  /** Fields refitted with the base's margins and floors (fold by fold, and the model on every page's). */
  keepMargins: readonly ChosenField[];
  /** Where it was read from, for the manifest. */
  source: { heldOut: string; model: string; manifest: Record<string, unknown> };
}

/** A metadata model file's fields, read without the library's check of their columns (checked by the trainer). */
export function fieldPartsOf(text: string): {
  fields: Record<ChosenField, FieldParts>;
  manifest: Record<string, unknown>;
} {
  const value = JSON.parse(text) as { fields: Record<string, Record<string, unknown>>; manifest?: unknown };
  const fields = {} as Record<ChosenField, FieldParts>;
  for (const field of CHOSEN_FIELDS) {
    const entry = value.fields[field];
    if (!entry) throw new Error(`the base model has no ${field}`);
    fields[field] = {
      ...(entry as unknown as FieldParts),
      model: parseModel(JSON.stringify(entry.model)),
    };
  }
  return { fields, manifest: (value.manifest ?? {}) as Record<string, unknown> };
}

/** A run's fold models: each fold's fields and the page-type model it was trained with (its JSON). */
export interface BaseFolds {
  /** The held-out file read. */
  heldOut: string;
  /** Each page's fold, by the page's digest. */
  pages: Record<string, number>;
  models: { fields: Record<ChosenField, FieldParts>; pageType: unknown }[];
}

/** Reads a run's held-out file (`folds-K-by-site.json` in `dir`) and its fold models. */
export function readBaseFolds(dir: string, folds: number): BaseFolds {
  const heldOut = path.join(dir, `folds-${folds}-by-site.json`);
  const plan = JSON.parse(readFileSync(heldOut, 'utf8')) as {
    models: string[];
    pages: Record<string, number>;
  };
  if (plan.models.length !== folds)
    throw new Error(`${heldOut} has ${plan.models.length} fold models, not ${folds}`);
  const models = plan.models.map((file) => {
    const text = readFileSync(path.resolve(path.dirname(heldOut), file), 'utf8');
    return {
      fields: fieldPartsOf(text).fields,
      pageType: (JSON.parse(text) as { pageType?: unknown }).pageType,
    };
  });
  return { heldOut, pages: plan.pages, models };
}

/** Reads a base run: its held-out file (`folds-K-by-site.json` in `dir`) with its fold models, and its model on every page. */
export function readBaseRun(
  dir: string,
  modelFile: string,
  folds: number,
  keep: readonly ChosenField[],
  keepMargins: readonly ChosenField[],
): BaseRun {
  const { heldOut, pages, models } = readBaseFolds(dir, folds);
  const final = fieldPartsOf(readFileSync(modelFile, 'utf8'));
  return {
    folds: models.map((model) => model.fields),
    final: final.fields,
    pages,
    keep,
    keepMargins,
    source: { heldOut, model: modelFile, manifest: final.manifest },
  };
}

/**
 * The pages' folds must be the base's, page by page (a kept fold model scores only the pages it did
 * not see); a kept field's columns must be the rows'. Throws with the first mismatch.
 */
export function checkBaseRun(
  base: BaseRun,
  digests: readonly string[],
  folds: Int32Array,
  names: Readonly<Record<ChosenField, readonly string[]>>,
): void {
  digests.forEach((digest, index) => {
    const baseFold = Object.hasOwn(base.pages, digest) ? base.pages[digest] : undefined;
    if (baseFold !== folds[index])
      throw new Error(
        `page ${digest} is in fold ${folds[index]} here and ${baseFold} in the base run: train with the base's seed and pages`,
      );
  });
  for (const field of base.keep) {
    const own = base.final[field].model.featureNames;
    const expected = names[field];
    const same = (list: readonly string[]) =>
      list.length === expected.length && list.every((name, at) => name === expected[at]);
    if (!same(own) || base.folds.some((fits) => !same(fits[field].model.featureNames)))
      throw new Error(`the base's ${field} model reads other columns than the rows give: it cannot be kept`);
  }
}

/** A field's margins and floors alone (its own and per page type), without its trees. */
export function marginsOf(parts: FieldParts): Omit<FieldParts, 'model'> {
  const { noneBias, rulesBias, floor, byPageType } = parts;
  return {
    noneBias,
    rulesBias,
    ...(floor === undefined ? {} : { floor }),
    ...(byPageType === undefined ? {} : { byPageType }),
  };
}
