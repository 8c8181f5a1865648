// Bytes allocated per page by `extract(bytes)` (default extractor, Markdown), and by which
// functions: V8's sampling heap profiler with the objects the garbage collector has already freed
// kept in the profile, so it counts every allocation, not what is alive at the end. Unlike CPU
// time this does not move with the machine's load, so it can guide work on a busy machine; less
// allocation is the lever for one core's speed and for two threads' scaling (docs/benchmarks-journal.md,
// "what is left is the CPU … V8's GC spend more").
//
//   npx tsx bench/speed/allocation.ts [--per-dataset=100] [--datasets=l3s-gn1,wcxb-dev]
//       [--interval=4096] [--top=30] [--dist=DIR]
//
// --dist=DIR profiles a build (its index.js) instead of src/. Sampled: each allocation is caught
// with a probability proportional to its size (one sample per --interval bytes on average), so
// figures under ~1 % of the total are rough.

import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { flag, loadSpeedPages, SPEED_DATASETS } from './pages.js';

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

const perDataset = Number(flag('per-dataset', '100'));
const datasets = flag('datasets', SPEED_DATASETS.join(',')).split(',');
const interval = Number(flag('interval', '4096'));
const top = Number(flag('top', '30'));
const dist = flag('dist', '');
const entry = dist === '' ? path.join(repoRoot, 'src/index.ts') : path.resolve(dist, 'index.js');
const { extract } = (await import(pathToFileURL(entry).href)) as typeof import('../../src/index.js');

const pages = loadSpeedPages(perDataset, datasets);
const run = () => {
  for (const page of pages) {
    try {
      extract(page.bytes, { format: 'markdown' });
    } catch {
      // A page that fails fails alone; its allocations still count.
    }
  }
};
run(); // warm-up: compiled code and the models' lazy parts, as in a long run

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: interval,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
run();
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
session.disconnect();

const bySite = new Map<string, number>();
let total = 0;
const siteOf = (node: SamplingNode): string => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url === '' ? '' : path.relative(repoRoot, url.replace(/^file:\/\//, ''));
  return `${functionName || '(anonymous)'} ${file}${file === '' ? '' : `:${lineNumber + 1}`}`;
};
// A built-in (join, push, replace…) is charged to the nearest caller with a source file, beside its name.
const walk = (node: SamplingNode, caller: string) => {
  const site = siteOf(node);
  const isBuiltin = node.callFrame.url === '';
  const key =
    isBuiltin && caller !== '' ? `${node.callFrame.functionName || '(anonymous)'} < ${caller}` : site;
  if (node.selfSize > 0) bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
  total += node.selfSize;
  for (const child of node.children) walk(child, isBuiltin ? caller : site);
};
walk(profile.head, '');

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
process.stdout.write(
  `${pages.length} pages (${datasets.join(', ')}), ${dist === '' ? 'src' : dist}: ${kb(total / pages.length)} KB allocated per page (sampled every ${interval} bytes)\n`,
);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  process.stdout.write(
    `${kb(bytes / pages.length).padStart(8)} KB/page ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${site}\n`,
  );
}
