/** Every trainer, in the order `pith train --help` lists them. A new model: one line here. */
import { BLOCKS_TRAINER } from './blocks/trainer.js';
import { CHOICE_TRAINER } from './choice/trainer.js';
import { DENSITY_TRAINER } from './density/trainer.js';
import { METADATA_TRAINER } from './metadata/trainer.js';
import { MSS_TRAINER } from './mss/trainer.js';
import { PAGE_TYPE_TRAINER } from './page-type/trainer.js';
import { QUALITY_TRAINER } from './quality/trainer.js';
import type { Trainer } from './trainer.js';

export const TRAINERS: readonly Trainer[] = [
  BLOCKS_TRAINER,
  CHOICE_TRAINER,
  DENSITY_TRAINER,
  METADATA_TRAINER,
  MSS_TRAINER,
  PAGE_TYPE_TRAINER,
  QUALITY_TRAINER,
];
