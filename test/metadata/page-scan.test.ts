/**
 * The page scan's cheap tests before its costly ones (issue 38's metadata stage): a text's shape
 * (its length and words once its white space is collapsed) is measured without building the
 * collapsed string, and a text's byline words are looked for only where a byline or an author
 * label can be read. Both must decide as the tests they stand before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import {
  fitsLine,
  NOT_PAGE_BYLINES,
  NOT_PAGE_DATES,
  NOT_PAGE_PART,
  pageData,
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
