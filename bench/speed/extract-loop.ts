// `extract(bytes, { format })` over the speed mix in a loop, nothing else: the call users make, for
// a CPU profile of the whole call (the stage benches call the stages one by one and miss what only
// `extract()` does: the envelope, quality, the comments step).
//
//   npm run build && nice -n 10 node --single-threaded --cpu-prof --cpu-prof-dir=.cache/speed/prof \
//       --import tsx bench/speed/extract-loop.ts --dist=packages/pith/dist [--passes=3] [--formats=markdown,text]
//   npx tsx bench/speed/profile-summary.ts .cache/speed/prof/<file>.cpuprofile [--filter=…]
//
// The mix is allocation.ts's (a fixed-seed sample of --per-dataset pages of l3s-gn1, wcxb-dev, trafilatura-eval).
//
// --cpu-prof profiles the whole process, and the first pass is mostly V8 compiling (s46: 9.6 s of
// its 15.9 s, `pageData` alone optimised 21 times, 3.5 s, counted as its caller's self time: 7.1 %
// of such a profile, 0.4 % once warm). `--profile=FILE --warm=N` profiles only
// the passes after N warm ones (the process's own profiler, every 250 µs), as the speed bench
// measures (it times the passes after a warm-up):
//
//   nice -n 10 node --single-threaded --import tsx bench/speed/extract-loop.ts --passes=7 --warm=4 \
//       --profile=.cache/speed/steady.cpuprofile

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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

const profileFile = flag('profile', '');
const warm = Number(flag('warm', '1'));
const session = new Session();

const pages = loadSpeedPages(perDataset, datasets);
for (let pass = 0; pass < warm; pass++)
  for (const page of pages) for (const format of formats) extract(page.bytes, { format });
if (profileFile !== '') {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
}
const start = cpuMs();
for (let pass = 0; pass < passes; pass++)
  for (const page of pages) for (const format of formats) extract(page.bytes, { format });
const ms = cpuMs() - start;
if (profileFile !== '') {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
}
console.log(
  `${pages.length} pages × ${formats.join('+')} × ${passes} passes after ${warm} warm: ${(ms / (pages.length * formats.length * passes)).toFixed(2)} ms a call (CPU)`,
);
