/**
 * What the metadata remembers from page to page (remembered answers, split author names) must not
 * keep the pages alive: a value read from a page is, in V8, a slice that holds the page's whole
 * source, so a remembered slice held a page's HTML until its cache filled (hundreds of pages).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { extract } from '../../packages/pith/src/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap bytes after a full collection. */
function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('remembered metadata answers hold no page source', () => {
  it('pages of 2 MB with their own title, author and date leave the heap as it was', () => {
    // A comment: 2 MB of source that costs the parser one node.
    const filler = `<!-- ${'x'.repeat(2_000_000)} -->`;
    const page = (n: number) =>
      `<html><head><title>page number ${n} of the crawl</title><meta name="author" content="Writer Number${n} Surname">` +
      `<meta property="article:published_time" content="2024-01-05T10:00:00Z"></head>` +
      `<body>${filler}<article><h1>page number ${n}</h1><p>Some words of page ${n}, enough to answer.</p></article></body></html>`;
    const read = (n: number) => {
      const result = extract(page(n), { format: 'text' });
      return result.metadata.authors.length;
    };
    for (let n = 0; n < 3; n++) read(n);
    const before = heapAfterGc();
    for (let n = 3; n < 33; n++) read(n);
    const grown = heapAfterGc() - before;
    // Thirty pages' sources are 60 MB; what may stay is the caches' short strings.
    assert.ok(grown < 10_000_000, `the heap grew by ${Math.round(grown / 1e6)} MB over 30 pages`);
  });
});
