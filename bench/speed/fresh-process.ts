// Two builds as a fresh process meets them: `pith bench --speed` times each extractor in a process
// of its own after a warm-up of a tenth of the pages, so its figures are mostly V8's warm-up (the
// first pass over the speed mix costs ~3× a later one), which bench/speed/run.ts leaves out (it
// times the passes after a whole warm-up pass). Each round starts one process per build, A then B
// then B then A (alternating, the VM drifts): the process reads the pages, extracts the first tenth
// (at least 10) untimed, then every page once, `extract(bytes, { format })`, and reports CPU ms a
// page of its main thread (what `pith bench --speed` reads: /proc/thread-self/stat, 10 ms ticks) and
// of the whole process (with V8's compiler threads). Benchmarks are not tests.
//
//   npm run build && nice -n 5 node --import tsx bench/speed/fresh-process.ts --a=<a build's dist> \
//       [--b=packages/pith/dist] [--rounds=4] [--format=text] [--per-dataset=100] [--single-threaded] [--metadata]
//
// --metadata reads `result.metadata` after each `extract()` (the learned choice, made on that first
// read: issue 42's cost), timed apart in the process's CPU (µs; the thread's 10 ms ticks are too coarse
// for one read), and reports it as a share of `extract()` and the read, as metadata-cost-ab.ts does
// for a warm process.
//
// --single-threaded runs the children with Node's `--single-threaded` (V8 compiles on the main
// thread: a process on one core).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ContentFormat } from 'pith';
import { repoRoot } from '../parsers/corpus.js';
import { flag, loadSpeedPages } from './pages.js';

const format = flag('format', 'text') as ContentFormat;
const withMetadata = process.argv.includes('--metadata');
const perDataset = Number(flag('per-dataset', '100'));

/** CPU ms of the calling thread (Linux). */
function threadCpuMs(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function child(dist: string): Promise<void> {
  const { extract } = (await import(
    pathToFileURL(path.join(dist, 'index.js')).href
  )) as typeof import('pith');
  const pages = loadSpeedPages(perDataset, ['l3s-gn1', 'wcxb-dev', 'trafilatura-eval']);
  const warm = Math.min(pages.length, Math.max(10, Math.ceil(pages.length / 10)));
  for (const page of pages.slice(0, warm)) {
    const result = extract(page.bytes, { format });
    if (withMetadata) void result.metadata;
  }
  const thread = threadCpuMs();
  const process0 = process.cpuUsage();
  let metadataMs = 0;
  for (const page of pages) {
    const result = extract(page.bytes, { format });
    if (!withMetadata) continue;
    const before = process.cpuUsage();
    void result.metadata;
    const spent = process.cpuUsage(before);
    metadataMs += (spent.user + spent.system) / 1000;
  }
  const used = process.cpuUsage(process0);
  const perPage = (ms: number) => ms / pages.length;
  console.log(
    JSON.stringify({
      thread: perPage(threadCpuMs() - thread),
      process: perPage((used.user + used.system) / 1000),
      metadata: perPage(metadataMs),
    }),
  );
}

const childDist = flag('child', '');
if (childDist !== '') {
  await child(childDist);
} else {
  if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against');
  const dirs = [flag('a', ''), flag('b', 'packages/pith/dist')].map((dir) => path.resolve(repoRoot, dir));
  const rounds = Number(flag('rounds', '4'));
  const singleThreaded = process.argv.includes('--single-threaded');
  const script = fileURLToPath(import.meta.url);
  const run = (dir: string): { thread: number; process: number; metadata: number } =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          ...(singleThreaded ? ['--single-threaded'] : []),
          '--import',
          'tsx',
          script,
          `--child=${dir}`,
          `--format=${format}`,
          `--per-dataset=${perDataset}`,
          ...(withMetadata ? ['--metadata'] : []),
        ],
        { cwd: repoRoot, encoding: 'utf8' },
      ).trim(),
    );
  const sums = [
    { thread: 0, process: 0, metadata: 0 },
    { thread: 0, process: 0, metadata: 0 },
  ];
  const lines: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const got: { thread: number; process: number; metadata: number }[] = [];
    for (const build of order) {
      got[build] = run(dirs[build]);
      sums[build].thread += got[build].thread;
      sums[build].process += got[build].process;
      sums[build].metadata += got[build].metadata;
    }
    lines.push(
      `round ${round + 1}: main thread ${got[0].thread.toFixed(2)} → ${got[1].thread.toFixed(2)} (${(got[1].thread / got[0].thread).toFixed(3)}), process ${got[0].process.toFixed(2)} → ${got[1].process.toFixed(2)} (${(got[1].process / got[0].process).toFixed(3)})`,
    );
  }
  console.log(
    `fresh processes, ${format}, ${perDataset * 3} pages after a tenth untimed${singleThreaded ? ', --single-threaded' : ''}; CPU ms a page, A → B (B ÷ A); A = ${dirs[0]}, B = ${dirs[1]}`,
  );
  for (const line of lines) console.log(line);
  const [a, b] = sums;
  console.log(
    `all rounds: main thread ${(a.thread / rounds).toFixed(2)} → ${(b.thread / rounds).toFixed(2)} (${(b.thread / a.thread).toFixed(3)}), process ${(a.process / rounds).toFixed(2)} → ${(b.process / rounds).toFixed(2)} (${(b.process / a.process).toFixed(3)})`,
  );
  if (withMetadata) {
    // The read is inside the process's time: its share is of extract() and the read together.
    const share = (sum: { process: number; metadata: number }) =>
      ((100 * sum.metadata) / sum.process).toFixed(1);
    console.log(
      `the metadata read (process CPU): ${(a.metadata / rounds).toFixed(3)} → ${(b.metadata / rounds).toFixed(3)} ms a page (${(b.metadata / a.metadata).toFixed(3)}), ${share(a)} % → ${share(b)} % of the process's time`,
    );
  }
}
