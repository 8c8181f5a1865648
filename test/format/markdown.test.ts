import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { parseHtml, Selection } from '../../packages/pith/src/dom/index.js';
import { toMarkdown, toText } from '../../packages/pith/src/format/index.js';
import { extraction, keepTextOnly } from './helpers.js';

const URL_ = 'https://example.com/blog/post.html';
const md = (html: string, options: Parameters<typeof toMarkdown>[1] = {}) =>
  toMarkdown(extraction(html, { url: URL_ }), options);
/** CommonMark + GFM tables and strikethrough; raw HTML off so escaping mistakes show. */
const parser = new MarkdownIt('default', { html: false, linkify: false });
const render = (markdown: string) => parser.render(markdown);
/** The text a reader sees in rendered HTML (tags removed, entities decoded, whitespace collapsed). */
function renderedText(markdown: string): string {
  const doc = parseHtml(render(markdown));
  return doc.textContent(0);
}

describe('toMarkdown: structure', () => {
  test('headings and paragraphs', () => {
    assert.equal(
      md('<h1>Title</h1><p>One  <b>two</b>\n three.</p><h3>Sub</h3><p>Four</p>'),
      '## Title\n\nOne **two** three.\n\n### Sub\n\nFour',
    );
  });

  test('emphasis moves surrounding spaces outside its delimiters and vanishes when empty', () => {
    assert.equal(md('<p>a<b> bold </b>b <i></i>c <em>x</em><strong>y</strong></p>'), 'a **bold** b c *x*y');
    // Emphasis touching strong switches to _ so that the delimiter runs stay unambiguous.
    const nested = md('<p><b><i>x</i> and <i>y</i></b> <i><b>z</b> w</i></p>');
    assert.equal(nested, '**_x_ and _y_** _**z** w_');
    assert.match(
      render(nested),
      /<strong><em>x<\/em> and <em>y<\/em><\/strong> <em><strong>z<\/strong> w<\/em>/,
    );
    assert.equal(md('<p><b>a</b><b>b</b> <b><b>nested</b></b></p>'), '**ab** **nested**');
  });

  test('emphasis that CommonMark could not read is dropped, never left as stray asterisks', () => {
    const out = md('<p><b>Note:</b>text and<i>(aside)</i>more</p>');
    assert.equal(out, 'Note:text and(aside)more');
    assert.equal(renderedText(out), 'Note:text and(aside)more');
  });

  test('nested lists are indented to the parent content column', () => {
    const out = md(
      '<ul><li>one<ul><li>one.a<ol><li>deep</li></ol></li></ul></li><li>two</li></ul><ol start="9"><li>nine</li><li>ten<ul><li>x</li></ul></li></ol>',
    );
    assert.equal(out, '- one\n  - one.a\n    1. deep\n- two\n\n9. nine\n10. ten\n    - x');
    const html = render(out);
    assert.match(html, /<ul>\s*<li>one\s*<ul>\s*<li>one\.a\s*<ol>\s*<li>deep<\/li>/);
    assert.match(html, /<ol start="9">\s*<li>nine<\/li>\s*<li>ten\s*<ul>\s*<li>x<\/li>/);
  });

  test('a list right inside a list (no <li> between) nests under the item before it, as browsers show it', () => {
    // cleaneval/232: `<ul><li>…should:</li><ol type="a"><li>Make…</li></ol><li>…</li></ul>`.
    const out = md(
      '<ul><li>one</li><ol><li>a</li><li>b</li></ol><li>two</li></ul><ol><li>x</li><li>y</li><ul><li>z</li></ul></ol>',
    );
    assert.equal(out, '- one\n\n  1. a\n  2. b\n\n- two\n\n1. x\n2. y\n\n   - z');
    const html = render(out);
    assert.match(
      html,
      /<li>\s*(<p>)?one(<\/p>)?\s*<ol>\s*<li>a<\/li>\s*<li>b<\/li>\s*<\/ol>\s*<\/li>\s*<li>\s*(<p>)?two/,
    );
    assert.match(html, /<li>\s*(<p>)?y(<\/p>)?\s*<ul>\s*<li>z<\/li>/);
    // The text has no item markers, so nothing to indent to.
    assert.equal(
      toText(extraction('<ul><li>one</li><ol><li>a</li></ol><li>two</li></ul>', { url: URL_ })),
      'one\n\na\n\ntwo',
    );
    // A list first in a list has no item to nest under: it stays where it is.
    assert.equal(md('<ul><ul><li>a</li></ul><li>b</li></ul>'), '- a\n\n- b');
  });

  test('list items with paragraphs, and two lists in a row stay apart', () => {
    const out = md(
      '<ul><li><p>a</p><p>a2</p></li><li><p>b</p></li></ul><ul><li>c</li></ul><ol><li>d</li></ol><ol><li>e</li></ol>',
    );
    assert.equal(out, '- a\n\n  a2\n- b\n\n* c\n\n1. d\n\n1) e');
    const html = render(out);
    assert.equal((html.match(/<ul>/g) ?? []).length, 2);
    assert.equal((html.match(/<ol>/g) ?? []).length, 2);
  });

  test('stray text between items does not swallow the next item', () => {
    const out = md('<ol><li>a</li>b<li>c</li></ol>');
    assert.equal(out, '1. a\n\nb\n\n2. c');
    assert.match(render(out), /<ol>\s*<li>a<\/li>\s*<\/ol>\s*<p>b<\/p>\s*<ol start="2">\s*<li>c<\/li>/);
  });

  test("an item's own number (<li value>): written so, and the items after it count on from it", () => {
    // Issue 41 (session 18's note): a recipe's steps resumed after a note, numbered by `value` as
    // WordPress's classic editor and Google Docs' paste write them; pith wrote 1. and 2. again.
    const out = md(
      '<ol><li value="1">Heat the oven to 200 degrees.</li><li value="2">Mix the flour and the butter.</li></ol>' +
        '<p>If the dough is dry, add a spoon of water.</p>' +
        '<ol><li value="3">Roll the dough out thin.</li><li>Bake it for twenty minutes.</li></ol>',
    );
    assert.equal(
      out,
      '1. Heat the oven to 200 degrees.\n2. Mix the flour and the butter.\n\nIf the dough is dry, add a spoon of water.\n\n3. Roll the dough out thin.\n4. Bake it for twenty minutes.',
    );
    assert.match(render(out), /<ol start="3">\s*<li>Roll/);
    // A jump inside one list; a value that is no number (mlive.com's `value="ann-arbor"` menus) says nothing.
    assert.equal(
      md('<ol start="4"><li>Four</li><li value="7">Seven</li><li>Eight</li></ol>'),
      '4. Four\n7. Seven\n8. Eight',
    );
    assert.equal(md('<ol><li value="ann-arbor">One</li><li value="">Two</li></ol>'), '1. One\n2. Two');
    // In a table cell's lines too.
    assert.match(
      md(
        '<table><tr><th>Step</th><th>What</th></tr><tr><td>b</td><td><ol><li value="5">Five</li><li>Six</li></ol></td></tr></table>',
      ),
      /5\. Five<br>6\. Six/,
    );
  });

  test('an ordered list not starting at 1 under item text is set off by a blank line', () => {
    const out = md('<ul><li>text<ol start="3"><li>three</li></ol></li></ul>');
    assert.match(render(out), /<li>\s*(<p>)?text(<\/p>)?\s*<ol start="3">\s*<li>(<p>)?three/);
  });

  test('block quotes, nested, and with lists inside', () => {
    const out = md(
      '<blockquote><p>q1</p><blockquote><p>q2</p></blockquote><ul><li>x</li></ul></blockquote><p>after</p>',
    );
    assert.equal(out, '> q1\n>\n> > q2\n>\n> - x\n\nafter');
    assert.match(
      render(out),
      /<blockquote>\s*<p>q1<\/p>\s*<blockquote>\s*<p>q2<\/p>\s*<\/blockquote>\s*<ul>/,
    );
  });

  test('fenced code blocks carry the language and outgrow backtick runs inside', () => {
    assert.equal(
      md('<pre><code class="language-python">def f():\n    return 1\n</code></pre>'),
      '```python\ndef f():\n    return 1\n```',
    );
    assert.equal(md('<pre class="lang-js">a\n```\nb</pre>'), '````js\na\n```\nb\n````');
    assert.equal(
      md('<div class="highlight highlight-source-rust"><pre>fn main() {}</pre></div>'),
      '```rust\nfn main() {}\n```',
    );
    assert.equal(md('<pre class="brush: ruby; gutter: false">puts 1</pre>'), '```ruby\nputs 1\n```');
    assert.equal(md('<pre data-lang="go">x := 1</pre>'), '```go\nx := 1\n```');
    assert.equal(md('<pre>plain *not* emphasis &lt;b&gt;</pre>'), '```\nplain *not* emphasis <b>\n```');
    const html = render(md('<pre><code class="language-js">let a = `x`;\n\n  b();\n```\n</code></pre>'));
    assert.match(html, /<pre><code class="language-js">let a = `x`;\n\n {2}b\(\);\n```\n<\/code><\/pre>/);
  });

  test('code blocks inside lists and quotes keep their lines inside', () => {
    const out = md('<ul><li>step<pre>a\n\n  b</pre></li></ul><blockquote><pre>q</pre></blockquote>');
    assert.equal(out, '- step\n\n  ```\n  a\n\n    b\n  ```\n\n> ```\n> q\n> ```');
    assert.match(render(out), /<li>\s*<p>step<\/p>\s*<pre><code>a\n\n {2}b\n<\/code><\/pre>\s*<\/li>/);
  });

  test('inline code spans use a fence longer than backtick runs inside', () => {
    assert.equal(
      md('<p>Use <code>a  *b*</code> or <code>x`y</code> or <code>`z</code>.</p>'),
      'Use `a *b*` or ``x`y`` or `` `z ``.',
    );
    assert.match(render(md('<p>Use <code>`z</code>.</p>')), /<code>`z<\/code>/);
  });

  test('GFM tables: header row, escaped pipes, spans', () => {
    const out = md(
      '<table><caption>People</caption><thead><tr><th>Name</th><th>Note</th></tr></thead>' +
        '<tbody><tr><td>Ann</td><td>a | b</td></tr><tr><td colspan="2">wide</td></tr>' +
        '<tr><td rowspan="2">tall</td><td>1</td></tr><tr><td>2</td></tr></tbody></table>',
    );
    assert.equal(
      out,
      'People\n\n| Name | Note |\n| --- | --- |\n| Ann | a \\| b |\n| wide |  |\n| tall | 1 |\n|  | 2 |',
    );
    const html = render(out);
    assert.match(html, /<th>Name<\/th>\s*<th>Note<\/th>/);
    assert.match(html, /<td>a \| b<\/td>/);
    assert.equal((html.match(/<tr>/g) ?? []).length, 5);
  });

  test("tables: first row is the header when there is no <th>; a cell's blocks on lines (<br>)", () => {
    const out = md(
      '<table><tr><td>a</td><td>b</td></tr><tr><td><p>x</p><p>y<br>z</p></td><td><ul><li>1</li><li> 2<ol><li>two</li><li>three</li></ol></li></ul></td></tr></table>',
    );
    assert.equal(out, '| a | b |\n| --- | --- |\n| x<br>y<br>z | - 1<br>- 2<br>  1. two<br>  2. three |');
    // An item's own paragraph opens no line of its own (clutch.co's pros and cons: <li><p>…); an empty item writes nothing.
    assert.equal(
      md(
        '<table><tr><td>a</td><td>b</td></tr><tr><td><ul><li><p>one</p></li><li></li><li><p>two</p></li></ul></td><td>c</td></tr></table>',
      ),
      '| a | b |\n| --- | --- |\n| - one<br>- two | c |',
    );
    // An ordered list in a cell counts from its `start`, as everywhere else.
    assert.equal(
      md(
        '<table><tr><td>a</td><td>b</td></tr><tr><td><ol start="3"><li>c</li><li>d</li></ol></td><td>e</td></tr></table>',
      ),
      '| a | b |\n| --- | --- |\n| 3. c<br>4. d | e |',
    );
    // Text that reads like a marker at the start of a cell's line is escaped; the markers are not.
    assert.equal(
      md(
        '<table><tr><td>a</td><td>b</td></tr><tr><td><p>x</p><p>- y</p><p>1. z</p></td><td>c</td></tr></table>',
      ),
      '| a | b |\n| --- | --- |\n| x<br>\\- y<br>1\\. z | c |',
    );
  });

  test('layout tables (nested tables, single cell) degrade to blocks', () => {
    assert.equal(md('<table><tr><td><h2>Title</h2><p>Body</p></td></tr></table>'), '## Title\n\nBody');
    const out = md(
      '<table><tr><td><p>Side</p></td><td><table><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table></td></tr></table>',
    );
    assert.equal(out, 'Side\n\n| a | b |\n| --- | --- |\n| 1 | 2 |');
  });

  test('a table with a <thead> header row is data even when its cells hold headings (fifplay.com, structure corpus)', () => {
    const out = md(
      '<table class="table"><thead><tr><th>Option</th><th>Value</th></tr></thead><tbody><tr><td><h5>Camera Settings</h5><p> Enabling this option allows you to edit the height and zoom.</p></td><td><ul><li>Default</li><li>Custom<ul><li>Camera Height (0-20)</li></ul></li></ul></td></tr></tbody></table>',
    );
    assert.equal(
      out,
      '| Option | Value |\n| --- | --- |\n| **Camera Settings**<br>Enabling this option allows you to edit the height and zoom. | - Default<br>- Custom<br>  - Camera Height (0-20) |',
    );
  });

  test('a first row of <th> cells is a header row as a <thead> is: headings in the cells below are labels (CleanEval 714)', () => {
    // Issue 41 (s41-tables2): a table of meetings without <thead>; a row's cell holds a section's <h4>,
    // and the rows were written as loose lines, as if the heading were a layout cell's.
    const out = md(
      '<table><tr><th>area</th><th>title &amp; speaker</th><th>time</th><th>venue</th></tr><tr><td>Derby</td><td><strong>The revolutionary ideas of Karl Marx</strong><br>With Peter Morgan</td><td>Thu 23 June, 7.15pm</td><td>West Indian Community Centre, <br>Carrington Street</td></tr><tr><td colspan="4"><a name="stwc"><h4>Stop the War Coalition </h4></a></td></tr><tr><td>Hull</td><td>Guy Taylor</td><td>Mon 20 June, 7.30pm</td><td>Relax Cafe</td></tr></table>',
    );
    assert.equal(
      out,
      '| area | title & speaker | time | venue |\n| --- | --- | --- | --- |\n| Derby | **The revolutionary ideas of Karl Marx**<br>With Peter Morgan | Thu 23 June, 7.15pm | West Indian Community Centre,<br>Carrington Street |\n| **Stop the War Coalition** |  |  |  |\n| Hull | Guy Taylor | Mon 20 June, 7.30pm | Relax Cafe |',
    );
    // A first row with a <td>, or a single <th> (a title row), says nothing: the heading makes it layout.
    assert.equal(
      md('<table><tr><th>Rates</th><td>x</td></tr><tr><td><h3>Part-time</h3></td><td>$455</td></tr></table>'),
      'Rates\n\nx\n\n### Part-time\n\n$455',
    );
    assert.equal(
      md('<table><tr><th>Rates</th></tr><tr><td><h3>Part-time</h3></td><td>$455</td></tr></table>'),
      'Rates\n\n### Part-time\n\n$455',
    );
  });

  test('a listing in a cell of a headed table is a cell of code: the table stays a table (issue 41)', () => {
    // Session 17's lead, modelled on a CLI's reference table (a <thead> of <th>, each command a <pre>):
    // the <pre> made any table layout (for line-number gutters), and its rows were written as loose
    // blocks; Defuddle writes it as a table.
    const table =
      '<table><thead><tr><th>Command</th><th>What it does</th></tr></thead><tbody>' +
      '<tr><td><pre>budget --show</pre></td><td>Prints the budget.</td></tr>' +
      '<tr><td><pre>budget --vote</pre></td><td>Records a vote.</td></tr></tbody></table>';
    assert.equal(
      md(table),
      '| Command | What it does |\n| --- | --- |\n| `budget --show` | Prints the budget. |\n| `budget --vote` | Records a vote. |',
    );
    // A first row of <th> says the same.
    assert.match(
      md(table.replace('<thead>', '').replace('</thead><tbody>', '').replace('</tbody>', '')),
      /^\| Command \|/,
    );
    // Without a header row a listing in a cell is a layout's (a gutter's table, a wrapper): loose blocks.
    assert.equal(
      md(
        '<table><tr><td class="gutter"><pre>1\n2</pre></td><td class="code"><pre>a = 1\nb = 2</pre></td></tr></table>',
      ),
      '```\na = 1\nb = 2\n```',
    );
    assert.equal(
      md('<table><tr><td><pre>x = 1</pre></td><td>The value.</td></tr></table>'),
      '```\nx = 1\n```\n\nThe value.',
    );
  });

  test("headings in a table's <caption> title it: its rows stay a table (WCXB 0021, liberty.edu)", () => {
    // Issue 41 (s41-table): a tuition card table whose caption holds two headings and their labels;
    // the rows were written as loose lines, as if the headings were a layout cell's.
    const out = md(
      '<figure class="enrollment-table"><table class="wp-block-enrollment-blocks-table is-style-table-with-card"><caption><div class="tableHeader wp-block"><div class="cardHeaderLeft"><h3 class="card_header__title">Undergraduate</h3><p class="card_header__subtitle">Full-time</p></div><div class="cardHeaderRight"><h3 class="card_header__title">$390</h3><p class="card_header__subtitle">per hour</p></div></div></caption><tbody class=""><tr data-label="Part-time"><td aria-label="Row 2 Column 1" data-label=""><span>Part-time</span></td><td aria-label="Row 2 Column 2" data-label=""><span><strong>$455</strong>/hour</span></td></tr><tr data-label="Military"><td aria-label="Row 3 Column 1" data-label=""><span>Military</span></td><td aria-label="Row 3 Column 2" data-label=""><span><strong>$250</strong>/hour</span></td></tr></tbody></table></figure>',
    );
    assert.equal(
      out,
      '### Undergraduate\n\nFull-time\n\n### $390\n\nper hour\n\n| Part-time | **$455**/hour |\n| --- | --- |\n| Military | **$250**/hour |',
    );
    // A heading in a cell still makes a layout table (above); one in the caption only does not.
    assert.equal(
      md('<table><caption>Rates</caption><tr><td><h3>Part-time</h3></td><td>$455</td></tr></table>'),
      'Rates\n\n### Part-time\n\n$455',
    );
  });

  test('links are absolute, javascript: links keep only their text', () => {
    assert.equal(
      md(
        '<p><a href="../other?q=1#s">rel</a> <a href="https://x.org/a_(b)">paren</a> <a href="javascript:alert(1)">js</a> <a>none</a></p>',
      ),
      '[rel](https://example.com/other?q=1#s) [paren](https://x.org/a_\\(b\\)) js none',
    );
    assert.equal(md('<p><a href="/x">t</a></p>', { links: false }), 't');
    assert.match(
      render(md('<p><a href="https://x.org/a_(b)">paren</a></p>')),
      /<a href="https:\/\/x\.org\/a_\(b\)">paren<\/a>/,
    );
  });

  test('links around blocks are repeated in each block; empty links vanish', () => {
    assert.equal(
      md('<a href="/a"><h2>T</h2><p>p</p></a><p><a href="/b"> </a>x</p>'),
      '## [T](https://example.com/a)\n\n[p](https://example.com/a)\n\nx',
    );
  });

  test('images: resolved src, lazy sources, alt escaped; can be turned off', () => {
    assert.equal(
      md('<p><img src="img/a.png" alt="An [image]"></p>'),
      '![An \\[image\\]](https://example.com/blog/img/a.png)',
    );
    assert.equal(
      md('<img src="data:image/gif;base64,R0lGOD" data-src="/real.jpg" alt="lazy">'),
      '![lazy](https://example.com/real.jpg)',
    );
    // The largest candidate of a srcset (issue 41: Defuddle's expected files name it).
    assert.equal(md('<img data-srcset="/s1.jpg 1x, /s2.jpg 2x" alt="">'), '![](https://example.com/s2.jpg)');
    assert.equal(md('<img srcset="/a.jpg 480w, /b.jpg 800w">'), '![](https://example.com/b.jpg)');
    assert.equal(md('<img src="/placeholder.gif" data-lazy-src="/x.png">'), '![](https://example.com/x.png)');
    assert.equal(md('<img src="javascript:alert(1)" alt="x"><img alt="no src">'), '');
    assert.equal(md('<p>a <img src="/i.png"> b</p>', { images: false }), 'a b');
    assert.equal(
      md('<p><a href="/p"><img src="/i.png" alt="i"></a></p>'),
      '[![i](https://example.com/i.png)](https://example.com/p)',
    );
  });

  test('figures: image then caption in italics', () => {
    assert.equal(
      md('<figure><img src="/f.png" alt="F"><figcaption>The <b>caption</b></figcaption></figure>'),
      '![F](https://example.com/f.png)\n\n_The **caption**_',
    );
    assert.match(render('_The **caption**_'), /<em>The <strong>caption<\/strong><\/em>/);
  });

  test('definition lists degrade to a bold term and a paragraph', () => {
    assert.equal(md('<dl><dt>Term</dt><dd>Its definition.</dd></dl>'), '**Term**\n\nIts definition.');
  });

  test('hard breaks, rules, strikethrough', () => {
    assert.equal(md('<p>a<br>b</p><hr><p><del>old</del> new</p>'), 'a\\\nb\n\n---\n\n~~old~~ new');
    assert.match(render('a\\\nb'), /a<br>\nb/);
  });

  test('unkept elements unwrap, kept descendants come through', () => {
    const ex = extraction('<div><h2>Head</h2><ul><li>item</li></ul></div>', { keep: keepTextOnly });
    assert.equal(toMarkdown(ex), 'Head\n\nitem');
    const partial = extraction('<article><h2>Head</h2><p>Body <a href="/x">link</a></p></article>', {
      keep: (doc) => {
        const selection = new Selection(doc);
        for (let node = 0; node < doc.size; node++)
          if (doc.isText(node) || doc.tagName(node) === 'h2') selection.keepNode(node);
        return selection;
      },
    });
    assert.equal(toMarkdown(partial), '## Head\n\nBody link');
  });

  test('dropTitle drops the first heading, or a first paragraph, equal to the title', () => {
    assert.equal(md('<h1>My Post</h1><p>x</p>', { title: 'my post', dropTitle: true }), 'x');
    // Any level, punctuation and case ignored, after a short kicker.
    assert.equal(
      md('<p>News</p><h2>My post!</h2><p>x</p>', { title: 'My Post', dropTitle: true }),
      'News\n\nx',
    );
    assert.equal(
      md('<p><b>My</b> <a href="/p">Post</a></p><p>x</p>', { title: 'My Post', dropTitle: true }),
      'x',
    );
    // A kicker heading may come first; one copy goes; not after more than 300 characters.
    assert.equal(
      md('<h2>Kicker</h2><h1>My Post</h1><h2>My Post</h2><p>x</p>', { title: 'my post', dropTitle: true }),
      '## Kicker\n\n## My Post\n\nx',
    );
    const long = `${'word '.repeat(70)}`.trim();
    assert.equal(
      md(`<p>${long}</p><h1>My Post</h1><p>x</p>`, { title: 'my post', dropTitle: true }),
      `${long}\n\n## My Post\n\nx`,
    );
    // Without the option nothing is dropped.
    assert.equal(md('<h1>My Post</h1><p>x</p>', { title: 'my post' }), '## My Post\n\nx');
  });

  test('printTitle writes the title as the first heading, once', () => {
    assert.equal(md('<h2>My Post</h2><p>x</p>', { title: 'My Post', printTitle: true }), '# My Post\n\nx');
    assert.equal(md('<p>x</p>', { title: '*Stars* #1 #', printTitle: true }), '# \\*Stars\\* #1 \\#\n\nx');
    const html = render(md('<p>x</p>', { title: '*Stars* #1 #', printTitle: true }));
    assert.match(html, /<h1>\*Stars\* #1 #<\/h1>/);
    assert.equal(md('<p>x</p>', { title: '', printTitle: true }), 'x');
  });
});

describe('toMarkdown: escaping', () => {
  const cases = [
    '1. not a list',
    '2024. A year',
    '- not a bullet',
    '+ plus',
    '# not a heading',
    '> not a quote',
    '***',
    '___',
    '=== underline',
    'a *b* c',
    'a _b_ c',
    'snake_case_name and 2 * 3 = 6',
    '[not](a link)',
    '![not](an image)',
    '<div>not html</div>',
    '&copy; is an entity, AT&T is not',
    '`not code`',
    'back\\slash',
    '~~not struck~~',
    'C# and 50% off! (really) e.g. well-known',
    'trailing #',
  ];
  for (const input of cases) {
    test(`renders as itself: ${input}`, () => {
      const escapedInput = input.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      const out = md(`<p>${escapedInput}</p>`);
      assert.equal(renderedText(out), input, `markdown was: ${out}`);
      const heading = md(`<h2>${escapedInput}</h2>`);
      assert.equal(renderedText(heading), input, `markdown was: ${heading}`);
      const cell = md(
        `<table><tr><th>${escapedInput}</th><th>|</th></tr><tr><td>x</td><td>y</td></tr></table>`,
      );
      assert.match(render(cell), /<table>/);
    });
  }

  test('ordinary punctuation mid-word is not escaped', () => {
    assert.equal(
      md("<p>don't e.g. well-known snake_case C# 50% wow! (x) a.b a-b a+b 3.14</p>"),
      "don't e.g. well-known snake_case C# 50% wow! (x) a.b a-b a+b 3.14",
    );
  });

  test('line starts after a hard break are escaped too', () => {
    const out = md('<p>x<br>1. y<br>- z<br>===</p>');
    assert.equal(out, 'x\\\n1\\. y\\\n\\- z\\\n\\===');
    assert.equal(renderedText(out), 'x 1. y - z ===');
  });

  test('a list marker split over text nodes is escaped (React tabs: "1", ".", " Counter")', () => {
    // wcxb-dev/2873 (react.dev): <button>1<!-- -->. <!-- -->Counter (number) </button><button>2…
    const out = md(
      '<div><button>1<!-- -->. <!-- -->Counter (number) </button><button>2<!-- -->. <!-- -->Text field </button></div>',
    );
    assert.equal(out, '1\\. Counter (number) 2. Text field');
    assert.doesNotMatch(render(out), /<ol>/);
    assert.equal(md('<p>1<!-- -->2<!-- -->) x</p>'), '12\\) x');
    assert.equal(md('<p>1<!-- --> . x</p>'), '1 . x');
  });
});

describe('toMarkdown: round trip through a CommonMark parser', () => {
  test('a whole article keeps its structure', () => {
    const html = `<article>
      <h1>Guide</h1>
      <p>Intro with <a href="/docs">docs</a> and <code>inline()</code>.</p>
      <h2>Steps</h2>
      <ol><li>Install<pre><code class="language-sh">npm i pith</code></pre></li><li>Run<ul><li>fast</li><li>safe</li></ul></li></ol>
      <blockquote><p>Quoted <em>words</em>.</p></blockquote>
      <table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>
      <figure><img src="/f.png" alt="fig"><figcaption>Figure 1</figcaption></figure>
      <hr><p>End.</p>
    </article>`;
    const out = md(html);
    const rendered = render(out);
    for (const pattern of [
      /<h2>Guide<\/h2>/,
      /<h2>Steps<\/h2>/,
      /<a href="https:\/\/example\.com\/docs">docs<\/a>/,
      /<code>inline\(\)<\/code>/,
      /<ol>\s*<li>\s*(<p>)?Install(<\/p>)?\s*<pre><code class="language-sh">npm i pith\n<\/code><\/pre>\s*<\/li>/,
      /<li>\s*(<p>)?Run(<\/p>)?\s*<ul>\s*<li>fast<\/li>\s*<li>safe<\/li>\s*<\/ul>\s*<\/li>\s*<\/ol>/,
      /<blockquote>\s*<p>Quoted <em>words<\/em>\.<\/p>\s*<\/blockquote>/,
      /<table>\s*<thead>\s*<tr>\s*<th>k<\/th>\s*<th>v<\/th>/,
      /<img src="https:\/\/example\.com\/f\.png" alt="fig">/,
      /<p><em>Figure 1<\/em><\/p>/,
      /<hr>/,
      /<p>End\.<\/p>/,
    ]) {
      assert.match(rendered, pattern, `rendered:\n${rendered}\nfrom:\n${out}`);
    }
    // The text a reader sees is the page's text.
    const doc = parseHtml(html);
    const words = (s: string) => s.split(/\s+/).filter(Boolean).sort();
    assert.deepEqual(words(renderedText(out)), words(doc.textContent(0)));
  });
});

describe('toMarkdown: link destinations', () => {
  test('are escaped so that they survive tables and entity decoding', () => {
    assert.equal(
      md(
        '<table><tr><th><a href="https://x.org/a|b?c=1&amp;copy;=2">l</a></th><th>h</th></tr><tr><td>1</td><td>2</td></tr></table>',
      ),
      '| [l](https://x.org/a\\|b?c=1\\&copy;=2) | h |\n| --- | --- |\n| 1 | 2 |',
    );
    assert.match(
      render(md('<table><tr><th><a href="https://x.org/a|b">l</a></th><th>h</th></tr></table>')),
      // markdown-it percent-encodes the `|` it read.
      /<th><a href="https:\/\/x\.org\/a%7Cb">l<\/a><\/th>/,
    );
    assert.match(
      render(md('<p><a href="https://x.org/?c=1&amp;copy;=2">l</a></p>')),
      /href="https:\/\/x\.org\/\?c=1&amp;copy;=2"/,
    );
  });

  test("read back as the URL the HTML output links to (Wikipedia's parentheses, a query's backtick)", () => {
    // From readability-testpages/wikipedia: <a href="/wiki/Division_(business)">; the Markdown had
    // written Division_%28business%29, another URL to a server that tells them apart.
    const out = md(
      '<p><a href="/wiki/Division_(business)">division</a> <img src="/t/filters:no_upscale()/a.jpg" alt="a"> <a href="/s?q=a`b\\c">q</a></p>',
    );
    const html = render(out);
    assert.match(html, /href="https:\/\/example\.com\/wiki\/Division_\(business\)"/);
    assert.match(html, /src="https:\/\/example\.com\/t\/filters:no_upscale\(\)\/a\.jpg"/);
    assert.match(html, /href="https:\/\/example\.com\/s\?q=a%60b%5Cc"/);
  });
});

describe('toMarkdown: a page’s Markdown for agents, hidden to people', () => {
  // Defuddle's fixture general--tailwind-hidden-blog-index (cut): a card's title carries its own
  // Markdown in spans a Tailwind variant hides from people. Written, the heading read
  // `### [\### \[Scaling …\] (https://…)](/blog/…)` (s41-heads: 4 of Defuddle's 90 dev headings).
  const card = `<a href="/blog/scaling-distributed-systems">
    <h3>
      <span class="not-machine:hidden">### </span>
      <span class="not-machine:hidden">[</span>Scaling Distributed Systems at Acme<span class="not-machine:hidden">]</span>
      <span class="not-machine:hidden">(https://example.com/blog/scaling-distributed-systems)</span>
    </h3>
    <p>How we redesigned our message queue infrastructure.</p>
  </a>`;

  test('the markup spans are left out of every output; the title stays', () => {
    const markdown = md(card);
    assert.match(
      markdown,
      /^### \[Scaling Distributed Systems at Acme\]\(https:\/\/example\.com\/blog\/scaling-distributed-systems\)/,
    );
    assert.doesNotMatch(markdown, /\\#|\\\[/);
    const text = toText(extraction(card, { url: URL_ }));
    assert.doesNotMatch(text, /###|\[|\(https/);
    assert.match(text, /Scaling Distributed Systems at Acme/);
  });

  test('a variant-hidden span with words, or markup in a span no variant hides, is written', () => {
    // `md:hidden` hides a span on wide screens only: words in it are the page's.
    assert.match(md('<p><span class="md:hidden">Tap to open</span> the menu.</p>'), /Tap to open the menu\./);
    // Markup shown to people (a plain span) is text the page shows.
    assert.match(md('<p>Write <span class="token">###</span> for a heading.</p>'), /\\#\\#\\#|###/);
    assert.match(md('<p>A <span class="print:hidden">(see below)</span> note.</p>'), /\(see below\)/);
  });

  test('property: a variant-hidden span holding a word is always written', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z][a-z]{1,11}$/),
        fc.constantFrom('md', 'not-machine', 'print'),
        (word, variant) =>
          md(`<p>Before <span class="${variant}:hidden">${word}</span> after.</p>`).includes(word),
      ),
      { numRuns: 100 },
    );
  });
});
