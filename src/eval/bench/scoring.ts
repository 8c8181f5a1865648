/**
 * Scores one extracted text against one page's gold with every metric the gold
 * allows: text gold → word sequence (seed 002), bag of words (WCXB), 4-token
 * shingles (article-extraction benchmark), LCS recall and edit-distance ratio
 * (seed 000), CUTER's accuracy and noise (seed 001); snippet gold → trafilatura's
 * counts and WCXB's snippet rates; every page → space savings (seed 000). A failed extraction (`null`) is scored as an empty text
 * (trafilatura: "a crash counts as no text").
 */
import { applyRetrievedTransform, type Gold, type RetrievedTransform } from '../datasets/types.js';
import { type BagOfWordsScore, scoreBagOfWords, snippetRate } from '../metrics/bag-of-words.js';
import { type CuterAccuracy, scoreCuterAccuracy } from '../metrics/cuter-accuracy.js';
import { type LcsScore, scoreLcs } from '../metrics/lcs.js';
import { type ShingleScore, scoreShingles } from '../metrics/shingles.js';
import { countSnippets, type SnippetCounts } from '../metrics/snippets.js';
import { type SpaceSavings, spaceSavings } from '../metrics/space-savings.js';
import { scoreWordSequence, type WordSequenceScore } from '../metrics/word-sequence.js';

export interface ScoringOptions {
  /** Seed 002's non-ASCII removal before the word-sequence metric. */
  removeNonAscii: boolean;
}

export interface PageScores {
  wordSequence?: WordSequenceScore;
  bagOfWords?: BagOfWordsScore & { withRate?: number; withoutRate?: number };
  shingles?: ShingleScore;
  /** trafilatura's per-page snippet counts (case-sensitive, whitespace-normalised). */
  snippets?: SnippetCounts;
  /** LCS recall and edit-distance ratio (seed 000). */
  lcs?: LcsScore;
  /** CUTER's accuracy Y/A and noise (X − Y)/X (seed 001). */
  cuter?: CuterAccuracy;
  /** Space savings of the extracted text against the page, raw and gzip (seed 000, Table 4). */
  spaceSavings?: SpaceSavings;
}

export interface ScoredPage {
  gold: Gold;
  html: Uint8Array;
  retrievedTransform?: RetrievedTransform;
}

/** Every applicable score of `text` (null = failed extraction) against the page's gold. */
export function scorePage(page: ScoredPage, text: string | null, options: ScoringOptions): PageScores {
  const scores: PageScores = {};
  const extracted = applyRetrievedTransform(text ?? '', page.retrievedTransform);
  const { gold } = page;
  if (gold.text !== undefined) {
    scores.wordSequence = scoreWordSequence(extracted, gold.text, { removeNonAscii: options.removeNonAscii });
    const bag: PageScores['bagOfWords'] = scoreBagOfWords(extracted, gold.text);
    if (gold.snippets) {
      bag.withRate = snippetRate(extracted, gold.snippets.with);
      bag.withoutRate = snippetRate(extracted, gold.snippets.without);
    }
    scores.bagOfWords = bag;
    scores.shingles = scoreShingles(extracted, gold.text);
    scores.lcs = scoreLcs(extracted, gold.text);
    scores.cuter = scoreCuterAccuracy(extracted, gold.text);
  }
  if (gold.snippets) scores.snippets = countSnippets(gold.snippets, text);
  scores.spaceSavings = spaceSavings(page.html, text ?? '');
  return scores;
}
