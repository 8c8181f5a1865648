/**
 * Memory over time of the library (issue 14): `--pages` pages (the development split of every
 * shared dataset, cycled in a fixed order) through `extract()` in one process, the RSS and the
 * V8 heap sampled every `--every` pages. The RSS must stay flat (within ±10 % of its mean once
 * warmed up, `--warm-up` pages).
 *
 *   npm run build && nice -n 10 npx tsx bench/load/memory.ts [--pages 100000] [--every 1000]
 *       [--warm-up 10000] [--max-minutes M] [--write]
 *
 * Pages are read from disk one at a time (the process holds one page, not the datasets). Every
 * page runs the default extractor to Markdown with the default limits; PithErrors are counted
 * by code, anything else is an error. `--write` draws docs/memory-rss.svg and replaces the
 * `<!-- memory:start -->` … `<!-- memory:end -->` section of docs/benchmarks-journal.md. `--max-minutes`
 * stops the run after that much wall time (on a shared machine) and reports the pages reached.
 * `--gc` (diagnostic, with `node --expose-gc --import tsx`): a full GC before every sample, so the
 * heap figure is what is retained rather than what awaits collection; it changes the RSS curve, so
 * the real run does not use it.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { lineChart, PALETTE } from '../../src/eval/index.js';
import { REPO_ROOT } from '../../test/helpers.js';
import { listSources } from '../fuzz/pages.js';
import { loadPipeline } from '../speed/pipeline.js';
import { commandAsRun, writeBenchmarkSection } from './common.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '100000' },
    every: { type: 'string', default: '1000' },
    'warm-up': { type: 'string', default: '10000' },
    'max-minutes': { type: 'string', default: 'Infinity' },
    gc: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const PAGES = Number(values.pages);
const EVERY = Number(values.every);
const WARM_UP = Number(values['warm-up']);
const MAX_MS = Number(values['max-minutes']) * 60_000;

interface Sample {
  pages: number;
  rssMb: number;
  heapMb: number;
  cpuS: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

async function main(): Promise<void> {
  const { pith } = await loadPipeline();
  const sources = await listSources(REPO_ROOT);
  const outcomes: Record<string, number> = {};
  const errors: string[] = [];
  const samples: Sample[] = [];
  const loads: number[] = [];
  const loadAtStart = loadavg();
  const started = Date.now();
  let bytes = 0;
  let done = 0;
  for (let index = 0; index < PAGES && Date.now() - started < MAX_MS; index++) {
    done = index + 1;
    const source = sources[index % sources.length];
    const page = await source.read();
    bytes += page.length;
    try {
      pith.extract(page, { format: 'markdown' });
      outcomes.ok = (outcomes.ok ?? 0) + 1;
    } catch (error) {
      const code = pith.isPithError(error) ? error.code : 'NOT_A_PITH_ERROR';
      outcomes[code] = (outcomes[code] ?? 0) + 1;
      if (code === 'NOT_A_PITH_ERROR' && errors.length < 20) errors.push(`${source.id}: ${String(error)}`);
    }
    if ((index + 1) % EVERY === 0) {
      if (values.gc) (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      samples.push({
        pages: index + 1,
        rssMb: mb(memory.rss),
        heapMb: mb(memory.heapUsed),
        cpuS: (cpu.user + cpu.system) / 1e6,
      });
      loads.push(loadavg()[0]);
      const last = samples[samples.length - 1];
      process.stderr.write(
        `${last.pages} pages: RSS ${last.rssMb.toFixed(0)} MB, heap ${last.heapMb.toFixed(0)} MB, ${last.cpuS.toFixed(0)} s CPU, load ${loads[loads.length - 1].toFixed(1)}\n`,
      );
    }
  }
  const wallS = (Date.now() - started) / 1000;
  const settled = samples.filter((sample) => sample.pages > WARM_UP);
  const rss = settled.map((sample) => sample.rssMb);
  const mean = rss.reduce((sum, value) => sum + value, 0) / Math.max(1, rss.length);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const value of rss) {
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  // Least-squares slope of RSS against pages, in MB per 10,000 pages.
  const xs = settled.map((sample) => sample.pages);
  const xMean = xs.reduce((sum, value) => sum + value, 0) / Math.max(1, xs.length);
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - xMean) * (rss[i] - mean);
    den += (xs[i] - xMean) ** 2;
  }
  const slope = den > 0 ? (num / den) * 10_000 : 0;
  const figures = {
    pages: done,
    sources: sources.length,
    bytes,
    wallS,
    cpuS: samples.length > 0 ? samples[samples.length - 1].cpuS : 0,
    outcomes,
    errors,
    mean,
    low,
    high,
    slope,
    samples,
    loadAtStart,
    loadAtEnd: loadavg(),
    loads,
  };
  process.stdout.write(`${JSON.stringify({ ...figures, samples: undefined }, null, 1)}\n`);
  if (values.write) write(figures);
}

function write(figures: {
  pages: number;
  sources: number;
  bytes: number;
  wallS: number;
  cpuS: number;
  outcomes: Record<string, number>;
  errors: string[];
  mean: number;
  low: number;
  high: number;
  slope: number;
  samples: Sample[];
  loadAtStart: number[];
  loadAtEnd: number[];
  loads: number[];
}): void {
  const extra = [
    values.pages === '100000' ? '' : ` --pages ${values.pages}`,
    values.every === '1000' ? '' : ` --every ${values.every}`,
    values['warm-up'] === '10000' ? '' : ` --warm-up ${values['warm-up']}`,
    values['max-minutes'] === 'Infinity' ? '' : ` --max-minutes ${values['max-minutes']}`,
    values.gc ? ' --gc (under node --expose-gc)' : '',
  ].join('');
  const { command, niced } = commandAsRun('bench/load/memory.ts', `${extra} --write`);
  const date = new Date().toISOString().slice(0, 10);
  let loadLow = Number.POSITIVE_INFINITY;
  let loadHigh = Number.NEGATIVE_INFINITY;
  for (const load of figures.loads) {
    loadLow = Math.min(loadLow, load);
    loadHigh = Math.max(loadHigh, load);
  }
  const chart = lineChart({
    title: `extract() on ${figures.pages.toLocaleString('en')} pages in one process: RSS and V8 heap`,
    xLabel: 'pages extracted',
    yLabel: 'MB',
    series: [
      {
        label: `RSS every ${EVERY} pages`,
        colour: PALETTE[0],
        points: figures.samples.map((sample) => ({ x: sample.pages, y: sample.rssMb })),
      },
      {
        label: 'V8 heap used',
        colour: PALETTE[1],
        points: figures.samples.map((sample) => ({ x: sample.pages, y: sample.heapMb })),
      },
    ],
    guides: [
      { y: figures.mean * 1.1, label: `+10 % of the mean RSS after ${WARM_UP} pages` },
      { y: figures.mean * 0.9, label: '−10 %' },
    ],
    caption: `${command} · ${date} · ${cpus().length} cores, Node ${process.version} · load average ${loadLow.toFixed(1)}–${loadHigh.toFixed(1)}`,
  });
  writeFileSync(join(REPO_ROOT, 'docs', 'memory-rss.svg'), `${chart}\n`);
  const outcomes = Object.entries(figures.outcomes)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  const percent = (value: number) => `${((100 * (value - figures.mean)) / figures.mean).toFixed(1)} %`;
  const block = [
    '## Memory over time of the library (`extract()`, one process)',
    '',
    `- Command: \`${command}\`.`,
    `- Date: ${date}; Node ${process.version}; ${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB; ` +
      `load average ${figures.loadAtStart[0].toFixed(2)} at the start, ${figures.loadAtEnd[0].toFixed(2)} at the end, ${loadLow.toFixed(1)}–${loadHigh.toFixed(1)} during the run${niced ? ' (niced)' : ''}.`,
    ...(figures.pages < PAGES
      ? [
          `- **Stopped by its time limit at ${figures.pages.toLocaleString('en')} of ${PAGES.toLocaleString('en')} pages.**`,
        ]
      : []),
    `- Pages: ${figures.pages.toLocaleString('en')} extractions (default extractor, Markdown, default limits) cycling through the ${figures.sources.toLocaleString('en')} development pages of the shared datasets, ` +
      `${(figures.bytes / 1e9).toFixed(2)} GB read in all; ${figures.wallS.toFixed(0)} s wall, ${figures.cpuS.toFixed(0)} s CPU. Outcomes: ${outcomes}. ` +
      `**Errors that are not PithErrors: ${figures.outcomes.NOT_A_PITH_ERROR ?? 0}.**`,
    `- RSS every ${EVERY} pages, after the first ${WARM_UP.toLocaleString('en')}: mean ${figures.mean.toFixed(0)} MB, min ${figures.low.toFixed(0)} MB (${percent(figures.low)}), ` +
      `max ${figures.high.toFixed(0)} MB (+${percent(figures.high)}), trend ${figures.slope.toFixed(2)} MB per 10,000 pages (least squares).`,
    '',
    '![RSS and heap of extract() over the pages](memory-rss.svg)',
  ].join('\n');
  const path = writeBenchmarkSection('memory', block);
  process.stdout.write(
    `wrote docs/memory-rss.svg and the memory section of ${path}\n(command: ${command})\n`,
  );
}

await main();
