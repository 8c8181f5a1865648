// Footnotes (src/format/elements/footnotes.ts) as Markdown footnotes, on fragments cut from real
// pages: Defuddle's fixtures (../shared/structure/defuddle, dev half) and the markup that
// Wikipedia, Pandoc/Hugo, the WordPress block editor and Word write.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Selection } from '../../src/dom/index.js';
import { toHtml, toMarkdown, toText } from '../../src/format/index.js';
import { extraction, keepFirst } from './helpers.js';

const URL_ = 'https://example.com/post/';
const md = (html: string) => toMarkdown(extraction(html, { url: URL_ }));

describe('footnotes', () => {
  test('Wikipedia: cite_note references, the back-link and its caret left out of the note', () => {
    const html =
      '<p>Scholar Jane Doe has argued so.<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup> More.</p>' +
      '<h2>References</h2><ol class="references"><li id="cite_note-1"><span class="mw-cite-backlink"><b><a href="#cite_ref-1">^</a></b></span> <span class="reference-text">Doe, Jane (2024). <i>Journal of Policy Studies</i>.</span></li></ol>';
    assert.equal(
      md(html),
      'Scholar Jane Doe has argued so.[^1] More.\n\n## References\n\n[^1]: Doe, Jane (2024). *Journal of Policy Studies*.',
    );
  });

  test('Pandoc / Hugo: footnote-ref and doc-noteref, notes in doc-endnotes with ↩︎ back-links', () => {
    const html =
      '<p>A claim.<sup id="fnref:1"><a href="#fn:1" class="footnote-ref" role="doc-noteref">1</a></sup> Another.<sup id="fnref:2"><a href="#fn:2" class="footnote-ref" role="doc-noteref">2</a></sup></p>' +
      '<div class="footnotes" role="doc-endnotes"><hr><ol><li id="fn:1"><p>First note.&#160;<a href="#fnref:1" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p></li>' +
      '<li id="fn:2"><p>Second note, <code>x</code>.&#160;<a href="#fnref:2" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p></li></ol></div>';
    assert.equal(
      md(html),
      'A claim.[^1] Another.[^2]\n\n---\n\n[^1]: First note.\n\n[^2]: Second note, `x`.',
    );
  });

  test('Substack: marks and back-links are absolute links to the page itself (structure corpus, garymarcus.substack.com)', () => {
    const page = 'https://garymarcus.substack.com/p/new-ways-to-corrupt-llms';
    const html =
      `<p>a preference<a id="footnote-anchor-1-181604168" href="${page}#footnote-1-181604168" target="_self" class="footnote-anchor">1</a> for owls.</p>` +
      `<div class="footnote"><a id="footnote-1-181604168" href="${page}#footnote-anchor-1-181604168" class="footnote-number" contenteditable="false" target="_self">1</a>` +
      '<div class="footnote-content"><p>Please forgive this rare lapse into anthropomorphism.</p></div></div>' +
      `<p>Elsewhere: <a href="https://example.com/other#footnote-1-181604168">1</a>.</p>`;
    assert.equal(
      toMarkdown(extraction(html, { url: page })),
      'a preference[^1] for owls.\n\nElsewhere: [1](https://example.com/other#footnote-1-181604168).\n\n[^1]: Please forgive this rare lapse into anthropomorphism.',
    );
  });

  test('WordPress block editor: sup.fn with data-fn, ol.wp-block-footnotes', () => {
    const html =
      '<p>Text<sup data-fn="a1b2" class="fn"><a href="#a1b2" id="a1b2-link">1</a></sup> and more.</p>' +
      '<ol class="wp-block-footnotes"><li id="a1b2">The note. <a href="#a1b2-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol>';
    assert.equal(md(html), 'Text[^1] and more.\n\n[^1]: The note.');
  });

  test('Word: _ftnref / _ftn named anchors, the note numbered [1] in its own paragraph', () => {
    const html =
      '<p class="MsoNormal">Word text.<a href="#_ftn1" name="_ftnref1" title=""><span class="MsoFootnoteReference"><span>[1]</span></span></a></p>' +
      '<div><div id="ftn1"><p class="MsoFootnoteText"><a href="#_ftnref1" name="_ftn1" title=""><span class="MsoFootnoteReference">[1]</span></a> The Word note.</p></div></div>';
    assert.equal(md(html), 'Word text.[^1]\n\n[^1]: The Word note.');
  });

  test('named anchors (Defuddle dev fixture footnotes--named-anchor): the number link is the back-link', () => {
    const html =
      '<p>The early basilica.<a name="FnAnchor_1" href="#Footnote_1"><span class="fn">1</span></a></p>' +
      '<div class="note"><p><a name="Footnote_1" href="#FnAnchor_1"><span class="fn">1</span></a> For a full account, see <i>Christian Art</i>.</p></div>';
    assert.equal(md(html), 'The early basilica.[^1]\n\n[^1]: For a full account, see *Christian Art*.');
  });

  test('several notes in one paragraph between <br>s: each from its anchor to the next', () => {
    const html =
      '<p>One.<sup><a href="#n1">1</a></sup> Two.<sup><a href="#n2">2</a></sup></p>' +
      '<p><a name="n1">1.</a> First note.<br><a name="n2">2.</a> Second note.</p>';
    assert.equal(md(html), 'One.[^1] Two.[^2]\n\n[^1]: First note.\n\n[^2]: Second note.');
  });

  test('bare <sup> numbers into a list of notes (Defuddle dev fixture issues--218)', () => {
    const html =
      '<p>As the <span class="wrap-inline">reference.<span id="ft-1" class="reference"> <sup class="footnote-ref">1</sup> </span></span>This continues.</p>' +
      '<section class="footnotes"><ol class="footnotes-list"><li id="fn1" class="footnote-item"><p>First footnote content.</p></li></ol></section>';
    assert.equal(md(html), 'As the reference.[^1] This continues.\n\n[^1]: First footnote content.');
  });

  test('bare <sup> numbers into the paragraphs after the last <hr> (a note runs to the next number)', () => {
    const html =
      '<p>The first approach.<sup>1</sup></p><p>The second.<sup>2</sup></p><hr>' +
      '<p><strong>1</strong> Complexity:</p><ul><li>Overhead.</li></ul><p>Despite this.</p>' +
      '<p><strong>2</strong> Simplicity.</p>';
    assert.equal(
      md(html),
      'The first approach.[^1]\n\nThe second.[^2]\n\n---\n\n[^1]: Complexity:\n\n    - Overhead.\n\n    Despite this.\n\n[^2]: Simplicity.',
    );
  });

  test('a note the selection left out is written with its mark; the text output is unchanged', () => {
    const html =
      '<article><p>Kept text.<sup id="r1"><a href="#n1">1</a></sup></p></article>' +
      '<footer><ol><li id="n1">The note. <a href="#r1">↩</a></li></ol></footer>';
    const picked = extraction(html, { url: URL_, keep: keepFirst('article') });
    assert.equal(toMarkdown(picked), 'Kept text.[^1]\n\n[^1]: The note.');
    assert.equal(toText(picked), 'Kept text.1');
  });

  test('not footnotes: equation references, a table of contents, a link to a heading', () => {
    const html =
      '<p>By <a href="#eq1">(1)</a> and <a href="#sec2">2</a>.</p><div id="eq1">E = mc²</div>' +
      '<h2 id="sec2">Two</h2><p>Body.</p>';
    assert.equal(
      md(html),
      'By [(1)](https://example.com/post/#eq1) and [2](https://example.com/post/#sec2).\n\nE = mc²\n\n## Two\n\nBody.',
    );
  });

  test('a page without any keeps its Markdown', () => {
    const doc = extraction('<p>Plain <a href="#top">top</a>.</p>', { url: URL_ });
    assert.ok(doc.selection instanceof Selection);
    assert.equal(toMarkdown(doc), 'Plain [top](https://example.com/post/#top).');
  });
});

describe('footnotes in the HTML output: the same notes, the DPUB-ARIA way', () => {
  test('Wikipedia: marks as doc-noteref links, the notes after the body in doc-endnotes', () => {
    // readability-testpages/wikipedia: the HTML kept "[1]" in the text and the references list
    // with its "^" back-links, where the Markdown has [^1] and the note.
    const html =
      '<p>Scholar Jane Doe has argued so.<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup> More.</p>' +
      '<h2>References</h2><ol class="references"><li id="cite_note-1"><span class="mw-cite-backlink"><b><a href="#cite_ref-1">^</a></b></span> <span class="reference-text">Doe, Jane (2024). <i>Journal of Policy Studies</i>.</span></li></ol>';
    assert.equal(
      toHtml(extraction(html, { url: URL_ })),
      '<p>Scholar Jane Doe has argued so.<sup><a href="#fn-1" role="doc-noteref">1</a></sup> More.</p>\n<h2>References</h2>\n' +
        '<section role="doc-endnotes"><ol>\n<li id="fn-1">Doe, Jane (2024). <i>Journal of Policy Studies</i>.</li>\n</ol></section>',
    );
  });
});
