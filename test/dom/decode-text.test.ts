/**
 * Decoding one text or attribute value of megabytes in pieces (fuzz seed 202, page 2739: 1.8 million
 * entities in one text; seed 211, page 13002: 1.8 million `&#99999999;` inside an `href`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import fc from 'fast-check';
import { decodeAttributeValue, decodeText, parseHtml } from '../../packages/pith/src/dom/parse.js';
import { longTexts, stagesChecked } from '../helpers.js';

describe('a text of megabytes of entities', () => {
  const cases = [
    {
      name: 'a text decodes in pieces as it does whole: named, legacy (no semicolon), numeric, broken',
      inPieces: decodeText,
      whole: decodeHTML,
      fragments: [
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
      ],
    },
    {
      name: 'an attribute value decodes in pieces as it does whole (the attribute rule for legacy entities)',
      inPieces: decodeAttributeValue,
      whole: decodeHTMLAttribute,
      fragments: ['&amp;', '&amp', '&amp=', '&ampx', '&lt1', '&not', '&#99999999;', '&#x', '='],
    },
  ];
  for (const { name, inPieces, whole, fragments } of cases) {
    test(name, () => {
      const pieces = [...fragments, '&', '&&', '&zzz;', 'a', 'text ', '1 ', ';', '😀'];
      fc.assert(
        fc.property(longTexts(pieces), (text) => {
          assert.equal(inPieces(text), whole(text));
        }),
        { numRuns: 40 },
      );
    });
  }

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
