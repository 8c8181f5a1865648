import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { type Doc, parseHtml, Selection, TAG } from '../../packages/pith/src/dom/index.js';
import { toHtml, toMarkdown, toText } from '../../packages/pith/src/format/index.js';
import { extraction } from './helpers.js';

// Issue 41 (s41-tab2): a data table the selection keeps cell by cell is written as a table of the rows
// holding kept content, under its header row, in the Markdown and the HTML; the text is unchanged.

/** wcxb-dev/4053 (recharged.com, "Full EV Cars"): the article's table of segments, classes cut. */
const EV_TABLE =
  '<p>Here are representative examples across key segments.</p>' +
  '<table><thead><tr><th>Segment &amp; Example</th><th>Approx. Range (mi)</th><th>Notable Strengths</th><th>Things to Watch</th></tr></thead>' +
  '<tbody><tr><td>Affordable compact – Chevrolet Bolt</td><td>250+</td><td>Low purchase price, easy to park, efficient commuter</td><td>Tighter rear seat and cargo space compared with crossovers</td></tr>' +
  '<tr><td>Compact crossover – Tesla Model Y</td><td>260–300+</td><td>Strong DC fast‑charging, huge charging network access, roomy interior</td><td>Pricing can move with incentives and market conditions</td></tr>' +
  '<tr><td>Stylish crossover – Hyundai Ioniq 5 / Kia EV6</td><td>240–300+</td><td>Great fast‑charging speeds, modern design, comfortable ride</td><td>Availability and option packages can be confusing</td></tr>' +
  '<tr><td>Family SUV – Kia EV9 / Cadillac Lyriq</td><td>270–300+</td><td>Three‑row or near‑luxury comfort with full EV driving</td><td>Larger footprint and price; check home charging capacity</td></tr></tbody></table>';

/** Keeps the paragraph and the cells whose text includes one of `cells` (cell and text, as the classifier's selection). */
function keepCells(...cells: string[]): (doc: Doc) => Selection {
  return (doc) => {
    const selection = new Selection(doc);
    for (let node = 0; node < doc.size; node++) {
      const t = doc.tag(node);
      if (t === TAG.p) selection.keepSubtree(node);
      if ((t === TAG.td || t === TAG.th) && cells.some((cell) => doc.textContent(node).includes(cell)))
        selection.keepSubtree(node);
    }
    return selection;
  };
}

const markdownIt = new MarkdownIt('default', { html: false, linkify: false });

describe('a data table kept in part (issue 41)', () => {
  const ex = () =>
    extraction(EV_TABLE, { keep: keepCells('Tesla Model Y', 'Strong DC', 'Kia EV9', '270–300+') });

  test('Markdown: a table of the kept rows under the header row, not loose lines', () => {
    assert.equal(
      toMarkdown(ex()),
      'Here are representative examples across key segments.\n\n' +
        '| Segment & Example | Approx. Range (mi) | Notable Strengths | Things to Watch |\n' +
        '| --- | --- | --- | --- |\n' +
        '| Compact crossover – Tesla Model Y |  | Strong DC fast‑charging, huge charging network access, roomy interior |  |\n' +
        '| Family SUV – Kia EV9 / Cadillac Lyriq | 270–300+ |  |  |',
    );
  });

  test('HTML: the same table (rows, cells, the header in <thead>)', () => {
    assert.equal(
      toHtml(ex()).replaceAll('\n', ''),
      '<p>Here are representative examples across key segments.</p>' +
        '<table><thead><tr><th>Segment &amp; Example</th><th>Approx. Range (mi)</th><th>Notable Strengths</th><th>Things to Watch</th></tr></thead>' +
        '<tbody><tr><td>Compact crossover – Tesla Model Y</td><td></td><td>Strong DC fast‑charging, huge charging network access, roomy interior</td><td></td></tr>' +
        '<tr><td>Family SUV – Kia EV9 / Cadillac Lyriq</td><td>270–300+</td><td></td><td></td></tr></tbody></table>',
    );
  });

  test('the text is the kept cells as before: no header, a paragraph each', () => {
    assert.equal(
      toText(ex()),
      'Here are representative examples across key segments.\n\nCompact crossover – Tesla Model Y\n\n' +
        'Strong DC fast‑charging, huge charging network access, roomy interior\n\nFamily SUV – Kia EV9 / Cadillac Lyriq\n\n270–300+',
    );
  });

  test('layout tables stay blocks: no header cell and under 11 cells, or a kept cell holding an article', () => {
    const article = 'Word '.repeat(120).trim();
    const page = `<table><tr><td>Menu</td><td><p>${article}</p></td></tr><tr><td>Links</td><td>Footer</td></tr></table>`;
    const out = toMarkdown(extraction(page, { keep: keepCells('Word', 'Footer') }));
    assert.doesNotMatch(out, /\|/);
    // A grid of 12 cells (data by its size) whose kept cell holds an article: blocks too.
    const grid = `<table><tr><th>Home</th><th>News</th><th>About</th></tr><tr><td>A</td><td><p>${article}</p></td><td>B</td></tr><tr><td>C</td><td>Footer</td><td>D</td></tr><tr><td>E</td><td>F</td><td>G</td></tr></table>`;
    assert.doesNotMatch(toMarkdown(extraction(grid, { keep: keepCells('Word', 'Footer') })), /\|/);
  });

  test('property: every kept cell is in its column of a row of the written table, under the header, in the Markdown and the HTML alike', () => {
    const cellText = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.array(cellText, { minLength: 5, maxLength: 5 }), { minLength: 2, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(5), fc.nat(4)), { minLength: 1, maxLength: 8 }),
        (columns, body, picks) => {
          const rows = body.map((row, r) => row.slice(0, columns).map((text, c) => `${text}r${r}c${c}`));
          const head = Array.from({ length: columns }, (_, c) => `head${c}`);
          const page =
            `<p>Intro.</p><table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>` +
            rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('') +
            '</tbody></table>';
          const chosen = new Set(
            picks.filter(([r, c]) => r < rows.length && c < columns).map(([r, c]) => rows[r][c]),
          );
          if (chosen.size === 0) return;
          const ex = extraction(page, { keep: keepCells(...chosen) });
          const cellsOf = (html: string) => {
            const table = parseHtml(html);
            return table.findAll(TAG.tr, 0).map((tr) =>
              table
                .children(tr)
                .filter((cell) => table.isElement(cell))
                .map((cell) => table.textContent(cell).trim()),
            );
          };
          const written = cellsOf(markdownIt.render(toMarkdown(ex)));
          // The HTML writes the same rows and cells as the Markdown (bench/format/consistency.ts's rule).
          assert.deepEqual(cellsOf(toHtml(ex)), written);
          assert.deepEqual(written[0], head);
          const keptRows = rows.filter((row) => row.some((cell) => chosen.has(cell)));
          assert.equal(written.length, keptRows.length + 1);
          keptRows.forEach((row, r) => {
            assert.deepEqual(
              written[r + 1],
              row.map((cell) => (chosen.has(cell) ? cell : '')),
            );
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
