import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Selection } from '../../packages/pith/src/dom/index.js';
import { toHtml, toMarkdown, toText } from '../../packages/pith/src/format/index.js';
import { extraction, keepFirst, keepTextOnly } from './helpers.js';

const text = (html: string) => toText(extraction(html));

describe('toText', () => {
  test('blocks are separated by blank lines, whitespace collapsed inside them', () => {
    assert.equal(
      text(
        '<h1>  The   title </h1><p>First\n   paragraph  with <b>bold</b>text.</p><div>Second <span>block</span></div>',
      ),
      'The title\n\nFirst paragraph with boldtext.\n\nSecond block',
    );
  });

  test('list items one per line without markers; nested lists too', () => {
    assert.equal(
      text(
        '<p>Intro</p><ul><li>one</li><li>two<ol><li>two.a</li><li>two.b</li></ol></li><li>three</li></ul><p>After</p>',
      ),
      'Intro\n\none\ntwo\ntwo.a\ntwo.b\nthree\n\nAfter',
    );
  });

  test('<br> is a line break, two of them a paragraph break', () => {
    assert.equal(text('<p>a<br>b<br><br>c<br></p>'), 'a\nb\n\nc');
    assert.equal(text('<p><br>a</p>'), 'a');
  });

  test('<pre> is verbatim', () => {
    assert.equal(
      text('<p>Code:</p><pre>\n  if (x) {\n      y();\n  }\n\n</pre><p>done</p>'),
      'Code:\n\n  if (x) {\n      y();\n  }\n\ndone',
    );
    assert.equal(text('<pre><span>a</span>  <b>b</b>\n<i>c</i></pre>'), 'a  b\nc');
  });

  test('table rows one per line, cells separated by tabs', () => {
    assert.equal(
      text(
        '<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr><tr><td></td><td></td></tr></table>',
      ),
      'Name\tAge\nAnn\t31',
    );
  });

  test('hidden content and form controls never appear', () => {
    assert.equal(
      text(
        '<p>a</p><script>var x = 1;</script><style>p{}</style><template><p>t</p></template>' +
          '<svg><text>svg</text></svg><select><option>opt</option></select><textarea>ta</textarea><p>b</p>',
      ),
      'a\n\nb',
    );
  });

  test('images, links and formatting add no words', () => {
    assert.equal(
      text('<p>See <a href="/x">this <em>page</em></a> <img src="a.png" alt="alt text">now</p>'),
      'See this page now',
    );
  });

  test('block quotes, definition lists, figures', () => {
    assert.equal(
      text(
        '<blockquote><p>q1</p><p>q2</p></blockquote><dl><dt>Term</dt><dd>Def</dd></dl><figure><img src=x><figcaption>Cap</figcaption></figure>',
      ),
      'q1\n\nq2\n\nTerm\n\nDef\n\nCap',
    );
  });

  test('unkept elements let kept text through, and their blocks still separate it', () => {
    const ex = extraction('<div><p>one</p><p>two</p></div>', { keep: keepTextOnly });
    assert.equal(toText(ex), 'one\n\ntwo');
  });

  test('only the selection is output', () => {
    const ex = extraction('<nav>Menu</nav><article><p>Body</p></article><footer>Foot</footer>', {
      keep: keepFirst('article'),
    });
    assert.equal(toText(ex), 'Body');
    const none = extraction('<p>x</p>', { keep: (doc) => new Selection(doc) });
    assert.equal(toText(none), '');
  });

  test('dropTitle drops a leading h1 equal to the title', () => {
    const ex = extraction('<h1>The  Title</h1><p>Body</p>');
    assert.equal(toText(ex, { title: 'the title', dropTitle: true }), 'Body');
    assert.equal(toText(ex, { title: 'the title' }), 'The Title\n\nBody');
    assert.equal(toText(ex, { title: 'Other', dropTitle: true }), 'The Title\n\nBody');
  });

  test('dropTitle drops a headline the title holds with a section before it, or one with a kicker in front', () => {
    // trafilatura-eval's bundespolizei.de page: `<title>` "Aktuelles - Illegale Migration …", the <h2> without "Aktuelles".
    const section = extraction('<h2>Illegale Migration aus Belarus über Polen</h2><p>Body</p>');
    const title = 'Aktuelles - Illegale Migration aus Belarus über Polen';
    // bmjv.de: "Thema Verbraucherschutz" and "Mehr" in the heading before the headline.
    const kicker = extraction(
      '<h1>Thema Verbraucherschutz Mehr Transparenz bei Preisanpassungen</h1><p>Body</p>',
    );
    for (const [ex, pageTitle] of [
      [section, title],
      [kicker, 'Transparenz bei Preisanpassungen'],
    ] as const) {
      assert.equal(toText(ex, { title: pageTitle, dropTitle: true }), 'Body');
      assert.equal(toMarkdown(ex, { title: pageTitle, dropTitle: true }), 'Body');
      assert.equal(toHtml(ex, { title: pageTitle, dropTitle: true }), '<p>Body</p>');
    }
  });

  test('dropTitle keeps a heading that shares less than half of the title, or only a word or two', () => {
    const cases: [string, string][] = [
      ['Rome', 'Rome and the long history of its empire'],
      ['A very long headline', 'A very long headline about many things in the wide world'],
      ['Transparenz', 'Mehr Transparenz'],
      ['Introduction to the topic', 'Preface: Introduction to the topic of it all, at length'],
    ];
    for (const [heading, title] of cases) {
      const ex = extraction(`<h2>${heading}</h2><p>Body</p>`);
      assert.equal(toText(ex, { title, dropTitle: true }), `${heading}\n\nBody`, `${heading} / ${title}`);
    }
    // A headline split over two headings that the title joins: the second is no repeat (L3S-GN1's CBS pages).
    const split = extraction(
      '<h1>Mother Assails Huckabee</h1><h2>Says Hopeful Should Not Be President Due To Case</h2><p>Body</p>',
    );
    assert.equal(
      toText(split, {
        title: 'Mother Assails Huckabee, Says Hopeful Should Not Be President Due To Case',
        dropTitle: true,
      }),
      'Mother Assails Huckabee\n\nSays Hopeful Should Not Be President Due To Case\n\nBody',
    );
    for (const format of [toMarkdown, toHtml]) {
      const written = format(split, {
        title: 'Mother Assails Huckabee, Says Hopeful Should Not Be President Due To Case',
        dropTitle: true,
      });
      assert.ok(written.includes('Says Hopeful Should Not Be President Due To Case'), format.name);
    }
    // A section heading that holds the title with a part after it, or a short title at its end, stays.
    for (const [heading, title] of [
      ['Chocolate chip cookies: ingredients', 'Chocolate Chip Cookies'],
      ['The science of climate change', 'Climate change'],
    ]) {
      const ex = extraction(`<h2>${heading}</h2><p>Body</p>`);
      assert.equal(toText(ex, { title, dropTitle: true }), `${heading}\n\nBody`, heading);
    }
    // A heading that is the title and a button's label glued after it ("Add to ...") repeats it.
    const glued = extraction(
      '<h1>Oil prices and interest rates: What to watch in 2015 Add to ...</h1><p>Body</p>',
    );
    assert.equal(
      toText(glued, { title: 'Oil prices and interest rates: What to watch in 2015', dropTitle: true }),
      'Body',
    );
    // An empty heading first is no heading: the headline after it is still the title in every writer.
    const empty = extraction('<h2> </h2><h1>Illegale Migration aus Belarus über Polen</h1><p>Body</p>');
    const aktuelles = 'Aktuelles - Illegale Migration aus Belarus über Polen';
    assert.equal(toMarkdown(empty, { title: aktuelles, dropTitle: true }), 'Body');
    assert.ok(!toHtml(empty, { title: aktuelles, dropTitle: true }).includes('Illegale'));
    // A first paragraph is dropped only when it is the title itself.
    const paragraph = extraction('<p>Illegale Migration aus Belarus über Polen</p><p>Body</p>');
    assert.equal(
      toText(paragraph, { title: 'Aktuelles - Illegale Migration aus Belarus über Polen', dropTitle: true }),
      'Illegale Migration aus Belarus über Polen\n\nBody',
    );
  });
});
