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

  test("an HTML gold's image with a srcset and no src is counted, by any of its candidates", () => {
    // Readability's lazy-image-2 keeps 55 such images (its lazy-image fix moved data-srcset to srcset
    // and dropped the data: placeholder src); they were not counted, so keeping them cost precision.
    const gold = htmlElements(
      '<p><img alt="" srcset="https://example.com/a-80.jpg 80w, https://example.com/a-470.jpg 470w"></p>',
      'https://example.com/',
    );
    const score = scoreElements(
      gold,
      markdownElements('![](https://example.com/a-470.jpg)', 'https://example.com/'),
    );
    assert.deepEqual([score.images.gold, score.images.output, score.images.matched], [1, 1, 1]);
  });
});

describe('structure score: embedded videos', () => {
  test("Defuddle's `![](watch URL)` and pith's link to the same video are one element", () => {
    // WCXB 0138 as Defuddle writes it (Obsidian's embed) and as pith writes it (a link).
    const url = 'https://www.youtube.com/watch?v=X2EJ0DEZcJk';
    const gold = markdownElements(`Some text.\n\n![](${url})\n\nMore text.`, 'https://example.com/');
    const ours = markdownElements(
      `Some text.\n\n[Evidence to Policy | Individualized Tutoring to Improve Learning](${url})\n\nMore text.`,
      'https://example.com/',
    );
    const counts = scoreElements(gold, ours);
    assert.deepEqual(
      { gold: counts.images.gold, output: counts.images.output, matched: counts.images.matched },
      { gold: 1, output: 1, matched: 1 },
    );
    // A link to a video the gold does not embed is no image; a link to another page never is.
    const other = markdownElements(
      'Watch [this](https://www.youtube.com/watch?v=AjPYgsq0J7A) or [that](https://example.com/page).',
      'https://example.com/',
    );
    assert.equal(scoreElements(gold, other).images.output, 0);
    assert.equal(
      scoreElements(markdownElements('![](https://example.com/a.jpg)', 'https://example.com/'), ours).images
        .output,
      0,
    );
  });
});
