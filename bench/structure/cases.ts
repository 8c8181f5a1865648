/**
 * The structure benchmark case by case, on the pages anyone may read (issue 19's error analysis):
 * for each case of Defuddle's dev half (never the held-back half, whose pages are read only as
 * totals) or of another source, the gold elements pith's Markdown misses and the ones it adds,
 * class by class.
 *
 *   npx tsx bench/structure/cases.ts [--source defuddle|fixtures|readability] [--class "table rows"]
 *       [--show ID]   (pith's Markdown of one case, then the gold's)
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ElementClass,
  markdownElements,
  pithMarkdown,
  STRUCTURE_CLASSES,
  type StructureSource,
  scoreElements,
  structureCases,
} from '@pith/workbench/eval';
import { decodeHtml } from 'pith';

const { values } = parseArgs({
  options: {
    source: { type: 'string', default: 'defuddle' },
    class: { type: 'string' },
    show: { type: 'string' },
  },
});
const root = path.resolve(import.meta.dirname, '..', '..');
const source = values.source as StructureSource;
const cases = await structureCases(source, root, {
  split: 'dev',
  cacheDir: path.join(root, '.cache', 'datasets'),
});
const classes = (values.class ? [values.class] : STRUCTURE_CLASSES) as readonly ElementClass[];
for (const page of cases) {
  if (page.split !== undefined && page.split !== 'dev') continue;
  if (values.show !== undefined && page.id !== values.show) continue;
  const markdown = pithMarkdown.extract(decodeHtml(page.html).text, page.url) as string;
  if (values.show !== undefined) {
    process.stdout.write(`${markdown}\n\n======== gold elements\n${JSON.stringify(page.gold, null, 1)}\n`);
    continue;
  }
  const counts = scoreElements(page.gold, markdownElements(markdown, page.url));
  const misses = classes
    .map((name) => ({ name, c: counts[name] }))
    .filter(({ c }) => c.gold - c.matched > 0 || c.output - c.matched > 0)
    .map(({ name, c }) => `${name}: gold ${c.gold} out ${c.output} matched ${c.matched}`);
  if (misses.length > 0) process.stdout.write(`${page.id}\n  ${misses.join('\n  ')}\n`);
}
