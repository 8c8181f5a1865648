// The footnote finder's page test (`mayHaveMarks`, src/features/footnotes/find.ts): a page it
// says has no mark gets the answer the whole first pass gives (none). The fragments are cut from
// the shapes test/format/footnotes.test.ts reads (Wikipedia, Pandoc, Word, WordPress, Tufte CSS,
// Org mode, Wikidot, HTMLBook, Nature, Science) and from what most pages have instead (menus of
// `#` links, ® in a `<sup>`, form labels, icon spans, numbered steps).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import { findFootnotes, mayHaveMarks } from '../../../packages/pith/src/features/footnotes/find.js';

const URL_ = 'https://example.com/post/';

/** Marks of every shape the finder reads, each a piece of a paragraph. */
const MARKS = [
  '<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup>',
  '<sup id="fnref:1"><a href="#fn:1" class="footnote-ref" role="doc-noteref">1</a></sup>',
  `<a id="footnote-anchor-1-181604168" href="${URL_}#footnote-1-181604168" class="footnote-anchor">1</a>`,
  '<sup data-fn="f1" class="fn"><a href="#f1" id="f1-link">1</a></sup>',
  '<a href="#_ftn1" name="_ftnref1">[1]</a>',
  '<a href="ch01.html#ch01fn3" data-type="noteref">3</a>',
  '<a href="javascript:;" id="footnoteref-1" onclick="scrollToReference(\'footnote-1\')">1</a>',
  '<sup>2</sup>',
  '<span class="footnote-ref">3</span>',
  '<span class="Footnote-Ref">4</span>',
  '<label for="sn-1" class="margin-toggle sidenote-number"></label><input type="checkbox" id="sn-1" class="margin-toggle"><span class="sidenote">A sidenote.</span>',
  '<label for="fn.1" class="footref">1</label>',
  '<label for="fn.2" class="footref">2</label>',
  '<span class="footnote-container"><sup>1</sup><span class="footnote">An inline note.</span></span>',
  '<span class="inline-footnote">2<span class="footnoteContent">Inline.</span></span>',
  '<sup data-definition="note-1">1</sup>',
  '<span data-definition="note-2">*</span>',
  '<a href="#ref-CR1" role="doc-biblioref">1</a>',
  '<a href="#fn1">i</a>',
];
/** Notes and what holds them. */
const NOTES = [
  '<ol class="references"><li id="cite_note-1"><span class="mw-cite-backlink"><a href="#cite_ref-1">^</a></span> Doe, Jane (2024).</li></ol>',
  '<div class="footnotes" role="doc-endnotes"><hr><ol><li id="fn:1"><p>First note. <a href="#fnref:1" class="footnote-backref">↩</a></p></li></ol></div>',
  '<div class="footnote" id="footnote-1-181604168"><a href="#footnote-anchor-1-181604168">1</a><p>The note.</p></div>',
  '<ol class="wp-block-footnotes"><li id="f1">A note. <a href="#f1-link">↩︎</a></li></ol>',
  '<div id="_ftn1"><p><a href="#_ftnref1" name="_ftn1">[1]</a> A Word note.</p></div>',
  '<hr><p><sup>2</sup> A note after the rule.</p><p>3 Another one.</p>',
  '<p class="footnote"><sup>3</sup> A p.footnote note.</p>',
  '<aside><ol start="4"><li>A note beside the text.</li></ol></aside>',
  '<div class="footnote-footer" id="footnote-1"><a href="javascript:;">1</a>. A Wikidot note.</div>',
  '<aside id="note-1">A hidden note.</aside>',
  '<div id="footnotes"><div class="footdef" id="fn.2"><div class="footpara"><p>An Org mode note.</p></div></div></div>',
  '<ol role="doc-bibliography"><li role="listitem" id="ref-CR1">Science (2020).</li></ol>',
];
/** What pages without footnotes hold. */
const OTHER = [
  '<nav><a href="#">Home</a> <a href="#top">Top</a> <a href="/a">A</a> <a href="#main">1</a></nav>',
  '<p>Acme<sup>®</sup> and x<sup>2</sup> in <a href="/b"><sup>5</sup></a></p>',
  '<form><label for="q">Search</label><input id="q"><label>Name</label></form>',
  '<p><span class="icon"></span><span class="badge">12</span> <span id="FootNote-REF-x">Long enough text here</span></p>',
  '<ol><li><p><strong>1</strong> Step one.</p></li><li><p><b>2</b> Step two.</p></li></ol>',
  '<div class="notes"><ul><li>Not a note list.</li></ul></div>',
  '<h2>References</h2><p>Plain text.</p>',
  '<a href="https://example.com/post/#section-2">2</a>',
  '<a href="#">*</a><a>7</a><a href="">8</a><a href=" javascript:void(0)" id="fnref-9">9</a>',
];

const page = fc
  .array(fc.oneof(fc.constantFrom(...MARKS), fc.constantFrom(...NOTES), fc.constantFrom(...OTHER)), {
    maxLength: 8,
  })
  .map(
    (parts) =>
      `<html><body><article><p>Some text.</p>${parts.join('<p>More text.</p>')}</article></body></html>`,
  );

/** A page's footnotes as comparable data (Maps and Sets as arrays). */
const shown = (found: unknown) =>
  JSON.stringify(found, (_key, value) => (value instanceof Map || value instanceof Set ? [...value] : value));

describe('footnotes: the page test before the first pass', () => {
  test('the same footnotes with and without it, on pages of real marks, notes and neither', () => {
    fc.assert(
      fc.property(page, (html) => {
        const screened = findFootnotes(parseHtml(html, { url: URL_ }));
        const whole = findFootnotes(parseHtml(html, { url: URL_ }), false);
        assert.equal(shown(screened), shown(whole));
      }),
      { numRuns: 400 },
    );
  });

  test('every mark shape passes it; a page of menus, symbols, form labels and steps does not', () => {
    for (const mark of MARKS) {
      const doc = parseHtml(`<html><body><p>Text${mark} more.</p></body></html>`, { url: URL_ });
      assert.equal(mayHaveMarks(doc), true, mark);
    }
    const plain =
      '<nav><a href="#">Home</a> <a href="#top">Top</a> <a href="/a">1</a></nav><p>Acme<sup>®</sup></p>' +
      '<form><label for="q">Search</label><input id="q"></form><p><span class="icon"></span><span>12</span></p>' +
      '<ol><li><p><strong>1</strong> Step one.</p></li></ol><div class="notes"><ul><li>Not a note.</li></ul></div>';
    const doc = parseHtml(`<html><body>${plain}</body></html>`, { url: URL_ });
    assert.equal(mayHaveMarks(doc), false);
  });
});
