/**
 * MSS's training labels: which tokens of a page are article text. The page's words and numbers
 * (as they appear, lower-cased, with the dataset's retrieved-text transform) are aligned with the
 * gold's by difflib's matching blocks (`SequenceMatcher`, no autojunk); a word or number is
 * content when it lies in a matching block of at least `minBlock` tokens (a lone common word
 * matched in the boilerplate is not evidence). A tag is content when the nearest word or number
 * before it and after it are both content: the tags inside the article, not those around it.
 */

import { decodeHtml, parseHtml, TokenKind, tokenize } from 'pith/internal';
import { applyRetrievedTransform, type DatasetPage, SequenceMatcher } from '../../eval/index.js';

export const DEFAULT_MSS_MIN_BLOCK = 3;

const GOLD_PIECE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}])+|\p{Nd}+/gu;

/** The words and numbers of a gold text, lower-cased, as the tokenizer splits page text. */
export function goldPieces(text: string): string[] {
  return Array.from(text.toLowerCase().matchAll(GOLD_PIECE), (match) => match[0]);
}

/** One page's tokens with their labels (1 = content). */
export interface LabelledTokens {
  forms: string[];
  parents: string[];
  labels: Uint8Array;
}

/** The labelled tokens of a page (see the module comment), or null when the page has no gold text. */
export function labelTokens(page: DatasetPage, minBlock = DEFAULT_MSS_MIN_BLOCK): LabelledTokens | null {
  if (typeof page.gold.text !== 'string') return null;
  const doc = parseHtml(decodeHtml(page.html).text, page.url ? { url: page.url } : {});
  const tokens = tokenize(doc);
  const wordIndex: number[] = [];
  const surfaces: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens.kind[i] === TokenKind.Word || tokens.kind[i] === TokenKind.Number) {
      wordIndex.push(i);
      surfaces.push(applyRetrievedTransform(tokens.surface[i], page.retrievedTransform));
    }
  }
  const labels = new Uint8Array(tokens.length);
  const matcher = new SequenceMatcher(surfaces, goldPieces(page.gold.text), { autojunk: false });
  for (const block of matcher.getMatchingBlocks()) {
    if (block.size < minBlock) continue;
    for (let k = block.a; k < block.a + block.size; k++) labels[wordIndex[k]] = 1;
  }
  // Tags between two content words are content.
  let previousContent = false;
  let pending: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const kind = tokens.kind[i];
    if (kind === TokenKind.StartTag || kind === TokenKind.EndTag) {
      if (previousContent) pending.push(i);
      continue;
    }
    if (labels[i] === 1) for (const tag of pending) labels[tag] = 1;
    pending = [];
    previousContent = labels[i] === 1;
  }
  return { forms: tokens.form, parents: tokens.parent, labels };
}
