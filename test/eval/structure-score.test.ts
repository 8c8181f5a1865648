/** The structure benchmark's scoring of images (issue 41). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  htmlElements,
  markdownElements,
  scoreElements,
} from '../../packages/workbench/src/eval/structure/index.js';

describe('structure score: images', () => {
  test("an HTML gold's image is named by its src or any candidate of its srcset", () => {
    // Readability's expected files keep an image's srcset (its wordpress page, cut): a browser shows a
    // candidate of it, and pith names the widest.
    const gold = htmlElements(
      '<p><img src="https://example.com/a-300x200.jpg" srcset="https://example.com/a-300x200.jpg 300w, https://example.com/a.jpg 1200w"></p>',
      'https://example.com/',
    );
    const wide = scoreElements(
      gold,
      markdownElements('![](https://example.com/a.jpg)', 'https://example.com/'),
    );
    assert.deepEqual([wide.images.gold, wide.images.output, wide.images.matched], [1, 1, 1]);
    const other = scoreElements(
      gold,
      markdownElements('![](https://example.com/b.jpg)', 'https://example.com/'),
    );
    assert.equal(other.images.matched, 0);
  });
});
