/**
 * Class/id cues are words of a class or id, not parts of words (issue 37, item 4): `subscriber-only`
 * is not "subscribe", `node-promoted` not "promo". The class strings below are cut from pages of the
 * shared datasets (named in each test).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { classWeight, NEGATIVE_CLASS, UNLIKELY_CLASS } from '../../packages/pith/src/extractors/pith/cues.js';
import {
  CUE_GROUPS,
  cueBit,
  cueBits,
  elementCueBits,
  hasCueWord,
} from '../../packages/pith/src/features/blocks/index.js';

/** The furniture groups of the block features. */
const FURNITURE = CUE_GROUPS.slice(0, CUE_GROUPS.indexOf('cookie') + 1)
  .map(cueBit)
  .reduce((a, b) => a | b, 0);

describe('class/id cues match words, not parts of words', () => {
  test('the article of a Drupal page marked promoted weighs as an article (trafilatura-eval d73e0fa0, grazia-magazin.de)', () => {
    // Its teasers carry the same node-promoted: read as "promo", the article itself weighed 0, not +25.
    assert.equal(classWeight('ds-1col node node-article node-promoted view-mode-full clearfix'), 25);
  });

  test('a subscribers-only label is no newsletter box for the block features (trafilatura-eval twincities.com-mayor)', () => {
    assert.equal(cueBits('subscriber-only-tag') & cueBit('newsletter'), 0);
    assert.equal(cueBits('odd sect sect_article news subjective commentary') & cueBit('comment'), 0); // taz.de.siemens
    assert.equal(
      cueBits('node node--type-article node--promoted node--view-mode-teaser-box') & cueBit('ad'),
      0,
    );
  });

  test('the block features still find the furniture words as words, plurals and glued compounds', () => {
    assert.notEqual(cueBits('sharedaddy sd-sharing-enabled') & cueBit('share'), 0);
    assert.notEqual(cueBits('menuitem-visible') & cueBit('nav'), 0);
    assert.notEqual(cueBits('site-footer') & cueBit('footer'), 0);
    assert.notEqual(cueBits('comments-area') & cueBit('comment'), 0);
    assert.notEqual(cueBits('newsletter-signup') & cueBit('newsletter'), 0);
    assert.notEqual(cueBits('sponsored-link') & cueBit('ad'), 0);
    assert.notEqual(cueBits('recommended-posts') & cueBit('related'), 0);
    assert.equal(cueBits('article-body entry-content') & FURNITURE, 0);
  });

  test('a cue inside a longer word is not the cue', () => {
    for (const classAndId of [
      'article-body subscriber-only',
      'node node--type-blog node--promoted node--view-mode-full',
      'page-template-default aa-prefix-menlo-promotion',
      'hx:mx-auto hx:flex hextra-max-page-width',
      'wp-block-post-content shared-block',
      'commentary',
      'public nojs loggedout nosidebar',
    ]) {
      assert.equal(hasCueWord(classAndId, UNLIKELY_CLASS), false, classAndId);
      assert.equal(hasCueWord(classAndId, NEGATIVE_CLASS), false, classAndId);
    }
  });

  test('a cue as a token, a plural or a glued compound is the cue', () => {
    for (const classAndId of [
      'site-footer',
      'main_sidebar',
      'comments',
      'btmfooter clearfix',
      'commentlist',
      'nav-menubar',
      'widget newsletter-box',
      'x -ad- y',
    ]) {
      assert.equal(
        hasCueWord(classAndId, UNLIKELY_CLASS) || hasCueWord(classAndId, NEGATIVE_CLASS),
        true,
        classAndId,
      );
    }
  });

  test('property: a cue word alone between separators matches; with a derived ending it does not', () => {
    const words = ['footer', 'sidebar', 'comment', 'subscribe', 'share', 'promo', 'related', 'menu'];
    fc.assert(
      fc.property(
        fc.constantFrom(...words),
        fc.constantFrom('r', 'rs', 'd', 'tion', 'ted', 'ary', 'ing', 'er'),
        fc.constantFrom(' ', '-', '_', '--', ':'),
        fc.stringMatching(/^[a-z]{0,6}$/),
        (word, ending, separator, other) => {
          assert.equal(hasCueWord(`${other}${separator}${word}${separator}x`, UNLIKELY_CLASS), true);
          assert.equal(
            hasCueWord(`${other}${separator}${word}${ending}${separator}x`, UNLIKELY_CLASS),
            false,
          );
        },
      ),
      { seed: 37 },
    );
  });
});

describe('elementCueBits: an element with an id, its class and id read apart', () => {
  test('gives what cueBits gives the joined, lower-cased class and id', () => {
    const part = fc.oneof(
      fc.constantFrom(
        'menu',
        'Nav',
        'post-content',
        'sidebar__item',
        'ad-slot',
        'COMMENT',
        '12345',
        'İnfo',
        'ΟΔΟΣ',
        'x_y',
      ),
      fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    const attribute = fc
      .tuple(fc.array(part, { maxLength: 4 }), fc.constantFrom(' ', '-', '\t', ''))
      .map(([parts, separator]) => parts.join(separator));
    fc.assert(
      fc.property(fc.option(attribute, { nil: undefined }), attribute, (cls, id) => {
        const joined = `${cls ?? ''} ${id}`.toLowerCase();
        // Twice: the second reads the class from its memo.
        assert.equal(elementCueBits(joined, cls, id), cueBits(joined));
        assert.equal(elementCueBits(joined, cls, id), cueBits(joined));
      }),
      { numRuns: 2000 },
    );
  });
});
