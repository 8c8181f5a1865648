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
