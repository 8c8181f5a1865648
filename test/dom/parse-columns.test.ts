/**
 * The parser's node columns are made for about 1.5 nodes per `<` of the page and grow by
 * doubling when a page has more: the document is the same whatever the columns start at.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, NodeKind, TAG } from '../../packages/pith/src/dom/index.js';
import { parseHtml, parseInChunks } from '../../packages/pith/src/dom/parse.js';

/** Every column of every node, its text, its attributes and whether its text is its source. */
function dump(doc: Doc): string[] {
  const columns = Object.entries(doc.columns) as [string, ArrayLike<number>][];
  const lines: string[] = [];
  for (let node = 0; node < doc.size; node++) {
    const values = columns.map(([name, column]) => `${name}=${column[node]}`).join(' ');
    const kind = doc.kind(node);
    const body =
      kind === NodeKind.Element
        ? `${doc.tagName(node)} ${JSON.stringify(doc.attributes(node))}`
        : `${JSON.stringify(doc.text(node))} ${kind === NodeKind.Text && doc.isSourceText(node)}`;
    lines.push(`${node} ${values} ${body}`);
  }
  return lines;
}

const CHUNK = 1 << 20;
/** Columns that never grow: the reference. */
const roomy = (html: string) => parseInChunks(html, {}, CHUNK, 1 << 16);

const PIECES = [
  '<p>',
  '</p>',
  '<div class="a b" id=x>',
  '</div>',
  "<a href='/x?a=1&amp;b=2'>",
  '</a>',
  '<br>',
  'x',
  'more words here',
  '&amp;',
  '<!-- c -->',
  '<script>if (a < b) {}</script>',
  '<table><tr><td>x</td></tr></table>',
  'text<td>cell</td>',
  '<svg><title>s</title></svg>',
  '<img src="a.png" alt="x">',
  '<html lang=en>',
  '<body class=b>',
  '<template><p hidden>t</p></template>',
  '<',
  ' ',
];

describe('the node columns', () => {
  test('property: the same document whether the columns start at one node, at the estimate or roomy', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 120 }),
        fc.integer({ min: 1, max: 40 }),
        (pieces, start) => {
          const html = pieces.join('');
          const expected = dump(roomy(html));
          assert.deepEqual(dump(parseInChunks(html, {}, CHUNK, start)), expected);
          assert.deepEqual(dump(parseHtml(html)), expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a page with more nodes than the estimate (two a `<`) grows its columns and loses nothing', () => {
    for (const count of [100, 5000]) {
      const html = 'x<br>'.repeat(count);
      const doc = parseHtml(html);
      assert.ok(doc.size > Math.ceil(count * 1.5) + 16, `${doc.size} nodes for ${count} tags`);
      assert.deepEqual(dump(doc), dump(roomy(html)));
    }
  });

  test('a page with more attributes than node slots keeps them all, in order', () => {
    const names = Array.from({ length: 3000 }, (_, index) => `a${index}="v${index}"`);
    const html = `<div ${names.join(' ')}>x</div><p id=last>y</p>`;
    const doc = parseHtml(html);
    const div = Object.entries(doc.attributes(doc.findFirst(TAG.div)));
    assert.equal(div.length, 3000);
    assert.deepEqual(div[2999], ['a2999', 'v2999']);
    assert.equal(doc.attr(doc.findFirst(TAG.p), 'id'), 'last');
    assert.equal(doc.hasAttributeContaining('a1500', 'v1500'), true);
    assert.deepEqual(dump(doc), dump(roomy(html)));
  });

  test('are made for the nodes of the page, not for its length', () => {
    // 1 MB of text in three elements: the columns sized by the length held 65,536 nodes.
    const doc = parseHtml(`<p>${'words and more words '.repeat(50_000)}</p>`);
    assert.ok(
      doc.columns.parent.buffer.byteLength <= 4 * 64,
      `${doc.columns.parent.buffer.byteLength} bytes`,
    );
  });

  test('hold every node up to the limit on nodes, and not one more', () => {
    const html = '<i>x</i>'.repeat(40);
    const size = parseHtml(html).size;
    assert.equal(parseInChunks(html, { maxNodes: size - 1 }, CHUNK, 1).size, size);
    assert.throws(() => parseInChunks(html, { maxNodes: size - 2 }, CHUNK, 1), /more than/);
  });
});
