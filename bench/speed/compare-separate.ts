// compare.ts with each build in a process of its own: the pages still run in build A and in build B
// back to back (the order alternating), so both meet the same machine load, but each build has its
// own heap. In compare.ts both builds share one heap and one garbage collector: the garbage one
// build leaves is collected during either build's pages, so a change that makes the collector's
// work smaller or larger (objects kept alive across young-generation collections, say) shows in
// both columns and hardly in the ratio. Here each build pays for its own collections, as it does
// when it runs alone. CPU time as in compare.ts (user + system of each child, V8's collector on the
// main thread with --single-threaded), from the end of one page to the end of the next, so that
// collections run between pages count too; the message passing (the same in both) adds a little
// to both columns.
//
//   npm run build && nice -n 10 node --single-threaded --import tsx bench/speed/compare-separate.ts \
//       --a=OLD_DIST --b=dist [--per-dataset=100] [--passes=5] [--datasets=l3s-gn1,wcxb-dev]

import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { cpuMs, flag, hasFlag, loadSpeedPages, printComparison, SPEED_DATASETS } from './pages.js';

type PithModule = typeof import('pith');

const perDataset = Number(flag('per-dataset', '100'));
const passes = Number(flag('passes', '5'));
const datasets = flag('datasets', SPEED_DATASETS.join(',')).split(',');

if (hasFlag('child')) await serve(flag('dir', ''));
else await compare();

/** In a child: load one build and the pages, then time `extract()` on each page asked for. */
async function serve(dir: string): Promise<void> {
  const pith = (await import(pathToFileURL(path.resolve(repoRoot, dir, 'index.js')).href)) as PithModule;
  const pages = loadSpeedPages(perDataset, datasets);
  // A page's time runs from the end of the previous one: the collector's work that V8 runs as a
  // task while the child waits for its next page counts as well (as it would in a loop of pages),
  // and so does the message passing, alike for both builds.
  let last = cpuMs();
  process.on('message', (at: number) => {
    if (at < 0) {
      process.disconnect();
      return;
    }
    try {
      pith.extract(pages[at].bytes, { format: 'markdown' });
    } catch {
      // Failures cost time too; both builds see the same pages.
    }
    const now = cpuMs();
    process.send?.(now - last);
    last = now;
  });
  process.send?.(-1); // ready
}

/** One child per build; resolves each answer of a child in turn. */
function startChild(dir: string): { child: ChildProcess; next: () => Promise<number> } {
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--child', `--dir=${dir}`, `--per-dataset=${perDataset}`, `--datasets=${datasets.join(',')}`],
    { execArgv: ['--single-threaded', '--import', 'tsx'], cwd: repoRoot },
  );
  const waiting: ((ms: number) => void)[] = [];
  child.on('message', (ms: number) => waiting.shift()?.(ms));
  const next = () => new Promise<number>((resolve) => waiting.push(resolve));
  return { child, next };
}

async function compare(): Promise<void> {
  const dirs = [flag('a', ''), flag('b', 'dist')];
  if (dirs[0] === '') throw new Error('--a=DIR: the build to compare against');
  const pages = loadSpeedPages(perDataset, datasets);
  const children = dirs.map(startChild);
  await Promise.all(children.map(({ next }) => next()));

  /** Summed CPU ms per build and dataset over one pass. */
  async function pass(index: number): Promise<number[][]> {
    const sums = dirs.map(() => datasets.map(() => 0));
    for (const [at, page] of pages.entries()) {
      const order = (index + at) % 2 === 0 ? [0, 1] : [1, 0];
      for (const build of order) {
        const answer = children[build].next();
        children[build].child.send(at);
        sums[build][datasets.indexOf(page.dataset)] += await answer;
      }
    }
    return sums;
  }

  await pass(0); // warm-up
  const runs: number[][][] = [];
  for (let index = 1; index <= passes; index++) runs.push(await pass(index));
  for (const { child } of children) child.send(-1);

  printComparison({ runs, pages: pages.length, datasets, dirs, how: 'CPU time, one process per build' });
}
