/**
 * The metadata split of WCXB dev: rules for titles, authors and dates are written by looking at
 * pages of the tuning half, page by page; the held-out half is only ever scored. A page's half is
 * decided by its site (so no site has pages on both sides) and needs no list: WCXB dev 766 pages
 * (643 sites) tuning, 731 pages (591 sites) held out.
 *
 * Fixed on 2026-11-26, before any page was looked at for the metadata work (issue 16), and kept
 * since: pages of the tuning half have been looked at, so the rule must not change. A quirk found
 * afterwards: the lowest bit of FNV-1a is the parity of the odd bytes of its input (each step xors
 * a byte, then multiplies by an odd prime), so the salt plays no part and the half is that parity
 * over the site name, a fixed function of the site like any hash. WCXB has no sealed quarter, so
 * that this bit is also one of the sealed split's (`sealed.ts`, low two bits) changes nothing here.
 */
import { fnv1a, siteOf } from './sealed.js';

export type MetadataHalf = 'tuning' | 'held-out';
export const METADATA_HALVES: readonly MetadataHalf[] = ['tuning', 'held-out'];

/** The half of the page at `url` (a page without a URL is held out: nobody tunes on what cannot be placed). */
export function metadataHalfOf(url: string | undefined): MetadataHalf {
  if (url === undefined || url === '') return 'held-out';
  return fnv1a(`pith-metadata-v1:${siteOf(url)}`) % 2 === 0 ? 'tuning' : 'held-out';
}
