/**
 * Decoding one text or attribute value of megabytes in pieces (fuzz seed 202, page 2739: 1.8 million
 * entities in one text; seed 211, page 13002: 1.8 million `&#99999999;` inside an `href`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import fc from 'fast-check';
import { decodeAttributeValue, decodeText, parseHtml } from '../../src/dom/parse.js';
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

  test('an attribute value decodes in pieces as it does whole (the attribute rule for legacy entities)', () => {
    const fragments = [
      '&amp;',
      '&amp',
      '&amp=',
      '&ampx',
      '&lt1',
      '&not',
      '&#99999999;',
      '&#x',
      '&',
      '=',
      'a',
      '1 ',
    ];
    fc.assert(
      fc.property(longTexts(fragments), (value) => {
        assert.equal(decodeAttributeValue(value), decodeHTMLAttribute(value));
      }),
      { numRuns: 40 },
    );
  });

  test('an attribute value of megabytes checks the deadline between its pieces', () => {
    const flood = '&#99999999;'.repeat(150_000); // 1.65 MB
    const checks = stagesChecked(() => parseHtml(`<a href="/x${flood}">a</a>`)).get('parsing') ?? 0;
    assert.ok(checks >= 20, `${checks} checks`);
  });

  test('checks the deadline between its pieces', () => {
    const text = '&#xD800;'.repeat(200_000); // 1.6 MB
    const checks = stagesChecked(() => decodeText(text)).get('parsing') ?? 0;
    assert.ok(checks >= 20, `${checks} checks`);
  });
});
