/**
 * What the page itself says, outside any metadata vocabulary: `<title>`,
 * `<html lang>`, `dir`, `<link rel=canonical>`, `<base href>`, the first `<h1>`s,
 * and — as last resorts — a visible byline and `<time datetime>` elements.
 */
import { type Doc, NodeKind, TAG } from '../dom/index.js';

const MAX_H1 = 5;
const MAX_BYLINES = 5;
const MAX_TIMES = 20;
/** A byline longer than this (visible characters) is a bio or a paragraph, not a name. */
const MAX_BYLINE_TEXT = 100;
const MAX_BYLINE_ELEMENTS = 50;
const MAX_HEADING_TEXT = 500;
const MAX_HEADING_ELEMENTS = 200;

/** Class or id of a byline element (Readability's cue, plus microformats' `p-author`). */
const BYLINE_CUE = /byline|author|dateline|writtenby|p-author/;
/** …unless it is about comments or an author box. */
const NOT_BYLINE_CUE = /comment|avatar|authorbio|author-bio|author_bio|about-author|author-box|authors-list/;

export interface PageData {
  /** The raw text of the document's `<title>` (not the one of an inline SVG). */
  title?: string;
  /** Texts of the first `<h1>` elements. */
  h1s: string[];
  lang?: string;
  direction?: 'ltr' | 'rtl';
  canonical?: string;
  /** `<base href>`. */
  base?: string;
  /** `<link rel=image_src>`. */
  imageSrc?: string;
  /** Visible bylines (rel=author links, byline/author classes), in page order. */
  bylines: string[];
  /** `<time datetime>` values, `pubdate` and `itemprop=datePublished` ones first. */
  times: string[];
}

function relTokens(doc: Doc, node: number): string[] {
  const rel = doc.attr(node, 'rel');
  return rel ? rel.toLowerCase().trim().split(/\s+/) : [];
}

/** The text children of an element joined (for `<title>`, whose content is not "visible" text). */
function rawText(doc: Doc, node: number): string {
  const parts: string[] = [];
  for (let child = node + 1; child < doc.end(node); child++) {
    if (doc.kind(child) === NodeKind.Text) parts.push(doc.text(child));
  }
  return parts.join('');
}

function directionOf(value: string | undefined): 'ltr' | 'rtl' | undefined {
  const lower = value?.trim().toLowerCase();
  return lower === 'ltr' || lower === 'rtl' ? lower : undefined;
}

export function pageData(doc: Doc): PageData {
  const data: PageData = { h1s: [], bylines: [], times: [] };
  const html = doc.html;
  const body = doc.body;
  const htmlLang = html >= 0 ? (doc.attr(html, 'lang') ?? doc.attr(html, 'xml:lang')) : undefined;
  if (htmlLang?.trim()) data.lang = htmlLang;
  // The innermost declaration wins: <body dir> overrides <html dir>.
  data.direction =
    (body >= 0 ? directionOf(doc.attr(body, 'dir')) : undefined) ??
    (html >= 0 ? directionOf(doc.attr(html, 'dir')) : undefined);

  let titlesSeen = 0;
  let mainDirection: 'ltr' | 'rtl' | undefined;
  const pubTimes: string[] = [];
  const otherTimes: string[] = [];
  // One pass over every node; each element costs O(1) except the few whose text is read, which are bounded.
  for (let node = 0; node < doc.size; node++) {
    if (doc.kind(node) !== NodeKind.Element) continue;
    const tag = doc.tag(node);
    if (tag === TAG.title) {
      if (data.title === undefined && ++titlesSeen <= 20 && doc.closest(node, TAG.svg) < 0) {
        data.title = rawText(doc, node);
      }
    } else if (tag === TAG.link) {
      const rel = relTokens(doc, node);
      const href = doc.attr(node, 'href');
      if (href) {
        if (data.canonical === undefined && rel.includes('canonical')) data.canonical = href;
        if (data.imageSrc === undefined && rel.includes('image_src')) data.imageSrc = href;
      }
    } else if (tag === TAG.base) {
      if (data.base === undefined && doc.attr(node, 'href')) data.base = doc.attr(node, 'href');
    } else if (tag === TAG.h1) {
      if (
        data.h1s.length < MAX_H1 &&
        !doc.isHiddenContent(node) &&
        doc.textLength(node) <= MAX_HEADING_TEXT &&
        doc.tagCount(node) <= MAX_HEADING_ELEMENTS
      ) {
        const text = doc.textContent(node);
        if (text.length > 0) data.h1s.push(text);
      }
    } else if (tag === TAG.main || tag === TAG.article) {
      // Last resort for the direction: the first <main> or <article> that declares one.
      if (data.direction === undefined && mainDirection === undefined)
        mainDirection = directionOf(doc.attr(node, 'dir'));
    } else if (tag === TAG.time) {
      const datetime = doc.attr(node, 'datetime');
      if (datetime && pubTimes.length + otherTimes.length < MAX_TIMES) {
        const itemprop = doc.attr(node, 'itemprop')?.toLowerCase() ?? '';
        if (doc.attr(node, 'pubdate') !== undefined || itemprop.includes('datepublished'))
          pubTimes.push(datetime);
        else if (!itemprop.includes('datemodified')) otherTimes.push(datetime);
      }
    }
    if (data.bylines.length < MAX_BYLINES && isByline(doc, node, tag)) {
      const text = doc.textContent(node);
      if (text.length > 0) data.bylines.push(text);
      node = doc.end(node) - 1; // nested byline elements would repeat the same text
    }
  }
  data.times = [...pubTimes, ...otherTimes];
  data.direction ??= mainDirection;
  return data;
}

function isByline(doc: Doc, node: number, tag: number): boolean {
  if (tag === TAG.meta || tag === TAG.link || tag === TAG.script || tag === TAG.style || tag === TAG.body) {
    return false;
  }
  if (tag === TAG.html || tag === TAG.head || doc.isHiddenContent(node)) return false;
  const length = doc.textLength(node);
  if (length === 0 || length > MAX_BYLINE_TEXT || doc.tagCount(node) > MAX_BYLINE_ELEMENTS) return false;
  if (relTokens(doc, node).includes('author')) return true;
  const cues = doc.classAndId(node);
  return cues.length > 0 && BYLINE_CUE.test(cues) && !NOT_BYLINE_CUE.test(cues);
}
