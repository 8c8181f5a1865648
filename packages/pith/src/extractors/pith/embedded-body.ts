/**
 * The page's embedded body as the answer (issue 37, item 1: "embedded data … as a candidate").
 * Some pages send their article only as data — JSON-LD `articleBody` (and kin, the metadata's
 * `structuredBody`) that a script renders — and their HTML shows a byline box, a footer and a
 * menu. Every selection of such a page's nodes misses the body. When the embedded body is long,
 * the page's shown text holds under half of its words and the answer is small beside it, the
 * answer is that body, parsed as paragraphs into a document of its own.
 */
import { type Doc, NodeKind, parseHtml, type Selection, tick } from '../../dom/index.js';
import { wordTokens } from '../../features/blocks/index.js';
import { selectionOf } from './candidates.js';

/** Shorter embedded texts are descriptions and teasers, not an article the page failed to show. */
export const EMBEDDED_BODY_MIN_WORDS = 150;
/** The page shows the body (a share of its distinct words at least this) when it is in the HTML. */
export const EMBEDDED_BODY_MAX_SHOWN = 0.5;
/** The answer is "small beside" the embedded body under this share of its words (the guard's sense of tiny). */
export const EMBEDDED_BODY_MAX_ANSWER = 0.5;

export interface EmbeddedBody {
  /** The embedded body parsed as paragraphs (its own document, the page's URL). */
  doc: Doc;
  selection: Selection;
  words: number;
  /** The share of its distinct words the page's shown text holds. */
  shownShare: number;
}

/**
 * The embedded body when the page does not show it and the answer (`answer`, a selection of
 * `doc`) is small beside it; undefined otherwise (every page whose HTML holds its article).
 */
export function unshownEmbeddedBody(
  doc: Doc,
  answer: Selection,
  body: string | undefined,
): EmbeddedBody | undefined {
  if (body === undefined) return undefined;
  const tokens = wordTokens(body);
  if (tokens.length < EMBEDDED_BODY_MIN_WORDS) return undefined;
  const { kind, wordCount } = doc.columns;
  let answerWords = 0;
  for (let node = 0; node < doc.size; node++)
    if (kind[node] === NodeKind.Text && answer.kept[node]) answerWords += wordCount[node];
  if (answerWords >= EMBEDDED_BODY_MAX_ANSWER * tokens.length) return undefined;
  const distinct = new Set(tokens);
  const shown = new Set<string>();
  const enough = EMBEDDED_BODY_MAX_SHOWN * distinct.size;
  for (let node = 0; node < doc.size; node++) {
    if (kind[node] !== NodeKind.Text || wordCount[node] === 0 || doc.isHiddenContent(node)) continue;
    tick('pith');
    for (const token of wordTokens(doc.text(node))) if (distinct.has(token)) shown.add(token);
    // The page shows the body: the common case ends here, early.
    if (shown.size >= enough) return undefined;
  }
  const own = bodyDoc(body, doc.url);
  const chosen = new Uint8Array(own.size);
  for (let node = 0; node < own.size; node++) if (own.columns.kind[node] === NodeKind.Text) chosen[node] = 1;
  return {
    doc: own,
    selection: selectionOf(own, chosen),
    words: tokens.length,
    shownShare: shown.size / distinct.size,
  };
}

const escaped = (c: string) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;');

/** The body's lines as paragraphs of an article (`structuredBody` keeps paragraph breaks as line breaks). */
function bodyDoc(body: string, url: string | undefined): Doc {
  const paragraphs = body
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${line.replace(/[&<>]/g, escaped)}</p>`);
  return parseHtml(`<article>${paragraphs.join('')}</article>`, url === undefined ? {} : { url });
}
