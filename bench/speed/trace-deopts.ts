// What V8 compiles and throws away while a fresh process meets the speed mix: the workload of
// bench/speed/fresh-process.ts's child (a tenth of the 300 pages untimed, then each page once,
// `extract(bytes, { format })`) run under `--trace-opt --trace-deopt-verbose`, and per function its
// TurboFan compiles (normal and OSR), the milliseconds they took, and its deoptimisations by reason
// and place (the innermost frame, then the frames it was inlined into). A function compiled many
// times, or deoptimised at one place again and again, is a lead for the warm-up that
// `pith bench --speed` times (see the journal's "V8's warm-up" sections). Functions of the same
// name in different files share a row (the compile lines name no file; the deopt places do).
// The compile times are wall-clock: on a loaded machine they grow with the load, the counts do not.
//
//   npm run build && nice -n 5 node --import tsx bench/speed/trace-deopts.ts [--dist=packages/pith/dist] \
//       [--format=text] [--passes=1] [--top=30] [--single-threaded] [--log=FILE]
//
// --single-threaded compiles on the main thread (as a process on one core); --log=FILE keeps V8's
// trace, --from-log=FILE reads one kept (with --dist= the build it traced, to shorten its paths).
// Benchmarks are not tests.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ContentFormat } from 'pith';
import { repoRoot } from '../parsers/corpus.js';
import { flag, hasFlag, loadSpeedPages } from './pages.js';

const format = flag('format', 'text') as ContentFormat;
const passes = Number(flag('passes', '1'));
const MARK = '=== phase ';

async function child(dist: string): Promise<void> {
  const { extract } = (await import(
    pathToFileURL(path.join(dist, 'index.js')).href
  )) as typeof import('pith');
  const pages = loadSpeedPages(100, ['l3s-gn1', 'wcxb-dev', 'trafilatura-eval']);
  const warm = Math.min(pages.length, Math.max(10, Math.ceil(pages.length / 10)));
  console.log(`${MARK}warm-up`);
  for (const page of pages.slice(0, warm)) extract(page.bytes, { format });
  for (let pass = 1; pass <= passes; pass++) {
    console.log(`${MARK}pass ${pass}`);
    for (const page of pages) extract(page.bytes, { format });
  }
  console.log(`${MARK}end`);
}

interface FunctionTrace {
  compiles: number;
  osr: number;
  ms: number;
  deopts: Map<string, number>;
}

function deoptCount(trace: FunctionTrace): number {
  let count = 0;
  for (const n of trace.deopts.values()) count += n;
  return count;
}

const COMPILED =
  /^\[completed compiling \S+ <JSFunction (\S*) .*?\(target TURBOFAN\)( OSR)? - took ([\d.]+), ([\d.]+), ([\d.]+) ms/;
const BAILOUT = /^\[bailout \(kind: [\w-]+, reason: ([^)]*)\): begin\. deoptimizing \S+ <JSFunction (\S*) /;

/**
 * `dir/file.js:12:3 < …` (the innermost frame first) from V8's `;;; deoptimize at <file:///…>
 * inlined at <…>` line; `?` when the trace has none there (its lines can interleave).
 */
function place(line: string | undefined, dist: string): string {
  const at = line?.indexOf(';;; deoptimize at ') ?? -1;
  if (line === undefined || at < 0) return '?';
  const frames = [
    ...line
      .slice(at)
      .split('[')[0]
      .matchAll(/<([^<>]*)>/g),
  ].map((found) => found[1]);
  return frames
    .map((frame) =>
      frame.replace(`${pathToFileURL(dist).href}/`, '').replace(`${pathToFileURL(repoRoot).href}/`, ''),
    )
    .join(' < ');
}

/** Per phase (warm-up, pass 1, …), each function's compiles and deoptimisations. */
function readTrace(log: string, dist: string): Map<string, Map<string, FunctionTrace>> {
  const phases = new Map<string, Map<string, FunctionTrace>>();
  let current = new Map<string, FunctionTrace>();
  phases.set('loading', current);
  const lines = log.split('\n');
  const of = (name: string): FunctionTrace => {
    let found = current.get(name);
    if (found === undefined) {
      found = { compiles: 0, osr: 0, ms: 0, deopts: new Map() };
      current.set(name, found);
    }
    return found;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.startsWith(MARK)) {
      current = new Map();
      phases.set(line.slice(MARK.length), current);
      continue;
    }
    const compiled = COMPILED.exec(line);
    if (compiled !== null) {
      const trace = of(compiled[1]);
      trace.compiles++;
      if (compiled[2] !== undefined) trace.osr++;
      trace.ms += Number(compiled[3]) + Number(compiled[4]) + Number(compiled[5]);
      continue;
    }
    const bailout = BAILOUT.exec(line);
    if (bailout !== null) {
      const where = place(lines[index + 1], dist);
      const key = `${bailout[1].replace('Insufficient type feedback for', 'no feedback:')} @ ${where}`;
      const { deopts } = of(bailout[2]);
      deopts.set(key, (deopts.get(key) ?? 0) + 1);
    }
  }
  phases.delete('end');
  return phases;
}

const childDist = flag('child', '');
if (childDist !== '') {
  await child(childDist);
} else {
  const dist = path.resolve(repoRoot, flag('dist', 'packages/pith/dist'));
  const top = Number(flag('top', '30'));
  const fromLog = flag('from-log', '');
  const log =
    fromLog !== ''
      ? readFileSync(fromLog, 'utf8')
      : execFileSync(
          process.execPath,
          [
            ...(hasFlag('single-threaded') ? ['--single-threaded'] : []),
            '--trace-opt',
            '--trace-deopt-verbose',
            '--import',
            'tsx',
            fileURLToPath(import.meta.url),
            `--child=${dist}`,
            `--format=${format}`,
            `--passes=${passes}`,
          ],
          { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 30 },
        );
  const logFile = flag('log', '');
  if (logFile !== '' && fromLog === '') writeFileSync(logFile, log);
  console.log(`V8's compiles and deoptimisations, ${format}, ${dist}`);
  for (const [phase, functions] of readTrace(log, dist)) {
    const all = [...functions.values()];
    const sum = (pick: (trace: FunctionTrace) => number) =>
      all.reduce((total, trace) => total + pick(trace), 0);
    const deopts = sum(deoptCount);
    console.log(
      `\n${phase}: ${sum((trace) => trace.compiles)} compiles (${sum((trace) => trace.osr)} OSR), ${sum((trace) => trace.ms).toFixed(0)} ms; ${deopts} deoptimisations`,
    );
    const ranked = [...functions].sort(
      ([, a], [, b]) => b.compiles - a.compiles || deoptCount(b) - deoptCount(a) || b.ms - a.ms,
    );
    for (const [name, trace] of ranked.slice(0, top)) {
      console.log(`  ${name}: ${trace.compiles} compiles (${trace.osr} OSR), ${trace.ms.toFixed(0)} ms`);
      for (const [key, count] of [...trace.deopts].sort((a, b) => b[1] - a[1]))
        console.log(`    ${count}× ${key}`);
    }
  }
}
