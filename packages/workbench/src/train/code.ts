/**
 * The room's shared files: every model depends on them (folds, provenance, manifests, the
 * trainer API), so every model's code list starts with them.
 */
export const TRAINING_ROOM_CODE: readonly string[] = [
  'packages/workbench/src/train/code.ts',
  'packages/workbench/src/train/datasets.ts',
  'packages/workbench/src/train/dev-pages.ts',
  'packages/workbench/src/train/folds.ts',
  'packages/workbench/src/train/held-out.ts',
  'packages/workbench/src/train/manifest.ts',
  'packages/workbench/src/train/model-file.ts',
  'packages/workbench/src/train/provenance.ts',
  'packages/workbench/src/train/trainer.ts',
];

/**
 * What a model scored through the bench depends on besides its own folder: the extractors and
 * what they read, the bench that scores its held-out models (src/eval, src/quality), the
 * library's door and the lock file (the parser's and decoder's packages).
 */
export const SCORED_EXTRACTION_CODE: readonly string[] = [
  'packages/pith/src/extractors',
  'packages/pith/src/features',
  'packages/pith/src/dom',
  'packages/pith/src/input',
  'packages/pith/src/layout',
  'packages/pith/src/learn',
  'packages/pith/src/metadata',
  'packages/pith/src/page-types.ts',
  'packages/pith/src/format',
  'packages/workbench/src/eval',
  'packages/pith/src/quality',
  'packages/pith/src/index.ts',
  'packages/pith/src/extract-options.ts',
  'packages/pith/src/errors.ts',
  'packages/pith/src/base64.ts',
  'packages/pith/src/model-files.ts',
  'packages/pith/src/model-packing.ts',
  'packages/tools/src/model-files.ts',
  // The thread pool the bench's runs (eval/runs) use.
  'packages/tools/src/thread-pool.ts',
  'packages/tools/src/thread-host.ts',
  'packages/pith/src/random.ts',
  'packages/pith/src/version.ts',
  'package-lock.json',
];
