// Word keys for the miss probes: a text's words, its words, word pairs and triples as a set, and the
// share of another text's triples found in such a set (how much of an element the gold or an answer holds).

/** A text's words, lower-cased (letters, digits, `_`). */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

/** Every word, word pair and word triple of a text. */
export function wordKeys(text: string): Set<string> {
  const words = wordsOf(text);
  const keys = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++) keys.add(words.slice(i, i + 3).join(' '));
  for (let i = 0; i + 2 <= words.length; i++) keys.add(words.slice(i, i + 2).join(' '));
  for (const word of words) keys.add(word);
  return keys;
}

/** The share of `words`' triples in `keys` (a text under three words: whether it is there whole). */
export function keyShare(words: string[], keys: Set<string>): number {
  if (words.length < 3) return keys.has(words.join(' ')) ? 1 : 0;
  let hit = 0;
  for (let i = 0; i + 3 <= words.length; i++) if (keys.has(words.slice(i, i + 3).join(' '))) hit++;
  return hit / (words.length - 2);
}
