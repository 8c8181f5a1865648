// The block model's walk of a build A against this build's, side by side on the speed mix's block
// rows: every page's rows (made once, by B's `pageRows`) scored by A's and B's `compiledMargins`,
// page by page, the order alternating, in CPU time; and whether any row's margin differs. For a
// change to the walk (learn/compiled.ts), where `extract()`'s noise hides a 2 % step.
//
//   npm run build && taskset -c 1 nice -n 5 node --import tsx bench/speed/block-model-ab.ts \
//       --a=.cache/ab/pith/dist [--b=packages/pith/dist] [--per-dataset=100] [--passes=7]

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { cpuMs, flag, loadSpeedPages } from './pages.js';

// Each build's own modules, loaded by path (the A build is another checkout); typed by the doors.
type Internal = typeof import('pith/internal');
type Learn = Pick<Internal, 'parseModel'>;
type Compiled = Pick<Internal, 'compileGbdt' | 'compiledMargins'>;
type Rows = Pick<Internal, 'pageRows'>;
type Pith = typeof import('pith');

const dirs = [flag('a', ''), flag('b', 'packages/pith/dist')].map((dir) => path.resolve(repoRoot, dir));
if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against');
const passes = Number(flag('passes', '7'));
const load = async <T>(dir: string, file: string) =>
  (await import(pathToFileURL(path.join(dir, file)).href)) as T;
const modelText = readFileSync(path.join(dirs[1], '../models/pith-blocks.json'), 'utf8');
const builds = await Promise.all(
  dirs.map(async (dir) => {
    const compiled = await load<Compiled>(dir, 'learn/compiled.js');
    const learn = await load<Learn>(dir, 'learn/index.js');
    const parsed = learn.parseModel(modelText);
    if (parsed.kind !== 'gbdt') throw new Error('the block model is not a tree ensemble');
    return { compiled, model: compiled.compileGbdt(parsed) };
  }),
);
const pith = await load<Pith>(dirs[1], 'index.js');
const { pageRows } = await load<Rows>(dirs[1], 'extractors/pith/rows.js');
const pages = loadSpeedPages(Number(flag('per-dataset', '100'))).map((page) => {
  const doc = pith.parseHtml(pith.decodeHtml(page.bytes).text);
  const { features } = pageRows(doc, {}, { metadata: pith.extractMetadata(doc) });
  return {
    values: features.values.slice(0, features.rows * features.width),
    rows: features.rows,
    width: features.width,
  };
});
const outs = builds.map(() => pages.map((page) => new Float64Array(page.rows)));
const ms = [0, 0];
for (let pass = 0; pass <= passes; pass++)
  pages.forEach((page, index) => {
    for (const build of pass % 2 === 0 ? [0, 1] : [1, 0]) {
      const { compiled, model } = builds[build];
      const start = cpuMs();
      compiled.compiledMargins(model, page.values, page.width, 0, page.rows, outs[build][index]);
      if (pass > 0) ms[build] += cpuMs() - start;
    }
  });
let rows = 0;
let differ = 0;
pages.forEach((page, index) => {
  rows += page.rows;
  for (let row = 0; row < page.rows; row++)
    if (!Object.is(outs[0][index][row], outs[1][index][row])) differ++;
});
const perPage = (total: number) => (total / passes / pages.length).toFixed(3);
console.log(
  `${pages.length} pages, ${rows} block rows: ${differ} differ; A ${perPage(ms[0])} ms a page, B ${perPage(ms[1])} ms a page, B/A ${(ms[1] / ms[0]).toFixed(3)}`,
);
