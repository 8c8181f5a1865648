/**
 * Headings: what sits in a heading without being its text — MediaWiki's `[edit]` links, and the
 * permalink anchors that documentation generators put beside a heading (Sphinx's `¶`, GitHub's
 * and Hugo's `#`, a `🔗`): a link to the heading's own fragment whose text is a symbol or nothing;
 * and a link that is the heading's whole text, to a fragment of the page (MDN), written as text.
 */
import { type Doc, IS_HEADING, TAG } from '../../dom/index.js';

/** MediaWiki's section edit links (`[edit]`). */
const EDIT_LINK = /(?:^|\s)mw-editsection(?:\s|$)/;
/** Classes of permalink anchors (MDN's `heading-anchor` holds the heading's text: the text decides). */
const PERMALINK_CLASS =
  /(?:^|\s)(?:headerlink|header-anchor|heading-anchor|anchor-link|anchorjs-link|permalink|hash-link|anchor)(?:\s|$)/;
/** What a permalink anchor shows: a symbol, or nothing (Docusaurus's holds a zero-width space). */
const PERMALINK_TEXT = /^(?:[\s#¶§⚓\u200B-\u200D\u2060\uFEFF]|\u{1F517}|\uFE0F)*$/u;

/** True for an element inside a heading that is a tool of the heading (edit link, permalink). */
export function isHeadingTool(doc: Doc, node: number): boolean {
  const cls = doc.attr(node, 'class') ?? '';
  if (EDIT_LINK.test(cls)) return true;
  const href = doc.tag(node) === TAG.a ? doc.attr(node, 'href') : undefined;
  if (!PERMALINK_CLASS.test(cls) && !href?.startsWith('#')) return false;
  return PERMALINK_TEXT.test(doc.textContent(node));
}

/** How far up from a link its heading is looked for (`<h2><a><code>…`). */
const HEADING_LEVELS = 3;

/**
 * True for a link that is its heading's whole text and points to a fragment of the page (MDN's
 * `<h2 id="syntax"><a href="#syntax">Syntax</a></h2>`): the heading is written without it
 * (`## Syntax`, not `## [Syntax](#syntax)`). A link to another page stays.
 */
export function isHeadingSelfLink(doc: Doc, node: number): boolean {
  if (doc.tag(node) !== TAG.a) return false;
  const href = doc.attr(node, 'href')?.trim();
  if (href === undefined || href.length < 2 || !href.startsWith('#')) return false;
  let heading = doc.parent(node);
  for (let level = 1; level < HEADING_LEVELS && heading > 0 && !IS_HEADING[doc.tag(heading)]; level++)
    heading = doc.parent(heading);
  if (heading <= 0 || !IS_HEADING[doc.tag(heading)]) return false;
  const own = doc.textContent(node).trim();
  if (own === '') return false;
  return PERMALINK_TEXT.test(doc.textContent(heading).replace(own, ''));
}
