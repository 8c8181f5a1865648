import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseFragment } from 'parse5';
import { type Doc, Selection, TAG } from '../../packages/pith/src/dom/index.js';
import { toHtml, toMarkdown } from '../../packages/pith/src/format/index.js';
import { extraction, keepFirst, keepTextOnly } from './helpers.js';

const URL_ = 'https://example.com/a/page.html';
const html = (input: string, options: Parameters<typeof toHtml>[1] = {}) =>
  toHtml(extraction(input, { url: URL_ }), options);

interface P5Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5Node[];
  content?: P5Node;
}

/** Every element of `markup` as a browser-grade parser sees it. */
function elements(markup: string): P5Node[] {
  const out: P5Node[] = [];
  const visit = (node: P5Node) => {
    if (node.tagName) out.push(node);
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parseFragment(markup) as unknown as P5Node);
  return out;
}

/** Asserts the markup is safe: no active elements, no handlers, no script URLs, only known attributes. */
function assertSafe(markup: string): void {
  const allowedAttributes = new Set([
    'href',
    'src',
    'alt',
    'title',
    'width',
    'height',
    'colspan',
    'rowspan',
    'lang',
    'dir',
    'datetime',
    'cite',
    'start',
    'reversed',
    'type',
    'value',
    'scope',
    'span',
    'open',
    'class',
  ]);
  for (const element of elements(markup)) {
    assert.ok(
      ![
        'script',
        'style',
        'iframe',
        'object',
        'embed',
        'form',
        'input',
        'button',
        'textarea',
        'select',
        'svg',
        'math',
        'link',
        'meta',
        'base',
        'frame',
        'template',
      ].includes(element.tagName as string),
      `<${element.tagName}> in ${markup}`,
    );
    for (const { name, value } of element.attrs ?? []) {
      assert.ok(allowedAttributes.has(name), `attribute ${name} in ${markup}`);
      assert.ok(!/^on/i.test(name), `handler ${name} in ${markup}`);
      if (['href', 'src', 'cite'].includes(name)) {
        assert.match(
          value,
          /^(https?:|mailto:|tel:|ftp:|data:image\/(png|gif|jpeg|webp))/i,
          `${name}=${value} in ${markup}`,
        );
      }
      if (name === 'class') assert.match(value, /^language-\S+$/, markup);
    }
  }
  assert.doesNotMatch(markup, /<script/i);
  assert.doesNotMatch(markup, /javascript:/i);
}

/** Checks that every start tag is closed in order (voids excepted). */
function assertWellFormed(markup: string): void {
  const voids = new Set(['br', 'hr', 'img', 'wbr', 'col']);
  const stack: string[] = [];
  for (const match of markup.matchAll(/<(\/?)([a-z][a-z0-9]*)[^>]*>/g)) {
    const [, closing, name] = match;
    if (voids.has(name)) {
      assert.equal(closing, '', `closing void </${name}>`);
      continue;
    }
    if (closing) assert.equal(stack.pop(), name, `mismatched </${name}> in ${markup}`);
    else stack.push(name);
  }
  assert.deepEqual(stack, [], `unclosed elements in ${markup}`);
  // Text never holds a raw '<' that is not a tag.
  assert.doesNotMatch(markup.replace(/<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?>/g, ''), /</);
}

describe('toHtml: structure', () => {
  test('keeps allowed structure with allowed attributes only', () => {
    const out = html(
      '<article id="a" class="post" style="color:red"><h2 class="t">Title</h2><p data-x="1">Hello <b>bold</b> <a href="/x" target="_blank" rel="x" title="T">link</a></p>' +
        '<ol start="3" type="a"><li value="5">x</li></ol><table><tr><th scope="col" colspan="2">h</th></tr><tr><td rowspan="x">1</td></tr></table></article>',
    );
    assert.equal(
      out,
      '<article><h2>Title</h2>\n<p>Hello <b>bold</b> <a title="T" href="https://example.com/x">link</a></p>\n' +
        '<ol start="3" type="a"><li value="5">x</li>\n</ol>\n<table><tr><th colspan="2" scope="col">h</th>\n</tr>\n<tr><td>1</td>\n</tr>\n</table>\n</article>',
    );
    assertWellFormed(out);
  });

  test('renames obsolete elements and unwraps unknown ones', () => {
    assert.equal(
      html('<center><font color=red>x</font> <tt>y</tt> <strike>z</strike> <my-el>w</my-el></center>'),
      '<div>x <code>y</code> <s>z</s> w</div>',
    );
  });

  test('code blocks keep whitespace and a language-* class only', () => {
    assert.equal(
      html('<pre class="x"><code class="hljs language-js foo">  a  &lt; b\n\n c</code></pre>'),
      '<pre><code class="language-js">  a  &lt; b\n\n c</code></pre>',
    );
    assert.equal(
      html('<pre class="lang-py"><code>x</code></pre>'),
      '<pre><code class="language-py">x</code></pre>',
    );
  });

  test('images: absolute src, lazy sources, width/height checked, alt always present', () => {
    assert.equal(
      html('<img src="i.png" width="100" height="50px" alt="A &quot;q&quot;" onerror="x()">'),
      '<img src="https://example.com/a/i.png" alt="A &quot;q&quot;" width="100">',
    );
    assert.equal(
      html('<img src="data:image/gif;base64,R0lGOD" data-src="/real.jpg">'),
      '<img src="https://example.com/real.jpg" alt="">',
    );
    assert.equal(html('<img src="data:image/png;base64,iVBOR">'), '');
    const inline = `data:image/png;base64,${'i'.repeat(500)}`;
    assert.equal(html(`<img src="${inline}">`), `<img src="${inline}" alt="">`);
    assert.equal(html('<p>a<img src="/x.png">b</p>', { images: false }), '<p>ab</p>');
  });

  test('links: unsafe or missing href unwraps; links: false unwraps all; nested links unwrap', () => {
    assert.equal(
      html('<p><a href="javascript:x()">a</a> <a>b</a> <a href="mailto:x@y.z">c</a></p>'),
      '<p>a b <a href="mailto:x@y.z">c</a></p>',
    );
    assert.equal(html('<p><a href="/x">a</a></p>', { links: false }), '<p>a</p>');
  });

  test('text and attributes are escaped', () => {
    const out = html(
      '<p title="&quot;&gt;&lt;script&gt;">&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>',
    );
    assert.equal(
      out,
      '<p title="&quot;&gt;&lt;script&gt;">&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>',
    );
    assertSafe(out);
  });

  test('unkept elements unwrap; blocks between loose text become paragraphs', () => {
    const ex = extraction('<div><p>one <b>b</b></p><p>two</p></div><ul><li>three</li></ul>', {
      keep: keepTextOnly,
    });
    assert.equal(toHtml(ex), '<p>one b</p><p>two</p><p>three</p>');
    const article = extraction('<nav>menu</nav><article><p>Body</p></article>', {
      keep: keepFirst('article'),
    });
    assert.equal(toHtml(article), '<article><p>Body</p>\n</article>');
    const mixed = extraction('<div>a<section>b</section>c</div>', {
      keep: (doc) => {
        const selection = new Selection(doc).keepSubtree(doc.findFirst(TAG.div));
        selection.kept[doc.findFirst(TAG.section)] = 0;
        return selection;
      },
    });
    assert.equal(toHtml(mixed), '<div>a<p>b</p>c</div>');
  });

  test('a skipped space alone in an inline element between words stays a space; soft hyphens go, as in the Markdown', () => {
    // cleaneval/105, a Word page: `<span>1.</span><span>&nbsp; </span><b>Risk</b>` read "1.Risk" in
    // the HTML and "1. Risk" in the Markdown; trafilatura-eval's "Faust&shy;keile" kept its soft hyphen.
    const keepWords = (doc: Doc) => {
      const chosen = new Uint8Array(doc.size);
      for (let node = 0; node < doc.size; node++)
        if (doc.isText(node) && doc.columns.textLength[node] > 0) chosen[node] = 1;
      return Selection.fromTextNodes(doc, chosen, true);
    };
    const ex = extraction(
      '<h3><span>1.</span><span>\u00a0\u00a0 </span><b>Risk</b></h3><p>Faust&shy;keile</p>',
      {
        keep: keepWords,
      },
    );
    assert.equal(toHtml(ex), '<h3>1.\u00a0\u00a0 <b>Risk</b></h3>\n<p>Faustkeile</p>');
    assert.equal(toMarkdown(ex), '### 1\\. **Risk**\n\nFaustkeile');
    // Whitespace alone between blocks stays out.
    const blocks = extraction('<div><p>one</p><span> </span><p>two</p></div>', { keep: keepWords });
    assert.equal(toHtml(blocks), '<div><p>one</p>\n<p>two</p>\n</div>');
  });

  test('an unkept item closes its list around what is kept of it, as the Markdown writes it', () => {
    // wcxb-dev/4893 (a review list whose items are whole sections) and tables of contents: an item
    // the selection dropped but whose sub-list it kept. The HTML nested the sub-list one level
    // deeper than the Markdown, which writes no item for an unkept <li>.
    const input =
      '<ol start="3"><li><a href="/x">Contents</a><ul><li>sub one</li><li>sub two</li></ul></li>' +
      '<li>kept four</li><li>Dropped</li><li>kept six</li><li>Gone<p>loose text</p></li><li>kept eight</li></ol>';
    const ex = extraction(input, {
      url: URL_,
      keep: (doc: Doc) => {
        const chosen = new Uint8Array(doc.size);
        for (let node = 0; node < doc.size; node++)
          if (doc.isText(node) && !/Contents|Dropped|Gone/.test(doc.text(node))) chosen[node] = 1;
        return Selection.fromTextNodes(doc, chosen, true);
      },
    });
    assert.equal(
      toHtml(ex),
      '<ul><li>sub one</li>\n<li>sub two</li>\n</ul>\n<ol start="3"><li>kept four</li>\n<li>kept six</li>\n</ol>\n' +
        '<p>loose text</p>\n<ol start="5"><li>kept eight</li>\n</ol>',
    );
    assert.equal(
      toMarkdown(ex),
      '- sub one\n- sub two\n\n- kept four\n- kept six\n\nloose text\n\n- kept eight',
    );
  });

  test('layout tables unwrap, their cells blocks, as in the Markdown; data tables inside stay', () => {
    // cleaneval/319: a page laid out in a table whose cells hold rules and another table; the HTML
    // wrote the grid, the Markdown (rightly) its cells as paragraphs.
    assert.equal(
      html(
        '<table><tr><td>FALL/WINTER 2006<hr></td><td><table><tr><td>Class ID:</td><td>NTG S37 001</td></tr></table></td></tr></table>' +
          '<table><tr><td>one cell</td></tr></table>',
      ),
      '<p>FALL/WINTER 2006</p><hr>\n<table><tr><td>Class ID:</td>\n<td>NTG S37 001</td>\n</tr>\n</table>\n<p>one cell</p>',
    );
  });

  test('a list is written around the items the selection keeps, and only then (as in the Markdown)', () => {
    // wcxb-dev/0148: kept items of a list the selection left out came out as <li> with no list;
    // cleaneval/65: a kept list of unkept items ("Caldera") held its sub-lists one level deeper
    // than the Markdown, which writes only kept items as items.
    const keepTagsAndText = (skip: string) => (doc: Doc) => {
      const selection = new Selection(doc).keepSubtree(0);
      for (let node = 0; node < doc.size; node++) if (doc.tagName(node) === skip) selection.kept[node] = 0;
      return selection;
    };
    const orphan = extraction('<ul><li>one</li><li>two</li></ul>', { keep: keepTagsAndText('ul') });
    assert.equal(toHtml(orphan), '<ul><li>one</li>\n<li>two</li>\n</ul>');
    const outer = extraction('<ul><li>Caldera<ul><li>No tool</li></ul></li></ul>', {
      keep: (doc) => {
        const selection = new Selection(doc).keepSubtree(0);
        selection.kept[doc.findFirst(TAG.li)] = 0;
        return selection;
      },
    });
    assert.equal(toHtml(outer), '<p>Caldera</p><ul><li>No tool</li>\n</ul>');
  });

  test('the same icon in the next table cell is no repeat (docs.docker.com platform grid)', () => {
    const check = '<a href="/mac/"><img src="/images/green-check.svg" alt="yes"></a>';
    const grid = `<table><tr><th>Platform</th><th>x86_64</th><th>arm64</th></tr><tr><td>Mac</td>\n<td>${check}</td>\n<td>${check}</td></tr></table>`;
    const out = html(grid);
    assert.equal(out.match(/green-check/g)?.length, 2);
    assert.equal(toMarkdown(extraction(grid, { url: URL_ })).match(/green-check/g)?.length, 2);
    // The <noscript> copy of a lazy image is still written once.
    assert.equal(
      html(
        '<p><img data-src="/a.jpg" src="data:image/gif;base64,R0lGOD"><noscript><img src="/a.jpg"></noscript></p>',
      ).match(/a\.jpg/g)?.length,
      1,
    );
  });

  test('a link with nothing written in it is no link; a picture of a formula has the math role', () => {
    // cleaneval (programmersheaven): a hit counter's pixel in a link; Docusaurus: a permalink
    // holding a zero-width space; Wikipedia: a formula's fallback image (the Markdown writes $…$).
    assert.equal(
      html(
        '<p>a <a href="/counter.aspx"><img src="/c.gif" width="1" height="1"></a> b</p><h2>Fast Track<a href="#fast-track" class="hash-link">\u200b</a></h2><p>c</p>',
      ),
      '<p>a  b</p>\n<h2>Fast Track</h2>\n<p>c</p>',
    );
    assert.equal(
      html(
        '<p>Since <img class="mwe-math-fallback-image-inline" src="/m.svg" alt="{\\displaystyle A=A^{*}}"> holds.</p>',
      ),
      '<p>Since <img src="https://example.com/m.svg" alt="{\\displaystyle A=A^{*}}" role="math"> holds.</p>',
    );
  });

  test("a card link holding only a lazy image's placeholder and white space is no link, as in the Markdown", () => {
    // wcxb-dev/4609 (WordPress, goingzerowaste.com): post cards whose picture is an inline SVG
    // placeholder (its real source in a script-loaded attribute the page lacks).
    const card =
      '<p>Click on the pictures to read the full post.</p><article class="Excerpt"><div class="Excerpt-Thumb">\n\t\t<a href="https://www.goingzerowaste.com/blog/going-green-guide/">\n\t\t\t<picture class="attachment-large size-large wp-post-image" decoding="async">\n<source type="image/webp" sizes="(max-width: 683px) 100vw, 683px"/>\n<img width="683" height="1024" src="data:image/svg+xml,%3Csvg%20xmlns=\'http://www.w3.org/2000/svg\'%20viewBox=\'0%200%20683%201024\'%3E%3C/svg%3E" alt="Going Green Beginner&#8217;s Guide" decoding="async"/>\n</picture>\n\t\t</a>\n\t</div></article>';
    const out = html(card);
    assert.doesNotMatch(out, /<a /);
    assert.doesNotMatch(toMarkdown(extraction(card, { url: URL_ })), /going-green-guide/);
    // A real picture in the same card is still a link.
    assert.match(
      html(card.replace(/src="data:[^"]*"/, 'src="/guide.jpg"')),
      /<a href="https:\/\/www.goingzerowaste.com\/blog\/going-green-guide\/">/,
    );
  });

  test('trailing headings go however many there are, their wrappers with them (fuzz seed 12, page 35)', () => {
    // 41,265 `<h2>`s after a body took over a minute: the output before each heading was joined and
    // tested again, and each went by a splice. Now marked and left out in one pass (no clock asserted).
    const many = html(`<p>Body text.</p>${'<div class="mw-heading"><h2>Heading</h2></div>'.repeat(20_000)}`);
    assert.equal(many, '<p>Body text.</p>');
    // A body of headings alone keeps its first; a subheading keeps its parent.
    assert.equal(html('<h2>One</h2><h2>Two</h2><h2>Three</h2>'), '<h2>One</h2>');
    assert.equal(
      html('<p>Body text.</p><h2>Part</h2><h3>Sub</h3><p>More text.</p><h3>Empty</h3>'),
      '<p>Body text.</p>\n<h2>Part</h2>\n<h3>Sub</h3>\n<p>More text.</p>',
    );
  });

  test("a heading's edit link and permalink are left out, as in the Markdown", () => {
    // wcxb-dev/2858 (Python docs, Sphinx) and readability-testpages/wikipedia (MediaWiki).
    const out = html(
      '<h2><span class="section-number">5.1. </span>More on Lists<a class="headerlink" href="#more-on-lists" title="Link to this heading">¶</a></h2>' +
        '<h2><span class="mw-headline" id="History">History</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?title=Mozilla&amp;action=edit&amp;section=1" title="Edit section: History">edit</a><span class="mw-editsection-bracket">]</span></span></h2>' +
        '<p>See <a href="#more-on-lists">¶</a></p>',
    );
    assert.equal(
      out,
      '<h2>5.1. More on Lists</h2>\n<h2>History</h2>\n<p>See <a href="https://example.com/a/page.html#more-on-lists">¶</a></p>',
    );
  });

  test('a space between comments between words stays a space (as in the Markdown)', () => {
    // wcxb-dev/2873 (react.dev): the selection keeps text with words, not the " " between the
    // comments React writes around each value; the HTML had "Example1 of4".
    const ex = extraction(
      '<h4><div>Example<!-- --> <!-- -->1<!-- --> of<!-- --> <!-- -->4</div>Counter</h4>',
      {
        keep: (doc) => {
          const selection = new Selection(doc).keepSubtree(0);
          for (let node = 0; node < doc.size; node++) {
            if (doc.isText(node) && doc.text(node).trim() === '') selection.kept[node] = 0;
          }
          return selection;
        },
      },
    );
    assert.equal(toHtml(ex), '<h4><div>Example 1 of 4</div>\nCounter</h4>');
  });

  test('hidden content and form controls are dropped with their content', () => {
    const out = html(
      '<p>a</p><script>alert(1)</script><style>p{}</style><template><p>t</p></template>' +
        '<iframe src="https://evil"></iframe><object data="x"></object><embed src="x"><svg><circle/></svg>' +
        '<form action="/x"><input value="v"><button formaction="javascript:x()">Go</button><select><option>o</option></select><textarea>t</textarea></form><p>b</p>',
    );
    assert.equal(out, '<p>a</p>\n<p>Go</p><p>b</p>');
    assertSafe(out);
  });

  test('<noscript> is shown as a browser without scripts shows it, when the selection keeps it', () => {
    assert.equal(
      html('<p>a</p><noscript><p>Enable scripts</p></noscript>'),
      '<p>a</p>\n<p>Enable scripts</p>',
    );
  });

  test('dropTitle', () => {
    assert.equal(html('<h1>T</h1><p>x</p>', { title: 't', dropTitle: true }), '<p>x</p>');
  });
});

describe('toHtml: XSS vectors', () => {
  const vectors = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil/x.js></SCRIPT>',
    '<img src=x onerror=alert(1)>',
    '<img src="x" ONERROR="alert(1)">',
    '<img src="javascript:alert(1)">',
    '<img src="jav&#x09;ascript:alert(1)">',
    '<img src="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="  JaVaScRiPt:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href="java&#10;script:alert(1)">x</a>',
    '<a href="&#x6A;avascript:alert(1)">x</a>',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
    '<a href="\x01javascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<svg onload=alert(1)><script>alert(1)</script></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<div style="width: expression(alert(1))">x</div>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<form><button formaction="javascript:alert(1)">x</button></form>',
    '<input type="image" src="x" onerror="alert(1)">',
    '<body onload=alert(1)>x</body>',
    '<details open ontoggle=alert(1)>x</details>',
    '<video><source onerror="alert(1)"></video>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<link rel=stylesheet href="javascript:alert(1)">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//"><a href="/x">x</a>',
    '<blockquote cite="javascript:alert(1)">x</blockquote>',
    '<a href="#" onclick="alert(1)" onmouseover="alert(1)">x</a>',
    '<p title="x" onclick="alert(1)" onClick="alert(2)">x</p>',
    '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
    '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<style><img src=x onerror=alert(1)></style>',
    '<textarea><script>alert(1)</script></textarea>',
    '<title><script>alert(1)</script></title>',
    '<xmp><script>alert(1)</script></xmp>',
    '<a href="http://x" <script>alert(1)</script>>x</a>',
    '<img/src="x"/onerror=alert(1)>',
    '<<script>script>alert(1)//<</script>/script>',
    '<a href="//evil.example/x">protocol-relative</a>',
  ];
  for (const vector of vectors) {
    test(vector, () => {
      const out = html(`<p>before</p>${vector}<p>after</p>`);
      assertSafe(out);
      assertWellFormed(out);
      const noBase = toHtml(extraction(vector));
      // Without a base, relative URLs stay relative (and still never carry a scheme).
      assertSafe(noBase.replace(/(href|src)="(?![a-z]+:)[^"]*"/g, '$1="https://relative"'));
    });
  }

  test('a <base href> in the page is honoured only when it is http(s)', () => {
    assert.equal(
      html('<head><base href="https://cdn.example.org/b/"></head><a href="x">x</a>'),
      '<a href="https://cdn.example.org/b/x">x</a>',
    );
    assert.equal(
      html('<head><base href="javascript:alert(1)//"></head><a href="x">x</a>'),
      '<a href="https://example.com/a/x">x</a>',
    );
  });
});

describe('toHtml: dropTitle inside a kept article', () => {
  test('drops the h1 when it comes before any content', () => {
    const ex = extraction('<article><header><h1>The Title</h1></header><p>Body</p></article>', {
      keep: keepFirst('article'),
    });
    assert.equal(
      toHtml(ex, { title: 'the title', dropTitle: true }),
      '<article><header></header>\n<p>Body</p>\n</article>',
    );
    // After a short block (a kicker, a date) the first heading is still the title.
    const kicker = extraction('<article><p>Politics</p><h2>The Title!</h2><p>Body</p></article>', {
      keep: keepFirst('article'),
    });
    assert.equal(
      toHtml(kicker, { title: 'The title', dropTitle: true }),
      '<article><p>Politics</p>\n<p>Body</p>\n</article>',
    );
    // After 300 characters of body it is part of the body.
    const late = extraction(
      `<article><p>${'Intro words. '.repeat(30)}</p><h1>The Title</h1><p>Body</p></article>`,
      {
        keep: keepFirst('article'),
      },
    );
    assert.match(toHtml(late, { title: 'the title', dropTitle: true }), /<h2>The Title<\/h2>/);
    // A kicker heading may come first; only one copy of the title goes.
    const second = extraction(
      '<article><h2>Kicker</h2><h1>The Title</h1><h2>The Title</h2><p>Body</p></article>',
      {
        keep: keepFirst('article'),
      },
    );
    assert.equal(
      toHtml(second, { title: 'the title', dropTitle: true }),
      '<article><h2>Kicker</h2>\n<h2>The Title</h2>\n<p>Body</p>\n</article>',
    );
  });

  test('a first paragraph equal to the title is dropped; printTitle writes the title first', () => {
    const ex = extraction('<div><p class="headline">The <b>Title</b></p><p>Body</p></div>', {
      keep: keepFirst('div'),
    });
    assert.equal(toHtml(ex, { title: 'The Title', dropTitle: true }), '<div><p>Body</p>\n</div>');
    assert.equal(
      toHtml(ex, { title: 'A <Title>', printTitle: true }),
      '<h1>A &lt;Title&gt;</h1>\n<div><p>The <b>Title</b></p>\n<p>Body</p>\n</div>',
    );
    assert.equal(
      toHtml(ex, { title: 'The Title', printTitle: true }),
      '<h1>The Title</h1>\n<div><p>Body</p>\n</div>',
    );
  });
});
