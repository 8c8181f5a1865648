/**
 * A worker's Prometheus metrics (prom-client): jobs by outcome, records, failed pages by code,
 * skipped records by reason, jobs running, records/s over the last minute, the queue's depth by
 * state (read from Redis when scraped), and the process's own (CPU, memory, event loop).
 */
import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { QueueJobResult } from './jobs.js';

export type JobOutcome = 'completed' | 'failed' | 'handed_back' | 'duplicate';

export class WorkerMetrics {
  readonly registry = new Registry();
  readonly #jobs: Counter<'outcome'>;
  readonly #records: Counter;
  readonly #pageFailures: Counter<'code'>;
  readonly #skipped: Counter<'reason'>;
  readonly #active: Gauge;
  /** Records finished in each of the last 60 seconds (a ring), for records/s. */
  readonly #perSecond = new Array<number>(60).fill(0);
  #second = Math.floor(Date.now() / 1000);

  constructor(queueDepth: () => Promise<Record<string, number>>) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'pith_worker_' });
    this.#jobs = new Counter({
      name: 'pith_queue_jobs_total',
      help: 'Jobs this worker ended, by outcome',
      labelNames: ['outcome'],
      registers,
    });
    this.#records = new Counter({
      name: 'pith_queue_records_total',
      help: 'Page records written',
      registers,
    });
    this.#pageFailures = new Counter({
      name: 'pith_queue_page_failures_total',
      help: 'Pages that failed (a record with an error code), by code',
      labelNames: ['code'],
      registers,
    });
    this.#skipped = new Counter({
      name: 'pith_queue_skipped_total',
      help: 'Archive records that are not pages, by reason',
      labelNames: ['reason'],
      registers,
    });
    this.#active = new Gauge({
      name: 'pith_queue_active_jobs',
      help: 'Jobs running on this worker',
      registers,
    });
    const metrics = this;
    new Gauge({
      name: 'pith_queue_records_per_second',
      help: 'Records written per second by this worker, over the last minute',
      registers,
      collect() {
        this.set(metrics.#recentRecords() / 60);
      },
    });
    new Gauge({
      name: 'pith_queue_depth',
      help: 'Jobs in the queue, by state (read from Redis)',
      labelNames: ['state'],
      registers,
      async collect() {
        const counts = await queueDepth().catch(() => ({}) as Record<string, number>);
        for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
      },
    });
  }

  jobStarted(): void {
    this.#active.inc();
  }

  jobLeft(): void {
    this.#active.dec();
  }

  jobEnded(outcome: JobOutcome, result?: QueueJobResult): void {
    this.#jobs.inc({ outcome });
    if (!result) return;
    this.#records.inc(result.pages);
    for (const [code, count] of Object.entries(result.failed)) this.#pageFailures.inc({ code }, count);
    for (const [reason, count] of Object.entries(result.skipped)) this.#skipped.inc({ reason }, count);
  }

  /** Records written (a part of a job's output): for records/s. */
  recordsWritten(count: number): void {
    this.#advance();
    this.#perSecond[this.#second % 60] += count;
  }

  #advance(): void {
    const now = Math.floor(Date.now() / 1000);
    for (let second = Math.max(this.#second + 1, now - 59); second <= now; second++)
      this.#perSecond[second % 60] = 0;
    this.#second = Math.max(this.#second, now);
  }

  #recentRecords(): number {
    this.#advance();
    return this.#perSecond.reduce((sum, count) => sum + count, 0);
  }

  /**
   * Serves /metrics on `port` (0: any free port); resolves with the server once listening. On
   * loopback unless told otherwise: the metrics need no key, so no interface beyond this machine.
   */
  async serve(port: number, host = '127.0.0.1'): Promise<Server> {
    const server = createServer((request, response) => {
      if (request.url !== '/metrics') {
        response.writeHead(404).end('not found: GET /metrics\n');
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    return server;
  }
}
