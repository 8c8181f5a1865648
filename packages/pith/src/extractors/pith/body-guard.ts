/**
 * Never a footer for a body (issue 37, item 3), in the default extractor without a learned
 * choice: when the block model's answer is tiny beside the recall mode's (the same probabilities
 * read at a lower threshold) and that reads as a body, the recall mode answers; when the answer is
 * no body at all (under 50 words), the loose mode (the probabilities at 0.2) first, then the
 * recall mode and the heuristic region joined to it, answer if they are a body the answer is tiny
 * beside; an answer that is no prose gives way to a loose mode that is. The guard looks also
 * where the model kept no block (the heuristic region is then the answer). It reads the
 * candidates' choice rows (choice-features.ts), so the bench that scores every candidate applies
 * the very same rule to its rows (bench/misses/body-missed.ts). What was measured and left out
 * (the region beside a longer answer, the JSON-LD body, the paragraph scorer; footer cues as a
 * trigger; a "no body" reason code; the loose mode beside a longer answer):
 * docs/algorithms/default.md, "Body guard", and docs/benchmarks-journal.md.
 */
import { CHOICE_COLUMNS, CHOICE_WIDTH } from './choice-features.js';
import { TEXT_FEATURE_NAMES } from './text-features.js';

/** The candidates the guard may answer with, in the order it tries them. */
export const BODY_CANDIDATES = ['recall', 'union', 'loose', 'paragraphs'] as const;

/** A body has at most this share of its words in footers (landmark or cue) or cookie notices… */
const BODY_FOOTER_SHARE = 0.3;
/** …this share of its words in blocks that end a sentence… */
const BODY_SENTENCE_SHARE = 0.3;
/**
 * …or this share, for the region joined to an answer that is no body at all: WCXB dev 0625's
 * region (a product page, F1 0.15 → 0.67) has 0.28; at 0.2 and at 0 the same pages change (all dev
 * pages: docs/algorithms/default.md, "Body guard").
 */
const UNION_SENTENCE_SHARE = 0.2;
/** …and this many words (the quality's TOO_SHORT bound). */
const MIN_BODY_WORDS = 50;
/** "Tiny beside the body": under this share of its words. */
const TINY_SHARE = 0.2;
/**
 * The extractor builds a candidate only when the answer is under TINY_SHARE of its words as
 * counted before it is built times this: the post-rules and kept structures move the finished
 * candidate's words a little either way.
 */
const WANTED_SLACK = 1.5;

/**
 * An answer with under this share of its words in blocks that end a sentence is no prose: a
 * card's name and price, a menu, a grid of titles (WCXB dev 3011, 2908: 330 and 127 words of
 * teaser titles beside an article the loose mode holds).
 */
const NOT_PROSE_SHARE = 0.2;
/**
 * Beside an answer that is no prose, a loose mode that is answers at four times its words, not five,
 * and its footer cues over the bound are read again in its text (footerByText): WCXB dev 0614.
 */
const NOT_PROSE_TINY_SHARE = 0.25;
// (0614: 249 words kept, 0.11 prose, 0.73 under footer cues; the loose mode 1,017 words, 0.68 prose,
// 0.89 under the same cues, no footer line in its text; F1 0.20 → 0.56. Written from that page alone:
// held out on the seven sets no other page changed, docs/benchmarks-journal.md, s37-loose.)

/**
 * "Small beside a body that is prose", where the answer is no body at all (under MIN_BODY_WORDS):
 * under this share of the loose mode's words (`looseNear`). WCXB dev 0605 (40 words kept, the loose
 * mode 148, 0.77 of them prose: 3.7 times) and 4168 (45 and 218: 4.8 times) were held by the fifth;
 * CleanEval 375 (33 and 91, 2.8 times) too. The prose bound keeps the short right answers whose loose
 * mode is a list of links or titles (WCXB dev 3039: 39 words beside 140, 0.09 prose; 4760: 18 beside
 * 60, none).
 */
const NEAR_SHARE = 0.4;
/**
 * …and a loose mode with at most this share of its words under boilerplate cues (navigation,
 * sidebar, share, related, ad, newsletter): at a growth under five the words it adds must not be
 * the page's rails. trafilatura-eval seelenradio.de.leo (a right answer of 49 words beside a loose
 * mode of share and related-post text, 0.7 of it under such cues; session 6 saw it go down at a
 * growth of 3.3) is kept so; WCXB dev 0605's loose mode has 0.35.
 */
const NEAR_BOILERPLATE_SHARE = 0.5;

/**
 * looseGrown looks beside a short answer that is a body (MIN_BODY_WORDS up to this many words): a
 * part of the body, where the loose mode at 2.5 times holds the rest (WCXB dev 0562, a forum).
 */
const SHORT_ANSWER_WORDS = 300;
/**
 * …and only where the recall mode (the model at 0.3) has at least this many times the answer's
 * words: the model's own evidence grows toward the loose mode. Written before looking at more pages,
 * from session 15's run C (s37-missed2): beside answers under 300 words the loose mode took a right
 * precise answer down (newspaper-fulltext slate.com2: 185 words, recall 1.00, beside 561; WCXB dev
 * 0546), and there the recall mode was 1.3–1.4 times the answer, 1.8–3.5 times on the pages it took up.
 */
const RECALL_GROWTH = 1.5;

/**
 * `looseLong`: beside a long answer (SHORT_ANSWER_WORDS or more), a loose mode of at least twice its
 * words (the answer under this share of them) answers where the recall mode grows too (RECALL_GROWTH)
 * and the loose mode is at least as much prose as the answer: the model read one part of a long body
 * and dropped the rest under 0.5 (a blog post's readers' comments, which CleanEval's gold keeps; a
 * story's second half). Written from CleanEval 104 (1,904 words kept, 0.13 prose; the loose mode 3.1 ×,
 * 0.57 prose), 563 (2,812; 2.0 ×, 0.90 against 0.86) and 615 (352; 2.2 ×, 0.74 against 0.64), in the
 * scan of every CleanEval and L3S-GN1 page's candidates (docs/benchmarks-journal.md, s37-clean3).
 */
const LONG_SHARE = 0.5;

/**
 * `paragraphsGrown`: beside a short answer that is a body, the paragraph scorer's element (candidates.ts,
 * `paragraphBlocks`) answers at 2.5 times its words (NEAR_SHARE) where the recall mode grows
 * (RECALL_GROWTH) and it holds at least this share of the answer's words: the model kept one part of
 * a body whose lists and short lines it read under 0.5, and the element that holds the answer's
 * paragraphs holds the rest (WCXB dev 4020, a tutorial's 112 words of 1,027; trafilatura-eval
 * livenet.ch, 104 words of an essay). Where its element holds other text (a page's comments, another
 * story: L3S-GN1 f5a46a81), the answer is not in it.
 */
const HOLDS_ANSWER_SHARE = 0.8;

/**
 * When a rule looks: an answer that is no body (under MIN_BODY_WORDS), no prose, a short body
 * (MIN_BODY_WORDS to SHORT_ANSWER_WORDS), a long one, or any answer.
 */
type GuardWhen = 'noBody' | 'notProse' | 'short' | 'long' | 'any';

/**
 * The guard's rules, in the order they are tried: the candidate, when it looks, and the share of
 * its words in sentences that makes it prose.
 * - `looseFirst`: where the answer is no body at all, the loose mode goes first, and needs no prose:
 *   the recall mode, tried first before, was itself a fifth of the body there (WCXB dev 2923: 4 words
 *   kept, the recall mode 388 words, recall 0.06; the loose mode 3,800, recall 0.55; 0631;
 *   trafilatura-eval livenet.ch), and a body missed by the model at 0.5 is often a listing or a
 *   lyric set in short lines, not sentences (CleanEval 750, WCXB 2907, 0638).
 * - `notProse`: an answer of any length that is no prose, under a quarter of a loose mode that is (its
 *   footer cues over the bound read again in its text, as looseFirst's: WCXB dev 0614).
 */
const GUARD_RULES: readonly {
  name: (typeof BODY_CANDIDATES)[number];
  when: GuardWhen;
  sentenceShare: number;
  rule: string;
  /** The answer's words must be under this share of the candidate's (TINY_SHARE unless given). */
  share?: number;
  /** Footer cues over the bound are read again in the candidate's text (footerByText). */
  footerText?: boolean;
  /** At most this share of the candidate's words under boilerplate cues. */
  boilerplate?: number;
  /** The recall mode must have at least this many times the answer's words. */
  recallGrowth?: number;
  /** The candidate's sentence share must be at least the answer's (looseLong). */
  proseOverAnswer?: boolean;
  /** The candidate must hold at least this share of the answer's words (paragraphsGrown). */
  holdsAnswer?: number;
  /**
   * The extractor lets the listing profile answer before this rule (`yieldsToListing`): beside a
   * short answer a listing's repeated items are the surer body (WCXB dev 4437).
   */
  yieldsToListing?: boolean;
}[] = [
  { name: 'loose', when: 'noBody', sentenceShare: 0, rule: 'looseFirst', footerText: true },
  { name: 'recall', when: 'any', sentenceShare: BODY_SENTENCE_SHARE, rule: 'recall' },
  { name: 'union', when: 'noBody', sentenceShare: UNION_SENTENCE_SHARE, rule: 'union' },
  {
    name: 'loose',
    when: 'notProse',
    sentenceShare: BODY_SENTENCE_SHARE,
    rule: 'notProse',
    share: NOT_PROSE_TINY_SHARE,
    footerText: true,
  },
  {
    name: 'loose',
    when: 'noBody',
    sentenceShare: BODY_SENTENCE_SHARE,
    rule: 'looseNear',
    share: NEAR_SHARE,
    boilerplate: NEAR_BOILERPLATE_SHARE,
    yieldsToListing: true,
  },
  {
    name: 'loose',
    when: 'short',
    sentenceShare: BODY_SENTENCE_SHARE,
    rule: 'looseGrown',
    share: NEAR_SHARE,
    boilerplate: NEAR_BOILERPLATE_SHARE,
    recallGrowth: RECALL_GROWTH,
    yieldsToListing: true,
  },
  {
    name: 'loose',
    when: 'long',
    sentenceShare: BODY_SENTENCE_SHARE,
    rule: 'looseLong',
    share: LONG_SHARE,
    boilerplate: NEAR_BOILERPLATE_SHARE,
    recallGrowth: RECALL_GROWTH,
    proseOverAnswer: true,
    yieldsToListing: true,
  },
  {
    name: 'union',
    when: 'noBody',
    sentenceShare: UNION_SENTENCE_SHARE,
    rule: 'unionNear',
    share: NEAR_SHARE,
    boilerplate: NEAR_BOILERPLATE_SHARE,
    yieldsToListing: true,
  },
  {
    name: 'paragraphs',
    when: 'short',
    sentenceShare: BODY_SENTENCE_SHARE,
    rule: 'paragraphsGrown',
    share: NEAR_SHARE,
    recallGrowth: RECALL_GROWTH,
    holdsAnswer: HOLDS_ANSWER_SHARE,
    yieldsToListing: true,
  },
];

/** Whether the guard's rule (`BodyGuardOutcome.rule`) lets the listing profile answer before it. */
export function yieldsToListing(rule: string | undefined): boolean {
  return GUARD_RULES.some((entry) => entry.rule === rule && entry.yieldsToListing === true);
}

export interface BodyGuardOutcome {
  /** Index of the candidate that answers (0: the block model's own answer stays). */
  chosen: number;
  /** The rule that answered (GUARD_RULES' names), where one did. */
  rule?: string;
}

const tinyBeside = (answerWords: number, bodyWords: number, slack = 1, share = TINY_SHARE) =>
  answerWords < share * slack * bodyWords && bodyWords >= MIN_BODY_WORDS;

/**
 * Which candidates the guard may answer with, from what the extractor has before building any:
 * the answer's words, the words of the blocks at or above the recall and loose thresholds, and
 * the heuristic region's words (the union with the answer has at most the two together).
 */
export function guardWanted(
  answerWords: number,
  words: { recall: number; loose: number; region: number },
): { recall: boolean; union: boolean; loose: boolean; paragraphs: boolean } {
  const noBody = answerWords < MIN_BODY_WORDS;
  const short = !noBody && answerWords < SHORT_ANSWER_WORDS;
  const long = answerWords >= SHORT_ANSWER_WORDS;
  // looseGrown reads the loose mode at looseNear's share beside a short answer, and the recall
  // mode's words beside it (with the slack: the finished candidate's words move a little).
  const grown =
    short &&
    tinyBeside(answerWords, words.loose, WANTED_SLACK, NEAR_SHARE) &&
    words.recall * WANTED_SLACK >= RECALL_GROWTH * answerWords;
  // looseLong: the same beside a long answer, the loose mode at twice its words, read without the
  // slack (a long answer's candidates move little in the post-rules, and at the slack the two
  // candidates were built on ~9 % of WCXB dev's pages: extractor CPU 1.07 ×).
  const grownLong =
    long &&
    tinyBeside(answerWords, words.loose, 1, LONG_SHARE) &&
    words.recall >= RECALL_GROWTH * answerWords;
  // paragraphsGrown reads the paragraph scorer's element beside a short body where the recall mode grows,
  // read without the slack (the recall blocks' words are never under the answer's: with it, every
  // page would score the paragraphs). Its words are known only once it is scored (paragraphsWanted);
  // the extractor builds the recall mode for it then.
  const paragraphs = short && words.recall >= RECALL_GROWTH * answerWords;
  return {
    recall: tinyBeside(answerWords, words.recall, WANTED_SLACK) || grown || grownLong,
    // unionNear reads the region joined to the answer at looseNear's share.
    union: noBody && tinyBeside(answerWords, words.region + answerWords, WANTED_SLACK, NEAR_SHARE),
    // Any answer: the notProse rule reads the loose mode beside an answer of any length; where the
    // answer is no body, looseNear reads it at a larger share.
    loose:
      tinyBeside(answerWords, words.loose, WANTED_SLACK, noBody ? NEAR_SHARE : TINY_SHARE) ||
      grown ||
      grownLong,
    paragraphs,
  };
}

/**
 * Whether the extractor builds the paragraph scorer's candidate, from its words as scored (before
 * its post-rules): only where it could be 2.5 times the answer's.
 */
export const paragraphsWanted = (answerWords: number, paragraphWords: number) =>
  tinyBeside(answerWords, paragraphWords, WANTED_SLACK, NEAR_SHARE);

const at = (rows: ArrayLike<number>, index: number, column: number) => rows[index * CHOICE_WIDTH + column];
/**
 * A candidate's words, from its row's log1p(words) stored as a float32: rounded, since a count is
 * whole and the float32 round trip reads 186 words as 186.000009 and 93 as 93.0000117, so that a
 * body of exactly twice the answer's words failed "at least twice" (a fast-check counterexample).
 */
const wordsOf = (rows: ArrayLike<number>, index: number) =>
  Math.round(Math.expm1(at(rows, index, CHOICE_COLUMNS.logWords)));

/**
 * The share of the answer's words candidate `index` holds, from its row's overlap with the answer
 * (an F1 of their kept words per block: overlap = F1 × (a + b) / 2).
 */
function answerHeld(rows: ArrayLike<number>, index: number): number {
  const answer = wordsOf(rows, 0);
  if (answer === 0) return 0;
  return (at(rows, index, CHOICE_COLUMNS.overlapBalanced) * (answer + wordsOf(rows, index))) / 2 / answer;
}

/** The share of candidate `index`'s words in footers (landmark or cue) or cookie notices. */
const footerOf = (rows: ArrayLike<number>, index: number) =>
  Math.max(at(rows, index, CHOICE_COLUMNS.footerShare), at(rows, index, CHOICE_COLUMNS.cookieCueShare));

/**
 * Whether candidate `index` reads as a body: enough words, few in footers, prose. "Few in footers":
 * at most BODY_FOOTER_SHARE, or no more than the answer has: where the whole page sits under a
 * footer-named wrapper (WCXB dev 4627: the answer and the loose mode wholly under one), the cue says
 * nothing of the candidate.
 */
function readsAsBody(
  rows: ArrayLike<number>,
  index: number,
  sentenceShare: number,
  textOf?: (index: number) => ArrayLike<number>,
): boolean {
  if (wordsOf(rows, index) < MIN_BODY_WORDS || at(rows, index, CHOICE_COLUMNS.sentenceShare) < sentenceShare)
    return false;
  if (footerOf(rows, index) <= Math.max(BODY_FOOTER_SHARE, footerOf(rows, 0))) return true;
  return textOf !== undefined && boilerplateTextShare(textOf(index)) <= BODY_TEXT_BOILERPLATE;
}

/**
 * The guard over the candidates' choice rows (`names[i]` is row i's candidate; row 0 the answer).
 * Only per-candidate columns are read (words, sentence share, footer and cookie cues), so it
 * decides the same over any list of candidates that holds the ones it reads.
 * The rules (GUARD_RULES), in order; each needs the answer under a fifth of the candidate's words:
 * - looseFirst: where the answer is no body at all (under MIN_BODY_WORDS), the loose mode, prose or
 *   not (s37-missed: before, the recall mode went first and was a fifth of the body on WCXB 2923, 0631).
 * - The recall mode, when it reads as a body: the block model's own evidence, at a lower threshold.
 * - The heuristic region joined to the answer, only where the answer is no body at all: a short
 *   right answer beside a long region (L3S-GN1 f5a46a81, 281 words of 2,738) is left alone.
 * - notProse: an answer of any length with under NOT_PROSE_SHARE of its words in sentences gives
 *   way to a loose mode that is prose, four times it (NOT_PROSE_TINY_SHARE), its footer cues over the
 *   bound read again in its text (footerByText). Beside a longer answer that is prose the loose mode took a
 *   right one down (newspaper-fulltext lifebuzz.com1, 0.50 → 0.24), hence the answer's prose bound.
 * - looseNear: where the answer is no body at all, a loose mode that is prose, and not mostly
 *   under boilerplate cues, answers at under NEAR_SHARE, not a fifth (WCXB dev 0605, 4168). It is
 *   tried last, and the extractor lets the listing profile answer before it (WCXB dev 4437: a
 *   listing's 17 items, F1 0.79, where the loose mode has 0.78).
 * - looseGrown: beside a short answer that is a body (50 to 299 words), the same loose mode at the
 *   same share, where the recall mode has at least RECALL_GROWTH times the answer's words (the
 *   model's own evidence at 0.3 grows toward the loose mode; a precise right answer's does not).
 * - looseLong: beside a long answer (300 words or more), the loose mode at twice its words (LONG_SHARE),
 *   on looseGrown's other terms, where it is at least as much prose as the answer (CleanEval 104, 563,
 *   615: a blog's comments or a story's second half the model read under 0.5).
 * - unionNear: where the answer is no body at all, the region joined to it at looseNear's share
 *   (CleanEval 724, a 404 page: 12 words kept, the region with them 58, the gold's 55).
 * - paragraphsGrown: beside a short answer that is a body (looseGrown's band), the paragraph scorer's
 *   element at looseNear's share where the recall mode grows and the element holds HOLDS_ANSWER_SHARE
 *   of the answer's words (WCXB dev 4020; trafilatura-eval livenet.ch). Beside a long answer it took
 *   right ones down with the shipped model (WCXB dev 4694, 0578, in sample: the element held the
 *   answer and a page's reviews or more posts).
 * A candidate reads as a body with no more footer than BODY_FOOTER_SHARE or than the answer has;
 * for looseFirst and notProse, when `textOf` is given (the extractor's: the candidate's text features, read only
 * here), also with more, where its text has at most BODY_TEXT_BOILERPLATE of its words in
 * boilerplate lines (footerByText: WCXB dev 1371, a shop's shoes under `section-bottom`, whose
 * loose mode has 0.83 of its words under the footer cue and no contact, copyright, cookie or
 * navigation line).
 */
export function guardBody(
  rows: ArrayLike<number>,
  names: readonly string[],
  textOf?: (index: number) => ArrayLike<number>,
): BodyGuardOutcome {
  const answerWords = wordsOf(rows, 0);
  const looks: Record<GuardWhen, boolean> = {
    any: true,
    noBody: answerWords < MIN_BODY_WORDS,
    notProse: at(rows, 0, CHOICE_COLUMNS.sentenceShare) < NOT_PROSE_SHARE,
    short: answerWords >= MIN_BODY_WORDS && answerWords < SHORT_ANSWER_WORDS,
    long: answerWords >= SHORT_ANSWER_WORDS,
  };
  const answerProse = at(rows, 0, CHOICE_COLUMNS.sentenceShare);
  const recall = names.indexOf('recall');
  const recallWords = recall > 0 ? wordsOf(rows, recall) : 0;
  for (const {
    name,
    when,
    sentenceShare,
    rule,
    share,
    footerText,
    boilerplate = 1,
    recallGrowth,
    proseOverAnswer,
    holdsAnswer,
  } of GUARD_RULES) {
    const index = names.indexOf(name);
    if (
      index > 0 &&
      looks[when] &&
      (recallGrowth === undefined || recallWords >= recallGrowth * answerWords) &&
      (proseOverAnswer !== true || at(rows, index, CHOICE_COLUMNS.sentenceShare) >= answerProse) &&
      (holdsAnswer === undefined || answerHeld(rows, index) >= holdsAnswer) &&
      tinyBeside(answerWords, wordsOf(rows, index), 1, share) &&
      at(rows, index, CHOICE_COLUMNS.boilerplateCueShare) <= boilerplate &&
      readsAsBody(rows, index, sentenceShare, footerText ? textOf : undefined)
    )
      return { chosen: index, rule };
  }
  return { chosen: 0 };
}

/**
 * The footer-text rule, after the guard above leaves the answer: an answer that reads as a site's
 * footer (contact, copyright, cookie and navigation lines, text-features.ts) but is not tiny beside
 * the body (WCXB dev 0582: a newsletter's 22-word consent line beside the product's 106 words in the
 * recall mode). The candidates' class and landmark cues cannot tell there: on such sites the body
 * sits under the same footer-like wrapper. The recall and loose modes only (the model's own
 * evidence at lower thresholds, the recall mode first): with the heuristic region too, the answer's
 * text would be read on 55 % of the dev pages, not 3.6 % (docs/benchmarks.md, "Body missed").
 */
export const FOOTER_TEXT_CANDIDATES = ['recall', 'loose'] as const;
/** An answer this much boilerplate text reads as a footer (choice.ts's "mostly footer" share). */
const FOOTER_TEXT_SHARE = 0.5;
/** A body has at most this much boilerplate text (BODY_FOOTER_SHARE)… */
const BODY_TEXT_BOILERPLATE = 0.3;
/** …and this many times the answer's words: it must bring the body, not the same footer again. */
const FOOTER_BODY_GROWTH = 2;

const TEXT = Object.fromEntries(TEXT_FEATURE_NAMES.map((name, index) => [name, index])) as Record<
  (typeof TEXT_FEATURE_NAMES)[number],
  number
>;

const BOILERPLATE_KINDS = [TEXT.contactShare, TEXT.copyrightShare, TEXT.cookieShare, TEXT.navigationShare];

/**
 * The share of a text's words in boilerplate lines, at most (the kinds' shares summed, capped at 1:
 * a newsletter's consent line is both contact and cookie text).
 */
export function boilerplateTextShare(text: ArrayLike<number>): number {
  return Math.min(
    1,
    BOILERPLATE_KINDS.reduce((sum, column) => sum + text[column], 0),
  );
}

/**
 * Whether an answer's text (its text features) reads as a footer's: at least FOOTER_TEXT_SHARE of
 * its words in boilerplate lines of one kind (a lower bound of the share, where a body's bound is the
 * upper one: the rule acts only when both are sure).
 */
export const readsAsFooterText = (text: ArrayLike<number>) =>
  BOILERPLATE_KINDS.some((column) => text[column] >= FOOTER_TEXT_SHARE);

/**
 * The footer-text rule over the candidates' choice rows and their texts' features (`texts[i]` of
 * row i; undefined where not computed): when the answer's text reads as a footer, the first
 * candidate of FOOTER_TEXT_CANDIDATES whose text reads as a body (MIN_BODY_WORDS words, at least
 * FOOTER_BODY_GROWTH times the answer's, little boilerplate, prose) answers. When none does, the
 * answer stays, with its reason codes and quality.
 */
export function guardFooterText(
  rows: ArrayLike<number>,
  names: readonly string[],
  texts: readonly (ArrayLike<number> | undefined)[],
): BodyGuardOutcome {
  const answer = texts[0];
  if (!answer || !readsAsFooterText(answer)) return { chosen: 0 };
  const answerWords = wordsOf(rows, 0);
  for (const name of FOOTER_TEXT_CANDIDATES) {
    const index = names.indexOf(name);
    const text = texts[index];
    if (index <= 0 || !text) continue;
    const words = wordsOf(rows, index);
    if (
      words >= MIN_BODY_WORDS &&
      words >= FOOTER_BODY_GROWTH * answerWords &&
      boilerplateTextShare(text) <= BODY_TEXT_BOILERPLATE &&
      text[TEXT.sentenceWordShare] >= BODY_SENTENCE_SHARE
    )
      return { chosen: index };
  }
  return { chosen: 0 };
}

/**
 * Whether the extractor reads the answer's text for the footer-text rule, from the loose mode's
 * words as counted before building it (the recall mode's are fewer): only where a candidate could be
 * FOOTER_BODY_GROWTH times the answer.
 */
export const footerTextWanted = (answerWords: number, looseWords: number) =>
  answerWords > 0 && looseWords >= Math.max(MIN_BODY_WORDS, FOOTER_BODY_GROWTH * answerWords);
