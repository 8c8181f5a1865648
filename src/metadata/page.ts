/**
 * What the page itself says, outside any metadata vocabulary: `<title>`,
 * `<html lang>`, `dir`, `<link rel=canonical>`, `<base href>`, the first `<h1>`s,
 * and — as last resorts — a visible byline and `<time datetime>` elements.
 */
import { type Doc, IS_BLOCK, NodeKind, TAG } from '../dom/index.js';

const MAX_H1 = 5;
const MAX_BYLINES = 5;
const MAX_TIMES = 20;
/** A byline longer than this (visible characters) is a bio or a paragraph, not a name. */
const MAX_BYLINE_TEXT = 100;
const MAX_BYLINE_ELEMENTS = 50;
const MAX_HEADING_TEXT = 500;
const MAX_HEADING_ELEMENTS = 200;

/** Class or id of a byline element (Readability's cue, plus microformats' `p-author`). */
const BYLINE_CUE = /byline|author(?!ity)|dateline|writtenby|p-author/;
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
  /** `<time datetime>` values, `pubdate` and `itemprop=datePublished` ones first (none from comments or sidebars). */
  times: string[];
  /**
   * Dates written as text near the headline or in a date element ("Published
   * on July 18, 2025", "Dec 12, 2025"), as written, in page order; those
   * labelled as updates apart.
   */
  visibleDates: string[];
  visibleModified: string[];
}

/** Elements whose dates are not the page's: comments, sidebars, related links, navigation, footers. */
const NOT_PAGE_DATES =
  /comment|related|sidebar|widget|recent|footer|breadcrumb|(?:^|[\s_-])(?:nav|menu)(?:$|[\s_-])|teaser|promo|archive/;
/** Class/id of an element that holds the page's date. */
const DATE_CUE = /date|time|publish|posted|dateline|byline|meta|stamp/;
/** Labels of an update date. */
const UPDATED_LABEL =
  /\b(?:updated|last modified|modified|aktualisiert|geändert|mis à jour|actualizado|aggiornato|bijgewerkt)\b/i;
/** A year or a month name: text worth trying as a date. */
const MAYBE_DATE =
  /(?:19|20)\d\d|\b(?:jan|feb|mär|mar|apr|may|mai|jun|jul|aug|sep|okt|oct|nov|dez|dec)[a-zäé]*\.?\s/i;
/** How far (in visible text nodes) from the first `<h1>` a written date is taken for the page's. */
const DATE_WINDOW_AFTER = 60;
const DATE_WINDOW_BEFORE = 30;
const MAX_DATE_TEXT = 80;
const MAX_VISIBLE_DATES = 10;

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
  const data: PageData = { h1s: [], bylines: [], times: [], visibleDates: [], visibleModified: [] };
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
  // Elements whose dates are not the page's, and bylines (not nested), end here.
  let excludedUntil = -1;
  let bylineUntil = -1;
  let textNodes = 0;
  let firstH1Text = -1;
  const dateCandidates: { text: string; at: number; cued: boolean; updated: boolean }[] = [];
  // One pass over every node; each element costs O(1) except the few whose text is read, which are bounded.
  for (let node = 0; node < doc.size; node++) {
    const kind = doc.kind(node);
    if (kind === NodeKind.Text) {
      if (doc.columns.hidden[node] || doc.textLength(node) === 0) continue;
      textNodes++;
      if (node < excludedUntil || dateCandidates.length >= 200) continue;
      const raw = doc.text(node);
      if (raw.length > MAX_DATE_TEXT * 3 || !MAYBE_DATE.test(raw)) continue;
      const text = raw.replace(/\s+/g, ' ').trim();
      if (text.length > MAX_DATE_TEXT || text.split(' ').length > 10) continue;
      const parent = doc.parent(node);
      // A date is its block's text (a dateline), not a phrase in a paragraph.
      let block = parent;
      for (let level = 0; level < 4 && block > 0 && !IS_BLOCK[doc.tag(block)]; level++)
        block = doc.parent(block);
      if (block > 0 && doc.textLength(block) > MAX_DATE_TEXT + 20) continue;
      const grandparent = doc.parent(parent);
      const cued =
        DATE_CUE.test(doc.classAndId(parent)) ||
        (grandparent > 0 && DATE_CUE.test(doc.classAndId(grandparent)));
      const before = node > 0 && doc.isText(node - 1) ? doc.text(node - 1) : '';
      const label = `${before.slice(-40)} ${text.slice(0, 30)}`;
      dateCandidates.push({ text, at: textNodes, cued, updated: UPDATED_LABEL.test(label) });
      continue;
    }
    if (kind !== NodeKind.Element) continue;
    const tag = doc.tag(node);
    if (node >= excludedUntil) {
      const cues = tag === TAG.nav || tag === TAG.footer || tag === TAG.aside ? 'nav' : doc.classAndId(node);
      if (cues !== '' && NOT_PAGE_DATES.test(cues)) excludedUntil = doc.end(node);
    }
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
      if (firstH1Text < 0 && node >= excludedUntil) firstH1Text = textNodes + 1;
    } else if (tag === TAG.main || tag === TAG.article) {
      // Last resort for the direction: the first <main> or <article> that declares one.
      if (data.direction === undefined && mainDirection === undefined)
        mainDirection = directionOf(doc.attr(node, 'dir'));
    } else if (tag === TAG.time) {
      const datetime = doc.attr(node, 'datetime');
      if (datetime && node >= excludedUntil && pubTimes.length + otherTimes.length < MAX_TIMES) {
        const itemprop = doc.attr(node, 'itemprop')?.toLowerCase() ?? '';
        if (doc.attr(node, 'pubdate') !== undefined || itemprop.includes('datepublished'))
          pubTimes.push(datetime);
        else if (!itemprop.includes('datemodified')) otherTimes.push(datetime);
      }
    }
    if (node >= bylineUntil && data.bylines.length < MAX_BYLINES && isByline(doc, node, tag)) {
      const text = doc.textContent(node);
      if (text.length > 0) data.bylines.push(text);
      bylineUntil = doc.end(node); // nested byline elements would repeat the same text
    }
  }
  data.times = [...pubTimes, ...otherTimes];
  // Written dates: in a date element anywhere (outside comments, sidebars…), or close to the headline.
  for (const candidate of dateCandidates) {
    const near =
      firstH1Text >= 0 &&
      candidate.at >= firstH1Text - DATE_WINDOW_BEFORE &&
      candidate.at <= firstH1Text + DATE_WINDOW_AFTER;
    if (!candidate.cued && !near) continue;
    const list = candidate.updated ? data.visibleModified : data.visibleDates;
    if (list.length < MAX_VISIBLE_DATES) list.push(candidate.text);
  }
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
