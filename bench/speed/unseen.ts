// Two builds' pageRows (the features stage) on pages each build meets ONCE, side by side in one
// process: run.ts repeats its mix pass after pass (and extracts every page while loading it), so
// any memo across pages that fits the mix looks like it hits there. Here each build warms up on
// the first --warm pages, then every further page is parsed in both builds (not timed) and its
// pageRows timed once in each, the order alternating page by page. Issue 38 (s38-seg2).
//
//   nice -n 5 node --single-threaded --import tsx bench/speed/unseen.ts --a=DIR --b=packages/pith/dist
//       [--datasets=cleaneval,cleanportaleval,newspaper-fulltext,readability-testpages,trafilatura-eval,l3s-gn1,wcxb-dev]
//       [--warm=60] [--chunks=8] [--pages=900]
//
// The pages of the sets are interleaved (one of each set in turn) so that a chunk is a mix of
// sites; B / A is printed for each chunk and for the whole.

import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../parsers/corpus.js';
import { buildModules, cpuMs, flag } from './pages.js';
import { datasetPages } from './rows-digest.js';

const datasets = flag(
  'datasets',
  'cleaneval,cleanportaleval,newspaper-fulltext,readability-testpages,trafilatura-eval,l3s-gn1,wcxb-dev',
).split(',');
const warm = Number(flag('warm', '60'));
const chunks = Number(flag('chunks', '8'));
const limit = Number(flag('pages', '900'));
const dirs = [flag('a', ''), flag('b', 'packages/pith/dist')].map((dir) => path.resolve(repoRoot, dir));
if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against');

const bySet = await Promise.all(
  datasets.map((name) => datasetPages(path.join(repoRoot, '.cache/datasets'), [name])),
);
const pages: Uint8Array[] = [];
for (let at = 0; bySet.some((set) => at < set.length); at++)
  for (const set of bySet) if (at < set.length && pages.length < limit) pages.push(set[at].html);

const builds = await Promise.all(dirs.map((dir) => buildModules(dir)));
const run = (build: number, bytes: Uint8Array, timed: boolean): number => {
  const { pith, pageRows } = builds[build];
  const doc = pith.parseHtml(pith.decodeHtml(bytes).text);
  const metadata = pith.extractMetadata(doc);
  const start = cpuMs();
  try {
    pageRows?.(doc, {}, { metadata });
  } catch {
    // A page that fails costs its time in both builds alike.
  }
  return timed ? cpuMs() - start : 0;
};

for (let at = 0; at < warm && at < pages.length; at++)
  for (const build of [0, 1]) run(build, pages[at], false);
const timed = pages.length - warm;
const spent = [0, 0];
const perChunk: number[][] = Array.from({ length: chunks }, () => [0, 0]);
for (let at = warm; at < pages.length; at++) {
  const chunk = Math.min(chunks - 1, Math.floor(((at - warm) * chunks) / timed));
  for (const build of at % 2 === 0 ? [0, 1] : [1, 0]) {
    const ms = run(build, pages[at], true);
    spent[build] += ms;
    perChunk[chunk][build] += ms;
  }
}
const load = os.loadavg()[0].toFixed(1);
console.log(
  `pageRows on ${timed} pages met once (${warm} warm-up; ${datasets.join(', ')}); A = ${dirs[0]}, B = ${dirs[1]}; ` +
    `load ${load}, ${new Date().toISOString()}`,
);
console.log(
  `A ${(spent[0] / timed).toFixed(3)} ms a page, B ${(spent[1] / timed).toFixed(3)}: B/A ${(spent[1] / spent[0]).toFixed(3)}`,
);
console.log(`B/A per chunk: ${perChunk.map(([a, b]) => (b / a).toFixed(3)).join(' ')}`);
