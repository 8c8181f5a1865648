/**
 * train/choice: the default extractor's choice among its candidate selections (issue 37,
 * `pith train choice`): the page lines (pages.ts), the held-out choices and the model
 * (train.ts), the manifest and the report (here). See docs/algorithms/default.md,
 * "Candidates and choice".
 */
import { writeFile } from 'node:fs/promises';
import {
  CANDIDATE_NAMES,
  CHOICE_FEATURE_NAMES,
  CHOICE_MODEL_FORMAT,
  CHOICE_MODEL_VERSION,
  type ChoiceModelFile,
  pith,
  serializeModel,
} from 'pith/internal';
import { expectedCalibrationError, reliabilityBins, spearman } from '../../eval/index.js';
import { SCORED_EXTRACTION_CODE, TRAINING_ROOM_CODE } from '../code.js';
import { manifestCode } from '../manifest.js';
import { readChoicePages } from './pages.js';
import {
  CHOICE_TRAINING_PARAMS,
  type ChoiceTarget,
  calibrationOf,
  choiceFolds,
  heldOutChoices,
  setChoiceTarget,
  trainChoiceModel,
  usablePage,
} from './train.js';

export {
  chooseFavorSwitch,
  FAVOR_FAMILIES,
  FAVOR_GRID,
  type FavorFamily,
  type FavorPage,
  favorGain,
  tuneFavorSwitch,
} from './favor-switch.js';
export {
  CHOICE_DATASETS,
  type ChoicePageLine,
  type CollectOptions,
  collectChoicePages,
  readChoicePages,
} from './pages.js';
export {
  CHOICE_TRAINING_PARAMS,
  choiceFolds,
  type HeldOutChoice,
  heldOutChoices,
  siteFoldHash,
  usablePage,
} from './train.js';

/** The code the choice depends on (repository paths). */
export const CHOICE_MODEL_CODE: readonly string[] = [
  ...TRAINING_ROOM_CODE,
  'packages/workbench/src/train/choice',
  ...SCORED_EXTRACTION_CODE,
];

export interface TrainChoiceOptions {
  pages: readonly string[];
  datasets: readonly string[];
  folds: number;
  params: Record<string, number>;
  target?: ChoiceTarget;
  choicesOut?: string;
  command: string;
  log?: (message: string) => void;
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function trainChoice(options: TrainChoiceOptions): Promise<{ text: string; report: string }> {
  const log = options.log ?? (() => {});
  const all = readChoicePages(options.pages).filter((line) => options.datasets.includes(line.dataset));
  const lines = all.filter(usablePage);
  log(`${lines.length} pages (${all.length - lines.length} without a usable score or features left out)`);
  const k = options.folds;
  setChoiceTarget(options.target ?? 'f1');
  const params = { ...CHOICE_TRAINING_PARAMS, ...options.params };
  const folds = choiceFolds(lines, k);
  const { choices, chosenRaw } = heldOutChoices(lines, folds, k, params, log);
  const perDataset = new Map<string, { pages: number; balanced: number; choice: number }>();
  for (const choice of choices) {
    const entry = perDataset.get(choice.dataset) ?? { pages: 0, balanced: 0, choice: 0 };
    perDataset.set(choice.dataset, entry);
    entry.pages++;
    entry.balanced += choice.balancedF1;
    entry.choice += choice.f1;
  }
  const predicted = choices.map((choice) => choice.quality);
  const observed = choices.map((choice) => choice.f1);
  const quality = {
    spearman: round(spearman(predicted, observed)),
    ece: round(expectedCalibrationError(reliabilityBins(predicted, observed))),
  };
  const figures = Object.fromEntries(
    [...perDataset].map(([name, entry]) => [
      name,
      {
        pages: entry.pages,
        balanced: round(entry.balanced / entry.pages),
        choice: round(entry.choice / entry.pages),
      },
    ]),
  );
  if (options.choicesOut) {
    const pages = Object.fromEntries(choices.map((choice) => [`${choice.dataset}/${choice.id}`, choice]));
    await writeFile(
      options.choicesOut,
      `${JSON.stringify({ scheme: `${k}-fold by site`, pages }, null, 0)}\n`,
    );
    log(`held-out choices: ${options.choicesOut}`);
  }
  log('the model on every page');
  const model = trainChoiceModel(lines, params);
  // The shipped calibration: the held-out estimates of the chosen candidates against their F1.
  const calibration = calibrationOf(chosenRaw, observed);
  const datasetNames = [...new Set(lines.map((line) => line.dataset))];
  const manifest = {
    datasets: datasetNames.map((name) => ({
      name,
      pages: lines.filter((line) => line.dataset === name).length,
    })),
    command: options.command,
    ...manifestCode(CHOICE_MODEL_CODE, pith.version),
    options: { params, folds: k, scheme: `${k}-fold by site (the block model's folds; stacking)` },
    evaluation: { heldOut: { perDataset: figures, quality } },
  };
  const file: ChoiceModelFile = {
    format: CHOICE_MODEL_FORMAT,
    version: CHOICE_MODEL_VERSION,
    manifest,
    candidates: [...CANDIDATE_NAMES],
    features: [...CHOICE_FEATURE_NAMES],
    model: JSON.parse(serializeModel(model, { binEdges: false })),
    calibration: { x: calibration.x.map((x) => round(x, 6)), y: calibration.y.map((y) => round(y, 6)) },
  };
  const report = [
    `Held out (${k}-fold by site), mean per-page F1 in each dataset's metric:`,
    '',
    '| dataset | pages | balanced | choice |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(figures).map(([name, f]) => `| ${name} | ${f.pages} | ${f.balanced} | ${f.choice} |`),
    '',
    `Quality (the chosen candidate's calibrated estimate): pooled Spearman ${quality.spearman}, ECE ${quality.ece}.`,
  ].join('\n');
  return { text: `${JSON.stringify(file)}\n`, report: `${report}\n` };
}
