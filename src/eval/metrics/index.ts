/**
 * eval/metrics: scores of an extracted text against a gold standard.
 */
export {
  type BootstrapOptions,
  bootstrap,
  bootstrapMean,
  bootstrapMeans,
  bootstrapSnippetF1,
  bootstrapSnippetScores,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  type Interval,
  quantile,
  type SnippetIntervals,
  seededRandom,
} from './bootstrap.js';
export { type MatchBlock, SequenceMatcher, type SequenceMatcherOptions } from './sequence-matcher.js';
export {
  countSnippets,
  normaliseSnippetText,
  type SnippetCounts,
  type SnippetGold,
  type SnippetScores,
  snippetScores,
  sumSnippetCounts,
} from './snippets.js';
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
