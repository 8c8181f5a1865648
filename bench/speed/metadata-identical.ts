// The metadata's identical-output check (issue 38's metadata stage): every page of one or more
// datasets' development splits through two builds' `extract()`, the result's `metadata` (the
// learned choice's, with its `sources`) and the public `extractMetadata(doc)` compared as JSON;
// errors counted apart (an error in both builds with the same message is the same output).
// Cheaper than identical-ab.ts (no writers' output, no rows): all 1,497 WCXB dev pages in minutes.
//
//   npm run build && nice -n 5 node --import tsx bench/speed/metadata-identical.ts --a=<a build's dist> \
//       [--b=packages/pith/dist] [--datasets=wcxb-dev] [--stride=1]
//
// --stride=N compares every Nth page of each dataset (the other sets' dev pages in a shorter run).
//
// Exits with 1 when a page differs, naming it.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { flag } from './pages.js';
import { datasetPages } from './rows-digest.js';

type PithModule = typeof import('pith');

const datasets = flag('datasets', 'wcxb-dev').split(',');
const stride = Number(flag('stride', '1'));
if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against');
const dirs = [flag('a', ''), flag('b', 'packages/pith/dist')].map((dir) => path.resolve(repoRoot, dir));
const builds = await Promise.all(
  dirs.map(async (dir) => (await import(pathToFileURL(path.join(dir, 'index.js')).href)) as PithModule),
);

/** `extractMetadata`'s clock ("now" decides which dates are believed); `extract()` reads the machine's, the same for both builds within the run but for a page read across midnight. */
const NOW = Date.parse('2026-11-30T00:00:00Z');

function outputOf(
  pith: PithModule,
  html: Uint8Array,
  url: string | undefined,
): { text: string; error: boolean } {
  try {
    const result = pith.extract(html, { url, format: 'text' });
    const alone = pith.extractMetadata(pith.parseHtml(pith.decodeHtml(html).text, { url }), { now: NOW });
    return { text: JSON.stringify([result.metadata, alone]), error: false };
  } catch (error) {
    return { text: `error: ${error instanceof Error ? error.message : String(error)}`, error: true };
  }
}

let compared = 0;
let errors = 0;
const differing: string[] = [];
for (const name of datasets) {
  const pages = await datasetPages(path.join(repoRoot, '.cache/datasets'), [name]);
  for (const page of pages.filter((_, at) => at % stride === 0)) {
    const [a, b] = builds.map((pith) => outputOf(pith, page.html, page.url));
    compared++;
    if (a.error || b.error) errors++;
    if (a.text !== b.text) differing.push(page.id);
  }
}
console.log(
  `metadata identical: ${compared} pages (${datasets.join(', ')}${stride > 1 ? `, every ${stride}th` : ''}), ${differing.length} differ, errors ${errors} (in either build)`,
);
for (const id of differing.slice(0, 20)) console.log(`  differs: ${id}`);
process.exit(differing.length > 0 ? 1 : 0);
