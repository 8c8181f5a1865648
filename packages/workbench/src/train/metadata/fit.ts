/**
 * Fitting and scoring the metadata model: one gradient-boosted tree model per field over its
 * candidates' rows (src/learn), the likeliest row chosen per page, and the margins the "none" row
 * and the rules' answer get, chosen by cross-validation inside the training pages, for the whole
 * field and per page type (the likeliest by the fold's page-type model).
 *
 * Page types are a feature of every row; they come from page-type models fitted on the same
 * folds (a page's page type is predicted by a model that did not see its site), so that no row
 * reads a page type learnt from its own page's label.
 */
import {
  CHOSEN_FIELDS,
  type ChosenField,
  chosenRow,
  DEFAULT_GBDT_PARAMS,
  type FieldMargins,
  type FieldParts,
  type GbdtModel,
  type GbdtParams,
  likeliestType,
  type MetadataModel,
  type Model,
  makeMetadataModel,
  PAGE_TYPE_NAMES,
  PAGE_TYPES,
  type PageType,
  type PageTypeModel,
  predictPageTypeProbabilities,
  predictProbability,
  RULES_ALWAYS,
  trainGbdt,
  weightedMargins,
} from 'pith/internal';
import { groupedFolds } from '../folds.js';
import { compactTrees, fitPageTypeModel, SHIPPED_FIT } from '../page-type/fit.js';
import type { MetadataPage, MetadataRowSet } from './rows.js';

/**
 * The trees' parameters: few, so that the file loads with the library within its size budget
 * (scripts/check-neutral.mjs; 150 rounds at 0.1 were 57 KiB gzipped and lost nothing by being cut).
 */
export const METADATA_GBDT_PARAMS: Partial<GbdtParams> = {
  rounds: 50,
  learningRate: 0.2,
  maxDepth: 4,
  minSamplesLeaf: 10,
  seed: 1,
};

/** Significant digits of the leaf values written (the file's size; the probabilities move by < 0.001). */
const LEAF_DIGITS = 3;

/** The "none" margins tried. */
export const NONE_BIASES = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5] as const;

/** The margins of the rules' answer tried (RULES_ALWAYS: the rules' answer on that page type). */
export const RULES_BIASES = [0, 0.05, 0.1, 0.2, 0.3, 0.5, RULES_ALWAYS] as const;

/**
 * Fields whose "none" margin is chosen: a page says who wrote it and when only sometimes, and a
 * wrong name or date is worse than none. Every page has a title: it is never left empty for doubt.
 */
export const BIASED_FIELDS: readonly ChosenField[] = ['author', 'date'];

/** A floor no answer reaches (a tree model's probability is a sigmoid, under 1): the field is left empty on that page type. */
export const NEVER = 1;

/**
 * The floors tried (the least probability an answer must have, else the field is empty), for the
 * author and the date (BIASED_FIELDS): on the title a floor cost more right answers than it saved
 * wrong ones (held out, 0.811 → 0.786 right; docs/benchmarks-journal.md).
 */
export const FLOORS = [
  0,
  0.05,
  0.1,
  0.15,
  0.2,
  0.25,
  0.3,
  0.35,
  0.4,
  0.45,
  0.5,
  0.55,
  0.6,
  0.65,
  0.7,
  0.8,
  0.9,
  NEVER,
] as const;

/** The share of a field's pages it may answer wrongly (issue 42's target): the floor is the lowest that keeps under it. */
export const WRONG_SHARE = 0.05;

/** The loss a field's trees learn: a label per row, or a ranking of the page's rows (learn's `groups`). */
export type ChoiceLoss = 'logistic' | 'softmax' | 'pairs';

/** The trainer's choices (its command-line options). */
export interface FitSettings {
  /** The title's loss (the author's and the date's are logistic). */
  titleLoss: ChoiceLoss;
  /** The share of pages the inner folds may answer wrongly, for the author's and the date's floors. */
  wrongShare: number;
  /** The author's and the date's floors: one per page type (chosen together), or one for the field. */
  floorsBy: 'type' | 'field';
  /**
   * The title's margins toward the rules' answer: chosen per page type in the inner folds, or none
   * (the likeliest candidate, as every page has a title).
   */
  titleMargins: 'inner' | 'none';
  /**
   * How many partitions of the training pages by site score them for the author's and the date's
   * margins and floors, pooled: the outer folds, then INNER partitions of other seeds
   * (`innerFoldings`). One partition's choice moves ~10 pages a field with any refit (session 10).
   */
  innerSeeds: number;
  /**
   * Each page type's floor is chosen on its own inner pages plus this many pseudo pages of the
   * field's (its right and wrong answers by floor, scaled): a type of few pages keeps near the
   * field's floor, a type of many its own (0: each type on its own pages alone).
   */
  floorPrior: number;
}

/**
 * The shipped model's: the title's ranking losses did not beat the logistic one beyond the folds'
 * noise; the inner folds aim under the target (0.045 for WRONG_SHARE's 0.05) because the floors
 * they choose miss it by ±0.005 held out (docs/benchmarks-journal.md, "the floors, round 5"); the
 * title's likeliest candidate beat the margins the inner folds chose toward the rules' answer on
 * three fold seeds (round 6): a page type's inner folds are too few to overrule it.
 */
export const DEFAULT_FIT: Readonly<FitSettings> = {
  titleLoss: 'logistic',
  wrongShare: 0.045,
  floorsBy: 'type',
  titleMargins: 'none',
  innerSeeds: 1,
  floorPrior: 0,
};

/** A page's rows of one field with its page-type columns filled. */
export interface PageField {
  rows: Float32Array;
  labels: readonly number[];
  /** The rules' answer's row (the "none" row when they found nothing). */
  rulesRow: number;
  /** The page's likeliest type by its fold's page-type model (PAGE_TYPE_NAMES index). */
  type: number;
  /** The page's type probabilities by its fold's page-type model (PAGE_TYPE_NAMES order). */
  types: ArrayLike<number>;
}

/** Every page's rows, by field, with the page-type columns filled from `pageTypes` (one vector a page). */
export function fieldRows(
  set: MetadataRowSet,
  pageTypes: readonly ArrayLike<number>[],
): Record<ChosenField, PageField[]> {
  const out = {} as Record<ChosenField, PageField[]>;
  for (const field of CHOSEN_FIELDS) {
    const names = set.names[field];
    const width = names.length;
    const columns = PAGE_TYPE_NAMES.map((type) => names.indexOf(`page.type.${type}`));
    const rulesColumn = names.indexOf(`${field}.src.rules`);
    if (rulesColumn < 0) throw new Error(`no ${field}.src.rules feature: the rules' row cannot be found`);
    out[field] = set.pages.map((page, index) => {
      const source = page.fields[field];
      const rows = Float32Array.from(source.rows, (value) => (value === null ? Number.NaN : value));
      const types = pageTypes[index];
      const count = source.labels.length;
      let rulesRow = count - 1;
      for (let row = 0; row < count; row++) {
        columns.forEach((column, k) => {
          rows[row * width + column] = types[k];
        });
        if (rulesRow === count - 1 && row < count - 1 && rows[row * width + rulesColumn] === 1)
          rulesRow = row;
      }
      return { rows, labels: source.labels, rulesRow, type: likeliestType(types), types };
    });
  }
  return out;
}

/** Fits one field's model on some pages' rows. */
export function fitField(
  names: readonly string[],
  pages: readonly PageField[],
  loss: ChoiceLoss = 'logistic',
): Model {
  const width = names.length;
  let count = 0;
  for (const page of pages) count += page.labels.length;
  const features = new Float32Array(count * width);
  const labels: number[] = [];
  const groups: number[] = [];
  let at = 0;
  for (const page of pages) {
    features.set(page.rows, at * width);
    groups.push(at);
    at += page.labels.length;
    for (const label of page.labels) labels.push(label);
  }
  const trained = trainGbdt(
    { features, featureNames: names, labels },
    { ...DEFAULT_GBDT_PARAMS, ...METADATA_GBDT_PARAMS },
    loss === 'logistic' ? {} : { groups, ranking: loss },
  ).model;
  return quantised(compactTrees(trained, features, width));
}

/** Leaf values to LEAF_DIGITS significant digits, gains (importance only) to 2. */
function quantised(model: GbdtModel): GbdtModel {
  const trees = model.trees.map((tree) => ({
    ...tree,
    leafValue: tree.leafValue.map((value) => Number(value.toPrecision(LEAF_DIGITS))),
    gain: tree.gain.map((value) => Number(value.toPrecision(2))),
  }));
  return { ...model, trees };
}

/** Each row's probability of being the page's answer. */
export function rowProbabilities(model: Model, page: PageField): number[] {
  const width = model.featureNames.length;
  return page.labels.map((_, row) => predictProbability(model, page.rows, row * width));
}

/** How a field's answers score: right, wrong (an answer that is not the gold), empty where the gold has one. */
export interface Outcome {
  pages: number;
  right: number;
  wrong: number;
  empty: number;
}

export function outcomeOf(labels: readonly number[], row: number): 'right' | 'wrong' | 'empty' {
  if (labels[row] === 1) return 'right';
  return row === labels.length - 1 ? 'empty' : 'wrong';
}

export function tally(outcomes: readonly ('right' | 'wrong' | 'empty')[]): Outcome {
  const out: Outcome = { pages: outcomes.length, right: 0, wrong: 0, empty: 0 };
  for (const outcome of outcomes) out[outcome]++;
  return out;
}

/** What the margins are chosen for: a right answer counts +1, a wrong one −1, an empty one 0. */
const worth = (outcome: Outcome) => outcome.right - outcome.wrong;

/** A page's held-out probabilities, for choosing the margins. */
export interface ScoredPage {
  probabilities: readonly number[];
  labels: readonly number[];
  rulesRow: number;
  type: number;
  types?: ArrayLike<number>;
}

const rightRows = (scored: readonly ScoredPage[], margins: FieldMargins) =>
  scored.map((page) => page.labels[chosenRow(page.probabilities, page.rulesRow, margins)] === 1);

const outcomesWith = (scored: readonly ScoredPage[], margins: FieldMargins) =>
  tally(scored.map((page) => outcomeOf(page.labels, chosenRow(page.probabilities, page.rulesRow, margins))));

/**
 * How much surer than chance margins must be to overrule the rules: on the pages where they and the
 * rules differ in being right, the pages they win less those they lose must reach this many
 * standard deviations of a fair coin (a sign test). At 0 (right at least as often as the rules in
 * the inner folds), the first model still lost to the rules held out on articles' authors (8 pages of
 * 793) and documentation's titles (2 of 91): a page type's inner folds are too few for a tie.
 */
export const OVERRULE_SIGMAS = 1;

/**
 * The margins that score best on pages' held-out probabilities: among those that beat the rules'
 * answers (`rulesBias` RULES_ALWAYS, always a choice) by OVERRULE_SIGMAS, the best right − wrong;
 * among equals the one nearest the rules' (the largest rules margin), then the smallest "none"
 * margin. `noneBiases`: [0] for the title, which every page has. `copies`: how many times each page
 * is among `scored` (once per inner partition pooled): the sign test counts pages, not copies.
 */
export function bestMargins(
  scored: readonly ScoredPage[],
  noneBiases: readonly number[],
  copies = 1,
): FieldMargins {
  const rulesRight = rightRows(scored, { noneBias: 0, rulesBias: RULES_ALWAYS });
  let best: FieldMargins = { noneBias: 0, rulesBias: RULES_ALWAYS };
  let bestWorth = Number.NEGATIVE_INFINITY;
  for (const rulesBias of [...RULES_BIASES].reverse())
    for (const noneBias of rulesBias === RULES_ALWAYS ? [0] : noneBiases) {
      const margins = { noneBias, rulesBias };
      let wins = 0;
      let losses = 0;
      rightRows(scored, margins).forEach((right, page) => {
        if (right && !rulesRight[page]) wins++;
        if (!right && rulesRight[page]) losses++;
      });
      if ((wins - losses) / copies < OVERRULE_SIGMAS * Math.sqrt((wins + losses) / copies)) continue;
      const outcome = outcomesWith(scored, margins);
      if (worth(outcome) > bestWorth) {
        best = margins;
        bestWorth = worth(outcome);
      }
    }
  return best;
}

/** Page-type models per fold, and each page's probabilities by the model that did not see its fold. */
export function foldPageTypes(
  set: MetadataRowSet,
  fold: Int32Array,
  k: number,
): { models: PageTypeModel[]; probabilities: Float64Array[] } {
  const labelled = set.pages.map((page, index) => ({ page, index }));
  const models: PageTypeModel[] = [];
  const probabilities: Float64Array[] = new Array(set.pages.length);
  for (let f = 0; f < k; f++) {
    const train = labelled
      .filter(({ page, index }) => fold[index] !== f && isPageType(page.pageType))
      .map(({ page }) => ({
        features: page.pageTypeFeatures,
        label: page.pageType as PageType,
        host: page.site,
      }));
    const model = fitPageTypeModel(train, set.pageTypeNames, {
      ...SHIPPED_FIT,
      featureNames: set.pageTypeNames,
    });
    models.push(model);
    set.pages.forEach((page, index) => {
      if (fold[index] === f)
        probabilities[index] = predictPageTypeProbabilities(model, page.pageTypeFeatures);
    });
  }
  return { models, probabilities };
}

function isPageType(value: string | undefined): value is PageType {
  return value !== undefined && (PAGE_TYPES as readonly string[]).includes(value);
}

export type FieldFit = FieldParts & { byPageType: readonly FieldMargins[] };

/**
 * Other partitions of the pages by site than the outer folds (`count` of them, seeds derived from
 * the folds' seed), for pooling inner scorings (FitSettings.innerSeeds): a site's pages, and pages
 * with the same bytes, stay together as in the outer folds.
 */
export function innerFoldings(set: MetadataRowSet, k: number, seed: number, count: number): Int32Array[] {
  const items = set.pages.map((page) => ({
    keys: [`site:${page.site}`, `bytes:${page.digest}`],
    stratum: page.pageType ?? page.dataset,
  }));
  return Array.from({ length: count }, (_, at) => groupedFolds(items, Math.max(k, 2), seed * 1000 + at + 1));
}

/**
 * The training pages scored held out inside them, once per partition: for each of a partition's
 * folds that holds training pages, a model fitted on the other training pages scores them.
 */
export function innerScores(
  names: readonly string[],
  pages: readonly PageField[],
  train: readonly number[],
  partitions: readonly Int32Array[],
  loss: ChoiceLoss = 'logistic',
): ScoredPage[] {
  const scored: ScoredPage[] = [];
  for (const fold of partitions) {
    const inner = [...new Set(train.map((index) => fold[index]))].sort((a, b) => a - b);
    for (const held of inner) {
      const innerModel = fitField(
        names,
        train.filter((index) => fold[index] !== held).map((index) => pages[index]),
        loss,
      );
      for (const index of train)
        if (fold[index] === held) {
          const page = pages[index];
          scored.push({ probabilities: rowProbabilities(innerModel, page), ...page });
        }
    }
  }
  return scored;
}

/** A field's margins and floors: the field's own and one set per page type. */
export type FieldChoice = FieldMargins & { byPageType: readonly FieldMargins[] };

/**
 * The margins and floors chosen on inner scores (`copies` scorings of each training page pooled):
 * the field's own, and one pair per page type; for the author and the date the floors, the
 * field's and the page types' chosen together (each type's shrunk toward the field's by
 * `settings.floorPrior` pseudo pages).
 */
export function fieldChoice(
  field: ChosenField,
  scored: readonly ScoredPage[],
  copies: number,
  settings: Readonly<FitSettings> = DEFAULT_FIT,
): FieldChoice {
  const noneBiases = BIASED_FIELDS.includes(field) ? NONE_BIASES : [0];
  const whole = bestMargins(scored, noneBiases, copies);
  const ofType = PAGE_TYPE_NAMES.map((_, type) => scored.filter((page) => page.type === type));
  const typeMargins = ofType.map((pages) =>
    pages.length === 0 ? whole : bestMargins(pages, noneBiases, copies),
  );
  if (!BIASED_FIELDS.includes(field)) return { ...whole, byPageType: typeMargins };
  // The floors: the field's own (for a page of no known type), and the page types' chosen together.
  const [wholeFloor] = jointFloors([scored], [whole], settings.wrongShare);
  const prior =
    settings.floorPrior > 0
      ? { pages: scored, margins: whole, weight: settings.floorPrior * copies }
      : undefined;
  const floors =
    settings.floorsBy === 'field'
      ? typeMargins.map(() => wholeFloor)
      : jointFloors(ofType, typeMargins, settings.wrongShare, prior);
  return {
    ...whole,
    floor: wholeFloor,
    byPageType: typeMargins.map((margins, type) => ({ ...margins, floor: floors[type] })),
  };
}

/**
 * One field's model on the pages `train` (indices), its margins chosen by cross-validation over
 * the folds those pages are in (each fold's pages predicted by a model fitted on the others), and
 * over each of `extraFoldings` (other partitions of the pages by site, `innerFoldings`) pooled:
 * the field's own, and one pair per page type.
 */
export function fitFieldWithBias(
  field: ChosenField,
  names: readonly string[],
  pages: readonly PageField[],
  train: readonly number[],
  fold: Int32Array,
  settings: Readonly<FitSettings> = DEFAULT_FIT,
  extraFoldings: readonly Int32Array[] = [],
): FieldFit {
  const loss = field === 'title' ? settings.titleLoss : 'logistic';
  const model = fitField(
    names,
    train.map((index) => pages[index]),
    loss,
  );
  if (field === 'title' && settings.titleMargins === 'none') {
    const alone: FieldMargins = { noneBias: 0, rulesBias: 0 };
    return { model, ...alone, byPageType: PAGE_TYPE_NAMES.map(() => alone) };
  }
  const partitions = [fold, ...extraFoldings];
  const scored = innerScores(names, pages, train, partitions, loss);
  return { model, ...fieldChoice(field, scored, partitions.length, settings) };
}

/**
 * The prices of a wrong answer tried, in right answers: each group's floor is the one with the most
 * right − price × wrong, and the price is the lowest whose floors keep the wrong answers under
 * WRONG_SHARE (a Lagrangian relaxation of "most right, wrong under the target").
 */
export const WRONG_PRICES = [1, 1.25, 1.5, 2, 2.5, 3, 4, 6, 10] as const;

/** Right and wrong answers of some pages at each of FLOORS, with margins. */
function floorCounts(pages: readonly ScoredPage[], margins: FieldMargins): [number, number][] {
  return FLOORS.map((floor) => {
    const outcome = tally(
      pages.map((page) =>
        outcomeOf(page.labels, chosenRow(page.probabilities, page.rulesRow, { ...margins, floor })),
      ),
    );
    return [outcome.right, outcome.wrong];
  });
}

/**
 * Pseudo pages every group's floor is also chosen on: `weight` pages answering as `pages` do on
 * average with `margins` (the field's), so that a group of few pages keeps near the field's floor.
 */
export interface FloorPrior {
  pages: readonly ScoredPage[];
  margins: FieldMargins;
  weight: number;
}

/**
 * Floors for groups of pages (the page types), chosen together on their held-out probabilities with
 * their margins: the lowest price of WRONG_PRICES at which every group's best floor leaves at most
 * `wrongShare` of all the pages wrong (the highest price when none does). A group with no page gets 0.
 * The rules' answer is floored like any other: empty is better than wrong (issue 42). With a
 * `prior`, each group's best floor is the best on its pages plus the prior's pseudo pages (the
 * share of wrong answers is still counted on the pages alone).
 */
export function jointFloors(
  groups: readonly (readonly ScoredPage[])[],
  margins: readonly FieldMargins[],
  wrongShare = WRONG_SHARE,
  prior?: FloorPrior,
): number[] {
  // Right and wrong answers per group and floor.
  const counts = groups.map((pages, group) => floorCounts(pages, margins[group]));
  const scale = prior && prior.pages.length > 0 ? prior.weight / prior.pages.length : 0;
  const pseudo = prior && scale > 0 ? floorCounts(prior.pages, prior.margins) : undefined;
  const total = groups.reduce((sum, pages) => sum + pages.length, 0);
  let chosen: number[] = [];
  for (const price of WRONG_PRICES) {
    chosen = counts.map((byFloor, group) => {
      if (groups[group].length === 0) return 0;
      const worthAt = (at: number) => {
        const right = byFloor[at][0] + (pseudo ? scale * pseudo[at][0] : 0);
        const wrong = byFloor[at][1] + (pseudo ? scale * pseudo[at][1] : 0);
        return right - price * wrong;
      };
      let best = 0;
      for (let at = 1; at < byFloor.length; at++) if (worthAt(at) > worthAt(best)) best = at;
      return best;
    });
    const wrong = chosen.reduce((sum, at, group) => sum + counts[group][at][1], 0);
    if (wrong <= wrongShare * total) break;
  }
  return chosen.map((at) => FLOORS[at]);
}

/**
 * The margins a page gets, as the library's choice gives them: its page types' margins weighted
 * by their probabilities, and the field's floor.
 */
export function marginsOfPage(fit: FieldParts, page: { types?: ArrayLike<number> }): FieldMargins {
  return weightedMargins(fit, page.types);
}

/** A metadata model from its three fields' fits. */
export function metadataModelOf(
  fits: Record<ChosenField, FieldFit>,
  manifest: Record<string, unknown>,
  pageType?: unknown,
): MetadataModel {
  return makeMetadataModel(fits, manifest, pageType);
}

export type { MetadataPage };
