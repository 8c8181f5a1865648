import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  type Doc,
  IS_BLOCK,
  IS_HIDDEN_CONTENT,
  NodeKind,
  parseHtml,
} from '../../packages/pith/src/dom/index.js';

/** `Doc.textContent` as it was before s38-alloc: pieces in an array, joined, always collapsed. */
function textContentBefore(doc: Doc, node: number): string {
  const { kind, tag, end, hidden } = doc.columns;
  const parts: string[] = [];
  const stop = end[node];
  const blockEnds: number[] = [];
  for (let at = node; at < stop; at++) {
    while (blockEnds.length > 0 && at >= blockEnds[blockEnds.length - 1]) {
      blockEnds.pop();
      parts.push(' ');
    }
    if (kind[at] === NodeKind.Text) {
      if (!hidden[at]) parts.push(doc.text(at));
    } else if (kind[at] === NodeKind.Element) {
      if (IS_HIDDEN_CONTENT[tag[at]]) at = end[at] - 1;
      else if (IS_BLOCK[tag[at]]) {
        parts.push(' ');
        blockEnds.push(end[at]);
      }
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** What `isTitle` asked of the text before: its last character that is not `\s`, or -1. */
function lastCodeBefore(doc: Doc, node: number): number {
  const text = textContentBefore(doc, node);
  return text === '' ? -1 : text.charCodeAt(text.length - 1);
}

// Headings cut from trafilatura-eval pages (diem25.org.climate, pythonspeed.com.docker): a full
// stop after a link's closing tag and after a parenthesis, which `isTitle` reads as a sentence.
const FRAGMENT =
  '<body><h3>Up until now, the only credible plan to tackle the climate crisis is that of the ' +
  '<a href="https://report.gndforeurope.com/">Green New Deal for Europe</a> (GNDE).</h3>' +
  '<h4>Learn how to build fast, production-ready Docker images—read the rest of the ' +
  '<a href="/docker/">Docker packaging guide for Python</a>.\n </h4>' +
  '<h2>Docker packaging guide<script>var x = 1.</script></h2></body>';

test('textContent and lastTextCode read the cut headings as before', () => {
  const doc = parseHtml(FRAGMENT);
  const headings = [];
  for (let node = 0; node < doc.size; node++) if (/^h\d$/.test(doc.tagName(node))) headings.push(node);
  assert.equal(headings.length, 3);
  for (const heading of headings) {
    assert.equal(doc.textContent(heading), textContentBefore(doc, heading));
    assert.equal(doc.lastTextCode(heading), lastCodeBefore(doc, heading));
  }
  assert.equal(String.fromCharCode(doc.lastTextCode(headings[0])), '.');
  assert.equal(String.fromCharCode(doc.lastTextCode(headings[1])), '.');
  assert.equal(String.fromCharCode(doc.lastTextCode(headings[2])), 'e'); // the script's text is not read
});

test('textContent and lastTextCode equal the joined, collapsed text on every node (property)', () => {
  const piece = fc.constantFrom(
    'a',
    'word.',
    ' ',
    '  ',
    '\n',
    '\t',
    '\u00a0',
    '\u2009',
    '\u200b',
    '\u1680',
    '\u3000',
    '\ufeff',
    '.',
    '. ',
    'é',
    '&amp;',
    '&nbsp;',
    '&#32;',
  );
  const text = fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join(''));
  const tag = fc.constantFrom('p', 'div', 'span', 'b', 'li', 'h2', 'script', 'style', 'template', 'br', 'td');
  const tree: fc.Memo<string> = fc.memo((n) =>
    n <= 1
      ? text
      : fc
          .tuple(tag, fc.boolean(), fc.array(tree(n - 1), { maxLength: 3 }), text)
          .map(([name, hide, children, after]) =>
            name === 'br'
              ? `<br>${after}`
              : `<${name}${hide ? ' hidden style="display:none"' : ''}>${children.join('')}</${name}>${after}`,
          ),
  );
  fc.assert(
    fc.property(fc.array(tree(4), { maxLength: 4 }), (children) => {
      const doc = parseHtml(`<body>${children.join('')}</body>`);
      for (let node = 0; node < doc.size; node++) {
        assert.equal(doc.textContent(node), textContentBefore(doc, node));
        assert.equal(doc.lastTextCode(node), lastCodeBefore(doc, node));
      }
    }),
    { numRuns: 400 },
  );
});
