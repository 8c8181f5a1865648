/**
 * MSS's view of a page (Pasternack & Roth, WWW 2009, as seed 002 summarises it): the HTML as one
 * sequence of tokens — tags, words and numbers — with script and style content discarded, words
 * Porter-stemmed and numbers generalised.
 *
 * The sequence is read off pith's `Doc` in document order: an element gives its start tag `<p>`,
 * then its content, then its end tag `</p>` (void elements, which have no end tag in HTML, give
 * only the start tag). Content that is never shown is skipped with its tags (scripts, styles,
 * `<head>`, templates, `<noscript>`: `IS_HIDDEN_CONTENT`), so every word token can be kept by the
 * selection. Comments are not tokens.
 *
 * Text splits into words (runs of letters and marks; each Han, Hiragana or Katakana character on
 * its own) and numbers (runs of digits); everything else (spaces, punctuation) separates tokens.
 * A word's feature form is its lower-cased Porter stem; a number's is `<num>`.
 */
import { stemmer } from 'stemmer';
import { type Doc, IS_VOID, NodeKind, tick } from '../../dom/index.js';

export const TokenKind = Object.freeze({ StartTag: 0, EndTag: 1, Word: 2, Number: 3 } as const);
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

/** The feature form of every number. */
export const NUMBER_TOKEN = '<num>';

export interface MssTokens {
  kind: Uint8Array;
  /** The feature form: `<p>`, `</p>`, a stem, or `<num>`. */
  form: string[];
  /** Words and numbers as they appear, lower-cased (for aligning with a gold text); '' for tags. */
  surface: string[];
  /** The text node a word or number is in; the element of a tag. */
  node: Int32Array;
  /** The name of the innermost element the token is in (for a tag: the element around it). */
  parent: string[];
  length: number;
}

const PIECE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}])+|\p{Nd}+/gu;
const DIGIT = /^\p{Nd}/u;

/** Stems already computed: a page repeats its words, and stemming is most of tokenizing. */
const stems = new Map<string, string>();
const MAX_STEMS = 50_000;

/** The feature form of a word (lower-cased Porter stem; stemming only changes Latin-script words). */
export function wordForm(word: string): string {
  const lower = word.toLowerCase();
  if (!/^[a-z]+$/.test(lower)) return lower;
  let stem = stems.get(lower);
  if (stem === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stem = stemmer(lower);
    stems.set(lower, stem);
  }
  return stem;
}

class TokenList implements MssTokens {
  kind: Uint8Array = new Uint8Array(0);
  form: string[] = [];
  surface: string[] = [];
  node: Int32Array = new Int32Array(0);
  parent: string[] = [];
  #kinds: number[] = [];
  #nodes: number[] = [];
  get length(): number {
    return this.form.length;
  }
  push(kind: TokenKind, form: string, surface: string, node: number, parent: string): void {
    this.#kinds.push(kind);
    this.form.push(form);
    this.surface.push(surface);
    this.#nodes.push(node);
    this.parent.push(parent);
  }
  finish(): MssTokens {
    this.kind = Uint8Array.from(this.#kinds);
    this.node = Int32Array.from(this.#nodes);
    return this;
  }
}

/** The token sequence of a page (see the module comment). Linear in the document. */
export function tokenize(doc: Doc): MssTokens {
  const tokens = new TokenList();
  const { kind, tag, end, hidden } = doc.columns;
  // Open elements, innermost last: [node, end].
  const open: number[] = [];
  const names: string[] = ['#document'];
  const closeUntil = (node: number) => {
    while (open.length > 0 && end[open[open.length - 1]] <= node) {
      const element = open.pop() as number;
      const name = names.pop() as string;
      tokens.push(TokenKind.EndTag, `</${name}>`, '', element, names[names.length - 1]);
    }
  };
  for (let node = 1; node < doc.size; node++) {
    tick('mss');
    closeUntil(node);
    if (hidden[node]) continue;
    const parentName = names[names.length - 1];
    if (kind[node] === NodeKind.Element) {
      const name = doc.tagName(node).toLowerCase();
      tokens.push(TokenKind.StartTag, `<${name}>`, '', node, parentName);
      if (!IS_VOID[tag[node]]) {
        open.push(node);
        names.push(name);
      }
    } else if (kind[node] === NodeKind.Text) {
      for (const match of doc.text(node).matchAll(PIECE)) {
        tick('mss');
        const piece = match[0];
        if (DIGIT.test(piece)) tokens.push(TokenKind.Number, NUMBER_TOKEN, piece, node, parentName);
        else tokens.push(TokenKind.Word, wordForm(piece), piece.toLowerCase(), node, parentName);
      }
    }
  }
  closeUntil(doc.size);
  return tokens.finish();
}
