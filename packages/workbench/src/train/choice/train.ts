/**
 * Training the choice (issue 37): one row per candidate of every page (the choice's features),
 * labelled with that candidate's F1 in its dataset's metric; gradient-boosted trees on the
 * logistic loss with the F1 as a soft label, each page weighing the same (its rows share one
 * unit of weight). Held out by site in 5 folds that are the block model's own (a page in block
 * fold k got its candidates from the block model that did not see its site, and the choice of
 * fold k is trained on the other folds' pages only: proper stacking); pages of datasets the
 * block model never trained on take their site's fold when the site is in a block fold, else a
 * fold by a hash of the site. The calibration maps the trees' estimate to the mean F1 of
 * held-out candidates with it (isotonic); a fold's calibration is fitted on the other folds'
 * held-out estimates.
 */
import {
  type Calibration,
  CHOICE_FEATURE_NAMES,
  CHOICE_WIDTH,
  calibrate,
  type GbdtModel,
  type GbdtParams,
  guardFooter,
  isotonicFit,
  predictProbability,
  trainGbdt,
} from 'pith/internal';
import type { ChoicePageLine } from './pages.js';

export const CHOICE_TRAINING_PARAMS: Readonly<Partial<GbdtParams>> = {
  rounds: 300,
  learningRate: 0.05,
  maxDepth: 5,
  minSamplesLeaf: 30,
  seed: 1,
};

/** A page the choice can learn from: its balanced candidate was scored and its rows are there. */
export function usablePage(line: ChoicePageLine): boolean {
  return (
    line.scores.balanced != null &&
    line.candidates.length > 0 &&
    line.features.length === line.candidates.length * CHOICE_WIDTH
  );
}

/** FNV-1a of a string (a stable fold for a site no block fold holds). */
export function siteFoldHash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The fold of every page (see the module comment). */
export function choiceFolds(lines: readonly ChoicePageLine[], k: number): Int32Array {
  const siteFold = new Map<string, number>();
  for (const line of lines)
    if (line.blockFold >= 0 && !siteFold.has(line.site)) siteFold.set(line.site, line.blockFold);
  return Int32Array.from(lines, (line) =>
    line.blockFold >= 0
      ? line.blockFold
      : (siteFold.get(line.site) ?? siteFoldHash(`pith-choice:${line.site}`) % k),
  );
}

interface Rows {
  features: Float32Array;
  labels: Float64Array;
  weights: Float64Array;
}

/**
 * What the trees learn per candidate: its F1 ('f1'), or its gain over the balanced answer
 * mapped to [0, 1] ('gain': 0.5 + (F1 − balanced F1) / 2), which leaves out what the page's
 * difficulty adds to every candidate alike.
 */
export type ChoiceTarget = 'f1' | 'gain';
let target: ChoiceTarget = 'f1';
export function setChoiceTarget(value: ChoiceTarget): void {
  target = value;
}

function rowsOf(lines: readonly ChoicePageLine[]): Rows {
  const count = lines.reduce((sum, line) => sum + line.candidates.length, 0);
  const features = new Float32Array(count * CHOICE_WIDTH);
  const labels = new Float64Array(count);
  const weights = new Float64Array(count);
  let row = 0;
  for (const line of lines) {
    line.features.forEach((value, index) => {
      features[row * CHOICE_WIDTH + index] = value === null ? Number.NaN : value;
    });
    for (const name of line.candidates) {
      const f1 = line.scores[name]?.f1 ?? 0; // own-keys: a candidate's name, from the line's own list
      const label = target === 'gain' ? 0.5 + (f1 - (line.scores.balanced?.f1 ?? 0)) / 2 : f1;
      labels[row] = Math.min(1, Math.max(0, label));
      weights[row] = 1 / line.candidates.length;
      row++;
    }
  }
  return { features, labels, weights };
}

export function trainChoiceModel(lines: readonly ChoicePageLine[], params: Partial<GbdtParams>): GbdtModel {
  const rows = rowsOf(lines);
  return trainGbdt({ ...rows, featureNames: CHOICE_FEATURE_NAMES }, { ...CHOICE_TRAINING_PARAMS, ...params })
    .model;
}

/** The trees' estimate for every candidate row of `lines`. */
export function estimates(model: GbdtModel, lines: readonly ChoicePageLine[]): Float64Array[] {
  return lines.map((line) => {
    const values = Float32Array.from(line.features, (value) => (value === null ? Number.NaN : value));
    return Float64Array.from(line.candidates, (_, index) =>
      predictProbability(model, values, index * CHOICE_WIDTH),
    );
  });
}

/** The index of the highest estimate (the first on a tie). */
export function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let index = 1; index < values.length; index++) if (values[index] > values[best]) best = index;
  return best;
}

export interface HeldOutChoice {
  dataset: string;
  id: string;
  fold: number;
  candidate: string;
  /** The calibrated estimate of the chosen candidate's F1 (the result's quality). */
  quality: number;
  /** Its F1 and the balanced candidate's. */
  f1: number;
  balancedF1: number;
  /** How far the chosen candidate's estimate is above the balanced one's. */
  margin: number;
}

export function calibrationOf(raw: readonly number[], f1: readonly number[]): Calibration {
  const fit = isotonicFit(raw, f1);
  return { x: fit.x, y: fit.y };
}

/**
 * Held-out choices: fold k's model trained on the other folds' pages, the calibration of fold k
 * fitted on the other folds' held-out estimates.
 */
export function heldOutChoices(
  lines: readonly ChoicePageLine[],
  folds: Int32Array,
  k: number,
  params: Partial<GbdtParams>,
  log: (message: string) => void = () => {},
): { choices: HeldOutChoice[]; raw: Float64Array[]; chosenRaw: number[] } {
  const raw: Float64Array[] = new Array(lines.length);
  for (let fold = 0; fold < k; fold++) {
    const train = lines.filter((_, index) => folds[index] !== fold);
    const test = lines
      .map((line, index) => [line, index] as const)
      .filter(([, index]) => folds[index] === fold);
    log(`choice fold ${fold + 1} of ${k}: ${train.length} pages to train, ${test.length} held out`);
    const model = trainChoiceModel(train, params);
    const found = estimates(
      model,
      test.map(([line]) => line),
    );
    test.forEach(([, index], position) => {
      raw[index] = found[position];
    });
  }
  const chosen = raw.map((values, page) =>
    guardFooter(
      Float32Array.from(lines[page].features, (v) => (v === null ? Number.NaN : v)),
      values,
      argmax(values),
    ),
  );
  const chosenRaw = chosen.map((index, page) => raw[page][index]);
  // own-keys: a candidate's name, from the line's own list
  const chosenF1 = chosen.map((index, page) => lines[page].scores[lines[page].candidates[index]]?.f1 ?? 0);
  const choices = lines.map((line, page) => {
    return {
      dataset: line.dataset,
      id: line.id,
      fold: folds[page],
      candidate: line.candidates[chosen[page]],
      quality: chosenRaw[page],
      f1: chosenF1[page],
      balancedF1: line.scores.balanced?.f1 ?? 0,
      margin: chosenRaw[page] - raw[page][0],
    };
  });
  // Calibrate each fold's estimates with a map fitted on the other folds' held-out estimates.
  for (let fold = 0; fold < k; fold++) {
    const xs: number[] = [];
    const ys: number[] = [];
    choices.forEach((choice, page) => {
      if (choice.fold === fold) return;
      xs.push(chosenRaw[page]);
      ys.push(chosenF1[page]);
    });
    const map = calibrationOf(xs, ys);
    for (const choice of choices) if (choice.fold === fold) choice.quality = calibrate(map, choice.quality);
  }
  return { choices, raw, chosenRaw };
}
