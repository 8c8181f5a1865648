// A fuzz worker thread: builds page i of the run from its seed, runs it through every extractor
// and every output format, and reports each run's outcome and time. See bench/fuzz/run.ts.

import { mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { pageOf } from './pages.js';
import { type FuzzSettings, type FuzzTask, isFinding, type PageReport, type RunReport } from './types.js';

type PithModule = typeof import('pith');
type InternalModule = typeof import('pith/internal');

const settings = workerData as FuzzSettings;
const base =
  settings.from === 'src'
    ? path.join(settings.repoRoot, 'packages', 'pith', 'src')
    : path.join(settings.repoRoot, 'packages', 'pith', 'dist');
const extension = settings.from === 'src' ? 'ts' : 'js';
const pith = (await import(pathToFileURL(path.join(base, `index.${extension}`)).href)) as PithModule;
// The tools' door: the deadline monitor is not part of the public API.
const dom = (await import(pathToFileURL(path.join(base, `internal.${extension}`)).href)) as InternalModule;

/** This thread's CPU time in ms (Linux: /proc/thread-self/stat, clock ticks of 10 ms), or NaN. */
function threadCpuMs(): number {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'latin1').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat; after "pid (comm) " they are at 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * The longest stretch of this thread's CPU time between two reads of the clock by the deadline
 * code (run start and end count as reads), with the stage whose check ended it: on a core of its
 * own, no run can end later than this after its deadline.
 */
let gap = { ms: 0, stage: '' };
let lastCpu = 0;
function noteCheck(stage: string): void {
  const cpu = threadCpuMs();
  if (cpu - lastCpu > gap.ms) gap = { ms: cpu - lastCpu, stage };
  lastCpu = cpu;
}
if (settings.gaps) dom.monitorDeadlineChecks((stage) => noteCheck(stage));

function describe(error: unknown): { code: string; message: string; stack?: string } {
  if (pith.isPithError(error)) return { code: error.code, message: error.message };
  const failure = error instanceof Error ? error : new Error(String(error));
  return { code: 'NOT_A_PITH_ERROR', message: `${failure.name}: ${failure.message}`, stack: failure.stack };
}

function runOne(
  bytes: Uint8Array,
  contentType: string | undefined,
  extractor: string,
  budget: number,
  round: number,
): RunReport {
  const formats = pith.OUTPUT_FORMATS;
  // Each (page, extractor) run starts with a different format and output options, then renders the rest.
  const first = formats[round % formats.length];
  const options = {
    extractor,
    contentType,
    url: round % 3 === 0 ? 'https://example.com/a/b.html' : undefined,
    comments: round % 2 === 0,
    images: round % 5 !== 1,
    links: round % 7 !== 1,
    diagnostics: round % 4 === 0,
    contentFormat: (['text', 'markdown', 'html'] as const)[round % 3],
  };
  gap = { ms: 0, stage: '' };
  const wallStart = performance.now();
  const cpuStart = threadCpuMs();
  lastCpu = cpuStart;
  const deadline = Date.now() + budget;
  let outcome = 'ok';
  let message: string | undefined;
  let stack: string | undefined;
  let outputChars = 0;
  try {
    const result = pith.extract(bytes, { ...options, format: first, limits: { timeoutMs: budget } });
    outputChars += result.content.length;
    for (const format of formats) {
      if (format === first) continue;
      const left = deadline - Date.now();
      if (left <= 0) throw dom.timeoutError('output');
      outputChars += pith.formatResult(result, { ...options, format, limits: { timeoutMs: left } }).length;
    }
  } catch (error) {
    const described = describe(error);
    outcome = described.code;
    message = described.message;
    stack = described.stack;
  }
  const ms = performance.now() - wallStart;
  if (settings.gaps) noteCheck(`end of run (${outcome})`);
  const cpuMs = threadCpuMs() - cpuStart;
  return {
    extractor,
    outcome,
    ms,
    cpuMs,
    outputChars,
    ...(message ? { message: message.slice(0, 500) } : {}),
    ...(stack ? { stack } : {}),
    ...(settings.gaps ? { gapMs: gap.ms, gapStage: gap.stage } : {}),
  };
}

parentPort?.on('message', (task: FuzzTask) => {
  parentPort?.postMessage({ started: task.index, at: Date.now() });
  let page: ReturnType<typeof pageOf>;
  try {
    page = pageOf(settings.seed, task);
  } catch (error) {
    // A bug of the fuzzer itself (a mutation too big for a string…), not of pith.
    parentPort?.postMessage({
      fuzzerError: `page ${task.index}: ${error instanceof Error ? error.stack : String(error)}`,
    });
    return;
  }
  const runs: RunReport[] = [];
  for (const [round, extractor] of settings.extractors.entries()) {
    parentPort?.postMessage({ running: task.index, extractor, at: Date.now() });
    runs.push(runOne(page.bytes, page.contentType, extractor, task.budget, task.index + round));
  }
  const report: PageReport = {
    index: task.index,
    recipe: page.recipe,
    bytes: page.bytes.length,
    budget: task.budget,
    ...(page.contentType ? { contentType: page.contentType } : {}),
    runs,
  };
  if (runs.some((run) => isFinding(run, task.budget))) {
    mkdirSync(settings.findingsDir, { recursive: true });
    writeFileSync(path.join(settings.findingsDir, `${task.index}.page`), page.bytes);
    writeFileSync(
      path.join(settings.findingsDir, `${task.index}.json`),
      `${JSON.stringify(report, null, 2)}\n`,
    );
  }
  parentPort?.postMessage({ report });
});
// Warm up: the first run of each extractor loads its model (pith's block classifier, density's
// n-grams) and compiles its code, once per process and outside any page's budget, as a server
// would at start; a page's time is the work of that page.
for (const extractor of settings.extractors) {
  try {
    pith.extract(
      '<html><body><article><p>Warm-up text, a sentence or two long, about nothing.</p></article></body></html>',
      { extractor },
    );
  } catch {
    // A page that fails here fails again in the fuzz run, where it is counted.
  }
}

/** This thread's id, for the watchdog to read its CPU time (Linux; undefined elsewhere). */
function threadId(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}

parentPort?.postMessage({ ready: true, tid: threadId() });
