/**
 * train/: the training room. Every learned model pith ships is built here, by one command
 * (`pith train NAME`, one per model: trainers.ts), deterministically, with a manifest that says how
 * (datasets and page counts, the command, the date, pith's version and the commit of the code
 * the model depends on, the options, the held-out figures).
 *
 * Shared by every model: cross-validation folds that keep a site's pages together (folds.ts),
 * provenance and manifests (provenance.ts, manifest.ts), writing model files whole
 * (model-file.ts), held-out files the bench scores (held-out.ts). One folder per model:
 * density/, blocks/, mss/, page-type/. A new model (an extractor's trainer) gets a folder that
 * uses these, a `Trainer` entry in trainers.ts, and so its `pith train NAME` command.
 */
export * from './blocks/index.js';
export * from './choice/index.js';
export { resolveDatasets, trainingListOptions } from './datasets.js';
export * from './density/index.js';
export {
  type PendingPage,
  type PendingPagesOptions,
  pendingDevPages,
  readPageLines,
  writtenKeys,
} from './dev-pages.js';
export { type GroupedItem, groupedFolds, groupItems, shuffle, shuffled, stratifiedFolds } from './folds.js';
export { type HeldOutFigure, type HeldOutPlan, scoreHeldOut, writeHeldOut } from './held-out.js';
export { type ManifestDataset, type ModelManifest, manifestCode } from './manifest.js';
export * from './metadata/index.js';
export { writeModelFile } from './model-file.js';
export * from './mss/index.js';
export * from './page-type/index.js';
export {
  CODE_ROOT,
  type CodeProvenance,
  codeHash,
  codeProvenance,
  commandLine,
  quoteArgument,
} from './provenance.js';
export * from './quality/index.js';
export {
  collect,
  keyValue,
  shareInUnitInterval,
  type TrainContext,
  type Trainer,
  type TrainerOption,
  type TrainOutcome,
  wholeNumber,
} from './trainer.js';
export { TRAINERS } from './trainers.js';
