/** Decoding one text of megabytes in pieces (fuzz seed 202, page 2739: 1.8 million entities in one text). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeHTML } from 'entities';
import fc from 'fast-check';
import { decodeText } from '../../src/dom/parse.js';
import { longTexts, stagesChecked } from '../helpers.js';

describe('a text of megabytes of entities', () => {
  test('decodes in pieces as it does whole: named, legacy (no semicolon), numeric, broken', () => {
    const fragments = [
      '&amp;',
      '&amp',
      '&ampx',
      '&lt',
      '&notin;',
      '&notit;',
      '&#xD800;',
      '&#0;',
      '&#12',
      '&#x',
      '&#',
      '&',
      '&&',
      '&zzz;',
      'a',
      'text ',
      ';',
      '😀',
    ];
    fc.assert(
      fc.property(longTexts(fragments), (text) => {
        assert.equal(decodeText(text), decodeHTML(text));
      }),
      { numRuns: 40 },
    );
  });

  test('checks the deadline between its pieces', () => {
    const text = '&#xD800;'.repeat(200_000); // 1.6 MB
    const checks = stagesChecked(() => decodeText(text)).get('parsing') ?? 0;
    assert.ok(checks >= 20, `${checks} checks`);
  });
});
