/**
 * Scores one extracted text against one page's gold with every metric the gold
 * allows: text gold → word sequence (seed 002), bag of words (WCXB), 4-token
 * shingles (article-extraction benchmark), LCS recall and edit-distance ratio
 * (seed 000, over words), CUTER's accuracy and noise (seed 001); snippet gold →
 * trafilatura's counts and WCXB's snippet rates; every page → space savings
 * (seed 000). A failed extraction (`null`) is scored as an empty text
 * (trafilatura: "a crash counts as no text").
 *
 * The gold side of every metric (normalised words, token and shingle counts, the
 * page's gzip size) is computed once per page by {@link prepareGold}; a worker
 * keeps the prepared gold of the pages in flight, so the 11 extractors of a page
 * do not redo it.
 *
 * LCS recall and EDR are taken over words on every page (seed 000 uses characters):
 * one unit for every page and extractor keeps the means comparable, and the
 * bit-parallel passes cost |o|·|m|/32 steps, about 36× fewer over words. On the
 * largest CleanEval page (26,000 words) both measures take about 0.3 s.
 */
import { applyRetrievedTransform, type Gold, type RetrievedTransform } from '../datasets/types.js';
import {
  type BagOfWordsReference,
  type BagOfWordsScore,
  bagOfWordsReference,
  scoreBagOfWordsAgainst,
  snippetRate,
} from '../metrics/bag-of-words.js';
import { type CuterAccuracy, cuterAccuracyOfWords } from '../metrics/cuter-accuracy.js';
import { type LcsScore, scoreLcsSequences, wordSequence } from '../metrics/lcs.js';
import { type ShingleScore, scoreShingleCounts, shingleCounts } from '../metrics/shingles.js';
import { countSnippets, type SnippetCounts } from '../metrics/snippets.js';
import { gzipSize, type SpaceSavings, spaceSavings } from '../metrics/space-savings.js';
import { normaliseWords, scoreWordArrays, type WordSequenceScore } from '../metrics/word-sequence.js';

export interface ScoringOptions {
  /** Seed 002's non-ASCII removal before the word-sequence metric. */
  removeNonAscii: boolean;
  /**
   * The gold holds the headline (L3S-GN1: headline + full text). Extractors give the body
   * as content and the headline as their title; the scorer puts the title back on top of
   * the text when the text does not start with it already.
   */
  headlineInGold?: boolean;
}

/** Letters and digits, lower case: how a text's start is compared with a title. */
function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A first line this short (in letters) is not taken for a headline within the title. */
const MIN_HEADLINE_LETTERS = 12;
/**
 * The text as the scorer reads it for a gold that holds the headline: the extractor's
 * title on top, unless the text already begins with it (the extractor kept it in its
 * body), or its first line is part of the title (a headline whose page `<title>` adds
 * the site's name before or after it, or script text a broken page left in it). A first
 * line that merely reads as a headline is not enough: tried on L3S-GN1, it cost more
 * pages than it saved (cross-validated 0.9557 → 0.9555).
 */
export function withHeadline(text: string | null, title: string | undefined): string | null {
  if (text === null || title === undefined) return text;
  const key = letters(title);
  if (key === '' || letters(text.slice(0, title.length * 2 + 64)).startsWith(key)) return text;
  const lineEnd = text.indexOf('\n');
  const firstLine = lineEnd === -1 ? text : text.slice(0, lineEnd);
  const firstKey = letters(firstLine);
  if (firstKey.length >= MIN_HEADLINE_LETTERS && key.includes(firstKey)) return text;
  return text === '' ? title : `${title}\n\n${text}`;
}

export interface PageScores {
  wordSequence?: WordSequenceScore;
  bagOfWords?: BagOfWordsScore & { withRate?: number; withoutRate?: number };
  shingles?: ShingleScore;
  /** trafilatura's per-page snippet counts (case-sensitive, whitespace-normalised). */
  snippets?: SnippetCounts;
  /** LCS recall and edit-distance ratio (seed 000), over words. */
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

/** The metrics, as named in {@link ScoringHooks.time}. */
export type MetricName =
  | 'word sequence'
  | 'bag of words'
  | 'shingles'
  | 'LCS + EDR'
  | 'CUTER'
  | 'snippets'
  | 'space savings';

/** The gold side of every metric for one page, computed once ({@link prepareGold}). */
export interface PreparedGold {
  readonly page: ScoredPage;
  readonly options: ScoringOptions;
  readonly pageGzipBytes: number;
  readonly text?: {
    /** Seed 002's normalised words, non-ASCII removed when the options say so. */
    readonly sequenceWords: readonly string[];
    /** The same normalisation with non-ASCII kept (CUTER's sizes). */
    readonly cuterWords: readonly string[];
    readonly bag: BagOfWordsReference;
    readonly shingles: ReadonlyMap<string, number>;
    /** Whitespace-separated words (LCS, EDR). */
    readonly lcsWords: readonly string[];
  };
}

export function prepareGold(page: ScoredPage, options: ScoringOptions): PreparedGold {
  const gold = page.gold.text;
  const cuterWords = gold === undefined ? [] : normaliseWords(gold);
  return {
    page,
    options,
    pageGzipBytes: page.html.length > 0 ? gzipSize(page.html) : 0,
    ...(gold === undefined
      ? {}
      : {
          text: {
            sequenceWords: options.removeNonAscii
              ? normaliseWords(gold, { removeNonAscii: true })
              : cuterWords,
            cuterWords,
            bag: bagOfWordsReference(gold),
            shingles: shingleCounts(gold),
            lcsWords: wordSequence(gold),
          },
        }),
  };
}

export interface ScoringHooks {
  /** Called with each metric's time (for profiles; see bench/report/scoring-profile.ts). */
  time?(metric: MetricName, ms: number): void;
}

/** Every applicable score of `text` (null = failed extraction) against a prepared gold. */
export function scorePrepared(
  prepared: PreparedGold,
  text: string | null,
  hooks: ScoringHooks = {},
): PageScores {
  const timed = <T>(metric: MetricName, compute: () => T): T => {
    if (!hooks.time) return compute();
    const started = performance.now();
    const value = compute();
    hooks.time(metric, performance.now() - started);
    return value;
  };
  const scores: PageScores = {};
  const { page, options } = prepared;
  const extracted = applyRetrievedTransform(text ?? '', page.retrievedTransform);
  const { gold } = page;
  const goldSide = prepared.text;
  if (goldSide) {
    // One normalisation serves both word metrics when non-ASCII is kept.
    const cuterWords = timed('CUTER', () => normaliseWords(extracted));
    scores.wordSequence = timed('word sequence', () =>
      scoreWordArrays(
        options.removeNonAscii ? normaliseWords(extracted, { removeNonAscii: true }) : cuterWords,
        goldSide.sequenceWords,
      ),
    );
    scores.bagOfWords = timed('bag of words', () => {
      const bag: PageScores['bagOfWords'] = scoreBagOfWordsAgainst(extracted, goldSide.bag);
      if (gold.snippets) {
        bag.withRate = snippetRate(extracted, gold.snippets.with);
        bag.withoutRate = snippetRate(extracted, gold.snippets.without);
      }
      return bag;
    });
    scores.shingles = timed('shingles', () =>
      scoreShingleCounts(shingleCounts(extracted), goldSide.shingles),
    );
    scores.lcs = timed('LCS + EDR', () =>
      scoreLcsSequences(wordSequence(extracted), goldSide.lcsWords, 'word'),
    );
    scores.cuter = timed('CUTER', () => {
      const { accuracy, noise } = cuterAccuracyOfWords(cuterWords, goldSide.cuterWords);
      return { accuracy, noise };
    });
  }
  if (gold.snippets) {
    const snippets = gold.snippets;
    scores.snippets = timed('snippets', () => countSnippets(snippets, text));
  }
  scores.spaceSavings = timed('space savings', () =>
    spaceSavings(page.html, text ?? '', prepared.pageGzipBytes),
  );
  return scores;
}

/** Every applicable score of `text` (null = failed extraction) against the page's gold. */
export function scorePage(page: ScoredPage, text: string | null, options: ScoringOptions): PageScores {
  return scorePrepared(prepareGold(page, options), text);
}
