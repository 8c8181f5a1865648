/**
 * CUTER's accuracy and noise (seed 001, section V, Table 2): with X the size of the
 * extracted text, Y the size of the useful text in it and A the size of the article,
 *
 *   accuracy = Y / A        ("useful data": how much of the article came out)
 *   noise    = (X − Y) / X  ("useless data": how much of the output is not article)
 *
 * The paper measures "text size" in bytes and does not say how Y is found. Here:
 * both texts become word sequences exactly as in the word-sequence metric (seed 002:
 * tags, punctuation and control characters removed, lower-cased); Y is the words in
 * difflib's matching blocks between the two sequences, so a word counts as useful
 * only where it lines up with the article, not merely because it occurs there; and
 * every size is the number of characters (code points) of the words, so long words
 * weigh more than short ones as they do in a byte count, while no encoding enters.
 *
 * Edge cases: A = 0 gives accuracy NaN (there is no article to find; leave the page
 * out of accuracy means); X = 0 gives noise 0 (an empty output holds nothing useless).
 */
import { SequenceMatcher } from './sequence-matcher.js';
import { type NormaliseOptions, normaliseWords } from './word-sequence.js';

export interface CuterAccuracy {
  /** Y / A. */
  accuracy: number;
  /** (X − Y) / X. */
  noise: number;
}

export interface CuterAccuracyDetails extends CuterAccuracy {
  /** X: characters of the extracted words. */
  extractedSize: number;
  /** Y: characters of the extracted words that line up with the article. */
  usefulSize: number;
  /** A: characters of the article's words. */
  articleSize: number;
}

export interface CuterAccuracyOptions extends NormaliseOptions {
  /**
   * difflib's autojunk (default false here: in a long article common words like "the"
   * would otherwise be left out of the matching and lower Y).
   */
  autojunk?: boolean;
}

function characters(word: string): number {
  let count = 0;
  for (let index = 0; index < word.length; index++) {
    const code = word.charCodeAt(index);
    // A surrogate pair is one character.
    if (code < 0xdc00 || code > 0xdfff) count++;
  }
  return count;
}

/** Accuracy and noise with the sizes they come from. */
export function cuterAccuracyDetails(
  extracted: string,
  gold: string,
  options: CuterAccuracyOptions = {},
): CuterAccuracyDetails {
  return cuterAccuracyOfWords(normaliseWords(extracted, options), normaliseWords(gold, options), options);
}

/** {@link cuterAccuracyDetails} on word sequences already normalised (`normaliseWords`). */
export function cuterAccuracyOfWords(
  extractedWords: readonly string[],
  goldWords: readonly string[],
  options: Pick<CuterAccuracyOptions, 'autojunk'> = {},
): CuterAccuracyDetails {
  let extractedSize = 0;
  for (const word of extractedWords) extractedSize += characters(word);
  let articleSize = 0;
  for (const word of goldWords) articleSize += characters(word);
  let usefulSize = 0;
  if (extractedWords.length > 0 && goldWords.length > 0) {
    const matcher = new SequenceMatcher(extractedWords, goldWords, { autojunk: options.autojunk ?? false });
    for (const block of matcher.getMatchingBlocks()) {
      for (let index = block.a; index < block.a + block.size; index++)
        usefulSize += characters(extractedWords[index]);
    }
  }
  return {
    accuracy: articleSize > 0 ? usefulSize / articleSize : Number.NaN,
    noise: extractedSize > 0 ? (extractedSize - usefulSize) / extractedSize : 0,
    extractedSize,
    usefulSize,
    articleSize,
  };
}

/** CUTER's accuracy Y/A and noise (X−Y)/X of an extracted text against the article (gold) text. */
export function scoreCuterAccuracy(extracted: string, gold: string): CuterAccuracy {
  const { accuracy, noise } = cuterAccuracyDetails(extracted, gold);
  return { accuracy, noise };
}
