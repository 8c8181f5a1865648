// Consistency of pith's Markdown with its HTML (issue 19, item 3): for every page of the shared
// datasets (dev split; every Nth with --stride), the Markdown parsed back with markdown-it
// (CommonMark + GFM tables, footnotes, `$` math) against pith's HTML output of the same selection,
// element class by element class: headings (level and text), list items (depth and text), table
// cells, code text, link targets, images. A mismatch is an element of one side the other lacks.
//
//   nice -n 10 npx tsx bench/format/consistency.ts [--stride=N] [--datasets=a,b] [--worst=K]
//
// Prints, per class, the HTML's elements, the Markdown's, the mismatches and their share of the
// larger count; with --worst, the pages with the most mismatches of each class.

import path from 'node:path';
import {
  type ElementClass,
  htmlElements,
  listDataset,
  markdownElements,
  resolveDatasetSpec,
  scoreElements,
} from '../../src/eval/index.js';
import { extract, formatExtraction } from '../../src/index.js';
import { repoRoot } from '../parsers/corpus.js';
import { flag } from '../speed/pages.js';
import { DATASETS } from '../speed/rows-digest.js';

const stride = Number(flag('stride', '1'));
const datasets = flag('datasets', DATASETS.join(',')).split(',');
const worst = Number(flag('worst', '0'));
const CHECKED: ElementClass[] = ['headings', 'list items', 'table cells', 'code', 'links', 'images'];

interface Tally {
  html: number;
  markdown: number;
  mismatched: number;
}
const tallies = new Map<ElementClass, Tally>(
  CHECKED.map((name) => [name, { html: 0, markdown: 0, mismatched: 0 }]),
);
const pagesBy = new Map<ElementClass, { id: string; mismatched: number }[]>(
  CHECKED.map((name) => [name, []]),
);
let pages = 0;
let failed = 0;

for (const name of datasets) {
  const spec = await resolveDatasetSpec(name, { cacheDir: path.join(repoRoot, '.cache', 'datasets') });
  const refs = await listDataset(spec);
  for (let index = 0; index < refs.length; index += stride) {
    const page = await refs[index].load();
    let markdown: string;
    let html: string;
    try {
      // Both outputs of the same selection with the same options.
      const { extraction } = extract(page.html, { url: page.url, format: 'text' });
      markdown = formatExtraction(extraction, 'markdown', { url: page.url });
      html = formatExtraction(extraction, 'html', { url: page.url });
    } catch {
      failed++;
      continue;
    }
    pages++;
    const counts = scoreElements(htmlElements(html, page.url), markdownElements(markdown, page.url));
    for (const cls of CHECKED) {
      const { gold, output, matched } = counts[cls];
      const tally = tallies.get(cls) as Tally;
      tally.html += gold;
      tally.markdown += output;
      const mismatched = gold - matched + (output - matched);
      tally.mismatched += mismatched;
      if (mismatched > 0) pagesBy.get(cls)?.push({ id: `${name}/${page.id}`, mismatched });
    }
  }
  console.error(`${name}: done (${pages} pages so far)`);
}

console.log(`${pages} pages (stride ${stride}), ${failed} failed to extract\n`);
console.log('| class | HTML elements | Markdown elements | mismatched | share |');
console.log('|---|---|---|---|---|');
for (const [cls, tally] of tallies) {
  const share = tally.mismatched / Math.max(1, Math.max(tally.html, tally.markdown));
  console.log(
    `| ${cls} | ${tally.html} | ${tally.markdown} | ${tally.mismatched} | ${(100 * share).toFixed(2)} % |`,
  );
}
if (worst > 0) {
  for (const [cls, list] of pagesBy) {
    list.sort((a, b) => b.mismatched - a.mismatched);
    console.log(
      `\n${cls}: ${list.length} pages; worst ${list
        .slice(0, worst)
        .map((p) => `${p.id} (${p.mismatched})`)
        .join(', ')}`,
    );
  }
}
