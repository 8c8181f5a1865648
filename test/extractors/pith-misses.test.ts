/**
 * Classes of misses seen on held-back pages (issue 37, item 4), each fixed as a class and shown on
 * a fragment cut from a real page of the shared datasets (the page named in each test).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { hasCueWord, NEGATIVE_CLASS, UNLIKELY_CLASS } from '../../src/extractors/pith/cues.js';

describe('class/id cues match words, not parts of words (issue 37, item 4)', () => {
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
