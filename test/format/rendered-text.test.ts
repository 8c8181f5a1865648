/**
 * The text and Markdown outputs read as a browser shows the page: the cases come
 * from the trafilatura-eval misses where the text was selected but written
 * differently from what a reader sees (docs/algorithms/default.md, "Output").
 * Expectations are hand-computed from what the browser renders.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, Selection } from '../../packages/pith/src/dom/index.js';
import { toHtml, toMarkdown, toText } from '../../packages/pith/src/format/index.js';
import { extraction } from './helpers.js';

/** Keeps the text nodes that have visible characters (and the elements all of whose text is kept), as the default extractor's selections do: whitespace-only text nodes are never chosen. */
function keepVisibleText(doc: Doc): Selection {
  const chosen = new Uint8Array(doc.size);
  for (let node = 0; node < doc.size; node++)
    if (doc.isText(node) && /\S/.test(doc.text(node))) chosen[node] = 1;
  return Selection.fromTextNodes(doc, chosen, true);
}
const text = (html: string) => toText(extraction(html));
const markdown = (html: string) => toMarkdown(extraction(html));
const textOfVisible = (html: string) => toText(extraction(html, { keep: keepVisibleText }));
const markdownOfVisible = (html: string) => toMarkdown(extraction(html, { keep: keepVisibleText }));

describe('soft hyphens', () => {
  test('U+00AD is dropped from text, Markdown and code', () => {
    // weinkenner.de: "Ver&shy;nat&shy;schwein, der vom Gam&shy;be&shy;ro"
    const html = '<p>Ver&shy;nat&shy;schwein, der vom Gam\u00adbe\u00adro</p><pre>a\u00adb</pre>';
    assert.equal(text(html), 'Vernatschwein, der vom Gambero\n\nab');
    assert.equal(markdown(html), 'Vernatschwein, der vom Gambero\n\n```\nab\n```');
  });

  test('a text node of soft hyphens alone adds nothing, not even a space', () => {
    assert.equal(text('<p>Wein<span>\u00ad</span>kenner</p>'), 'Weinkenner');
  });

  test('a zero-width space is kept (a word boundary in scripts without spaces, as innerText keeps it)', () => {
    assert.equal(text('<p>ภาษา\u200bไทย</p>'), 'ภาษา\u200bไทย');
  });
});

describe('whitespace between inline elements', () => {
  test('a whitespace-only text node between inline elements is one space even when the selection skips it', () => {
    // mediaarchitecture.de: "<strong>1997</strong> <strong>Medientechnik-Studium</strong>"
    const html = '<p>Erfurt, <strong>1997</strong> <strong>Medientechnik-Studium</strong> an der HTWK</p>';
    assert.equal(textOfVisible(html), 'Erfurt, 1997 Medientechnik-Studium an der HTWK');
    assert.equal(markdownOfVisible(html), 'Erfurt, **1997** **Medientechnik-Studium** an der HTWK');
    // rosa-mag.de: "<strong>Atim:</strong> <em>The Woman King</em> zeigt"
    assert.equal(
      markdownOfVisible('<p><strong>Atim:</strong> <em>The Woman King</em> zeigt</p>'),
      '**Atim:** *The Woman King* zeigt',
    );
    // backenmachtgluecklich.de: recipe ingredients as spans separated by spaces
    assert.equal(
      textOfVisible('<ul><li><span>6</span> <span>mittelgroße</span> <span>Eier</span></li></ul>'),
      '6 mittelgroße Eier',
    );
  });

  test('no space in the source means no space in the output', () => {
    assert.equal(
      textOfVisible('<p><strong>Wein</strong><em>kenner</em> und <a href="/x">Co</a>.</p>'),
      'Weinkenner und Co.',
    );
  });

  test('whitespace-only text nodes inside <pre> keep the code as written', () => {
    assert.equal(
      textOfVisible('<pre><span>if</span> <span>x</span>\n    <span>y</span></pre>'),
      'if x\n    y',
    );
  });

  test('HTML output keeps the space between inline elements too', () => {
    assert.equal(
      toHtml(extraction('<p><b>1997</b> <b>Studium</b></p>', { keep: keepVisibleText })),
      '<p><b>1997</b> <b>Studium</b></p>',
    );
    // …but not between blocks, where the page shows no space either.
    assert.equal(
      toHtml(extraction('<ul>\n<li>a</li>\n<li>b</li>\n</ul>', { keep: keepVisibleText })),
      '<ul><li>a</li>\n<li>b</li>\n</ul>',
    );
  });
});

describe('<br>', () => {
  test('a line break in text and a hard break in Markdown; the words on both sides stay apart', () => {
    const html = '<p>erste Zeile<br>zweite<br/>dritte</p>';
    assert.equal(text(html), 'erste Zeile\nzweite\ndritte');
    assert.equal(markdown(html), 'erste Zeile\\\nzweite\\\ndritte');
    assert.equal(text('<h2>Titel<br>Untertitel</h2>'), 'Titel Untertitel');
  });
});

describe('MathML', () => {
  const math =
    '<p>Given a set of <math alttext="N"><semantics><mrow><mi>N</mi></mrow>' +
    '<annotation encoding="application/x-tex">{\\displaystyle N}</annotation>' +
    '<annotation-xml encoding="MathML-Content"><ci>N</ci></annotation-xml></semantics></math> objects</p>';

  test('text keeps the rendered formula, Markdown its TeX; annotations are never text', () => {
    assert.equal(text(math), 'Given a set of N objects');
    // MediaWiki's {\displaystyle …} group around the whole formula is left out (the $…$ say how it is set).
    assert.equal(markdown(math), 'Given a set of $N$ objects');
    assert.equal(toHtml(extraction(math)), '<p>Given a set of N objects</p>');
  });

  test('MathML hidden by an inline display:none (the accessible copy of an image rendering) is not written', () => {
    // en.wikipedia.org: <span style="display: none;"><math>…</math></span><img alt="N">
    const html =
      '<p>Given a set of <span class="mwe-math-element"><span style="display: none;"><math><semantics>' +
      '<mi>N</mi><annotation encoding="application/x-tex">N</annotation></semantics></math></span>' +
      '<img src="n.svg" alt="N"></span> high-dimensional objects</p>';
    assert.equal(text(html), 'Given a set of high-dimensional objects');
    // In Markdown the formula is written once, as TeX (not the image of it).
    assert.equal(
      toMarkdown(extraction(html, { url: 'https://example.org/' })),
      'Given a set of $N$ high-dimensional objects',
    );
  });
});

describe('ruby', () => {
  test('the base text reads without the <rt> reading and the <rp> parentheses', () => {
    // nhk.or.jp (NEWS WEB EASY): furigana over every kanji
    const html =
      '<p><ruby>子<rt>こ</rt></ruby>どもへの<ruby>虐待<rp>(</rp><rt>ぎゃくたい</rt><rp>)</rp></ruby>をなくす</p>';
    assert.equal(text(html), '子どもへの虐待をなくす');
    assert.equal(markdown(html), '子どもへの虐待をなくす');
  });

  test('HTML output keeps ruby (a browser renders it over the base)', () => {
    assert.equal(
      toHtml(extraction('<p><ruby>漢<rt>かん</rt></ruby></p>')),
      '<p><ruby>漢<rt>かん</rt></ruby></p>',
    );
  });
});

describe('canonically equivalent text', () => {
  test('output is in NFC: a decomposed "u" + U+0308 reads as "ü"', () => {
    // adac.de writes "gepru\u0308ft"; the reader (and the gold) see "geprüft"
    assert.equal(text('<p>gepru\u0308ft</p>'), 'geprüft');
    // ukbdnews.com writes U+09DC (ড়), whose NFC form is U+09A1 U+09BC
    assert.equal(text('<p>সাড\u09bcে</p>'), 'সাড\u09bcে');
    assert.equal(text('<p>সা\u09dcে</p>'), 'সাড\u09bcে');
  });
});

describe('properties', () => {
  const word = fc.stringMatching(/^[a-zäöü]{1,8}$/);
  const separator = fc.constantFrom(' ', '\n', '<br>', '</b> <b>', '</span> <em>', '</p><p>', ' \u00ad');
  const parts = fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 12 });
  const pageOf = (list: [string, string][]) =>
    `<p><b>${list.map(([w, s]) => `${w.split('').join('\u00ad')}${s}`).join('')}</b></p>`;

  test('the output never holds U+00AD, and words separated in the source are never merged', () => {
    fc.assert(
      fc.property(parts, (list) => {
        // Every separator is whitespace or a break, so the words read are exactly the generated words.
        const words = list.map(([w]) => w);
        const html = pageOf(list);
        for (const render of [textOfVisible, markdownOfVisible]) {
          const out = render(html);
          assert.ok(!out.includes('\u00ad'), out);
          assert.deepEqual(
            out
              .replace(/[*_\\]/g, ' ')
              .split(/\s+/)
              .filter(Boolean),
            words,
            html,
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});
