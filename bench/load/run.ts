/**
 * Load on `pith serve` (a bench, not a test): autocannon on loopback against the built
 * server in its own process, on sample pages from ../shared/datasets/sample.
 *
 *   npm run build && nice -n 10 npx tsx bench/load/run.ts [--duration 30] [--connections 50] [--write]
 *
 * 1. Framework floor: GET /healthz, same clients, a third of the duration.
 * 2. Extraction below the limit: POST /v1/extract (JSON, Markdown) cycling through the
 *    sample pages, `--connections` clients for `--duration` s, with a queue deep enough
 *    for every client (errors must be 0); twice in a row, with the server's RSS every 5 s
 *    (it must level off, not grow with the requests).
 * 3. Past the limit: the same clients against a server whose queue is small: the
 *    overflow must be clean 503s (with Retry-After and a JSON error, sampled), nothing
 *    else, and the server must answer normally afterwards.
 *
 * `--write` replaces the `<!-- load:start -->` … `<!-- load:end -->` section of
 * docs/benchmarks-journal.md. Every request goes to 127.0.0.1 only.
 */
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import {
  cannon,
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
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: String(Math.max(1, cpus().length)) },
    'small-queue': { type: 'string', default: '8' },
    write: { type: 'boolean', default: false },
  },
  strict: true,
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const CONCURRENCY = Number(values.concurrency);
const SMALL_QUEUE = Number(values['small-queue']);
/** The queue of run 2: every client can wait, so nothing is refused. */
const DEEP_QUEUE = CONNECTIONS + 14;

interface Round {
  result: autocannon.Result;
  /** RSS every 5 s of the run, MB. */
  timeline: number[];
  after: { rss: number; peak: number };
}

function serverFlags(queue: number): string[] {
  return ['--concurrency', String(CONCURRENCY), '--queue', String(queue)];
}

async function main(): Promise<void> {
  const pages = samplePages();
  if (pages.length === 0) throw new Error('no sample pages under ../shared/datasets/sample');
  const totalBytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(
    `${pages.length} sample pages, ${(totalBytes / 1024).toFixed(0)} KB in all; ${CONNECTIONS} clients, ${DURATION} s`,
  );

  // Runs 1 and 2: a queue for every client.
  const server = await startServer(serverFlags(DEEP_QUEUE));
  const pid = server.child.pid as number;
  let floor: autocannon.Result;
  let before: { rss: number; peak: number };
  let settled: { rss: number; peak: number };
  const rounds: Round[] = [];
  try {
    await warmUp(server.base, pages);
    floor = await cannon({
      url: `${server.base}/healthz`,
      connections: CONNECTIONS,
      duration: Math.max(3, Math.round(DURATION / 3)),
    });
    say(`healthz: ${describeRun(floor)}`);
    await warmUp(server.base, pages);
    before = memoryOf(pid);
    say(`RSS before: ${before.rss.toFixed(0)} MB`);
    // The same load twice, RSS every 5 s: a leak keeps growing with the requests, a warm heap
    // levels off (V8 lets each worker's heap grow before it collects, so one run is not enough).
    for (let round = 1; round <= 2; round++) {
      const timeline: number[] = [];
      const sampler = setInterval(() => timeline.push(memoryOf(pid).rss), 5000);
      const result = await cannon({
        url: server.base,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: extractRequests(pages),
      });
      clearInterval(sampler);
      const after = memoryOf(pid);
      rounds.push({ result, timeline, after });
      say(`extract, round ${round}: ${describeRun(result)}`);
      say(
        `RSS after: ${after.rss.toFixed(0)} MB (peak so far ${after.peak.toFixed(0)} MB); every 5 s: ${timeline.map((mb) => mb.toFixed(0)).join(', ')} MB`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
    settled = memoryOf(pid);
    say(`RSS 5 s later: ${settled.rss.toFixed(0)} MB`);
  } finally {
    await server.stop();
  }

  // Run 3: past the limit.
  const small = await startServer(serverFlags(SMALL_QUEUE));
  let overload: autocannon.Result;
  let sample503: { status: number; retryAfter: string | null; body: string } | undefined;
  let recovered: number;
  let drainMs: number;
  try {
    await warmUp(small.base, pages.slice(0, 2));
    const running = cannon({
      url: small.base,
      connections: CONNECTIONS,
      duration: Math.max(5, Math.round(DURATION / 3)),
      requests: extractRequests(pages),
    });
    // While it runs, look at one refusal closely (autocannon counts statuses, not headers).
    for (let attempt = 0; attempt < 200 && !sample503; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const response = await fetch(`${small.base}/v1/extract`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ html: pages[0].html }),
      });
      const body = await response.text();
      if (response.status === 503)
        sample503 = { status: 503, retryAfter: response.headers.get('retry-after'), body };
    }
    overload = await running;
    say(`past the limit (queue ${SMALL_QUEUE}): ${describeRun(overload)}`);
    say(`a 503: Retry-After ${sample503?.retryAfter}, body ${sample503?.body}`);
    // The clients are gone; what they left queued is dropped and what runs finishes.
    const drainStart = performance.now();
    for (let attempt = 0; attempt < 400; attempt++) {
      const health = (await (await fetch(`${small.base}/healthz`)).json()) as {
        pool: { running: number; queued: number };
      };
      if (health.pool.running === 0 && health.pool.queued === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    drainMs = performance.now() - drainStart;
    recovered = (
      await fetch(`${small.base}/v1/extract`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ html: pages[0].html }),
      })
    ).status;
    say(`drained in ${drainMs.toFixed(0)} ms, then HTTP ${recovered}`);
  } finally {
    await small.stop();
  }

  if (values.write) {
    writeSection({
      pages: pages.length,
      totalBytes,
      floor,
      rounds,
      before,
      settled,
      overload,
      sample503,
      recovered,
      drainMs,
    });
  }
}

interface Figures {
  pages: number;
  totalBytes: number;
  floor: autocannon.Result;
  rounds: Round[];
  before: { rss: number; peak: number };
  settled: { rss: number; peak: number };
  overload: autocannon.Result;
  sample503: { status: number; retryAfter: string | null; body: string } | undefined;
  recovered: number;
  drainMs: number;
}

function row(name: string, result: autocannon.Result): string {
  const counts = statusCounts(result);
  const statuses = Object.entries(counts)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return `| ${name} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${result.requests.total} | ${statuses} | ${result.errors} / ${result.timeouts} |`;
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

function writeSection(figures: Figures): void {
  const extra = [
    values.duration === '30' ? '' : ` --duration ${values.duration}`,
    values.connections === '50' ? '' : ` --connections ${values.connections}`,
  ].join('');
  const command = `npm run build && nice -n 10 npx tsx bench/load/run.ts${extra} --write`;
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const overloadCounts = statusCounts(figures.overload);
  const other = Object.entries(overloadCounts).filter(([status]) => status !== '200' && status !== '503');
  const block = [
    '## HTTP service under load (`pith serve`)',
    '',
    `- Command: \`${command}\`.`,
    `- Date: ${new Date().toISOString().slice(0, 10)}; Node ${process.version}; ${cpus().length} cores (${cpu}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB. ` +
      'The machine is shared with other engineers’ jobs and the run was niced: throughput and latency are lower bounds, not the service’s ceiling.',
    `- Server: the built CLI (\`node dist/cli/main.js serve\`) in its own process, ${CONCURRENCY} worker threads, 15 s budget per page; ` +
      `autocannon in the bench process, ${CONNECTIONS} connections on 127.0.0.1, 60 s client timeout.`,
    `- Pages: ${figures.pages} sample pages (readability-testpages, L3S-GN1, CleanPortalEval from \`../shared/datasets/sample\`), ${(figures.totalBytes / 1024).toFixed(0)} KB in all, ` +
      'sent in turn as `POST /v1/extract` JSON bodies, Markdown out, default extractor; each page extracted twice before the measured runs.',
    '',
    '| run | req/s | p50 ms | p99 ms | max ms | requests | statuses | conn. errors / timeouts |',
    '|---|---|---|---|---|---|---|---|',
    row(`GET /healthz, ${figures.floor.duration.toFixed(0)} s (framework floor)`, figures.floor),
    ...figures.rounds.map((round, index) =>
      row(
        `extract, queue ${DEEP_QUEUE} (below the limit), ${round.result.duration.toFixed(0)} s, round ${index + 1}`,
        round.result,
      ),
    ),
    row(
      `extract, queue ${SMALL_QUEUE} (past the limit), ${figures.overload.duration.toFixed(0)} s`,
      figures.overload,
    ),
    '',
    `- Memory of the server process (all worker threads included): RSS ${figures.before.rss.toFixed(0)} MB after the warm-up; ` +
      figures.rounds
        .map(
          (round, index) =>
            `round ${index + 1}, every 5 s: ${round.timeline.map((mb) => mb.toFixed(0)).join(', ')} MB, ${round.after.rss.toFixed(0)} MB at its end`,
        )
        .join('; ') +
      `; peak ${figures.rounds[figures.rounds.length - 1].after.peak.toFixed(0)} MB; ${figures.settled.rss.toFixed(0)} MB 5 s after the last round.`,
    `- Below the limit: ${sum(figures.rounds, (round) => round.result['2xx'])} of ${sum(figures.rounds, (round) => round.result.requests.total)} answers were 200, ` +
      `${sum(figures.rounds, (round) => round.result.non2xx)} were not, ${sum(figures.rounds, (round) => round.result.errors)} connection errors. ` +
      `Latency is queueing: ${CONNECTIONS} clients share ${CONCURRENCY} workers, so a request waits for about ${CONNECTIONS / CONCURRENCY} extractions.`,
    `- Past the limit the overflow was refused cleanly: ${overloadCounts['503'] ?? 0} answers 503, ${overloadCounts['200'] ?? 0} answers 200, ` +
      `${other.length === 0 ? 'no other status' : `other statuses ${JSON.stringify(Object.fromEntries(other))}`}, ${figures.overload.errors} connection errors. ` +
      `A sampled 503 carried \`Retry-After: ${figures.sample503?.retryAfter ?? '?'}\` and \`${figures.sample503?.body ?? '?'}\`; ` +
      `when the clients left, the pool was idle ${figures.drainMs.toFixed(0)} ms later and the next request was answered ${figures.recovered}.`,
  ].join('\n');
  const path = writeBenchmarkSection('load', block);
  process.stdout.write(`wrote the load section of ${path}\n(command: ${command})\n`);
}

await main();
