// Footnotes (src/features/footnotes/find.ts) as Markdown footnotes, on fragments cut from real
// pages: Defuddle's fixtures (../shared/structure/defuddle, dev half) and the markup that
// Wikipedia, Pandoc/Hugo, the WordPress block editor and Word write.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Selection } from '../../packages/pith/src/dom/index.js';
import { toHtml, toMarkdown, toText } from '../../packages/pith/src/format/index.js';
import { extraction, keepFirst } from './helpers.js';

const URL_ = 'https://example.com/post/';
const md = (html: string) => toMarkdown(extraction(html, { url: URL_ }));

describe('footnotes', () => {
  test('Wikipedia: cite_note references, the back-link and its caret left out of the note', () => {
    // The "References" heading, with nothing left under it, goes (as in Defuddle's thin-section-before-see-also).
    const html =
      '<p>Scholar Jane Doe has argued so.<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup> More.</p>' +
      '<h2>References</h2><ol class="references"><li id="cite_note-1"><span class="mw-cite-backlink"><b><a href="#cite_ref-1">^</a></b></span> <span class="reference-text">Doe, Jane (2024). <i>Journal of Policy Studies</i>.</span></li></ol>';
    assert.equal(
      md(html),
      'Scholar Jane Doe has argued so.[^1] More.\n\n[^1]: Doe, Jane (2024). *Journal of Policy Studies*.',
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

  test('Substack read under another address: the page names itself in <link rel=canonical> and og:url (WCXB dev 0416)', () => {
    // The saved page read from a file or a mirror: its marks still link to its canonical address.
    const page = 'https://garymarcus.substack.com/p/new-ways-to-corrupt-llms';
    const body =
      `<p><span>derived from another model already known to have a preference</span><span data-state="closed"><a data-component-name="FootnoteAnchorToDOM" id="footnote-anchor-1-181604168" href="${page}#footnote-1-181604168" target="_self" rel class="footnote-anchor">1</a></span><span> for owls.</span></p>` +
      `<div data-component-name="FootnoteToDOM" class="footnote"><a id="footnote-1-181604168" href="${page}#footnote-anchor-1-181604168" contenteditable="false" target="_self" rel class="footnote-number">1</a>` +
      '<div class="footnote-content"><p>Please forgive this rare lapse into anthropomorphism, in the name of expository convenience.</p></div></div>';
    const expected =
      'derived from another model already known to have a preference[^1] for owls.\n\n[^1]: Please forgive this rare lapse into anthropomorphism, in the name of expository convenience.';
    for (const head of [
      `<link rel="canonical" href="${page}" />`,
      `<meta property="og:url" content="${page}" />`,
    ])
      for (const url of [
        undefined,
        'file:///home/me/saved/post.html',
        'https://mirror.example.net/p/new-ways',
      ])
        assert.equal(
          toMarkdown(extraction(`<html><head>${head}</head><body>${body}</body></html>`, { url })),
          expected,
          `${head} ${url}`,
        );
    // Without the page naming itself, a link to another address is a link.
    assert.match(
      toMarkdown(
        extraction(`<html><body>${body}</body></html>`, { url: 'https://mirror.example.net/p/new-ways' }),
      ),
      /preference\[1\]\(https:/,
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

  // The shapes below are those Defuddle reads (node_modules/defuddle/dist/elements/footnotes.js),
  // each in a fragment written as the site or CMS writes it.
  test('inline notes: span.footnote-container, the box is the mark and span.footnote the note', () => {
    const html =
      '<p>The study ran for two years<span class="footnote-container"><sup class="footnote-ref">1</sup><span class="footnote">Data collection ended in March 2021.</span></span> and covered four regions.</p>';
    assert.equal(
      md(html),
      'The study ran for two years[^1] and covered four regions.\n\n[^1]: Data collection ended in March 2021.',
    );
  });

  test('inline notes: span.sidenote-container around Tufte CSS (empty label, checkbox, span.sidenote)', () => {
    const html =
      '<p>Typography matters<span class="sidenote-container"><label for="sn-1" class="margin-toggle sidenote-number"></label><input type="checkbox" id="sn-1" class="margin-toggle"><span class="sidenote">Edward Tufte, <em>Envisioning Information</em>.</span></span> for reading long texts.</p>';
    assert.equal(
      md(html),
      'Typography matters[^1] for reading long texts.\n\n[^1]: Edward Tufte, *Envisioning Information*.',
    );
  });

  test('inline notes: span.inline-footnote holding its number and span.footnoteContent', () => {
    const html =
      '<p>The bridge opened in 1932<span class="inline-footnote"><sup>1</sup><span class="footnoteContent">Some sources give 1933, the year of the ceremony.</span></span> and carried trams.</p>';
    assert.equal(
      md(html),
      'The bridge opened in 1932[^1] and carried trams.\n\n[^1]: Some sources give 1933, the year of the ceremony.',
    );
  });

  test('inline notes: Tufte CSS span.sidenote right after its label or its sup number, in both outputs', () => {
    const html =
      '<p>Typography matters<label for="sn-typo" class="margin-toggle sidenote-number"></label><input type="checkbox" id="sn-typo" class="margin-toggle"/><span class="sidenote">Edward Tufte, <em>Envisioning Information</em>.</span> for reading long texts.</p>' +
      '<p>Margins too<sup class="sidenote-number">2</sup><span class="sidenote"><sup class="sidenote-number">2</sup> Bringhurst, 1992.</span> matter.</p>';
    const picked = extraction(html, { url: URL_ });
    assert.equal(
      toMarkdown(picked),
      'Typography matters[^1] for reading long texts.\n\nMargins too[^2] matter.\n\n[^1]: Edward Tufte, *Envisioning Information*.\n\n[^2]: Bringhurst, 1992.',
    );
    assert.equal(
      toHtml(picked),
      '<p>Typography matters<sup><a href="#fn-1" role="doc-noteref">1</a></sup> for reading long texts.</p>\n' +
        '<p>Margins too<sup><a href="#fn-2" role="doc-noteref">2</a></sup> matter.</p>\n' +
        '<section role="doc-endnotes"><ol>\n<li id="fn-1">Edward Tufte, <em>Envisioning Information</em>.</li>\n<li id="fn-2">Bringhurst, 1992.</li>\n</ol></section>',
    );
  });

  test('Org mode CSS sidenotes without the footer of notes: label.footref and its span.sidenote', () => {
    const html =
      '<p>Org mode exports notes<label for="fn.1" class="footref">1</label><input type="checkbox" id="fn.1" class="footref-toggle"><span class="sidenote"><sup>1</sup> As CSS sidenotes.</span> beside the text.</p>';
    assert.equal(md(html), 'Org mode exports notes[^1] beside the text.\n\n[^1]: As CSS sidenotes.');
  });

  test('GNU Texinfo: the note under h5.footnote-body-heading, the heading (its number) left out', () => {
    const html =
      '<p>The command reads its input<a class="footnote" id="DOCF1" href="#FOOT1"><sup>1</sup></a> line by line.</p>' +
      '<div class="footnotes-segment"><hr><h4 class="footnotes-heading">Footnotes</h4>' +
      '<h5 class="footnote-body-heading"><a id="FOOT1" href="#DOCF1">(1)</a></h5><p>Or from standard input.</p>' +
      '<h5 class="footnote-body-heading"><a id="FOOT2" href="#DOCF2">(2)</a></h5><p>Unused.</p></div>';
    const picked = extraction(html, { url: URL_ });
    assert.equal(
      toMarkdown(picked),
      'The command reads its input[^1] line by line.\n\n---\n\n#### Footnotes\n\n##### (2)\n\nUnused.\n\n[^1]: Or from standard input.',
    );
    assert.match(toHtml(picked), /<li id="fn-1">Or from standard input\.<\/li>/);
  });

  test('Wikidot: script links paired by id (footnoteref-1 → div.footnote-footer#footnote-1), the ". " after the number left out', () => {
    const html =
      '<p>The SCP was first documented in 1998<sup class="footnoteref"><a id="footnoteref-1" href="javascript:;" class="footnoteref" onclick="WIKIDOT.page.utils.scrollToReference(\'footnote-1\')">1</a></sup> by the staff.</p>' +
      '<div class="footnotes-footer"><div class="title">Footnotes</div><div class="footnote-footer" id="footnote-1"><a href="javascript:;" onclick="WIKIDOT.page.utils.scrollToReference(\'footnoteref-1\')">1</a>. The first archived copy is from 1999.</div></div>';
    assert.equal(
      md(html),
      'The SCP was first documented in 1998[^1] by the staff.\n\nFootnotes\n\n[^1]: The first archived copy is from 1999.',
    );
  });

  test('bare <sup> numbers into notes set beside the text: aside > ol[start]', () => {
    const html =
      '<p>The model was trained on public data<sup>3</sup> only.</p><aside><ol start="3"><li>Common Crawl and Wikipedia.</li></ol></aside>' +
      '<p>Later runs added code<sup>4</sup> as well.</p><aside><ol start="4"><li>From permissively licensed repositories.</li></ol></aside>';
    assert.equal(
      md(html),
      'The model was trained on public data[^1] only.\n\nLater runs added code[^2] as well.\n\n[^1]: Common Crawl and Wikipedia.\n\n[^2]: From permissively licensed repositories.',
    );
  });

  test('bare <sup> numbers into p.footnote paragraphs', () => {
    const html =
      '<p>The survey had 1,200 respondents<sup>1</sup> across the country.</p><p>It ran in May.</p>' +
      '<p class="footnote"><sup>1</sup> Weighted by age and region.</p>';
    assert.equal(
      md(html),
      'The survey had 1,200 respondents[^1] across the country.\n\nIt ran in May.\n\n[^1]: Weighted by age and region.',
    );
  });

  test('bare <sup> numbers into paragraphs opening with their number (a notes section without a list)', () => {
    const html =
      '<p>First claim<sup>1</sup> and second claim<sup>2</sup>.</p>' +
      '<div class="PostDetail__UQuRMa__footnotes"><h3>Footnotes</h3><p><sup>1</sup> The first source.</p><p><strong>2</strong> The second source.</p></div>';
    assert.equal(
      md(html),
      // Its heading goes, as Defuddle's footnotes--google-docs-ftnt drops its "Footnotes".
      'First claim[^1] and second claim[^2].\n\n[^1]: The first source.\n\n[^2]: The second source.',
    );
  });

  test('Word export pasted elsewhere: notes without ids found by their _ftnref back-links, file paths in the links', () => {
    const file = 'file:///C:/Users/me/Documents/report.htm';
    const html =
      `<p class="MsoNormal">Word text.<a href="${file}#_ftn1" name="_ftnref1"><span class="MsoFootnoteReference">[1]</span></a> More.<a href="${file}#_ftn2" name="_ftnref2"><span class="MsoFootnoteReference">[2]</span></a></p>` +
      `<div><p class="MsoFootnoteText"><a href="${file}#_ftnref1"><span class="MsoFootnoteReference">[1]</span></a> The Word note.</p>` +
      `<p class="MsoFootnoteText"><a href="${file}#_ftnref2"><span class="MsoFootnoteReference">[2]</span></a> The second.</p></div>`;
    assert.equal(md(html), 'Word text.[^1] More.[^2]\n\n[^1]: The Word note.\n\n[^2]: The second.');
  });

  test('O\'Reilly / HTMLBook: data-type="noteref" marks name the chapter\'s file, p[data-type=footnote] notes', () => {
    const html =
      '<section data-type="chapter"><p>Closures capture by reference<sup><a data-type="noteref" id="ch02fn3-marker" href="ch02.html#ch02fn3">3</a></sup> here.</p>' +
      '<div data-type="footnotes"><p data-type="footnote" id="ch02fn3"><sup><a href="ch02.html#ch02fn3-marker">3</a></sup> Unlike in C++.</p></div></section>';
    assert.equal(md(html), 'Closures capture by reference[^1] here.\n\n[^1]: Unlike in C++.');
  });

  test('Nature: the reference list item around the target paragraph is the note (its links with it)', () => {
    const html =
      '<p>Coral cover fell by half<sup><a data-track="click" href="#ref-CR1" id="ref-link-section-d1234e567">1</a></sup> since 1985.</p>' +
      '<ol class="c-article-references"><li class="c-article-references__item" data-counter="1."><p class="c-article-references__text" id="ref-CR1">Hughes, T. P. et al. Global warming. <i>Nature</i> <b>543</b>, 373–377 (2017).</p>' +
      '<p class="c-article-references__links"><a href="https://doi.org/10.1038/nature21707">Article</a></p></li></ol>';
    assert.equal(
      md(html),
      'Coral cover fell by half[^1] since 1985.\n\n[^1]: Hughes, T. P. et al. Global warming. *Nature* **543**, 373–377 (2017).\n\n    [Article](https://doi.org/10.1038/nature21707)',
    );
  });

  test('PubMed Central (JATS): bracketed number links into section.ref-list > ul.ref-list items, the label and the emptied heading left out', () => {
    // Cut from wcxb-dev 4063 (pmc.ncbi.nlm.nih.gov/articles/PMC11298280): the mark has no <sup>, no
    // note-like class or id (`b1-pan-2024-0015`) and no back-link; only the list says it holds notes.
    const html =
      '<p>Depression is a prevalent mental health disorder … overall well-being [<a href="#b1-pan-2024-0015" class="usa-link" aria-describedby="b1-pan-2024-0015">1</a>].</p>' +
      '<section id="ref-list1" class="ref-list"><h2 class="pmc_sec_title">REFERENCES</h2><section id="ref-list1_sec2"><ul class="ref-list font-sm" style="list-style-type:none">' +
      '<li id="b1-pan-2024-0015"><span class="label">1.</span><cite>Xie Y, Wu Z, Sun L. The effects and mechanisms of exercise on the treatment of depression. Front Psychiatry. 2021;12:705559.</cite> [<a href="https://doi.org/10.3389/fpsyt.2021.705559" class="usa-link usa-link--external">DOI</a>]</li>' +
      '</ul></section></section>';
    assert.equal(
      md(html),
      'Depression is a prevalent mental health disorder … overall well-being \\[[^1]\\].\n\n[^1]: Xie Y, Wu Z, Sun L. The effects and mechanisms of exercise on the treatment of depression. Front Psychiatry. 2021;12:705559. \\[[DOI](https://doi.org/10.3389/fpsyt.2021.705559)\\]',
    );
  });

  test('Science: doc-biblioref marks into a doc-bibliography of role=listitem entries', () => {
    const html =
      '<div role="paragraph">Sea level rose<span> (<a role="doc-biblioref" data-xml-rid="core-R1" href="#core-R1">1</a>)</span> over the century.</div>' +
      '<section id="bibliography" role="doc-bibliography"><div role="list"><div role="listitem"><div class="label">1</div><div class="citations" id="core-R1"><div class="citation-content">J. A. Church, Sea-level rise. <i>Surv. Geophys.</i> (2011).</div></div></div></div></section>';
    assert.equal(
      md(html),
      'Sea level rose ([^1]) over the century.\n\n[^1]: J. A. Church, Sea-level rise. *Surv. Geophys.* (2011).',
    );
  });

  test('not footnotes: exponents beside numbered steps, a number heading a table of contents links to, a sidenote after text', () => {
    const html =
      '<p>Area grows as r<sup>2</sup> and volume as r<sup>3</sup>.</p><p><strong>2</strong> Measure the radius.</p>' +
      '<p>See <a href="#part2">2</a>.</p><h2 id="part2">2</h2><p>The second part.</p>' +
      '<p>A remark, <span class="sidenote">set in the margin,</span> here.</p>';
    assert.equal(
      md(html),
      'Area grows as r2 and volume as r3.\n\n**2** Measure the radius.\n\nSee [2](https://example.com/post/#part2).\n\n## 2\n\nThe second part.\n\nA remark, set in the margin, here.',
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
      '<p>Scholar Jane Doe has argued so.<sup><a href="#fn-1" role="doc-noteref">1</a></sup> More.</p>\n' +
        '<section role="doc-endnotes"><ol>\n<li id="fn-1">Doe, Jane (2024). <i>Journal of Policy Studies</i>.</li>\n</ol></section>',
    );
  });
});
