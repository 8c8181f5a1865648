/**
 * eval/metrics: scores of an extracted text against a gold standard.
 */

export {
  BAG_OF_WORDS_TYPE_ORDER,
  type BagOfWordsMeans,
  type BagOfWordsReference,
  type BagOfWordsScore,
  type BagOfWordsSummary,
  bagOfWordsReference,
  bagOfWordsTokens,
  scoreBagOfWords,
  scoreBagOfWordsAgainst,
  scoreWcxbPage,
  snippetRate,
  summariseBagOfWords,
  type WcxbPageScore,
} from './bag-of-words.js';
export {
  type BootstrapOptions,
  bootstrap,
  bootstrapMean,
  bootstrapMeans,
  bootstrapShingleScores,
  bootstrapSnippetF1,
  bootstrapSnippetScores,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  type Interval,
  type PairedDifference,
  pairedBootstrap,
  pairedBootstrapMeanDifference,
  quantile,
  type SnippetIntervals,
  seededRandom,
} from './bootstrap.js';
export {
  expectedCalibrationError,
  type KeepPoint,
  keepCurve,
  pearson,
  type ReliabilityBin,
  ranks,
  reliabilityBins,
  spearman,
} from './calibration.js';
export {
  type CuterAccuracy,
  type CuterAccuracyDetails,
  type CuterAccuracyOptions,
  cuterAccuracyDetails,
  cuterAccuracyOfWords,
  scoreCuterAccuracy,
} from './cuter-accuracy.js';
export { charSequence, type LcsOptions, type LcsScore, scoreLcs, scoreLcsSequences } from './lcs.js';
export {
  authorNameSet,
  authorNamesBeyond,
  countMetadataField,
  dayOf,
  goldNamesInside,
  METADATA_FIELDS,
  type MetadataField,
  type MetadataFieldCounts,
  type MetadataFieldScore,
  type MetadataGoldValues,
  type MetadataScores,
  type MetadataValues,
  normaliseMetadataText,
  sameAuthorNames,
  scoreMetadata,
} from './metadata.js';
export { type MatchBlock, SequenceMatcher, type SequenceMatcherOptions } from './sequence-matcher.js';
export {
  DEFAULT_SHINGLE_SIZE,
  type ShingleScore,
  type ShingleSummary,
  scoreShingleCounts,
  scoreShingles,
  shingleCounts,
  shingleTokens,
  summariseShingles,
} from './shingles.js';
export {
  countSnippets,
  normaliseSnippetText,
  type SnippetCounts,
  type SnippetGold,
  type SnippetScores,
  snippetScores,
  sumSnippetCounts,
} from './snippets.js';
export { gzipSize, type SpaceSavings, spaceSavings } from './space-savings.js';
export {
  type NormaliseOptions,
  normaliseWords,
  scoreWordArrays,
  scoreWordSequence,
  summariseWordSequence,
  WORD_SEQUENCE_SPECIAL_CASES,
  type WordSequenceOptions,
  type WordSequenceScore,
  type WordSequenceSpecialCase,
  type WordSequenceSummary,
} from './word-sequence.js';
