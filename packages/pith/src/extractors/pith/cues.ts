/**
 * Class/id and attribute cues. These vocabularies are English-leaning (class names
 * are mostly English on every site); how much they help per language is measured
 * in docs/algorithms/default.md once the workbench exists.
 */

import { tickAt } from '../../dom/index.js';
import { hasCueWord } from '../../features/blocks/index.js';

/** Class/id words that mark page furniture (Readability's "unlikely candidates", extended); read as words by `hasCueWord`. */
export const UNLIKELY_CLASS =
  /-ad-|ai2html|banner|breadcrumb|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|share|sharing|newsletter|subscribe|cookie-?(banner|consent|notice)|consent|onetrust|cookiebot|promo|navbar|masthead|toolbar/g;

/** Words that rescue an element the pattern above matched. */
export const MAYBE_CONTENT_CLASS =
  /and|article|body|column|content|main|mathjax|shadow|post|entry|story|text/;

/** Class/id words that raise an element's content score (Readability's positive weights). */
export const POSITIVE_CLASS =
  /article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose|markdown|documentation/;

/** Class/id words that lower an element's content score; read as words by `hasCueWord`. */
export const NEGATIVE_CLASS =
  /-ad-|hidden|hid|banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|byline|author-bio|newsletter|subscribe|breadcrumb|pagination|navbar|menu/g;

/** Landmark roles that are never the main content. */
export const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'search',
  'toolbar',
]);

/** ±25 per matching pattern, as Readability weighs class and id. */
export function classWeight(classAndId: string): number {
  if (classAndId === '') return 0;
  let weight = 0;
  if (hasCueWord(classAndId, NEGATIVE_CLASS)) weight -= 25;
  if (POSITIVE_CLASS.test(classAndId)) weight += 25;
  return weight;
}

/** True when an inline style hides the element. */
export function styleHides(style: string): boolean {
  return /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

/** Commas in any script (Latin, CJK full-width and ideographic, Arabic). */
export function countCommas(text: string): number {
  return countCommasIn(text, 0, text.length);
}

/** `countCommas(text.slice(start, end))` without the slice (a text node's range of the page's source). */
export function countCommasIn(text: string, start: number, end: number): number {
  let commas = 0;
  for (let index = start; index < end; index++) {
    tickAt(index - start, 'pith'); // a text node can be megabytes
    const code = text.charCodeAt(index);
    if (code === 44 || code === 0xff0c || code === 0x3001 || code === 0x060c) commas++;
  }
  return commas;
}
