/**
 * Regression guard of the structure fixture corpus (issue 19, test/fixtures/structure/): pith's
 * Markdown of the 42 cut pages, scored class by class against their hand-checked Markdown, must
 * keep at least as many gold elements as it does now and add no more than it does now. When a
 * change raises a figure, raise its floor here (the message says which); when it lowers one, the
 * change has broken an element class on a real page.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeHtml } from '../../packages/pith/src/index.js';
import {
  addCounts,
  CLASSES,
  type ElementClass,
  emptyCounts,
  kept,
  markdownElements,
  pithMarkdown,
  precision,
  scoreElements,
  structureCases,
} from '../../packages/workbench/src/eval/structure/index.js';
import { REPO_ROOT } from '../helpers.js';

/** Per class: the share of gold elements kept and the share of output elements in the gold, now. */
const FLOORS: Record<ElementClass, { kept: number; precision: number }> = {
  headings: { kept: 1.0, precision: 0.97 },
  code: { kept: 1.0, precision: 1.0 },
  'code language': { kept: 1.0, precision: 1.0 },
  // The block model retrained with the whole-word cues drops the display formula that ends
  // math-wikipedia-hermitian's cut page after "it is such that"; `keepIntroducedFormulas` keeps it.
  formulas: { kept: 0.87, precision: 0.9 },
  footnotes: { kept: 1.0, precision: 1.0 },
  'table rows': { kept: 0.77, precision: 0.81 },
  'table cells': { kept: 0.82, precision: 0.86 },
  images: { kept: 0.65, precision: 0.89 },
  'list items': { kept: 0.92, precision: 0.91 },
  links: { kept: 0.92, precision: 0.92 },
};

test('structure corpus: pith keeps every element class at least as well as it did', async () => {
  const cases = await structureCases('fixtures', REPO_ROOT);
  assert.ok(cases.length >= 40, `the corpus has ${cases.length} pages`);
  const total = emptyCounts();
  for (const page of cases) {
    const markdown = pithMarkdown.extract(decodeHtml(page.html).text, page.url) as string;
    addCounts(total, scoreElements(page.gold, markdownElements(markdown, page.url)));
  }
  const falls: string[] = [];
  for (const name of CLASSES) {
    const counts = total[name];
    const figures = { kept: kept(name, counts) ?? 1, precision: precision(counts) ?? 1 };
    for (const which of ['kept', 'precision'] as const) {
      // Two decimals, as the floors are written (a rounding is no regression).
      const now = Math.floor(figures[which] * 100 + 1e-9) / 100;
      if (now < FLOORS[name][which])
        falls.push(`${name} ${which} ${now.toFixed(2)} < ${FLOORS[name][which]}`);
    }
  }
  assert.deepEqual(falls, [], `element classes fell below their floors: ${falls.join('; ')}`);
});
