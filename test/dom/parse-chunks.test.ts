/**
 * The tokenizer fed in chunks (fuzz seed 215, page 18799: one 30 MB attribute value was one
 * stretch without a deadline check) builds the same document as the whole page at once.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, NodeKind } from '../../packages/pith/src/dom/index.js';
import { parseHtml, parseInChunks } from '../../packages/pith/src/dom/parse.js';
import { stagesChecked } from '../helpers.js';

/** Every node: kind, tag, parent, end, its text or its attributes, and the source range. */
function dump(doc: Doc): string[] {
  const lines: string[] = [];
  for (let node = 0; node < doc.size; node++) {
    const kind = doc.kind(node);
    const body =
      kind === NodeKind.Text
        ? JSON.stringify(doc.text(node))
        : kind === NodeKind.Element
          ? `${doc.tagName(node)} ${JSON.stringify(doc.attributes(node))}`
          : '';
    lines.push(
      `${node} ${kind} ${doc.parent(node)} ${doc.end(node)} ${body} ${doc.columns.sourceStart[node]}-${doc.columns.sourceEnd[node]}`,
    );
  }
  return lines;
}

const PIECES = [
  '<p>',
  '</p>',
  '<div class="a b">',
  '<div class="unclosed>',
  "<a href='/x?a=1&amp;b=2'>",
  '</a>',
  '<script>var a = "</div>"; if (a < b) {}</script>',
  '<style>p { color: red }</style>',
  '<!-- a comment with <p> inside -->',
  '<!--',
  '-->',
  '<title>T &amp; t</title>',
  '<table><tr><td>x</td></tr></table>',
  '<svg><title>s</title></svg>',
  '<textarea>a &lt; b</textarea>',
  '&amp;',
  '&amp',
  '&ampx',
  '&#x1F600;',
  '&#12',
  '&notin;',
  '&',
  '<',
  '>',
  ' ',
  '\n',
  '\t',
  'text',
  'more words here',
  '😀',
  '\u00e9',
  '<br/>',
  '<img src="a.png" alt="x &amp; y">',
  '<![CDATA[ c ]]>',
  '<!DOCTYPE html>',
  '</',
  '<b',
  '="',
  '"',
];

describe('the tokenizer in chunks', () => {
  test('builds the same document as the whole page at once, whatever the chunk length', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        (pieces, chunk) => {
          const html = pieces.join('');
          assert.deepEqual(dump(parseInChunks(html, {}, chunk)), dump(parseHtml(html)));
        },
      ),
      { numRuns: 400 },
    );
  });

  test('checks the deadline between chunks inside one attribute value of megabytes', () => {
    // An unclosed quote swallows the rest of the page into one attribute value (3.6 MB).
    const html = `<div class="unclosed>${'<p>word</p>'.repeat(330_000)}`;
    const checks = stagesChecked(() => parseHtml(html)).get('parsing') ?? 0;
    assert.ok(checks >= 3, `${checks} checks`);
  });
});
