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
//
// The sampled profile does not see typed arrays' backing stores (they live outside V8's heap), so a
// first pass counts them exactly: the typed-array and ArrayBuffer constructors are wrapped for that
// pass only (then put back, so the sampled pass runs the library's ordinary code). Stores of 64
// bytes or less are left out: V8 keeps those inside its heap, where the profile already counts them.

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
const entry =
  dist === '' ? path.join(repoRoot, 'packages/pith/src/index.ts') : path.resolve(dist, 'index.js');
const { extract } = (await import(pathToFileURL(entry).href)) as typeof import('pith');

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
const { bytes: arrayBufferBytes, bySite: storesBySite } = countArrayBufferBytes(run);
run(); // warm-up again: code compiled with the counting constructors is thrown away

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
  `${pages.length} pages (${datasets.join(', ')}), ${dist === '' ? 'src' : dist}: ${kb(total / pages.length)} KB allocated per page (sampled every ${interval} bytes)\n` +
    `typed-array stores outside the heap: ${kb(arrayBufferBytes / pages.length)} KB a page (counted); heap + stores: ${kb((total + arrayBufferBytes) / pages.length)} KB a page\n`,
);
process.stdout.write('typed-array stores, by site:\n');
for (const [site, bytes] of [...storesBySite].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  process.stdout.write(
    `${kb(bytes / pages.length).padStart(8)} KB/page ${((100 * bytes) / arrayBufferBytes).toFixed(1).padStart(5)} %  ${site}\n`,
  );
}
process.stdout.write('heap, by site:\n');
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  process.stdout.write(
    `${kb(bytes / pages.length).padStart(8)} KB/page ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${site}\n`,
  );
}

/**
 * Bytes of the typed-array and ArrayBuffer stores made while `work` runs. Each constructor is
 * replaced by a counting proxy, its prototype's `constructor` too, so that `slice`, `map`, `from`
 * and `new (array.constructor)(n)` are counted as well; views on an existing buffer are not.
 */
function countArrayBufferBytes(work: () => void): { bytes: number; bySite: Map<string, number> } {
  const names = [
    'Int8Array',
    'Uint8Array',
    'Uint8ClampedArray',
    'Int16Array',
    'Uint16Array',
    'Int32Array',
    'Uint32Array',
    'Float32Array',
    'Float64Array',
    'BigInt64Array',
    'BigUint64Array',
    'ArrayBuffer',
  ] as const;
  const global = globalThis as unknown as Record<string, new (...args: unknown[]) => object>;
  const originals = names.map((name) => global[name]);
  let bytes = 0;
  const bySite = new Map<string, number>();
  names.forEach((name, i) => {
    const original = originals[i];
    const counting = new Proxy(original, {
      construct(target, args, newTarget) {
        const made = Reflect.construct(target, args, newTarget === counting ? target : newTarget) as {
          byteLength: number;
        };
        const view = args[0] instanceof originals[names.length - 1] || args[0] instanceof SharedArrayBuffer;
        if (!view && made.byteLength > 64) {
          bytes += made.byteLength;
          const site = callerSite();
          bySite.set(site, (bySite.get(site) ?? 0) + made.byteLength);
        }
        return made;
      },
    });
    global[name] = counting;
    original.prototype.constructor = counting;
  });
  try {
    work();
  } finally {
    names.forEach((name, i) => {
      global[name] = originals[i];
      originals[i].prototype.constructor = originals[i];
    });
  }
  return { bytes, bySite };
}

/** The first frame of the stack outside this file and Node's internals: the library's line that made the store. */
function callerSite(): string {
  const stack = new Error().stack?.split('\n').slice(2) ?? [];
  const frame = stack.find(
    (line) => !line.includes('allocation.ts') && !line.includes('node:') && !line.includes('<anonymous>'),
  );
  return (frame ?? '?').trim().replace(/^at /, '').replace(`file://${repoRoot}/`, '');
}
