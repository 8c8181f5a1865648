/** The structure benchmark's scoring of images (issue 41). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { toMarkdown } from '../../packages/pith/src/format/index.js';
import {
  htmlElements,
  markdownElements,
  scoreElements,
} from '../../packages/workbench/src/eval/structure/index.js';
import { extraction } from '../format/helpers.js';

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

describe('structure score: spanning cells', () => {
  test("an HTML gold's spanning cells are read on the grid the Markdown writes", () => {
    // Readability's lwn-1 (cut): `<th colspan="3">By changesets</th>` over rows of three cells. A GFM
    // pipe table cannot span, so pith writes `| By changesets |  |  |`; read as one cell, the gold's
    // row was another row than pith's (issue 41, s41-table).
    const gold = htmlElements(
      '<table cellspacing="3"><tbody><tr><th colspan="3">By changesets</th></tr><tr class="Even"><td>Herbert Dürr</td><td align="right">63</td><td align="right">16.6%</td></tr></tbody></table>',
      'https://example.com/',
    );
    assert.deepEqual(gold.tables, [
      [
        ['By changesets', '', ''],
        ['Herbert Dürr', '63', '16.6%'],
      ],
    ]);
    const pith = markdownElements(
      '| By changesets |  |  |\n| --- | --- | --- |\n| Herbert Dürr | 63 | 16.6% |',
      'https://example.com/',
    );
    const score = scoreElements(gold, pith);
    assert.deepEqual([score['table rows'].gold, score['table rows'].matched], [2, 2]);
  });

  test('a row span leaves an empty cell in the rows it reaches, at its column', () => {
    const gold = htmlElements(
      '<table><tr><th rowspan="2">Total</th><td>199 billion</td><td>6th</td></tr><tr><td>40,266</td><td>7th</td></tr><tr><td>a</td><td colspan="0">b</td></tr></table>',
      'https://example.com/',
    );
    assert.deepEqual(gold.tables, [
      [
        ['Total', '199 billion', '6th'],
        ['', '40,266', '7th'],
        ['a', 'b', ''],
      ],
    ]);
  });

  test("a caption's headings are read as the Markdown writes them, outside the table's cells", () => {
    // WCXB 0021 (cut): the Markdown writes the caption's `### Undergraduate` above the table; the HTML
    // keeps it in the `<caption>`. The consistency check leaves out headings in cells (a GFM cell
    // cannot hold one), not these.
    const html =
      '<table><caption><div><h3>Undergraduate</h3><p>Full-time</p></div></caption><tbody><tr><td><h4>Part-time</h4></td><td>$455/hour</td></tr></tbody></table>';
    const headings = htmlElements(html, 'https://example.com/').headings;
    assert.deepEqual(
      headings.map((h) => [h.text, h.inTable === true]),
      [
        ['Undergraduate', false],
        ['Part-time', true],
      ],
    );
  });

  test('on random tables, the HTML read equals the Markdown pith writes of it', () => {
    // The writer's grid (format/markdown.ts layOut) and the scorer's (elements.ts onGrid) agree.
    const cell = fc.record({
      text: fc.stringMatching(/^[a-z]{1,4}$/),
      colspan: fc.integer({ min: 1, max: 3 }),
      rowspan: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 5 }),
        (rows) => {
          const html = `<table>${rows
            .map(
              (row) =>
                `<tr>${row.map((c) => `<td colspan="${c.colspan}" rowspan="${c.rowspan}">${c.text}</td>`).join('')}</tr>`,
            )
            .join('')}</table>`;
          const fromHtml = htmlElements(html, 'https://example.com/').tables;
          const markdown = toMarkdown(extraction(html));
          const fromMarkdown = markdownElements(markdown, 'https://example.com/').tables;
          // The Markdown leaves out rows without text, as the scorer's row count does.
          const withText = (tables: string[][][]) =>
            tables.map((t) => t.filter((r) => r.some((c) => c !== '')));
          assert.deepEqual(withText(fromMarkdown), withText(fromHtml));
        },
      ),
      { numRuns: 150 },
    );
  });
});
