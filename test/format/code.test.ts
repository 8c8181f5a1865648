import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { toHtml, toMarkdown, toText } from '../../packages/pith/src/format/index.js';
import { extraction } from './helpers.js';

const parser = new MarkdownIt('default', { html: false, linkify: false });
const md = (html: string) => toMarkdown(extraction(html));

/** The fenced code blocks of rendered Markdown: [info string, code]. */
function fences(markdown: string): [string, string][] {
  return parser
    .parse(markdown, {})
    .filter((token) => token.type === 'fence')
    .map((token) => [token.info, token.content]);
}

describe('code blocks: the language, from the markup of each highlighter', () => {
  const cases: [string, string, string][] = [
    ['Prism / highlight.js', '<pre><code class="language-ts">let a = 1;</code></pre>', 'ts'],
    ['Google prettify', '<pre class="prettyprint lang-go">x := 1</pre>', 'go'],
    ['GitHub', '<div class="highlight highlight-source-python"><pre>x = 1</pre></div>', 'python'],
    [
      'Rouge (Jekyll): two wrappers up',
      '<div class="language-ruby highlighter-rouge"><div class="highlight"><pre class="highlight"><code>puts 1</code></pre></div></div>',
      'ruby',
    ],
    [
      'Sphinx: two wrappers up',
      '<div class="highlight-python3 notranslate"><div class="highlight"><pre><span></span>x = 1</pre></div></div>',
      'python3',
    ],
    [
      'Pandoc',
      '<div class="sourceCode" id="cb1"><pre class="sourceCode haskell"><code class="sourceCode haskell">f = 1</code></pre></div>',
      'haskell',
    ],
    ['SyntaxHighlighter brush', '<pre class="brush: php; gutter: true">echo 1;</pre>', 'php'],
    ['data-lang', '<pre data-lang="rust">fn main() {}</pre>', 'rust'],
    ['data-language on <code>', '<pre><code data-language="sql">select 1</code></pre>', 'sql'],
    ['no language', '<pre><code class="hljs">x</code></pre>', ''],
    ['"plaintext" is no language', '<pre><code class="language-plaintext">x</code></pre>', ''],
    // From the structure corpus (test/fixtures/structure): SitePoint's SyntaxHighlighter and Requests' Sphinx.
    [
      'SyntaxHighlighter "brush: plain" is no language',
      '<pre class="brush: plain; title: ; notranslate" title="">"silex/silex": "~2.0@dev",</pre>',
      '',
    ],
    [
      'Sphinx "highlight-default" is no language',
      '<div class="highlight-default notranslate"><div class="highlight"><pre><span></span>s = requests.Session()</pre></div></div>',
      '',
    ],
  ];
  for (const [name, html, language] of cases) {
    test(name, () => {
      const out = md(html);
      const blocks = fences(out);
      assert.equal(blocks.length, 1, out);
      assert.equal(blocks[0][0], language);
    });
  }

  test('the language is not taken from an article or the body', () => {
    assert.deepEqual(fences(md('<article class="lang-en"><pre>x</pre></article>')), [['', 'x\n']]);
  });

  test('HTML output marks the language on <code> the HTML5 way', () => {
    assert.equal(
      toHtml(
        extraction(
          '<div class="language-ruby x"><div class="highlight"><pre><code>puts 1</code></pre></div></div>',
        ),
      ),
      '<div><div><pre><code class="language-ruby">puts 1</code></pre>\n</div>\n</div>',
    );
  });
});

describe('code blocks without <pre> (issue 41)', () => {
  test('Verso\'s <code class="hl lean block">: a lean listing; the fragments beside it and Lean\'s output are one listing', () => {
    // Modelled on Lean's Verso-built manuals (Defuddle's issues--159 fixtures: a command, its output,
    // an empty fragment, a comment and the next command). Written as code spans before.
    const html =
      '<p>Check it:</p><div class="example">\n' +
      '<code class="hl lean block" data-lean-context="examples"><span class="inter-text">#check true</span></code>\n' +
      '<pre class="hl lean lean-output information"><span class="verso-message"><span class="inter-text">Bool.true : Bool</span></span></pre>\n' +
      '<code class="hl lean block" data-lean-context="examples"><span class="inter-text">\n</span></code>\n' +
      '<code class="hl lean block" data-lean-context="examples"><span class="keyword token">def</span> <span class="const token">f</span> (n : Nat) : Nat :=\n  n + 1<span class="hover-container"><span class="hover-info">Nat → Nat</span></span></code>\n' +
      '</div><p>After.</p>';
    const out = md(html);
    assert.deepEqual(fences(out), [
      ['lean', '#check true\nBool.true : Bool\n\ndef f (n : Nat) : Nat :=\n  n + 1\n'],
    ]);
    assert.match(out, /^Check it:\n\n```lean\n/);
    assert.match(out, /\n```\n\nAfter\.$/);
    // One fragment alone; a fragment whose next one is not kept is written on its own.
    assert.deepEqual(fences(md('<code class="hl lean block">theorem t : 2 = 2 := rfl</code>')), [
      ['lean', 'theorem t : 2 = 2 := rfl\n'],
    ]);
    // A <code> with other classes stays a code span.
    assert.equal(md('<p>Call <code class="hl">f</code> now.</p>'), 'Call `f` now.');
  });

  test("Verso's fragments as Lean's manual writes them (Defuddle's issues--159-lean-verso-missing-section-gap, dev half): one lean listing, its blank line kept", () => {
    const html =
      '<p>Trailing blank lines between fragments.</p><div class="example" id="example-section-gap">\n' +
      '        <code class="hl lean block" data-lean-context="examples"><span class="inter-text">def b2 : Bool := false\n\n</span></code>\n' +
      '        <code class="hl lean block" data-lean-context="examples"><span class="inter-text">/- Check their types. -/\n\n#check m</span></code>\n' +
      '        <pre class="hl lean lean-output information"><span class="verso-message"><span class="highlighted"><span class="inter-text">m : Nat</span></span></span></pre>\n' +
      '      </div><p>Trailing prose ensures extraction continues normally.</p>';
    assert.equal(
      md(html),
      'Trailing blank lines between fragments.\n\n```lean\ndef b2 : Bool := false\n\n/- Check their types. -/\n\n#check m\nm : Nat\n```\n\n' +
        'Trailing prose ensures extraction continues normally.',
    );
  });

  test('Writerside\'s <div class="code-block" data-lang>: a listing in its language, its template indentation gone', () => {
    // Modelled on JetBrains Writerside's help pages (an HTTP request block); read as one paragraph before.
    const html =
      '<p>Send:</p><div class="code-block" data-lang="http">\n        GET /api/v1/budget HTTP/1.1\n        Host: example.com\n          Accept: application/json\n</div><p>Then read the answer.</p>';
    assert.deepEqual(fences(md(html)), [
      ['http', 'GET /api/v1/budget HTTP/1.1\nHost: example.com\n  Accept: application/json\n'],
    ]);
    // With a <pre> inside, the <pre> is the listing (as before); a code-block div without data-lang is a div.
    assert.deepEqual(fences(md('<div class="code-block" data-lang="http"><pre>GET / HTTP/1.1</pre></div>')), [
      ['http', 'GET / HTTP/1.1\n'],
    ]);
    assert.equal(md('<div class="code-block">Some\n   words</div>'), 'Some words');
  });
});

describe('code blocks: line-number gutters are not code', () => {
  test('Pygments table mode: the numbers column goes, the table is not a Markdown table', () => {
    const html =
      '<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td>' +
      '<td class="code"><div class="highlight"><pre><span class="k">def</span> f():\n    return 1</pre></div></td></tr></table>';
    const out = md(html);
    assert.deepEqual(fences(out), [['', 'def f():\n    return 1\n']]);
    assert.doesNotMatch(out, /\|/);
    assert.equal(toText(extraction(html)), 'def f():\n    return 1');
    assert.doesNotMatch(toHtml(extraction(html)), />1\n2</);
  });

  test('Pygments and Chroma inline numbers', () => {
    assert.deepEqual(
      fences(md('<pre><span class="linenos">1</span>a = 1\n<span class="linenos">2</span>b = 2</pre>')),
      [['', 'a = 1\nb = 2\n']],
    );
    assert.deepEqual(
      fences(
        md(
          '<div class="highlight"><pre class="chroma"><code class="language-go" data-lang="go"><span class="line"><span class="ln">1</span><span class="cl">x := 1\n</span></span><span class="line"><span class="ln">2</span><span class="cl">y := 2</span></span></code></pre></div>',
        ),
      ),
      [['go', 'x := 1\ny := 2\n']],
    );
  });

  test('highlight.js line-numbers plugin and Rouge gutters', () => {
    const hljs =
      '<pre><code class="language-js"><table class="hljs-ln"><tr><td class="hljs-ln-line hljs-ln-numbers"><div class="hljs-ln-n" data-line-number="1"></div></td>' +
      '<td class="hljs-ln-line hljs-ln-code">let a;</td></tr></table></code></pre>';
    assert.deepEqual(fences(md(hljs)), [['js', 'let a;\n']]);
    const rouge =
      '<table class="rouge-table"><tbody><tr><td class="rouge-gutter gl"><pre class="lineno">1\n2\n</pre></td>' +
      '<td class="rouge-code"><pre>a\nb\n</pre></td></tr></tbody></table>';
    assert.deepEqual(fences(md(rouge)), [['', 'a\nb\n']]);
  });

  test('a gutter class on text that is not numbers is kept (the class alone decides nothing)', () => {
    assert.equal(md('<p><span class="gutter">Chapter one</span></p>'), 'Chapter one');
  });
});
