/**
 * A metadata retrain that keeps fields from a base run (issue 42, session 14: `pith train metadata
 * --base DIR --keep title,author`): a field whose columns and rows a change does not touch keeps its
 * trees, margins and floors, instead of a refit's reshuffle of 5 to 35 pages; a field whose margins
 * are kept is refitted with the base's margins and floors.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CHOSEN_FIELDS, type ChosenField } from '../../packages/pith/src/metadata/index.js';
import type { FieldFit } from '../../packages/workbench/src/train/metadata/fit.js';
import {
  type BaseRun,
  checkBaseRun,
  fieldPartsOf,
  fitWithBase,
  marginsOf,
} from '../../packages/workbench/src/train/metadata/index.js';
import { REPO_ROOT } from '../helpers.js';

/** The shipped model's file (its author and title models; the date's columns may be newer than the file's). */
const shipped = fieldPartsOf(readFileSync(join(REPO_ROOT, 'packages/pith/models/metadata.json'), 'utf8'));

function baseRun(keep: ChosenField[], keepMargins: ChosenField[], pages: Record<string, number>): BaseRun {
  return {
    folds: [shipped.fields, shipped.fields],
    final: shipped.fields,
    pages,
    keep,
    keepMargins,
    source: { heldOut: 'folds-2-by-site.json', model: 'model.json', manifest: shipped.manifest },
  };
}

/** A refit: the shipped author's trees with margins of its own, as fitFieldWithBias gives them. */
const refit = (): FieldFit => ({
  model: shipped.fields.author.model,
  noneBias: 0.1,
  rulesBias: 0.05,
  floor: 0.35,
  byPageType: Array.from({ length: 7 }, () => ({ noneBias: 0.1, rulesBias: 0.05, floor: 0.35 })),
});

const names = Object.fromEntries(
  CHOSEN_FIELDS.map((field) => [field, shipped.fields[field].model.featureNames]),
) as Record<ChosenField, readonly string[]>;

describe('a retrain keeping fields from a base run', () => {
  it("reads a model file's fields with their margins, floors and trees (the shipped file)", () => {
    const author = shipped.fields.author;
    assert.ok(author.model.featureNames.includes('author.src.rules'));
    assert.equal(typeof author.noneBias, 'number');
    assert.equal(author.byPageType?.length, 7);
    // The shipped author's floors: one per page type, some types never answered below 1.
    assert.ok(author.byPageType?.some((margins) => (margins.floor ?? 0) > 0));
  });

  it("a kept field is the base's whole: the refit is not even run", () => {
    let refits = 0;
    const fit = fitWithBase(
      'author',
      baseRun(['author', 'title'], [], {}),
      (run) => run.final.author,
      () => {
        refits++;
        return refit();
      },
    );
    assert.equal(refits, 0);
    assert.equal(fit.model, shipped.fields.author.model);
    assert.deepEqual(marginsOf(fit), marginsOf(shipped.fields.author));
  });

  it("a field with kept margins takes the refit's trees and the base's margins and floors", () => {
    const fit = fitWithBase('author', baseRun([], ['author'], {}), (run) => run.folds[1].author, refit);
    assert.equal(fit.model, refit().model);
    assert.deepEqual(marginsOf(fit), marginsOf(shipped.fields.author));
    assert.notDeepEqual(marginsOf(fit), marginsOf(refit()));
  });

  it('a field neither kept nor with kept margins is the refit', () => {
    const fit = fitWithBase('date', baseRun(['author'], ['title'], {}), (run) => run.final.date, refit);
    assert.deepEqual(fit, refit());
  });

  it("refuses a base whose folds are not the run's, page by page", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        (folds, at) => {
          const digests = folds.map((_, page) => `d${page}`);
          const pages = Object.fromEntries(digests.map((digest, page) => [digest, folds[page]]));
          const run = baseRun(['author'], [], pages);
          checkBaseRun(run, digests, Int32Array.from(folds), names);
          const moved = Int32Array.from(folds);
          moved[at % folds.length] = (moved[at % folds.length] + 1) % 5;
          assert.throws(() => checkBaseRun(run, digests, moved, names), /fold/);
          // A page the base never saw.
          assert.throws(
            () => checkBaseRun(run, [...digests, 'new'], Int32Array.from([...folds, 0]), names),
            /fold/,
          );
        },
      ),
      { seed: 42 },
    );
  });

  it('refuses to keep a field whose columns changed (a new date column needs the date refitted)', () => {
    const run = baseRun(['date'], [], { d0: 0 });
    const withColumn = { ...names, date: [...names.date, 'date.nearest'] };
    assert.throws(() => checkBaseRun(run, ['d0'], Int32Array.from([0]), withColumn), /columns/);
    // Keeping its margins only is allowed: the trees are refitted on the new columns.
    checkBaseRun(baseRun([], ['date'], { d0: 0 }), ['d0'], Int32Array.from([0]), withColumn);
  });
});
