/**
 * A bounded soak of `pith serve` (issue 14, "Memory over time"): measure the service's
 * capacity, then hold it at a share of that capacity (80 % by default) for ten minutes,
 * sampling the server's RSS; every answer must be a 200 and the RSS must stay flat.
 *
 *   npm run build && nice -n 10 npx tsx bench/load/soak.ts [--duration 600] [--share 0.8] [--max-heap MB] [--write]
 *
 * 1. The built server (`node dist/cli/main.js serve`) in its own process on 127.0.0.1,
 *    every sample page extracted twice first.
 * 2. Capacity: `--capacity-connections` clients back to back for `--capacity-duration` s
 *    (enough to keep every worker busy without a long queue): answered pages per second.
 * 3. Soak: `--connections` clients at `--share` × capacity requests per second in all
 *    (autocannon's overallRate) for `--duration` s; RSS, answers, errors and the slowest
 *    answer every `--sample` s, and the machine's load average.
 *
 * `--write` draws docs/soak-rss.svg and replaces the `<!-- soak:start -->` …
 * `<!-- soak:end -->` section of docs/benchmarks-journal.md. Every request goes to 127.0.0.1 and
 * the run stops by itself.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { lineChart, PALETTE } from '../../src/eval/index.js';
import { REPO_ROOT } from '../../test/helpers.js';
import {
  cannon,
  commandAsRun,
  cpuSecondsOf,
  describeRun,
  extractRequests,
  memoryOf,
  samplePages,
  startServer,
  statusCounts,
  warmUp,
  writeBenchmarkSection,
} from './common.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '600' },
    share: { type: 'string', default: '0.8' },
    connections: { type: 'string', default: '16' },
    sample: { type: 'string', default: '5' },
    'warm-up': { type: 'string', default: '60' },
    'capacity-duration': { type: 'string', default: '60' },
    'capacity-connections': { type: 'string', default: '8' },
    concurrency: { type: 'string', default: String(Math.max(1, cpus().length)) },
    /** The server's --max-heap (default: the server's own). */
    'max-heap': { type: 'string' },
    write: { type: 'boolean', default: false },
  },
  strict: true,
});
const DURATION = Number(values.duration);
const SHARE = Number(values.share);
const CONNECTIONS = Number(values.connections);
const SAMPLE_S = Number(values.sample);
/** Seconds of the soak left out of the flatness figures (the heaps grow to their working size). */
const WARM_UP_S = Number(values['warm-up']);
const CAPACITY_DURATION = Number(values['capacity-duration']);
const CAPACITY_CONNECTIONS = Number(values['capacity-connections']);
const CONCURRENCY = Number(values.concurrency);

interface Sample {
  /** Seconds since the soak started. */
  at: number;
  rssMb: number;
  answered: number;
  failed: number;
  slowestMs: number;
  load1: number;
}

/** Least-squares slope of y against x. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxy = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

async function main(): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const pages = samplePages();
  const requests = extractRequests(pages);
  const totalKb = pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0) / 1024;
  const loadAtStart = loadavg();
  say(
    `${pages.length} sample pages, ${totalKb.toFixed(0)} KB; load average ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}`,
  );

  const heapFlags = values['max-heap'] === undefined ? [] : ['--max-heap', values['max-heap']];
  const server = await startServer(['--concurrency', String(CONCURRENCY), ...heapFlags]);
  const pid = server.child.pid as number;
  try {
    await warmUp(server.base, pages);

    // Capacity: clients back to back, every worker busy.
    const cpuBefore = cpuSecondsOf(pid);
    const capacity = await cannon({
      url: server.base,
      connections: CAPACITY_CONNECTIONS,
      duration: CAPACITY_DURATION,
      requests,
    });
    const capacityCpu = cpuSecondsOf(pid) - cpuBefore;
    const capacityRate = capacity['2xx'] / capacity.duration;
    say(`capacity: ${describeRun(capacity)}`);
    say(
      `capacity: ${capacityRate.toFixed(2)} pages/s; server CPU ${((1000 * capacityCpu) / capacity.requests.total).toFixed(1)} ms per page`,
    );
    if (capacity.non2xx > 0 || capacity.errors > 0) throw new Error('errors while measuring capacity');
    await new Promise((resolve) => setTimeout(resolve, 5000));

    // The soak.
    const rate = Math.max(1, Math.floor(capacityRate * SHARE));
    const samples: Sample[] = [];
    let answered = 0;
    let failed = 0;
    let slowest = 0;
    const rssBefore = memoryOf(pid).rss;
    const soakCpuBefore = cpuSecondsOf(pid);
    const started = performance.now();
    say(
      `soak: ${rate} requests/s (${SHARE} × capacity), ${CONNECTIONS} clients, ${DURATION} s; RSS ${rssBefore.toFixed(0)} MB`,
    );
    const sampler = setInterval(() => {
      const sample: Sample = {
        at: Math.round((performance.now() - started) / 100) / 10,
        rssMb: memoryOf(pid).rss,
        answered,
        failed,
        slowestMs: slowest,
        load1: loadavg()[0],
      };
      samples.push(sample);
      answered = 0;
      failed = 0;
      slowest = 0;
      if (samples.length % Math.max(1, Math.round(60 / SAMPLE_S)) === 0) {
        say(
          `  ${sample.at.toFixed(0)} s: RSS ${sample.rssMb.toFixed(0)} MB, ${(sample.answered / SAMPLE_S).toFixed(1)} answers/s, ${sample.failed} failed, slowest ${sample.slowestMs} ms, load ${sample.load1.toFixed(2)}`,
        );
      }
    }, SAMPLE_S * 1000);
    const soak = await cannon(
      { url: server.base, connections: CONNECTIONS, duration: DURATION, overallRate: rate, requests },
      (status, latency) => {
        answered++;
        if (status !== 200) failed++;
        slowest = Math.max(slowest, Math.round(latency));
      },
    );
    clearInterval(sampler);
    const soakCpu = cpuSecondsOf(pid) - soakCpuBefore;
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const after = memoryOf(pid);
    const loadAtEnd = loadavg();
    say(`soak: ${describeRun(soak)}`);

    const steady = samples.filter((sample) => sample.at >= WARM_UP_S);
    const rss = steady.map((sample) => sample.rssMb);
    const mean = rss.reduce((sum, value) => sum + value, 0) / rss.length;
    const min = Math.min(...rss);
    const max = Math.max(...rss);
    const mbPerMinute = 60 * slope(steady.map((sample) => ({ x: sample.at, y: sample.rssMb })));
    const minute = Math.max(1, Math.round(60 / SAMPLE_S));
    const firstMinute = rss.slice(0, minute).reduce((sum, v) => sum + v, 0) / Math.min(minute, rss.length);
    const lastMinute = rss.slice(-minute).reduce((sum, v) => sum + v, 0) / Math.min(minute, rss.length);
    const errors = soak.non2xx + soak.errors + soak.timeouts;
    const figures = {
      pages: pages.length,
      totalKb,
      capacity,
      capacityRate,
      capacityCpuMs: (1000 * capacityCpu) / capacity.requests.total,
      rate,
      soak,
      soakCpuMs: (1000 * soakCpu) / soak.requests.total,
      samples,
      rssBefore,
      after,
      mean,
      min,
      max,
      mbPerMinute,
      firstMinute,
      lastMinute,
      errors,
      loadAtStart,
      loadAtEnd,
      loads: samples.map((sample) => sample.load1),
    };
    say(
      `RSS after ${WARM_UP_S} s: mean ${mean.toFixed(0)} MB, min ${min.toFixed(0)}, max ${max.toFixed(0)} (${((100 * (min - mean)) / mean).toFixed(1)} % / +${((100 * (max - mean)) / mean).toFixed(1)} %), ` +
        `trend ${mbPerMinute.toFixed(2)} MB/min, first minute ${firstMinute.toFixed(0)} MB, last minute ${lastMinute.toFixed(0)} MB; 5 s after: ${after.rss.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB`,
    );
    say(
      `errors (non-200, connection errors, timeouts): ${errors}; load average at the end ${loadAtEnd.map((v) => v.toFixed(2)).join(' ')}`,
    );
    if (values.write) write(figures);
  } finally {
    await server.stop();
  }
}

type Figures = {
  pages: number;
  totalKb: number;
  capacity: Awaited<ReturnType<typeof cannon>>;
  capacityRate: number;
  capacityCpuMs: number;
  rate: number;
  soak: Awaited<ReturnType<typeof cannon>>;
  soakCpuMs: number;
  samples: Sample[];
  rssBefore: number;
  after: { rss: number; peak: number };
  mean: number;
  min: number;
  max: number;
  mbPerMinute: number;
  firstMinute: number;
  lastMinute: number;
  errors: number;
  loadAtStart: number[];
  loadAtEnd: number[];
  loads: number[];
};

function write(figures: Figures): void {
  const extra = [
    values.duration === '600' ? '' : ` --duration ${values.duration}`,
    values.share === '0.8' ? '' : ` --share ${values.share}`,
    values['max-heap'] === undefined ? '' : ` --max-heap ${values['max-heap']}`,
  ].join('');
  const { command, niced } = commandAsRun('bench/load/soak.ts', `${extra} --write`);
  const date = new Date().toISOString().slice(0, 10);
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const loads = figures.loads;
  const chart = lineChart({
    title: `pith serve at ${figures.rate} req/s (${Math.round(SHARE * 100)} % of its measured capacity) for ${DURATION / 60} min: server RSS`,
    xLabel: 'seconds into the soak',
    yLabel: 'RSS of the server process, MB (all worker threads)',
    series: [
      {
        label: `RSS every ${SAMPLE_S} s`,
        colour: PALETTE[0],
        points: figures.samples.map((sample) => ({ x: sample.at, y: sample.rssMb })),
      },
    ],
    guides: [
      { y: figures.mean * 1.1, label: `+10 % of the mean after ${WARM_UP_S} s` },
      { y: figures.mean * 0.9, label: `−10 %` },
    ],
    caption: `${command} · ${date} · ${cpus().length} cores, Node ${process.version} · load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the run`,
  });
  writeFileSync(join(REPO_ROOT, 'docs', 'soak-rss.svg'), `${chart}\n`);
  const { capacity, soak } = figures;
  const soakStatuses = Object.entries(statusCounts(soak))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const block = [
    '## The service under a ten-minute soak (`pith serve`)',
    '',
    `- Command: \`${command}\`.`,
    `- Date: ${date}; Node ${process.version}; ${cpus().length} cores (${cpu}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB; ` +
      `load average ${figures.loadAtStart[0].toFixed(2)} at the start, ${figures.loadAtEnd[0].toFixed(2)} at the end, ` +
      `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} over the soak (1-minute figures${niced ? '; the server and the load were niced' : ''}).`,
    `- Server: the built CLI in its own process, ${CONCURRENCY} worker threads, queue 64, 15 s budget per page; autocannon in the bench process on 127.0.0.1. ` +
      `Pages: ${figures.pages} sample pages (readability-testpages, L3S-GN1, CleanPortalEval), ${figures.totalKb.toFixed(0)} KB in all, in turn as \`POST /v1/extract\` JSON bodies, Markdown out; each extracted twice first.`,
    `- Capacity: ${CAPACITY_CONNECTIONS} clients back to back for ${capacity.duration.toFixed(0)} s: ${figures.capacityRate.toFixed(2)} pages/s ` +
      `(${capacity['2xx']} answers, all 200; p50 ${capacity.latency.p50} ms, p99 ${capacity.latency.p99} ms); the server used ${figures.capacityCpuMs.toFixed(1)} ms of CPU per page.`,
    `- Soak: ${CONNECTIONS} clients at ${figures.rate} requests/s in all (${Math.round(SHARE * 100)} % of that capacity) for ${soak.duration.toFixed(0)} s: ` +
      `${soak.requests.total} requests, statuses ${soakStatuses}, ${soak.errors} connection errors, ${soak.timeouts} timeouts; ` +
      `latency p50 ${soak.latency.p50} ms, p99 ${soak.latency.p99} ms, max ${soak.latency.max} ms; ${figures.soakCpuMs.toFixed(1)} ms of server CPU per page. ` +
      `**Errors: ${figures.errors}.**`,
    `- Memory (RSS of the server process, all threads; every ${SAMPLE_S} s): ${figures.rssBefore.toFixed(0)} MB before the soak; after its first ${WARM_UP_S} s, ` +
      `mean ${figures.mean.toFixed(0)} MB, min ${figures.min.toFixed(0)} MB (${((100 * (figures.min - figures.mean)) / figures.mean).toFixed(1)} %), ` +
      `max ${figures.max.toFixed(0)} MB (+${((100 * (figures.max - figures.mean)) / figures.mean).toFixed(1)} %), trend ${figures.mbPerMinute.toFixed(2)} MB per minute ` +
      `(least squares), first minute ${figures.firstMinute.toFixed(0)} MB, last minute ${figures.lastMinute.toFixed(0)} MB; ${figures.after.rss.toFixed(0)} MB 5 s after the end, peak ${figures.after.peak.toFixed(0)} MB.`,
    '',
    '![RSS of the server over the soak](soak-rss.svg)',
  ].join('\n');
  const path = writeBenchmarkSection('soak', block);
  process.stdout.write(`wrote docs/soak-rss.svg and the soak section of ${path}\n(command: ${command})\n`);
}

await main();
