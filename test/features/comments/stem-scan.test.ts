import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import { COMMENT_LABEL_STEM } from '../../../packages/pith/src/features/comments/cues.js';
import { findComments, StemScan } from '../../../packages/pith/src/features/comments/find.js';

// Fragments cut from the shared datasets' pages: a telegraph.co.uk comment label of 2008 (L3S-GN1),
// nested short cells and spans (a table of scores, a byline, a share bar), labels in other languages.
const PIECES = [
  '<div class="yvhd">Comments</div>',
  '<td><b>Reader comments (12)</b></td>',
  '<p><span>Kommentare</span> <span>(3)</span></p>',
  '<div><strong><font>Your comments</font></strong></div>',
  '<span>Share</span><span>Tweet</span>',
  '<a href="#comments"><span>Comments</span></a>',
  '<p>By <b>Ann Smith</b> on <span>May 5</span></p>',
  '<table><tr><td><b>12</b></td><td><b>3</b></td></tr></table>',
  '<div><p>A paragraph long enough to be text, written about the comment policy of the site.</p></div>',
  '<dt>Yorumlar</dt>',
  '<div><b>Reacties</b></div>',
  '<script>var comments = 1;</script>',
  '<div hidden><span>Comments</span></div>',
  '<ul><li><span>Home</span></li><li><span>Commentary</span></li></ul>',
];

/** The scan it stands for: any text node of the element holds the stem. */
function holdsStem(doc: ReturnType<typeof parseHtml>, node: number, stem: RegExp): boolean {
  for (let at = node; at < doc.end(node); at++) if (doc.isText(at) && stem.test(doc.text(at))) return true;
  return false;
}

describe('StemScan', () => {
  test('answers as a scan of each element asked, in document order, whatever elements are asked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 400, maxLength: 400 }),
        (pieces, asked) => {
          const doc = parseHtml(`<html><body>${pieces.join('\n')}</body></html>`);
          const scan = new StemScan(doc, COMMENT_LABEL_STEM);
          for (let node = 0; node < doc.size; node++) {
            if (!doc.isElement(node) || !asked[node % asked.length]) continue;
            assert.equal(scan.holds(node), holdsStem(doc, node, COMMENT_LABEL_STEM), `node ${node}`);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a nested label is found at each level, and a later one after a miss', () => {
    const doc = parseHtml(
      '<body><table><tr><td><b>Price</b></td><td><b><span>Reader comments (12)</span></b></td></tr></table><p><b>Home</b></p><p><span>Kommentare</span></p></body>',
    );
    const scan = new StemScan(doc, COMMENT_LABEL_STEM);
    const answers: string[] = [];
    for (let node = 0; node < doc.size; node++)
      if (doc.isElement(node) && scan.holds(node)) answers.push(doc.tagName(node));
    assert.deepEqual(answers, ['body', 'table', 'tr', 'td', 'b', 'span', 'p', 'span']);
  });

  test('the finder still reads a label that is not a heading', () => {
    const comment = (name: string) =>
      `<div class="c"><p>${name} wrote a reply long enough to be a comment of its own here.</p><p>Posted by ${name}</p></div>`;
    const doc = parseHtml(
      `<body><article><p>${'The story. '.repeat(80)}</p><div class="yvhd">Comments</div><div>${['Ann', 'Bob', 'Cy'].map(comment).join('')}</div></article></body>`,
    );
    assert.ok(findComments(doc).some((section) => section.cues.includes('heading')));
  });
});
