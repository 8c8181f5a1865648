/**
 * The page scan's cheap tests before its costly ones (issue 38's metadata stage): a text's shape
 * (its length and words once its white space is collapsed) is measured without building the
 * collapsed string, and a text's byline words are looked for only where a byline or an author
 * label can be read. Both must decide as the tests they stand before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml, TAG } from '../../packages/pith/src/dom/index.js';
import {
  CUE_AUTHOR_BOX,
  CUE_BREADCRUMB,
  CUE_BYLINE,
  CUE_KNOWN,
  CUE_MARKED,
  CUE_NOT_BYLINES,
  CUE_NOT_DATES,
  CUE_PERSON_ICON,
  CUE_USER_OR_POST,
  cueBitsOf,
  fitsLine,
  NOT_PAGE_BYLINES,
  NOT_PAGE_DATES,
  NOT_PAGE_PART,
  pageData,
  withoutArbitraryValues,
} from '../../packages/pith/src/metadata/page.js';

/** Every character `\s` matches, and a few that look like white space but are not. */
const SPACES = [
  ' ',
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2005',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];
const NOT_SPACES = ['\u180e', '\u200b', '\u0085', '\u00ad', 'a', 'Z', '7', 'é', '😀'];

function reference(raw: string, maxLength: number, maxWords: number): boolean {
  const text = raw.replace(/\s+/g, ' ').trim();
  return text.length <= maxLength && text.split(' ').length <= maxWords;
}

describe('fitsLine measures the collapsed text without building it', () => {
  it('agrees with replace(/\\s+/g, " ").trim() on any text', () => {
    const char = fc.constantFrom(...SPACES, ...NOT_SPACES);
    const text = fc.oneof(
      fc.array(char, { maxLength: 60 }).map((chars) => chars.join('')),
      fc.string({ maxLength: 120, unit: 'binary' }),
    );
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 12 }),
        (raw, length, words) => {
          assert.equal(fitsLine(raw, length, words), reference(raw, length, words), JSON.stringify(raw));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('hand-counted cases', () => {
    assert.equal(fitsLine('  March 3,\n\n 2025 ', 13, 3), true); // "March 3, 2025": 13 characters, 3 words
    assert.equal(fitsLine('  March 3,\n\n 2025 ', 12, 3), false);
    assert.equal(fitsLine('  March 3,\n\n 2025 ', 13, 2), false);
    assert.equal(fitsLine('\u00a0\u3000', 0, 1), true);
    assert.equal(fitsLine('a\u200bb', 2, 1), false); // a zero-width space is no white space
  });
});

/** The text bylines the page scan reads from a body. */
function textBylines(body: string): string[] {
  return pageData(parseHtml(`<html><body>${body}</body></html>`)).textBylines;
}

const LONG =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt. '.repeat(3);

describe('utility classes with arbitrary values are read out in one scan', () => {
  const ARBITRARY_VALUE = /[^\s[]*\[[^\]\s]*\][^\s]*/g;
  it('agrees with the pattern it stands for, on any class string', () => {
    const piece = fc.constantFrom('[', ']', 'a', 'md:', '-', '4/5', 'sidebar', ...SPACES);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const raw = pieces.join('');
        assert.equal(withoutArbitraryValues(raw), raw.replace(ARBITRARY_VALUE, ' '));
      }),
      { numRuns: 5000 },
    );
  });
  it('hand-read cases', () => {
    assert.equal(withoutArbitraryValues('md:[grid-area:sidebar] post'), '  post');
    assert.equal(withoutArbitraryValues('tw-aspect-[4/5] x[y [z'), '  x[y [z');
    assert.equal(withoutArbitraryValues('a]b[c]d\tplain'), ' \tplain');
  });
  it('a long token beside arbitrary values (fuzz seed 12 page 1191) is kept whole', () => {
    // The pattern retried from each character of such a token: 40,000 characters took about 9 s
    // (timed by bench/security/long-class.ts, not here).
    const long = `md:tw-bas<p>${'\u{1F600}'.repeat(20000)}</p>is-1/3`;
    assert.equal(withoutArbitraryValues(`tw-aspect-[4/5] ${long} xl:tw-aspect-[1]`), `  ${long}  `);
  });
});

describe('a byline in text is read wherever one can be', () => {
  it('in a short block', () => {
    assert.deepEqual(textBylines('<h1>A headline</h1><p>By Ann Lee</p>'), ['By Ann Lee']);
  });

  it('in an emphasised phrase inside a long paragraph', () => {
    assert.deepEqual(
      textBylines(`<h1>A headline</h1><p><strong>By Annabelle Lee-Worthington</strong> ${LONG}</p>`),
      ['By Annabelle Lee-Worthington'],
    );
  });

  it('after an author label that is its element’s whole text, inside a long block', () => {
    assert.deepEqual(
      textBylines(
        `<h1>A headline</h1><div><label>Author</label><a href="/x">Lisa D. Ellis</a> ${LONG}</div>`,
      ),
      ['By Lisa D. Ellis'],
    );
  });

  it('not in a link inside a long paragraph, nor in a long phrase', () => {
    assert.deepEqual(textBylines(`<h1>A headline</h1><p><a href="/x">By Ann Lee</a> ${LONG}</p>`), []);
    assert.deepEqual(textBylines(`<h1>A headline</h1><p><em>By Ann Lee ${LONG}</em></p>`), []);
  });
});

describe('one test of a class for both exclusions', () => {
  it('NOT_PAGE_PART matches where NOT_PAGE_DATES or NOT_PAGE_BYLINES does', () => {
    const words = NOT_PAGE_DATES.source.concat('|', NOT_PAGE_BYLINES.source).match(/[a-z]{3,}/g) as string[];
    const piece = fc.oneof(
      fc.constantFrom(...words, 'elementor-', 'elementor-widget', 'x', 'navbar', 'menus', 'newsfeed'),
      fc.constantFrom(' ', '-', '_', '', '--'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const cues = pieces.join('');
        assert.equal(
          NOT_PAGE_PART.test(cues),
          NOT_PAGE_DATES.test(cues) || NOT_PAGE_BYLINES.test(cues),
          cues,
        );
      }),
      { numRuns: 5000 },
    );
  });
});

/** The class tests of the page scan as it made them per element, before they were kept per class string. */
function referenceBits(raw: string): number {
  const cues = raw.includes('[') ? raw.replace(/[^\s[]*\[[^\]\s]*\][^\s]*/g, ' ') : raw;
  let bits = CUE_KNOWN;
  if (NOT_PAGE_PART.test(cues)) bits |= CUE_MARKED;
  if (NOT_PAGE_PART.test(cues) && NOT_PAGE_DATES.test(cues)) bits |= CUE_NOT_DATES;
  if (NOT_PAGE_PART.test(cues) && NOT_PAGE_BYLINES.test(cues)) bits |= CUE_NOT_BYLINES;
  if (cues.includes('breadcrumb')) bits |= CUE_BREADCRUMB;
  if (cues !== '' && (cues.includes('user') || cues.includes('post'))) bits |= CUE_USER_OR_POST;
  if (
    cues.includes('author') &&
    /author-?box|about-?(?:the-?)?author|author-?bio|authorbio|author_bio/.test(cues)
  )
    bits |= CUE_AUTHOR_BOX;
  if (
    raw.length > 0 &&
    /byline|author(?!ity|i[sz]|ing)|dateline|writtenby|p-author/.test(raw) &&
    !/comment|avatar|authorbio|author-bio|author_bio|about-author|author-box|authors-list/.test(raw)
  )
    bits |= CUE_BYLINE;
  return bits;
}

describe('the class tests, once per class string', () => {
  it('give each test’s answer, the first time and from the page’s answers', () => {
    const words = NOT_PAGE_PART.source.match(/[a-z]{3,}/g) as string[];
    const piece = fc.oneof(
      fc.constantFrom(...words, 'elementor-widget', 'navbar', 'nav', 'menu'),
      fc.constantFrom('byline', 'author', 'authority', 'authoring', 'dateline', 'writtenby', 'p-author'),
      fc.constantFrom('avatar', 'authorbio', 'author-bio', 'about-author', 'about-the-author', 'author-box'),
      fc.constantFrom(
        'breadcrumb',
        'crumb',
        'user',
        'username',
        'bigusername',
        'post',
        'postprofile',
        'name',
      ),
      fc.constantFrom('md:[grid-area:sidebar]', '[--sidebar-width:18rem]', 'mr-[--byline]', '[', ']'),
      fc.constantFrom(' ', '-', '_', '', '--'),
      fc.string({ maxLength: 4 }),
    );
    const known = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const raw = pieces.join('').toLowerCase();
        assert.equal(cueBitsOf(new Map(), raw), referenceBits(raw), raw);
        // Asked again of a page that has seen it (or a string like it): the same answer.
        assert.equal(cueBitsOf(known, raw), referenceBits(raw), raw);
        assert.equal(cueBitsOf(known, raw), referenceBits(raw), raw);
      }),
      { numRuns: 5000 },
    );
  });

  it('a page whose cards repeat their classes reads each card as before', () => {
    // Cut from the shapes of WCXB and L3S pages: repeated teaser cards with bylines and dates, a
    // byline in the article, comments with their own bylines, a forum post's user name, an author box.
    const card =
      '<div class="teaser card"><span class="byline">By Card Writer</span> <span class="date">May 2, 2024</span></div>';
    const comment =
      '<div class="comment"><span class="byline">By Commenter</span> <span class="date">May 9, 2024</span></div>';
    const html = `<html><body><nav class="breadcrumb"><ul><li><a href="/">Home</a></li><li>News</li></ul></nav>
      <main><article><h1>The headline of the page</h1>
      <div class="byline"><a rel="author" href="/author/ann-lee">Ann Lee</a></div>
      <p class="dateline">March 3, 2024</p><p>${'Words of the article body. '.repeat(60)}</p>
      <div class="author-box"><span class="author-name">Ann Lee</span> writes about things.</div>
      </article>${comment}${comment}</main>
      <aside class="sidebar related">${card}${card}${card}</aside>
      <div class="post"><a class="username">first_poster</a></div></body></html>`;
    const data = pageData(parseHtml(html));
    assert.equal(data.breadcrumb, 'News');
    // The dateline's and the author box's name classes say byline too; the cards' and the comments' do not count.
    assert.deepEqual(data.bylines, ['Ann Lee', 'March 3, 2024', 'Ann Lee']);
    assert.deepEqual(data.visibleDates, ['March 3, 2024']);
    assert.deepEqual(data.firstDates, [{ value: 'March 3, 2024', form: '81.dateline/5.' }]);
    assert.deepEqual(data.boxAuthors, ['Ann Lee']);
    assert.deepEqual(data.postAuthors, ['first_poster']);
  });
});

describe('the class bits read by class number (elements without an id) and by string (with one)', () => {
  it('a class shared by elements with and without an id, and a state class, read as each alone', () => {
    // Shapes of WCXB dev 4363 (a banner classed "hasslider" that holds the byline) and of pages whose
    // sidebars and comments repeat one class with and without an id.
    const sideByline = (id: string) =>
      `<div class="sidebar"${id}><span class="byline">By Side Writer</span> <span class="date">May 2, 2024</span></div>`;
    const html = `<html><body><main>
      <div class="block-banner hasslider"><h1>The headline of the page</h1>
      <span class="byline">By Rachel MacDonald</span> <span class="date">March 3, 2024</span></div>
      <p>${'Words of the article body. '.repeat(60)}</p>
      <div class="has-sidebar comments" id="c1"><span class="byline">By Commenter</span></div>
      <div class="comments"><span class="byline">By Other Commenter</span></div>
      </main>${sideByline(' id="s1"')}${sideByline('')}${sideByline(' id="s2"')}</body></html>`;
    const doc = parseHtml(html);
    const data = pageData(doc);
    assert.deepEqual(data.bylines, ['By Rachel MacDonald']);
    assert.deepEqual(data.visibleDates, ['March 3, 2024']);
    // The same page read again (its class numbers and strings made): the same answer.
    assert.deepEqual(pageData(doc), data);
    // What the scan reads by number rests on this: an element has a class number of 0 exactly
    // when it has no class string (no class and no id), and one number is one class string.
    const byNumber = new Map<number, string>();
    for (let node = 0; node < doc.size; node++) {
      if (!doc.isElement(node)) continue;
      const raw = doc.classAndId(node);
      const number = doc.classNumber(node);
      assert.equal(raw === '', number === 0);
      if (number > 0) {
        assert.equal(byNumber.get(number) ?? raw, raw);
        byNumber.set(number, raw);
      }
    }
  });
});

describe('a rel=author byline, found without splitting rel', () => {
  it('is a byline exactly where rel’s tokens include "author"', () => {
    const piece = fc.constantFrom(
      'author',
      'AUTHOR',
      'Author',
      'authors',
      'co-author',
      'nofollow',
      'me',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u3000',
      '\ufeff',
      '\u200b',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const doc = parseHtml(
          `<html><body><h1>A headline</h1><span rel="${pieces.join('')}">Ann Lee</span></body></html>`,
        );
        const span = doc.findFirst(TAG.span);
        const rel = doc.attr(span, 'rel');
        const linked = rel ? rel.toLowerCase().trim().split(/\s+/).includes('author') : false;
        assert.deepEqual(pageData(doc).bylines, linked ? ['Ann Lee'] : [], JSON.stringify(rel));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the class tests after one scan for their words (issue 38, s48-pagedata)', () => {
  it('a class string with none of their words has no bit but CUE_KNOWN; one with a word is tested', () => {
    for (const raw of ['container row col-md-6', 'entry-content', 'fa fa-star', 'hero-banner is-large', ''])
      assert.equal(cueBitsOf(new Map(), raw), CUE_KNOWN, raw);
    // Each test's own words get through the first scan.
    assert.equal(cueBitsOf(new Map(), 'bi bi-person'), CUE_KNOWN | CUE_PERSON_ICON);
    assert.equal(cueBitsOf(new Map(), 'fa fa-user'), CUE_KNOWN | CUE_USER_OR_POST | CUE_PERSON_ICON);
    assert.equal(cueBitsOf(new Map(), 'post-meta'), CUE_KNOWN | CUE_USER_OR_POST);
    assert.equal(cueBitsOf(new Map(), 'entry-dateline'), CUE_KNOWN | CUE_BYLINE);
    assert.equal(cueBitsOf(new Map(), 'writtenby'), CUE_KNOWN | CUE_BYLINE);
    assert.equal(cueBitsOf(new Map(), 'about-the-author'), CUE_KNOWN | CUE_AUTHOR_BOX | CUE_BYLINE);
    assert.equal(
      cueBitsOf(new Map(), 'crumbs breadcrumb'),
      CUE_KNOWN | CUE_BREADCRUMB | CUE_MARKED | CUE_NOT_DATES,
    );
    // (Not the look-behind's "elementor".)
    for (const word of (NOT_PAGE_PART.source.match(/[a-z]{4,}/g) as string[]).filter(
      (w) => w !== 'elementor',
    ))
      assert.notEqual(cueBitsOf(new Map(), `x ${word} y`) & CUE_MARKED, 0, word);
  });
});

describe('a text known too long for a dateline or a byline from its length', () => {
  it('a date in a text longer than a line is not read; one padded with white space is', () => {
    const body = `<p>${'Words of the article body. '.repeat(40)}</p>`;
    const page = (line: string) =>
      `<html><body><main><h1>The headline of the page</h1><div>${line}</div>${body}</main></body></html>`;
    // 101 characters once collapsed, a date among them: a sentence, not a dateline.
    const long = `March 3, 2025 ${'x'.repeat(87)}`;
    assert.equal(long.length, 101);
    assert.deepEqual(pageData(parseHtml(page(long))).visibleDates, []);
    // White space around a date is no length: its raw text is 213 characters, its line 13.
    const padded = `${' '.repeat(100)}March 3, 2025${' \n'.repeat(50)}`;
    assert.deepEqual(pageData(parseHtml(page(padded))).visibleDates, ['March 3, 2025']);
    // The byline likewise: padded, it is read; a text over a short block's length is not looked at.
    const byline = `${' '.repeat(150)}By Ann Lee${' '.repeat(150)}`;
    assert.deepEqual(pageData(parseHtml(page(byline))).textBylines, ['By Ann Lee']);
    const sentence = `By Ann Lee ${'and more words '.repeat(8)}`;
    assert.deepEqual(pageData(parseHtml(page(sentence))).textBylines, []);
  });
});

describe('rel=canonical and rel=image_src, found without splitting rel', () => {
  it('a link is the canonical (the image) exactly where rel’s tokens include "canonical" ("image_src")', () => {
    const piece = fc.constantFrom(
      'canonical',
      'Canonical',
      'canonicals',
      'image_src',
      'IMAGE_SRC',
      'alternate',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u3000',
      '\u200b',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), fc.boolean(), (pieces, withHref) => {
        const href = withHref ? ' href="/a"' : '';
        const doc = parseHtml(
          `<html><head><link rel="${pieces.join('')}"${href}><link rel="canonical image_src" href="/b"></head><body><h1>A headline</h1></body></html>`,
        );
        const rel = doc.attr(doc.findFirst(TAG.link), 'rel') ?? '';
        const tokens = rel ? rel.toLowerCase().trim().split(/\s+/) : [];
        const data = pageData(doc);
        assert.equal(
          data.canonical,
          withHref && tokens.includes('canonical') ? '/a' : '/b',
          JSON.stringify(rel),
        );
        assert.equal(
          data.imageSrc,
          withHref && tokens.includes('image_src') ? '/a' : '/b',
          JSON.stringify(rel),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the page data has one shape whatever the page gives, in whatever order', () => {
  // V8 compiled the scan again at every new shape of its result (fields added in a page's order).
  const pages = [
    `<html lang="en"><head><title>A title</title><link rel="canonical" href="/a"><base href="/b/"></head>
      <body><nav class="breadcrumb"><a href="/">Home</a> › <a href="/news">News</a></nav>
      <h1>The headline of the page</h1><p>By Ann Lee</p><time datetime="2024-03-03">March 3, 2024</time></body></html>`,
    `<html><head><base href="/c/"><link rel="image_src" href="/i.png"><link rel="canonical" href="/d"></head>
      <body><h1>Another headline</h1><nav class="breadcrumb"><a href="/">Home</a></nav><title>Late title</title></body></html>`,
    '<html><body><p>Nothing but a paragraph.</p></body></html>',
  ];
  it('every page gives the same keys in the same order; what a page gives is read', () => {
    const read = pages.map((html) => pageData(parseHtml(html)));
    for (const data of read) assert.deepEqual(Object.keys(data), Object.keys(read[0]));
    assert.equal(read[0].title, 'A title');
    assert.equal(read[0].canonical, '/a');
    assert.equal(read[0].base, '/b/');
    assert.equal(read[0].lang, 'en');
    assert.deepEqual(read[0].h1s, ['The headline of the page']);
    assert.equal(read[1].canonical, '/d');
    assert.equal(read[1].imageSrc, '/i.png');
    assert.equal(read[1].base, '/c/');
    assert.equal(read[2].title, undefined);
    assert.equal(read[2].canonical, undefined);
    assert.equal(read[2].h1Place, undefined);
  });
});
