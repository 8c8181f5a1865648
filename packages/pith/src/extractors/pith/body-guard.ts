/**
 * Never a footer for a body (issue 37, item 3), in the default extractor without a learned
 * choice: when the block model's answer is tiny beside the recall mode's (the same probabilities
 * read at a lower threshold) and that reads as a body, the recall mode answers. It reads the
 * candidates' choice rows (choice-features.ts), so the bench that scores every candidate applies
 * the very same rule to its rows (bench/misses/body-missed.ts). What was measured and left out
 * (the heuristic region and the paragraph scorer as the body; footer cues as a trigger; a
 * "no body" reason code): docs/algorithms/default.md, "Body guard".
 */
import { CHOICE_COLUMNS, CHOICE_WIDTH } from './choice-features.js';

/** The candidate the guard may answer with. */
export const BODY_CANDIDATE = 'recall';

/** A body has at most this share of its words in footers (landmark or cue) or cookie notices… */
const BODY_FOOTER_SHARE = 0.3;
/** …this share of its words in blocks that end a sentence… */
const BODY_SENTENCE_SHARE = 0.3;
/** …and this many words (the quality's TOO_SHORT bound). */
const MIN_BODY_WORDS = 50;
/** "Tiny beside the body": under this share of its words. */
const TINY_SHARE = 0.2;
/**
 * The extractor builds the recall candidate only when the answer is under TINY_SHARE of the
 * recall blocks' words times this: the post-rules and kept structures move the finished
 * candidate's words a little either way.
 */
const WANTED_SLACK = 1.5;

export interface BodyGuardOutcome {
  /** Index of the candidate that answers (0: the block model's own answer stays). */
  chosen: number;
}

/**
 * Whether the guard may act, from what the extractor has before building any candidate: the
 * answer's words and the words of the blocks at or above the recall threshold.
 */
export function guardWanted(answerWords: number, recallBlockWords: number): boolean {
  return answerWords < TINY_SHARE * WANTED_SLACK * recallBlockWords && recallBlockWords >= MIN_BODY_WORDS;
}

const at = (rows: ArrayLike<number>, index: number, column: number) => rows[index * CHOICE_WIDTH + column];
const wordsOf = (rows: ArrayLike<number>, index: number) =>
  Math.expm1(at(rows, index, CHOICE_COLUMNS.logWords));

/**
 * The guard over the candidates' choice rows (`names[i]` is row i's candidate; row 0 the answer).
 * Only per-candidate columns are read (words, sentence share, footer and cookie cues), so it
 * decides the same over any list of candidates that holds the recall candidate.
 */
export function guardBody(rows: ArrayLike<number>, names: readonly string[]): BodyGuardOutcome {
  const index = names.indexOf(BODY_CANDIDATE);
  if (index <= 0) return { chosen: 0 };
  const words = wordsOf(rows, index);
  const footer = Math.max(
    at(rows, index, CHOICE_COLUMNS.footerShare),
    at(rows, index, CHOICE_COLUMNS.cookieCueShare),
  );
  const isBody =
    words >= MIN_BODY_WORDS &&
    footer <= BODY_FOOTER_SHARE &&
    at(rows, index, CHOICE_COLUMNS.sentenceShare) >= BODY_SENTENCE_SHARE;
  return { chosen: isBody && wordsOf(rows, 0) < TINY_SHARE * words ? index : 0 };
}
