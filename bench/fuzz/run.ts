// The fuzzer (issue 14): hostile pages through every extractor and every output format, in worker
// threads with a watchdog.
//
//   npm run build && nice -n 10 npm run fuzz -- --pages 100000 --seed 1 [--workers 2] [--no-gaps]
//       [--extractors pith,cuter,…] [--only 17,42] [--from src] [--out .cache/fuzz/seed-1]
//
// Pages: mutations of every page of the shared datasets (development split; bench/fuzz/mutate.ts:
// byte flips, truncation at every kind of boundary, splices of two pages, unclosed and mis-nested
// tags, attribute and entity floods, deep nesting, huge text nodes, wrong and lying charsets, NULs
// and control characters, binary prefixes, sibling floods, one-line and many-line pages, metadata
// and URL floods) and one page in ten a generated pathological tree. Page i of seed S is the same
// on every run (`--only i` rebuilds it). Each page gets a time budget (60% 2,000 ms, 25% 300 ms,
// 15% 5–100 ms, so that every stage is caught mid-way) and runs through every extractor: one
// `extract()` in one output format, then the other four formats rendered from its result
// (`formatResult`), all within the budget.
//
// Counted: outcomes per extractor (ok or the PithError code), errors that are not PithErrors
// (with their stacks), runs that end more than 100 ms after their budget (wall time; the thread's
// CPU time is printed beside, since a niced run on a shared machine can be descheduled), worker
// deaths (a crash, out of memory, or the watchdog: no progress for budget + 10 s), and (unless
// --no-gaps) the longest stretch of CPU time between two deadline checks of any run, which bounds
// how late a run can end on a core of its own. Pages with a
// finding are written to OUT/findings/. The summary goes to OUT/summary.json (rewritten every
// 1,000 pages) and a Markdown report to OUT/report.md.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '@pith/workbench/eval';
import { listSources, taskOf } from './pages.js';
import {
  ALLOWED_OVERSHOOT_MS,
  type FuzzSettings,
  type FuzzTask,
  isFinding,
  type PageReport,
} from './types.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0 && index + 1 < process.argv.length) return process.argv[index + 1];
  const prefixed = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return prefixed === undefined ? fallback : prefixed.slice(name.length + 3);
}

const pages = Number(option('pages', '1000'));
const seed = Number(option('seed', '1'));
const workers = Number(option('workers', '2'));
const from = option('from', 'dist') === 'src' ? 'src' : 'dist';
const gaps = !process.argv.includes('--no-gaps');
const only = option('only', '')
  .split(',')
  .filter((part) => part !== '')
  .map(Number);
const extractors = option('extractors', 'pith,all-text,ttr,cuter,density,vce').split(',');
const out = path.resolve(option('out', path.join(repoRoot, '.cache', 'fuzz', `seed-${seed}`)));
/**
 * The watchdog: a run whose thread has spent its budget plus this in CPU time is a hang (CPU
 * time: on a loaded machine a starved run can take minutes of wall time for a second of work);
 * so is a run going for ten minutes of wall time past its budget whatever the CPU.
 */
const WATCHDOG_CPU_GRACE_MS = 10_000;
const WATCHDOG_WALL_GRACE_MS = 600_000;

/** CPU time (ms) of a thread of this process, from /proc (10 ms resolution); NaN when unknown. */
function threadCpuMs(tid: number | undefined): number {
  if (tid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** One run of one page, as the summary lists it. */
interface RunRow {
  index: number;
  extractor: string;
  recipe: string;
  bytes: number;
  budget: number;
  ms: number;
  cpuMs: number;
  outcome: string;
}

interface Totals {
  pages: number;
  runs: number;
  outcomes: Record<string, Record<string, number>>;
  notPithErrors: { index: number; extractor: string; recipe: string; message: string; stack?: string }[];
  overDeadline: RunRow[];
  deaths: { index: number; recipe?: string; reason: string }[];
  /** Pages the fuzzer itself failed to build (not counted as pages). */
  fuzzerErrors: string[];
  slowest: RunRow[];
  longestGaps: {
    index: number;
    extractor: string;
    recipe: string;
    bytes: number;
    gapMs: number;
    gapStage: string;
  }[];
  bytes: number;
  maxBytes: number;
  started: string;
  seconds: number;
  cpuSeconds: number;
}

const totals: Totals = {
  pages: 0,
  runs: 0,
  outcomes: {},
  notPithErrors: [],
  overDeadline: [],
  deaths: [],
  fuzzerErrors: [],
  slowest: [],
  longestGaps: [],
  bytes: 0,
  maxBytes: 0,
  started: new Date().toISOString(),
  seconds: 0,
  cpuSeconds: 0,
};

function keepTop<T>(list: T[], item: T, key: (item: T) => number, size = 25): void {
  list.push(item);
  list.sort((a, b) => key(b) - key(a));
  if (list.length > size) list.length = size;
}

function record(report: PageReport): void {
  totals.pages++;
  totals.bytes += report.bytes;
  totals.maxBytes = Math.max(totals.maxBytes, report.bytes);
  for (const run of report.runs) {
    totals.runs++;
    totals.outcomes[run.extractor] ??= {};
    const byOutcome = totals.outcomes[run.extractor];
    byOutcome[run.outcome] = (byOutcome[run.outcome] ?? 0) + 1;
    const row = {
      index: report.index,
      extractor: run.extractor,
      recipe: report.recipe,
      bytes: report.bytes,
      budget: report.budget,
      ms: Math.round(run.ms),
      cpuMs: run.cpuMs,
      outcome: run.outcome,
    };
    if (run.outcome === 'NOT_A_PITH_ERROR') {
      totals.notPithErrors.push({
        index: report.index,
        extractor: run.extractor,
        recipe: report.recipe,
        message: run.message ?? '',
        stack: run.stack,
      });
    }
    if (isFinding(run, report.budget) && run.outcome !== 'NOT_A_PITH_ERROR') totals.overDeadline.push(row);
    keepTop(totals.slowest, row, (item) => item.ms - item.budget);
    if (run.gapMs !== undefined) {
      keepTop(
        totals.longestGaps,
        {
          index: report.index,
          extractor: run.extractor,
          recipe: report.recipe,
          bytes: report.bytes,
          gapMs: run.gapMs,
          gapStage: run.gapStage ?? '',
        },
        (item) => item.gapMs,
      );
    }
  }
}

const wallStart = performance.now();
const cpuStart = process.cpuUsage();

function save(): void {
  totals.seconds = Math.round((performance.now() - wallStart) / 1000);
  const cpu = process.cpuUsage(cpuStart);
  totals.cpuSeconds = Math.round((cpu.user + cpu.system) / 1e6);
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'summary.json'),
    `${JSON.stringify({ seed, requestedPages: pages, extractors, from, ...totals }, null, 1)}\n`,
  );
}

function report(): string {
  const outcomes = new Set<string>();
  for (const byOutcome of Object.values(totals.outcomes))
    for (const outcome of Object.keys(byOutcome)) outcomes.add(outcome);
  const columns = [...outcomes].sort((a, b) => (a === 'ok' ? -1 : b === 'ok' ? 1 : a.localeCompare(b)));
  const lines = [
    `Fuzz run: seed ${seed}, ${totals.pages} pages (${(totals.bytes / 1e6).toFixed(0)} MB, largest ${(totals.maxBytes / 1e6).toFixed(1)} MB), ${totals.runs} runs (page × extractor, each in all ${5} formats), ${totals.seconds} s wall, ${totals.cpuSeconds} s CPU, ${workers} workers, ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} load at the end.`,
    '',
    `Errors that are not PithErrors: ${totals.notPithErrors.length}. Runs over their budget + ${ALLOWED_OVERSHOOT_MS} ms: ${totals.overDeadline.length} in wall time, ${totals.overDeadline.filter((row) => row.cpuMs > row.budget + ALLOWED_OVERSHOOT_MS).length} in the thread's CPU time. Longest stretch of CPU time between two deadline checks: ${totals.longestGaps[0]?.gapMs ?? 'not measured'} ms. Worker deaths: ${totals.deaths.length}. Pages the fuzzer could not build: ${totals.fuzzerErrors.length}.`,
    '',
    `| extractor | ${columns.join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
  ];
  for (const [extractor, byOutcome] of Object.entries(totals.outcomes)) {
    lines.push(`| ${extractor} | ${columns.map((column) => byOutcome[column] ?? 0).join(' | ')} |`);
  }
  lines.push(
    '',
    'Slowest runs past their budget (wall ms − budget; CPU ms of the thread beside):',
    '',
    '| page | extractor | bytes | budget ms | wall ms | CPU ms | outcome | recipe |',
    '|---:|---|---:|---:|---:|---:|---|---|',
  );
  for (const row of totals.slowest.slice(0, 10)) {
    lines.push(
      `| ${row.index} | ${row.extractor} | ${row.bytes} | ${row.budget} | ${row.ms} | ${row.cpuMs} | ${row.outcome} | ${cell(row.recipe)} |`,
    );
  }
  if (totals.longestGaps.length > 0) {
    lines.push(
      '',
      'Longest stretches of CPU time between two deadline checks (10 ms resolution):',
      '',
      '| page | extractor | bytes | CPU ms | ended by | recipe |',
      '|---:|---|---:|---:|---|---|',
    );
    for (const row of totals.longestGaps.slice(0, 10)) {
      lines.push(
        `| ${row.index} | ${row.extractor} | ${row.bytes} | ${row.gapMs} | ${row.gapStage} | ${cell(row.recipe)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').slice(0, 120);
}

async function main(): Promise<void> {
  const sources = await listSources(repoRoot);
  const indices = only.length > 0 ? only : Array.from({ length: pages }, (_, index) => index);
  const settings: FuzzSettings = {
    repoRoot,
    from,
    seed,
    extractors,
    gaps,
    findingsDir: path.join(out, 'findings'),
  };
  process.stderr.write(
    `fuzz: ${indices.length} pages from ${sources.length} dataset pages, seed ${seed}, ${workers} workers, pith from ${from}, out ${out}\n`,
  );
  let next = 0;
  let done = 0;

  await new Promise<void>((resolve) => {
    let live = 0;
    const spawn = () => {
      live++;
      const worker: Worker = startWorker(import.meta.url, 'worker', {
        workerData: settings,
        resourceLimits: { maxOldGenerationSizeMb: 4096 },
      });
      let current: FuzzTask | undefined;
      let tid: number | undefined;
      let runStart = { wall: 0, cpu: 0 };
      let dead = false;
      const arm = () => {
        runStart = { wall: performance.now(), cpu: threadCpuMs(tid) };
      };
      const timer = setInterval(() => {
        if (!current || dead) return;
        const cpu = threadCpuMs(tid) - runStart.cpu;
        const wall = performance.now() - runStart.wall;
        if (cpu > current.budget + WATCHDOG_CPU_GRACE_MS) die(`watchdog: ${cpu} ms of CPU on one run`);
        else if (wall > current.budget + WATCHDOG_WALL_GRACE_MS)
          die(`watchdog: ${Math.round(wall)} ms on one run`);
      }, 2000);
      const die = (reason: string) => {
        if (dead) return;
        dead = true;
        clearInterval(timer);
        totals.deaths.push({ index: current?.index ?? -1, recipe: current?.baseId ?? 'generated', reason });
        process.stderr.write(`fuzz: worker died on page ${current?.index}: ${reason}\n`);
        void worker.terminate();
        if (current) done++;
        live--;
        if (next < indices.length) spawn();
        else if (live === 0) resolve();
      };
      const feed = async () => {
        if (next >= indices.length) {
          clearInterval(timer);
          dead = true;
          await worker.terminate();
          live--;
          if (live === 0) resolve();
          return;
        }
        current = await taskOf(seed, indices[next++], sources);
        arm();
        const transfer = [current.base, current.other]
          .filter((item): item is Uint8Array => item !== undefined)
          .map((item) => item.buffer as ArrayBuffer);
        worker.postMessage(current, [...new Set(transfer)]);
      };
      worker.on(
        'message',
        (message: {
          ready?: true;
          tid?: number;
          running?: number;
          report?: PageReport;
          fuzzerError?: string;
        }) => {
          if (message.ready) {
            tid = message.tid;
            void feed();
          } else if (message.running !== undefined && current) arm();
          else if (message.fuzzerError !== undefined) {
            totals.fuzzerErrors.push(message.fuzzerError);
            process.stderr.write(`fuzz: fuzzer error (not pith's): ${message.fuzzerError}\n`);
            done++;
            current = undefined;
            void feed();
          } else if (message.report) {
            record(message.report);
            done++;
            current = undefined;
            if (done % 100 === 0) {
              process.stderr.write(
                `fuzz: ${done}/${indices.length} pages, ${totals.notPithErrors.length} not PithErrors, ${totals.overDeadline.length} over budget, ${totals.deaths.length} deaths, ${Math.round((performance.now() - wallStart) / 1000)} s\n`,
              );
            }
            if (done % 1000 === 0) save();
            void feed();
          }
        },
      );
      worker.on('error', (error) => die(`crashed: ${error.message}`));
      worker.on('exit', (code) => {
        if (!dead) die(`exited with code ${code}`);
      });
    };
    for (let i = 0; i < Math.min(workers, indices.length); i++) spawn();
  });
  save();
  const markdown = report();
  writeFileSync(path.join(out, 'report.md'), markdown);
  process.stdout.write(markdown);
  for (const failure of totals.notPithErrors.slice(0, 20)) {
    process.stdout.write(
      `\nnot a PithError: page ${failure.index} (${failure.extractor}, ${failure.recipe})\n${failure.stack ?? failure.message}\n`,
    );
  }
  for (const death of totals.deaths)
    process.stdout.write(`\nworker death: page ${death.index}: ${death.reason}\n`);
}

await main();
