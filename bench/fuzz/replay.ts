// Replays one fuzz page in this process and shows where its time went between deadline checks.
//
//   npx tsx bench/fuzz/replay.ts --seed 1 --page 28 [--extractor ttr] [--format markdown]
//       [--budget MS] [--save page.html] [--trace-over 20] [--stacks]
//
// Prints the page's recipe, the outcome, and every stretch of more than --trace-over ms (wall)
// between two reads of the clock by the deadline code, with the stage before and after it. Add
// `node --cpu-prof --import tsx` to see which functions are in a long stretch.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract, formatResult, isPithError, OUTPUT_FORMATS, type OutputFormat } from 'pith';
import { checkDeadline, monitorDeadlineChecks, withDeadline } from 'pith/internal';
import { listSources, pageOf, taskOf } from './pages.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

const seed = Number(option('seed', '1'));
const index = Number(option('page', '0'));
const extractor = option('extractor', 'pith');
const first = option('format', 'markdown') as OutputFormat;
const traceOver = Number(option('trace-over', '20'));
const stacks = process.argv.includes('--stacks');
const stackHere = () => new Error().stack?.split('\n').slice(3, 9).join('\n') ?? '';
let lastStack = '';

const sources = await listSources(repoRoot);
const task = await taskOf(seed, index, sources);
const page = pageOf(seed, task);
const budget = Number(option('budget', String(task.budget)));
const save = option('save', '');
if (save) writeFileSync(save, page.bytes);
process.stdout.write(`page ${index}: ${page.bytes.length} bytes, budget ${budget} ms, ${page.recipe}\n`);

let last = performance.now();
let lastStage = 'start';
monitorDeadlineChecks((stage) => {
  const now = performance.now();
  if (now - last > traceOver) {
    process.stdout.write(`  ${(now - last).toFixed(0).padStart(6)} ms  ${lastStage} → ${stage}\n`);
    // The checks that open and close a stretch, with their callers: what ran between them.
    if (stacks) process.stdout.write(`  from:\n${lastStack}\n  to:\n${stackHere()}\n`);
  }
  if (stacks) lastStack = stackHere();
  last = now;
  lastStage = stage;
});
const started = performance.now();
try {
  const result = extract(page.bytes, {
    extractor,
    format: first,
    contentType: page.contentType,
    limits: { timeoutMs: budget },
  });
  for (const format of OUTPUT_FORMATS) {
    if (format !== first)
      formatResult(result, {
        format,
        limits: { timeoutMs: Math.max(1, budget - (performance.now() - started)) },
      });
  }
  withDeadline(undefined, () => checkDeadline('end'));
  process.stdout.write(`ok: ${result.content.length} characters of ${first}\n`);
} catch (error) {
  process.stdout.write(
    `${isPithError(error) ? error.code : 'NOT A PithError'}: ${error instanceof Error ? (isPithError(error) ? error.message : error.stack) : String(error)}\n`,
  );
}
const now = performance.now();
if (now - last > traceOver)
  process.stdout.write(`  ${(now - last).toFixed(0).padStart(6)} ms  ${lastStage} → end\n`);
process.stdout.write(`${(now - started).toFixed(0)} ms in all\n`);
