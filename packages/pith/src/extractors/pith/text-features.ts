/**
 * What a candidate's text itself reads like (issue 37, the second session's next idea; where
 * trafilatura's fallback comparisons look): how much of it is in sentences, its punctuation, where
 * its first and last sentences sit and whether it starts with the page's title, and how much of it
 * is boilerplate phrasing (contact details, copyright lines, cookie notices, navigation words).
 * A pure function of the rendered text (lines = paragraphs) and the title, so it is the same in
 * the extractor and in the bench that scores the candidates.
 */

export const TEXT_FEATURE_NAMES = [
  'logLines',
  'meanLineWords',
  'shortLineShare',
  'sentenceWordShare',
  'punctuationPerWord',
  'commaPerWord',
  'digitShare',
  'wordsBeforeFirstSentence',
  'wordsAfterLastSentence',
  'startsWithTitle',
  'titleLine',
  'contactShare',
  'copyrightShare',
  'cookieShare',
  'navigationShare',
] as const;
export type TextFeatureName = (typeof TEXT_FEATURE_NAMES)[number];
export const TEXT_WIDTH = TEXT_FEATURE_NAMES.length;

/** A line ending like a sentence (closing quotes and brackets after the mark allowed). */
const SENTENCE_END = /[.!?。！？…:;]["'”’»)\]]*$/u;
const PUNCTUATION = /[.,;:!?。，、！？…]/gu;
const COMMA = /[,，、]/gu;
const DIGIT = /\p{Nd}/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/gu;

/** Lines that are mostly one kind of boilerplate, by whole words (case-insensitive). */
const CONTACT =
  /\b(contact|kontakt|tel|phone|telefon|fax|e-?mail|address|adresse|impressum|imprint)\b|@\w|\+\d[\d\s()-]{6,}/iu;
const COPYRIGHT = /©|\(c\)\s*\d{4}|\bcopyright\b|\ball rights reserved\b|\balle rechte vorbehalten\b/iu;
const COOKIE = /\bcookies?\b|\bprivacy (policy|settings)\b|\bdatenschutz\b|\bconsent\b|\bgdpr\b/iu;
const NAVIGATION =
  /^(home|menu|search|next|previous|prev|back|more|share|tweet|print|login|log in|sign in|sign up|register|subscribe|skip to (main )?content|read more|weiter|zurück|startseite|suche|mehr)\b/iu;

const wordsOf = (line: string) => line.split(/\s+/u).filter((word) => word !== '').length;
const countOf = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const normalized = (text: string) => text.toLowerCase().replace(/\s+/gu, ' ').trim();

/** The text features of one candidate's rendered text, in TEXT_FEATURE_NAMES order. */
export function textFeatures(text: string, title: string | null | undefined): Float32Array {
  const values = new Float32Array(TEXT_WIDTH);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const words = lines.map(wordsOf);
  const total = words.reduce((sum, value) => sum + value, 0);
  const share = (part: number) => (total > 0 ? part / total : 0);
  let sentenceWords = 0;
  let shortLines = 0;
  let firstSentence = -1;
  let lastSentence = -1;
  const kinds = { contact: 0, copyright: 0, cookie: 0, navigation: 0 };
  for (const [index, line] of lines.entries()) {
    // A sentence line: ends like one and holds at least four words (a menu item "More." is not).
    if (SENTENCE_END.test(line) && words[index] >= 4) {
      sentenceWords += words[index];
      if (firstSentence < 0) firstSentence = index;
      lastSentence = index;
    }
    if (words[index] < 5) shortLines++;
    // Boilerplate kinds count only in short lines (≤ 25 words): a paragraph that mentions a cookie is prose.
    if (words[index] <= 25) {
      if (CONTACT.test(line)) kinds.contact += words[index];
      if (COPYRIGHT.test(line)) kinds.copyright += words[index];
      if (COOKIE.test(line)) kinds.cookie += words[index];
      if (NAVIGATION.test(line) && words[index] <= 6) kinds.navigation += words[index];
    }
  }
  const before =
    firstSentence < 0 ? total : words.slice(0, firstSentence).reduce((sum, value) => sum + value, 0);
  const after =
    lastSentence < 0 ? total : words.slice(lastSentence + 1).reduce((sum, value) => sum + value, 0);
  const characters = countOf(text, LETTER_OR_DIGIT);
  const wantedTitle = title ? normalized(title) : '';
  let titleLine = -1;
  if (wantedTitle !== '')
    for (const [index, line] of lines.entries())
      if (normalized(line).includes(wantedTitle)) {
        titleLine = index;
        break;
      }
  let column = 0;
  values[column++] = Math.log1p(lines.length);
  values[column++] = lines.length > 0 ? total / lines.length : 0;
  values[column++] = lines.length > 0 ? shortLines / lines.length : 0;
  values[column++] = share(sentenceWords);
  values[column++] = total > 0 ? countOf(text, PUNCTUATION) / total : 0;
  values[column++] = total > 0 ? countOf(text, COMMA) / total : 0;
  values[column++] = characters > 0 ? countOf(text, DIGIT) / characters : 0;
  values[column++] = total > 0 ? share(before) : 1;
  values[column++] = total > 0 ? share(after) : 1;
  values[column++] = titleLine === 0 ? 1 : 0;
  // Where the title is, as a share of the lines (-1 when it is not in the text or there is no title).
  values[column++] = titleLine < 0 ? -1 : titleLine / Math.max(1, lines.length);
  values[column++] = share(kinds.contact);
  values[column++] = share(kinds.copyright);
  values[column++] = share(kinds.cookie);
  values[column++] = share(kinds.navigation);
  return values;
}
