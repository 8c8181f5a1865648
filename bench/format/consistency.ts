// Consistency of pith's Markdown with its HTML (issue 19, item 3): for every page of the shared
// datasets (dev split; every Nth with --stride), the Markdown parsed back with markdown-it
// (CommonMark + GFM tables, footnotes, `$` math) against pith's HTML output of the same selection,
// element class by element class (src/eval/structure/consistency.ts): headings (level and text),
// list items (depth and text), table cells, code text, link targets, images. A mismatch is an
// element of one side the other lacks.
//
//   nice -n 10 npx tsx bench/format/consistency.ts [--stride=N] [--datasets=a,b] [--worst=K]
//   nice -n 10 npx tsx bench/format/consistency.ts --page=dataset/id     # one page's mismatches
//
// Prints, per class, the HTML's elements, the Markdown's, the mismatches and their share of the
// larger count; with --worst, the pages with the most mismatches of each class.

import path from 'node:path';
import {
  CONSISTENCY_CLASSES,
  type ConsistencyClass,
  listDataset,
  pageConsistency,
  resolveDatasetSpec,
} from '@pith/workbench/eval';
import { repoRoot } from '../parsers/corpus.js';
import { flag } from '../speed/pages.js';
import { DATASETS } from '../speed/rows-digest.js';

const stride = Number(flag('stride', '1'));
const only = flag('page', '');
const datasets =
  only !== '' ? [only.slice(0, only.indexOf('/'))] : flag('datasets', DATASETS.join(',')).split(',');
const worst = Number(flag('worst', '0'));

interface Tally {
  html: number;
  markdown: number;
  mismatched: number;
}
const tallies = new Map<ConsistencyClass, Tally>(
  CONSISTENCY_CLASSES.map((name) => [name, { html: 0, markdown: 0, mismatched: 0 }]),
);
const pagesBy = new Map<ConsistencyClass, { id: string; mismatched: number }[]>(
  CONSISTENCY_CLASSES.map((name) => [name, []]),
);
let pages = 0;
let failed = 0;

for (const name of datasets) {
  const spec = await resolveDatasetSpec(name, { cacheDir: path.join(repoRoot, '.cache', 'datasets') });
  let refs = await listDataset(spec);
  if (only !== '') refs = refs.filter((ref) => `${name}/${ref.id}` === only);
  for (let index = 0; index < refs.length; index += only !== '' ? 1 : stride) {
    const page = await refs[index].load();
    let consistency: ReturnType<typeof pageConsistency>;
    try {
      consistency = pageConsistency(page.html, page.url);
    } catch {
      failed++;
      continue;
    }
    pages++;
    for (const cls of CONSISTENCY_CLASSES) {
      const counts = consistency[cls];
      const tally = tallies.get(cls) as Tally;
      tally.html += counts.html;
      tally.markdown += counts.markdown;
      tally.mismatched += counts.mismatched;
      if (counts.mismatched > 0)
        pagesBy.get(cls)?.push({ id: `${name}/${page.id}`, mismatched: counts.mismatched });
      if (only !== '' && counts.mismatched > 0) {
        console.log(`\n${cls}:`);
        for (const key of counts.onlyHtml) console.log(`  html only:     ${JSON.stringify(key)}`);
        for (const key of counts.onlyMarkdown) console.log(`  markdown only: ${JSON.stringify(key)}`);
      }
    }
  }
  console.error(`${name}: done (${pages} pages so far)`);
}

console.log(`\n${pages} pages (stride ${stride}), ${failed} failed to extract\n`);
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
