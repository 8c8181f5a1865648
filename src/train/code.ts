/**
 * The room's shared files: every model depends on them (folds, provenance, manifests, the
 * trainer API), so every model's code list starts with them.
 */
export const TRAINING_ROOM_CODE: readonly string[] = [
  'src/train/code.ts',
  'src/train/datasets.ts',
  'src/train/folds.ts',
  'src/train/held-out.ts',
  'src/train/manifest.ts',
  'src/train/model-file.ts',
  'src/train/provenance.ts',
  'src/train/trainer.ts',
];

/**
 * What a model scored through the bench depends on besides its own folder: the extractors and
 * what they read, the bench that scores its held-out models (src/eval, src/quality), the
 * library's door and the lock file (the parser's and decoder's packages).
 */
export const SCORED_EXTRACTION_CODE: readonly string[] = [
  'src/extractors',
  'src/features',
  'src/dom',
  'src/input',
  'src/layout',
  'src/learn',
  'src/metadata',
  'src/format',
  'src/eval',
  'src/quality',
  'src/index.ts',
  'src/errors.ts',
  'src/base64.ts',
  'src/model-files.ts',
  'src/tools/model-files.ts',
  'src/random.ts',
  'src/version.ts',
  'package-lock.json',
];
