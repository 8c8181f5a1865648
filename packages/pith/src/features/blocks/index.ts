/** Text blocks of a page and their features, for the default extractor's block classifier. */
export { CUE_GROUPS, type CueGroup, cueBit, cueBits, elementCueBits, hasCueWord } from './cues.js';
export {
  BLOCK_FEATURE_NAMES,
  type BlockFeatures,
  blockFeatures,
  type HeuristicHints,
  type PageContext,
  ScratchMatrix,
  wordTokens,
} from './features.js';
export { type BlockLabels, GoldNgrams, goldShare, labelBlocks } from './labels.js';
export { type Blocks, blockText, LANDMARK, LANDMARKS, type Landmark, segmentBlocks } from './segment.js';
