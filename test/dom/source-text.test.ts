import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { NodeKind, parseHtml } from '../../packages/pith/src/dom/index.js';

/** Every text node `isSourceText` vouches for holds exactly its source range. */
function checkSourceTexts(html: string): number {
  const doc = parseHtml(html);
  const { kind, sourceStart, sourceEnd } = doc.columns;
  let vouched = 0;
  for (let node = 0; node < doc.size; node++) {
    if (!doc.isSourceText(node)) continue;
    assert.equal(kind[node], NodeKind.Text);
    assert.equal(doc.text(node), doc.source.slice(sourceStart[node], sourceEnd[node]));
    vouched++;
  }
  return vouched;
}

test('isSourceText: plain text is its source range, decoded or joined text is not', () => {
  const doc = parseHtml('<p>plain words</p><p>a &amp; b</p><table>x<tr><td>y</td></tr></table>');
  const texts = [];
  for (let node = 0; node < doc.size; node++)
    if (doc.kind(node) === NodeKind.Text) texts.push([doc.text(node), doc.isSourceText(node)]);
  assert.deepEqual(texts.slice(0, 2), [
    ['plain words', true],
    ['a & b', false],
  ]);
  assert.ok(checkSourceTexts('<p>plain words</p><p>a &amp; b</p><table>x<tr><td>y</td></tr></table>') > 0);
});

test('isSourceText never vouches for a text that differs from its source range', () => {
  const piece = fc.constantFrom(
    'text ',
    '&amp;',
    '&lt;',
    '&#169;',
    '&copy',
    '\u0000',
    '\r\n',
    '<p>',
    '</p>',
    '<table>',
    '<td>',
    '</table>',
    '<b>',
    '</b>',
    '<script>',
    '</script>',
    '<!-- c -->',
    '<textarea>',
    '<title>',
    '<pre>\n',
    '<svg>',
    'é',
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
      checkSourceTexts(pieces.join(''));
    }),
    { numRuns: 500 },
  );
});

test('whitespace texts, kept from page to page, are the texts of each page', () => {
  // The parser keeps the whitespace-only texts it has seen (issue 38) in 256 slots by a hash: many
  // pages in a row of many distinct runs (two-byte pages too) take slots over from one another.
  const space = fc.constantFrom(' ', '\n', '\t', '\r', '\f', '\r\n');
  const run = fc.array(space, { minLength: 1, maxLength: 40 }).map((parts) => parts.join(''));
  const page = fc
    .tuple(fc.array(run, { minLength: 1, maxLength: 12 }), fc.boolean())
    .map(([runs, twoByte]) =>
      runs.map((whitespace, index) => `<p>${twoByte ? '\u2019' : 'a'}${index}</p>${whitespace}`).join(''),
    );
  fc.assert(
    fc.property(fc.array(page, { minLength: 1, maxLength: 30 }), (pages) => {
      for (const html of pages) {
        const doc = parseHtml(html);
        const { sourceStart, sourceEnd } = doc.columns;
        for (let node = 0; node < doc.size; node++) {
          if (doc.kind(node) !== NodeKind.Text) continue;
          assert.equal(doc.text(node), doc.source.slice(sourceStart[node], sourceEnd[node]));
        }
      }
    }),
    { numRuns: 200 },
  );
});
