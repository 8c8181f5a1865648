/**
 * The server's Prometheus metrics, in the text exposition format (version 0.0.4):
 * requests by route, method and status; a latency histogram by route; errors by code;
 * requests in flight; and the extraction pool's state. Small enough to keep by hand.
 */

/** Latency histogram buckets, seconds: from a cached health check to a page at the time limit. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

export interface PoolGauges {
  threads: number;
  running: number;
  queued: number;
  timeouts: number;
}

/** The outbox's state (outbox.ts). */
export interface OutboxGauges {
  connections: number;
  unsentBytes: number;
  cutOff: number;
  refused: number;
}

/** Label values escaped as the format asks: backslash, double quote and newline. */
function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export class Metrics {
  readonly #requests = new Map<string, number>();
  readonly #latency = new Map<string, Histogram>();
  readonly #errors = new Map<string, number>();
  inFlight = 0;

  /** Records one finished request. */
  observe(route: string, method: string, status: number, seconds: number): void {
    const key = `route="${label(route)}",method="${label(method)}",status="${status}"`;
    this.#requests.set(key, (this.#requests.get(key) ?? 0) + 1);
    let histogram = this.#latency.get(route);
    if (!histogram) {
      histogram = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.#latency.set(route, histogram);
    }
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]) histogram.counts[i]++;
    histogram.sum += seconds;
    histogram.count++;
  }

  /** Records one error answer (a whole request, or one page of a batch). */
  error(code: string): void {
    this.#errors.set(code, (this.#errors.get(code) ?? 0) + 1);
  }

  render(pool: PoolGauges, outbox?: OutboxGauges): string {
    const lines: string[] = [
      '# HELP pith_http_requests_total HTTP requests answered, by route, method and status.',
      '# TYPE pith_http_requests_total counter',
    ];
    for (const [key, value] of this.#requests) lines.push(`pith_http_requests_total{${key}} ${value}`);
    lines.push(
      '# HELP pith_http_request_duration_seconds Time from request to response, by route.',
      '# TYPE pith_http_request_duration_seconds histogram',
    );
    for (const [route, histogram] of this.#latency) {
      const name = `route="${label(route)}"`;
      BUCKETS.forEach((bucket, i) => {
        lines.push(
          `pith_http_request_duration_seconds_bucket{${name},le="${bucket}"} ${histogram.counts[i]}`,
        );
      });
      lines.push(
        `pith_http_request_duration_seconds_bucket{${name},le="+Inf"} ${histogram.count}`,
        `pith_http_request_duration_seconds_sum{${name}} ${histogram.sum}`,
        `pith_http_request_duration_seconds_count{${name}} ${histogram.count}`,
      );
    }
    lines.push(
      '# HELP pith_errors_total Error answers by code (batch pages count one each).',
      '# TYPE pith_errors_total counter',
    );
    for (const [code, value] of this.#errors) lines.push(`pith_errors_total{code="${label(code)}"} ${value}`);
    const single = (name: string, type: 'gauge' | 'counter', help: string, value: number) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`);
    single('pith_http_requests_in_flight', 'gauge', 'Requests being handled now.', this.inFlight);
    single('pith_pool_threads', 'gauge', 'Extraction worker threads alive.', pool.threads);
    single('pith_pool_running', 'gauge', 'Pages being extracted now.', pool.running);
    single('pith_pool_queued', 'gauge', 'Pages waiting for a worker thread.', pool.queued);
    single(
      'pith_pool_timeouts_total',
      'counter',
      'Extractions stopped at the time limit (their thread was replaced).',
      pool.timeouts,
    );
    if (outbox) {
      single('pith_http_connections', 'gauge', 'Connections open now.', outbox.connections);
      single(
        'pith_http_unsent_bytes',
        'gauge',
        'Bytes of answers handed to connections and not yet taken by their clients.',
        outbox.unsentBytes,
      );
      single(
        'pith_http_send_timeouts_total',
        'counter',
        'Connections closed because their client left an answer unread past the send timeout.',
        outbox.cutOff,
      );
      single(
        'pith_http_unsent_refusals_total',
        'counter',
        'Requests and answers refused because the bytes held for clients were at their limit.',
        outbox.refused,
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
