/**
 * An estimate of cl100k_base's token count from one pass over the characters (issue 41: an exact
 * count costs ~9 % of extract() at the least, the estimate ~1 %). The text is read the way
 * cl100k_base's pre-tokenizer splits it (runs of letters, of digits, of punctuation, of line
 * breaks, of spaces), and the count is a weighted sum of what it finds, the weights fitted by
 * least squares on chunks of WCXB dev pages against gpt-tokenizer's counts
 * (bench/format/token-estimate.ts; docs/decisions.md, "Chunks: the estimate").
 */

/** What the estimate reads of a text; the weights are in this order. */
export const ESTIMATE_FEATURES = [
  'words',
  'letters',
  'letters past the sixth of a word',
  'words with accented Latin letters',
  'letters of other scripts',
  'words of other scripts',
  'digit groups',
  'punctuation',
  'punctuation runs',
  'line breaks',
  'CJK',
  'symbols',
  'space runs',
  'case changes inside a word',
  'words joined to punctuation or digits',
  'letters of words joined to punctuation or digits',
] as const;

/** How many features there are (the names above are the bench's: the bundle leaves them out). */
const FEATURE_COUNT = 16;

const WORDS = 0;
const LETTERS = 1;
const LONG_WORD_LETTERS = 2;
const LATIN_WORDS = 3;
const OTHER_LETTERS = 4;
const OTHER_WORDS = 5;
const DIGIT_GROUPS = 6;
const PUNCTUATION = 7;
const PUNCTUATION_RUNS = 8;
const LINE_BREAKS = 9;
const CJK = 10;
const SYMBOLS = 11;
const SPACE_RUNS = 12;
const CASE_CHANGES = 13;
const JOINED_WORDS = 14;
const JOINED_LETTERS = 15;

/** Past this many letters a word is likelier to be cut into several tokens. */
const SHORT_WORD = 6;

enum Kind {
  None,
  Word,
  Digit,
  Punctuation,
  Break,
  Space,
}

/** Han, kana, Hangul and their punctuation: cl100k_base spends about a token a character on them. */
function isCjk(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}

/** Punctuation and symbols beyond ASCII (quotes, dashes, arrows, emoji's surrogates): a token or more each. */
function isSymbol(code: number): boolean {
  return (code >= 0x2000 && code <= 0x2bff) || (code >= 0xd800 && code <= 0xdfff) || code === 0xfeff;
}

/** Latin-1's letters and Latin Extended A, B and Additional (é, ß, ł, ș, ệ). */
function isAccentedLatin(code: number): boolean {
  return (
    (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7) || (code >= 0x1e00 && code <= 0x1eff)
  );
}

/** The counts `ESTIMATE_FEATURES` names, of `text` (into `features`, zeroed first). */
export function estimateFeatures(text: string, features = new Float64Array(FEATURE_COUNT)): Float64Array {
  features.fill(0);
  let kind = Kind.None;
  let digits = 0;
  let spaces = 0;
  // The current word's letters, and whether it has an accented Latin letter, a letter of another script yet.
  let letters = 0;
  let latin = false;
  let other = false;
  // The current word follows punctuation or digits, not a space (a URL's or an identifier's part:
  // cl100k_base's vocabulary is mostly of words after a space); its last letter was lower case (a
  // capital after it, in camelCase or base64, starts a token).
  let joined = false;
  let lower = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) {
      if (kind !== Kind.Word) {
        features[WORDS]++;
        letters = 0;
        latin = false;
        other = false;
        joined = kind === Kind.Punctuation || kind === Kind.Digit;
        if (joined) features[JOINED_WORDS]++;
      } else if (lower && code < 97) features[CASE_CHANGES]++;
      lower = code >= 97;
      features[LETTERS]++;
      if (joined) features[JOINED_LETTERS]++;
      if (++letters > SHORT_WORD) features[LONG_WORD_LETTERS]++;
      kind = Kind.Word;
    } else if (code >= 48 && code <= 57) {
      if (kind !== Kind.Digit) digits = 0;
      // cl100k_base splits digits in threes.
      if (digits % 3 === 0) features[DIGIT_GROUPS]++;
      digits++;
      kind = Kind.Digit;
    } else if (code === 10 || code === 13) {
      if (kind !== Kind.Break) features[LINE_BREAKS]++;
      kind = Kind.Break;
    } else if (code === 32 || code === 9 || code === 0xa0) {
      // A single space goes with the word after it; a longer run (indentation) is a token of its own.
      if (kind !== Kind.Space) spaces = 0;
      spaces++;
      if (spaces === 2) features[SPACE_RUNS]++;
      kind = Kind.Space;
    } else if (code < 128) {
      if (kind !== Kind.Punctuation) features[PUNCTUATION_RUNS]++;
      features[PUNCTUATION]++;
      kind = Kind.Punctuation;
    } else if (isCjk(code)) {
      features[CJK]++;
      kind = Kind.None;
    } else if (isSymbol(code)) {
      features[SYMBOLS]++;
      kind = Kind.None;
    } else {
      if (kind !== Kind.Word) {
        features[WORDS]++;
        letters = 0;
        latin = false;
        other = false;
        joined = false;
      }
      if (isAccentedLatin(code)) {
        if (!latin) features[LATIN_WORDS]++;
        latin = true;
      } else {
        if (!other) features[OTHER_WORDS]++;
        other = true;
        features[OTHER_LETTERS]++;
      }
      if (++letters > SHORT_WORD) features[LONG_WORD_LETTERS]++;
      kind = Kind.Word;
    }
  }
  return features;
}

/** The fitted weights, in the order of `ESTIMATE_FEATURES` (bench/format/token-estimate.ts --fit). */
export const ESTIMATE_WEIGHTS: readonly number[] = [
  0.826, 0.019, 0.224, 4.717, 0.631, -1.12, 1.598, 0.114, 0.727, 0.655, 1.249, 0.854, 0.343, 1.606, -0.269,
  0.014,
];

/** The features of the text being estimated (estimateTokens allocates nothing). */
const scratch = new Float64Array(FEATURE_COUNT);

/** cl100k_base's count estimated: the weighted features, rounded up. */
export function estimateTokens(text: string, weights: readonly number[] = ESTIMATE_WEIGHTS): number {
  const features = estimateFeatures(text, scratch);
  let sum = 0;
  for (let index = 0; index < features.length; index++) sum += features[index] * weights[index];
  return Math.ceil(sum);
}
