/**
 * The layout's style readers as the patterns they replace read them, in one scan: each old pattern
 * split a long run of digits or spaces every way, or ran to the end from every `url(`, so a hostile
 * inline style took the square of its length (found by a ReDoS audit: docs/security.md, "Patterns
 * that took the square of their input").
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseLength, withoutUrls } from '../../packages/pith/src/layout/css.js';
import { parseCssColor } from '../../packages/pith/src/layout/types.js';

const pieces = (...values: string[]) =>
  fc.array(fc.constantFrom(...values), { maxLength: 14 }).map((parts) => parts.join(''));

describe('style patterns read in one scan', () => {
  test('parseLength reads a length as /^\\s*(-?\\d*\\.?\\d+)\\s*(unit)?\\s*$/i did', () => {
    const OLD = /^\s*(-?\d*\.?\d+)\s*(px|em|rem|pt|pc|%|vw|in|cm|mm|ex|ch)?\s*$/i;
    fc.assert(
      fc.property(pieces('1', '0', '.', '-', ' ', '\t', 'px', 'EM', '%', 'x', '\u00a0'), (value) => {
        const old = OLD.exec(value);
        const now = parseLength(value, 16, 200);
        if (old === null) assert.equal(now, undefined, JSON.stringify(value));
        else assert.notEqual(now, undefined, JSON.stringify(value));
      }),
      { numRuns: 5000 },
    );
    assert.equal(parseLength(' 1.5em ', 16, 200), 24);
    assert.equal(parseLength(`-${'0'.repeat(20000)}${'\t'.repeat(20000)}.`, 16, 200), undefined);
  });

  test('withoutUrls is replace(/url\\([^)]*\\)/gi, " ")', () => {
    fc.assert(
      fc.property(pieces('url(', 'URL(', ')', 'x', ' ', '#fff', 'u'), (text) => {
        assert.equal(withoutUrls(text), text.replace(/url\([^)]*\)/gi, ' '));
      }),
      { numRuns: 5000 },
    );
    const flood = `#fff ${'url('.repeat(30000)}`;
    assert.equal(withoutUrls(flood), flood);
  });

  test('rgb() colours read as before, a long run of spaces in one scan', () => {
    assert.equal(parseCssColor('rgb( 1, 2, 3 )'), parseCssColor('rgb(1,2,3)'));
    assert.equal(parseCssColor('rgba(\t255 0 0 / 0.5)'), parseCssColor('rgba(255, 0, 0, 0.5)'));
    assert.equal(parseCssColor(`rgb(${'\t'.repeat(30000)}g`), undefined);
  });
});
