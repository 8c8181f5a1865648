// `extract(bytes, { format })` over the speed mix in a loop, nothing else: the call users make, for
// a CPU profile of the whole call (the stage benches call the stages one by one and miss what only
// `extract()` does: the envelope, quality, the comments step).
//
//   npm run build && nice -n 10 node --single-threaded --cpu-prof --cpu-prof-dir=.cache/speed/prof \
//       --import tsx bench/speed/extract-loop.ts --dist=packages/pith/dist [--passes=3] [--formats=markdown,text]
//   npx tsx bench/speed/profile-summary.ts .cache/speed/prof/<file>.cpuprofile [--filter=…]
//
// The mix is allocation.ts's (a fixed-seed sample of --per-dataset pages of l3s-gn1, wcxb-dev, trafilatura-eval).

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContentFormat } from 'pith';
import { repoRoot } from '../parsers/corpus.js';
import { cpuMs, flag, loadSpeedPages } from './pages.js';

const perDataset = Number(flag('per-dataset', '100'));
const passes = Number(flag('passes', '3'));
const datasets = flag('datasets', 'l3s-gn1,wcxb-dev,trafilatura-eval').split(',');
const formats = flag('formats', 'markdown,text').split(',') as ContentFormat[];
const dist = flag('dist', 'packages/pith/dist');
const { extract } = (await import(
  pathToFileURL(path.resolve(repoRoot, dist, 'index.js')).href
)) as typeof import('pith');

const pages = loadSpeedPages(perDataset, datasets);
for (const page of pages) for (const format of formats) extract(page.bytes, { format });
const start = cpuMs();
for (let pass = 0; pass < passes; pass++)
  for (const page of pages) for (const format of formats) extract(page.bytes, { format });
const ms = cpuMs() - start;
console.log(
  `${pages.length} pages × ${formats.join('+')} × ${passes} passes: ${(ms / (pages.length * formats.length * passes)).toFixed(2)} ms a call (CPU)`,
);
