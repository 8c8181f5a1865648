import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Doc, NodeKind, parseHtml } from '../../src/dom/index.js';
import { mainRun, paragraphBlocks } from '../../src/extractors/pith/candidates.js';
import { guardFooter } from '../../src/extractors/pith/choice.js';
import { CHOICE_COLUMNS, CHOICE_WIDTH } from '../../src/extractors/pith/choice-features.js';
import { type PithDiagnostics, pageRows } from '../../src/extractors/pith/index.js';
import {
  OWN_FEATURES,
  STACK_FEATURE_NAMES,
  STACK_WIDTH,
  stackRows,
} from '../../src/extractors/pith/stack-features.js';
import { extract } from '../../src/index.js';

function chosenText(doc: Doc, chosen: Uint8Array): string {
  const parts: string[] = [];
  for (let node = 0; node < doc.size; node++)
    if (chosen[node] && doc.kind(node) === NodeKind.Text) parts.push(doc.text(node));
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const run = (n: number) =>
  `Part ${n} of the story is set straight in its container between line breaks, as old CMSs wrote bodies, with enough words to read as prose for anyone`;

/**
 * A body written as text between `<br>`s in one `<div>` (issue 37's news page whose default
 * answer was the footer), beside a footer-like block of short paragraphs with commas.
 */
const brPage = `<html><body>
<div class="top"><a href="/">Home</a> <a href="/news">News</a></div>
<div class="story">${[1, 2, 3, 4, 5, 6, 7, 8].map(run).join('<br><br>')}</div>
<div class="site-info">
  <p>Example Media GmbH, Hauptstrasse 1, 10115 Berlin, Germany, phone +49 30 1234567, fax +49 30 7654321</p>
  <p>Managing directors: Anna Beispiel, Bernd Muster, Carla Probe, Dieter Test, Emil Versuch, Frida Check</p>
  <p>Tax number 12/345/67890, VAT ID DE123456789, register court Berlin, HRB 12345, all rights reserved</p>
  <p>Contact, imprint, privacy, terms of use, cookie settings, advertising, careers, newsletter, archive</p>
</div>
</body></html>`;

describe('candidates', () => {
  test('the paragraph scorer reads text between <br>s as paragraphs: the body, not the footer', () => {
    const doc = parseHtml(brPage);
    const rows = pageRows(doc, {}, {});
    const chosen = paragraphBlocks(rows);
    assert.ok(chosen);
    const text = chosenText(doc, chosen);
    assert.match(text, /Part 1 of the story/);
    assert.match(text, /Part 8 of the story/);
    assert.doesNotMatch(text, /Tax number/);
  });

  test('the main run is the stretch of kept blocks with the most words', () => {
    const doc = parseHtml(
      `<html><body><p>Teaser one two three</p><div>x</div><div>y</div><div>z</div><div>w</div><div>v</div>${[
        1, 2, 3,
      ]
        .map((n) => `<p>Body paragraph ${n} with quite a few more words in it than the teaser has.</p>`)
        .join('')}</body></html>`,
    );
    const rows = pageRows(doc, {}, {});
    const probabilities = new Float64Array(rows.blocks.count);
    for (let block = 0; block < rows.blocks.count; block++) {
      const owner = rows.blocks.owner[block];
      probabilities[block] = doc.tagName(owner) === 'p' ? 0.9 : 0.1;
    }
    const text = chosenText(doc, mainRun(rows, probabilities, 0.5));
    assert.doesNotMatch(text, /Teaser/);
    assert.match(text, /Body paragraph 1 .* Body paragraph 3/);
  });

  test('the extractor builds its candidates on request, the balanced one first and as its answer', () => {
    const result = extract(brPage, {
      format: 'text',
      extractorOptions: { candidates: true, choice: 'none' },
    });
    const diagnostics = result.extraction.diagnostics as PithDiagnostics;
    assert.equal(diagnostics.choice, undefined);
  });
});

describe('the footer guard', () => {
  /** Feature rows of candidates: [words, footer share, sentence share]. */
  function rows(candidates: [number, number, number][]): Float32Array {
    const values = new Float32Array(candidates.length * CHOICE_WIDTH);
    candidates.forEach(([words, footer, sentences], index) => {
      values[index * CHOICE_WIDTH + CHOICE_COLUMNS.logWords] = Math.log1p(words);
      values[index * CHOICE_WIDTH + CHOICE_COLUMNS.footerShare] = footer;
      values[index * CHOICE_WIDTH + CHOICE_COLUMNS.sentenceShare] = sentences;
    });
    return values;
  }

  test('a winner that is mostly footer text gives way to a body candidate estimated close to it', () => {
    const features = rows([
      [40, 0.9, 0.2],
      [600, 0.05, 0.8],
    ]);
    assert.equal(guardFooter(features, [0.8, 0.7], 0), 1);
  });

  test('a tiny winner gives way to a body candidate; a body estimated far lower does not win', () => {
    const features = rows([
      [20, 0, 0.5],
      [900, 0.1, 0.9],
    ]);
    assert.equal(guardFooter(features, [0.8, 0.75], 0), 1);
    assert.equal(guardFooter(features, [0.8, 0.3], 0), 0);
  });

  test('a body winner stays, and so does a footer winner when no candidate reads as a body', () => {
    assert.equal(
      guardFooter(
        rows([
          [500, 0, 0.9],
          [520, 0, 0.9],
        ]),
        [0.8, 0.7],
        0,
      ),
      0,
    );
    assert.equal(
      guardFooter(
        rows([
          [50, 0.9, 0.1],
          [800, 0.6, 0.9],
        ]),
        [0.8, 0.7],
        0,
      ),
      0,
    );
  });

  test('ineligible candidates (a favor mode) are never chosen', () => {
    const features = rows([
      [40, 0.9, 0.2],
      [600, 0.05, 0.8],
    ]);
    assert.equal(
      guardFooter(features, [0.8, 0.7], 0, (index) => index === 0),
      0,
    );
  });
});

describe('the second stage (stacking)', () => {
  const names = [...OWN_FEATURES];
  const column = (name: string) => STACK_FEATURE_NAMES.indexOf(name);

  test("each block's row holds its probability, its neighbours', its main run and the page's candidates", () => {
    const probabilities = [0.9, 0.1, 0.8, 0.7, 0.1, 0.1, 0.1, 0.1, 0.6];
    const words = [10, 5, 40, 30, 2, 2, 2, 2, 8];
    const values = new Float32Array(probabilities.length * names.length);
    words.forEach((count, block) => {
      values[block * names.length] = Math.log1p(count);
      values[block * names.length + names.indexOf('heuristicKept')] = block >= 2 && block <= 3 ? 1 : 0;
    });
    const rows = stackRows({ probabilities, values, names, count: probabilities.length });
    assert.equal(rows.length, probabilities.length * STACK_WIDTH);
    const cell = (block: number, name: string) => rows[block * STACK_WIDTH + column(name)];
    assert.ok(Math.abs(cell(2, 'p') - 0.8) < 1e-6);
    assert.ok(Math.abs(cell(2, 'p@-1') - 0.1) < 1e-6);
    assert.equal(cell(0, 'p@-1'), -1, 'no neighbour before the first block');
    // The main run: blocks 0–3 (gap of one), 80 words against block 8's 8.
    assert.deepEqual(
      probabilities.map((_, block) => cell(block, 'inMainRun')),
      [1, 0, 1, 1, 0, 0, 0, 0, 0],
    );
    assert.equal(cell(8, 'runDistance'), 5);
    // Kept at 0.5: 10 + 40 + 30 + 8 words; the heuristic region (40 + 30) agrees on 70 of 88.
    assert.ok(Math.abs(cell(0, 'page:logWords@0.5') - Math.log1p(88)) < 1e-5);
    assert.ok(Math.abs(cell(0, 'page:agreeHeuristic') - 70 / 88) < 1e-6);
    assert.ok(Math.abs(cell(5, 'page:runShare') - 80 / 88) < 1e-6);
  });

  test('a page without blocks has no rows', () => {
    assert.equal(stackRows({ probabilities: [], values: new Float32Array(0), names, count: 0 }).length, 0);
  });
});
