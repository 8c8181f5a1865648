/**
 * Cues for CUTER's node classes that the link percentage alone cannot give:
 * advertisements (by class/id names and "Advertisement" labels) and the title.
 */
import type { Doc } from '../../dom/index.js';

/** class/id words that name an advertisement slot (whole words, after splitting on non-alphanumerics). */
const AD_WORDS = new Set([
  'ad',
  'ads',
  'adv',
  'advert',
  'adverts',
  'advertisement',
  'advertisements',
  'advertising',
  'adsense',
  'adslot',
  'adunit',
  'adbox',
  'adcontainer',
  'adwrapper',
  'sponsor',
  'sponsors',
  'sponsored',
  'dfp',
  'doubleclick',
  'taboola',
  'outbrain',
]);

/** Whole texts that label an advertisement. */
const AD_LABELS = new Set([
  'advertisement',
  'advertisements',
  'advertising',
  'ad',
  'ads',
  'ads by google',
  'sponsored',
  'sponsored links',
  'sponsored content',
  'anzeige',
  'publicité',
  'publicidad',
  'pubblicità',
  'reklame',
  'reclame',
]);

/** True when an element's class or id names an advertisement slot. */
export function hasAdName(doc: Doc, node: number): boolean {
  const names = doc.classAndId(node);
  if (names === '') return false;
  for (const word of names.split(/[^a-z0-9]+/)) if (AD_WORDS.has(word)) return true;
  return false;
}

/** True when an element's whole (short) text is an advertisement label. */
export function isAdLabel(doc: Doc, node: number): boolean {
  if (doc.textLength(node) > 30) return false;
  const text = doc
    .textContent(node)
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, '')
    .trim();
  return AD_LABELS.has(text);
}

/** Lower-cased letters and digits, single-spaced: for comparing titles. */
export function normaliseTitle(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * How well a candidate text matches the title, 0–1: 1 when equal; when one contains
 * the other (a site name after the headline, a kicker before it), the shorter's share
 * of the longer. Under 0.5 counts as no match.
 */
export function titleMatch(candidate: string, title: string): number {
  if (candidate === '' || title === '') return 0;
  if (candidate === title) return 1;
  const [short, long] = candidate.length < title.length ? [candidate, title] : [title, candidate];
  // Whole words only: "war" must not match inside "warsaw".
  if (!` ${long} `.includes(` ${short} `)) return 0;
  const share = short.length / long.length;
  return share >= 0.5 ? share : 0;
}
