/**
 * The sealed split (issue 16): a site-disjoint quarter of the article datasets that nobody
 * looks at page by page or tunes on, scored once per release and reported as such. A page is
 * sealed when its site hashes into one bucket of four; nothing is keyed to a page or a file,
 * so the split needs no list and stays fixed as long as this file does.
 *
 * Measured at the sealing (2026-11-26): trafilatura-eval 219 of 990 pages (216 of 890 sites),
 * newspaper-fulltext 35 of 115 pages (18 of 67 sites).
 */

/** Datasets (by format) with a sealed quarter; every other dataset is all development pages. */
export const SEALED_FORMATS: readonly string[] = ['trafilatura-eval', 'newspaper-fulltext'];

/** Which pages of a dataset a run reads. */
export type DatasetSplit = 'dev' | 'sealed' | 'all';
export const DATASET_SPLITS: readonly DatasetSplit[] = ['dev', 'sealed', 'all'];

/** Second-level labels under which sites register (example.co.uk, example.com.au). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'or', 'ne', 'go']);

/** The site a URL belongs to: its registrable domain, roughly (www./m./amp. and subdomains dropped). */
export function siteOf(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
  const labels = host.split('.');
  // A leading "www" is never the site's own label: without this, "www.co.aa" read as a site under the
  // suffix co.aa while "co.aa" itself is one (a property test's counterexample; no host of the datasets
  // has that shape, so no page changed fold or half).
  while (labels.length > 2 && labels[0] === 'www') labels.shift();
  const last = labels.length - 1;
  const keep = last >= 2 && SECOND_LEVEL.has(labels[last - 1]) && labels[last].length === 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** FNV-1a over the UTF-8 bytes: small, stable across Node versions, no dependency. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** True when the page at `url` belongs to the sealed quarter. */
export function isSealedUrl(url: string): boolean {
  return fnv1a(`pith-sealed-v1:${siteOf(url)}`) % 4 === 0;
}

/** True when a page of this dataset format, at this URL, is in the split asked for. */
export function inSplit(format: string, url: string | undefined, split: DatasetSplit): boolean {
  if (split === 'all') return true;
  if (!SEALED_FORMATS.includes(format) || url === undefined) return split === 'dev';
  return isSealedUrl(url) === (split === 'sealed');
}
