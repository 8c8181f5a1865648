// CPU time of `extract(bytes)` (default extractor, Markdown) in two builds, page by page in one
// process: each page runs in build A and in build B back to back (the order alternating), so that
// both meet the same machine load, caches and GC state. For "did this change slow pith down?" on
// a shared machine, where two runs minutes apart differ by more than the change.
//
//   npm run build && nice -n 10 node --single-threaded --import tsx bench/speed/compare.ts \
//       --a=OLD_DIST --b=dist [--per-dataset=100] [--passes=5] [--datasets=l3s-gn1,wcxb-dev]
//
// OLD_DIST: a build of the code before the change (e.g. `git archive <commit> src models | tar -x
// -C DIR`, then tsc with a tsconfig like tsconfig.build.json in DIR). Prints the summed CPU time
// of each build, the ratio B / A overall and per dataset, and the ratio of each pass.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { cpuMs, flag, loadSpeedPages, printComparison, SPEED_DATASETS } from './pages.js';

type PithModule = typeof import('pith');

const perDataset = Number(flag('per-dataset', '100'));
const passes = Number(flag('passes', '5'));
const datasets = flag('datasets', SPEED_DATASETS.join(',')).split(',');
const dirs = [flag('a', ''), flag('b', 'dist')];
if (dirs[0] === '') throw new Error('--a=DIR: the build to compare against');

const builds = await Promise.all(
  dirs.map(
    async (dir) => (await import(pathToFileURL(path.resolve(repoRoot, dir, 'index.js')).href)) as PithModule,
  ),
);
const pages = loadSpeedPages(perDataset, datasets);

/** Summed CPU ms per build and dataset over one pass. */
function pass(index: number): number[][] {
  const sums = builds.map(() => datasets.map(() => 0));
  pages.forEach((page, at) => {
    const order = (index + at) % 2 === 0 ? [0, 1] : [1, 0];
    for (const build of order) {
      const start = cpuMs();
      try {
        builds[build].extract(page.bytes, { format: 'markdown' });
      } catch {
        // Failures cost time too; both builds see the same pages.
      }
      sums[build][datasets.indexOf(page.dataset)] += cpuMs() - start;
    }
  });
  return sums;
}

pass(0); // warm-up
const runs = Array.from({ length: passes }, (_, index) => pass(index + 1));
printComparison({ runs, pages: pages.length, datasets, dirs, how: 'CPU time' });
