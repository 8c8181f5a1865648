// What the metadata costs inside `extract()` in two builds, side by side in one process (issue 42:
// "cost under 3 % of extract()"): each page through A and B (the order alternating), `extract()`
// timed, then the first read of `result.metadata` (the learned choice, made then) timed apart, in
// CPU time. metadata-cost.ts takes the same cost as the difference of two `extract()` runs, whose
// noise (±5 % of `extract()` a pass) is as large as the cost; timing the read itself is not. The
// metadata read includes the page-type probabilities the choice takes from the extractor.
// Benchmarks are not tests.
//
//   npm run build && nice -n 5 node --import tsx bench/speed/metadata-cost-ab.ts --a=<a build's dist> \
//       [--b=packages/pith/dist] [--passes=4] [--warm=1] [--per-dataset=100] [--datasets=l3s-gn1,wcxb-dev,trafilatura-eval]
//
// --warm=N untimed passes first (default 1). The choice runs once a page, so V8 optimises its code
// late: after one warm pass the read is still mostly unoptimised code (s49: 1.3 ms a page in the
// first passes, ~0.45 from the ninth on, in one process reading one build); --warm=8 measures what
// a long-running process (the service, a crawl) pays.

import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { cpuMs, flag } from './pages.js';
import { datasetPages } from './rows-digest.js';

type PithModule = typeof import('pith');

const passes = Number(flag('passes', '4'));
const warm = Number(flag('warm', '1'));
const perDataset = Number(flag('per-dataset', '100'));
const datasets = flag('datasets', 'l3s-gn1,wcxb-dev,trafilatura-eval').split(',');
if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against');
const dirs = [flag('a', ''), flag('b', 'packages/pith/dist')].map((dir) => path.resolve(repoRoot, dir));
const builds = await Promise.all(
  dirs.map(async (dir) => (await import(pathToFileURL(path.join(dir, 'index.js')).href)) as PithModule),
);

const pages: Uint8Array[] = [];
for (const name of datasets) {
  const found = await datasetPages(path.join(repoRoot, '.cache/datasets'), [name]);
  for (const page of found.slice(0, perDataset)) pages.push(page.html);
}

/** CPU ms summed over the timed passes: [build][0: extract(), 1: the metadata's first read]. */
const sums = [
  [0, 0],
  [0, 0],
];
const perPass: string[] = [];
for (let pass = 1 - warm; pass <= passes; pass++) {
  const spent = [
    [0, 0],
    [0, 0],
  ];
  for (let at = 0; at < pages.length; at++) {
    for (const build of (pass + at) % 2 === 0 ? [0, 1] : [1, 0]) {
      const started = cpuMs();
      const result = builds[build].extract(pages[at], { format: 'text' });
      const extracted = cpuMs();
      void result.metadata;
      spent[build][0] += extracted - started;
      spent[build][1] += cpuMs() - extracted;
    }
  }
  if (pass <= 0) continue; // warm-up
  for (const build of [0, 1]) for (const part of [0, 1]) sums[build][part] += spent[build][part];
  perPass.push((spent[1][1] / spent[0][1]).toFixed(3));
}
const perPage = (ms: number) => ms / passes / pages.length;
console.log(
  `metadata cost A → B, ${pages.length} pages (${datasets.join(', ')}), ${passes} passes, CPU ms a page; load ${os.loadavg()[0].toFixed(1)}`,
);
for (const [build, name] of ['A', 'B'].entries()) {
  const extractMs = perPage(sums[build][0]);
  const metadataMs = perPage(sums[build][1]);
  console.log(
    `${name}: extract() ${extractMs.toFixed(3)}, its metadata read ${metadataMs.toFixed(3)} (${((100 * metadataMs) / (extractMs + metadataMs)).toFixed(1)} % of the whole)`,
  );
}
console.log(
  `the metadata read B ÷ A ${(sums[1][1] / sums[0][1]).toFixed(3)} (per pass ${perPass.join(' ')}); extract() B ÷ A ${(sums[1][0] / sums[0][0]).toFixed(3)}`,
);
