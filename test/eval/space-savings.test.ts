import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { spaceSavings } from '../../packages/workbench/src/eval/metrics/space-savings.js';

describe('space savings (seed 000, Table 4)', () => {
  const page = new TextEncoder().encode(
    `<html><body>${"<div class='nav'><a href='/x'>link</a></div>\n".repeat(50)}<p>Hello world, this is the text.</p></body></html>`,
  );
  const text = 'Hello world, this is the text.';

  test('raw: 1 − text bytes / page bytes', () => {
    assert.equal(page.length, 2313);
    assert.equal(spaceSavings(page, text).raw, 1 - 30 / 2313);
  });

  test('gzip: 1 − gzip(text) / gzip(page), close to Python zlib level 6', () => {
    // Python's zlib (level 6, gzip wrapper) gives 130 bytes for the page and 48 for the text
    // (savings 0.6308). Node's bundled zlib may differ by a few bytes on tiny inputs.
    const { gzip } = spaceSavings(page, text);
    assert.ok(gzip >= 1 - 51 / 127 && gzip <= 1 - 45 / 133, `gzip savings ${gzip}`);
  });

  test('UTF-8 bytes of the text are counted, not characters', () => {
    const bytes = new TextEncoder().encode('x'.repeat(100));
    assert.equal(spaceSavings(bytes, 'é').raw, 1 - 2 / 100);
  });

  test('an empty page gives NaN, an empty text saves everything raw', () => {
    assert.ok(Number.isNaN(spaceSavings(new Uint8Array(0), 'x').raw));
    assert.equal(spaceSavings(page, '').raw, 1);
  });
});
