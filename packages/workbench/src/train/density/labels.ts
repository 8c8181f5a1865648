/**
 * Labels for the boilerplate classifier: is a chunk (a line the density filter
 * kept) main content (keep) or not (discard)?
 *
 * - **Markers.** A page holding both `<!-- content -->` and `<!-- /content -->` is
 *   labelled by them, as in seed 003: a line containing `<!-- content -->` and the
 *   lines after it are keep, up to a line containing `<!-- /content -->` (discard from
 *   that line on). Marker lines themselves take the new state, as in the post's Java.
 * - **Gold text** (CleanEval, L3S-GN1, WCXB, …): a chunk is keep when at least
 *   `minShare` (default 0.5) of its word 3-grams occur in the gold text; chunks of one
 *   or two words compare words instead. Words are lower-cased runs of letters, digits
 *   and marks; each Han, Hiragana or Katakana character is a word of its own.
 *   Chunks without any word get no label.
 * - **Snippets** (trafilatura's benchmark: only must/must-not snippets): a chunk is
 *   keep when more of its word 3-grams occur in the `with` snippets than in the
 *   `without` ones, discard when fewer, and gets no label on a tie (most chunks: a page
 *   has a handful of snippets).
 *
 * Unlabelled chunks are left out of training and of error rates.
 */

export type Label = 'keep' | 'discard';

const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+/gu;

/** The words of a text, lower-cased (see the module comment). */
export function words(text: string): string[] {
  const out = text.toLowerCase().match(WORD);
  return out ?? [];
}

/** True when the character is one the tokenizer treats as a word by itself. */
export function isIdeographic(character: string): boolean {
  return IDEOGRAPHIC.test(character);
}

const SEPARATOR = '\u0001';

/** The word n-grams of a word list, as joined strings. */
export function wordGrams(list: readonly string[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= list.length; i++) out.push(list.slice(i, i + n).join(SEPARATOR));
  return out;
}

/** What a chunk is compared against, built once per page. */
export type GoldIndex =
  | { kind: 'text'; trigrams: Set<string>; words: Set<string> }
  | { kind: 'snippets'; keep: Set<string>; discard: Set<string> };

export function textGoldIndex(gold: string): GoldIndex {
  const list = words(gold);
  return { kind: 'text', trigrams: new Set(wordGrams(list, 3)), words: new Set(list) };
}

export function snippetGoldIndex(keep: readonly string[], discard: readonly string[]): GoldIndex {
  const grams = (snippets: readonly string[]) => {
    const set = new Set<string>();
    for (const snippet of snippets) for (const gram of wordGrams(words(snippet), 3)) set.add(gram);
    return set;
  };
  return { kind: 'snippets', keep: grams(keep), discard: grams(discard) };
}

export const DEFAULT_MIN_SHARE = 0.5;

/** Share of the chunk's word 3-grams (words when it has fewer than 3) found in the gold; null: no words. */
export function goldShare(index: GoldIndex & { kind: 'text' }, chunk: string): number | null {
  const list = words(chunk);
  if (list.length === 0) return null;
  if (list.length < 3) {
    let found = 0;
    for (const word of list) if (index.words.has(word)) found++;
    return found / list.length;
  }
  const grams = wordGrams(list, 3);
  let found = 0;
  for (const gram of grams) if (index.trigrams.has(gram)) found++;
  return found / grams.length;
}

/** The label of one chunk's text against a page's gold index (null: no label). */
export function labelChunk(index: GoldIndex, chunk: string, minShare = DEFAULT_MIN_SHARE): Label | null {
  if (index.kind === 'text') {
    const share = goldShare(index, chunk);
    if (share === null) return null;
    return share >= minShare ? 'keep' : 'discard';
  }
  let keep = 0;
  let discard = 0;
  for (const gram of wordGrams(words(chunk), 3)) {
    if (index.keep.has(gram)) keep++;
    if (index.discard.has(gram)) discard++;
  }
  if (keep > discard) return 'keep';
  if (discard > keep) return 'discard';
  return null;
}

const CONTENT_START = /<!--\s*content\s*-->/i;
const CONTENT_END = /<!--\s*\/content\s*-->/i;

/** True when a page carries both content markers. */
export function hasContentMarkers(source: string): boolean {
  return CONTENT_START.test(source) && CONTENT_END.test(source);
}

/**
 * Marker state per source line (1 = inside `<!-- content -->`), the post's rule: a
 * line with the start marker switches on, a line with the end marker switches off,
 * and the marker line itself takes the new state.
 */
export function markerStates(lines: readonly string[]): Uint8Array {
  const states = new Uint8Array(lines.length);
  let inside = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (CONTENT_START.test(line)) inside = true;
    else if (CONTENT_END.test(line)) inside = false;
    states[i] = inside ? 1 : 0;
  }
  return states;
}
