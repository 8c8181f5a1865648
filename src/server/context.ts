/**
 * What the route plugins share: the options, the worker pool, the metrics, and the way
 * one page goes through fetch (if asked) and the pool within its time budget. A route
 * plugin gets it as its `context` option (`app.register(plugin, { context })`).
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { FetchBlockedError, FetchUnresolvedError, fetchPage } from '../internal.js';
import { apiErrorOf, RequestError } from './errors.js';
import { Metrics } from './metrics.js';
import { HARD_TIMEOUT_GRACE_MS, type ServerOptions } from './options.js';
import { Outbox } from './outbox.js';
import { ExtractionPool, overloaded } from './pool.js';
import { RouteTable } from './requests.js';
import type { PageSource } from './settings.js';
import type { ExtractSettings, ExtractTask, TaskOutcome } from './types.js';

/** What a route plugin is registered with. */
export interface RouteOptions {
  context: ServerContext;
}

export class ServerContext {
  readonly pool: ExtractionPool;
  readonly metrics = new Metrics();
  /** Every route, as it is added (the routes are added when the server gets ready). */
  readonly routes = new RouteTable();
  readonly startedAt = Date.now();
  /** The server's log (`--log`), for what clients are not told; set when the app is built. */
  log: FastifyBaseLogger | undefined;
  /** Answers on their way out: the open connections, the send timeout, the bytes held for clients. */
  readonly outbox: Outbox;
  /** Pages being fetched now (they count against the pool's room, as they will need a worker). */
  #fetching = 0;

  constructor(readonly options: ServerOptions) {
    this.outbox = new Outbox({
      maxConnections: options.maxConnections,
      sendTimeoutMs: options.sendTimeoutMs,
      maxUnsentBytes: options.maxUnsentBytes,
    });
    this.pool = new ExtractionPool({
      concurrency: options.concurrency,
      maxHeapMb: options.maxHeapMb,
      queue: options.queue,
      workerUrl: options.workerUrl,
      warm: options.warmWorkers,
    });
  }

  /** Throws OVERLOADED (503 + Retry-After) when the server cannot take one more page now. */
  admit(): void {
    const { pool } = this;
    if (this.outbox.full) throw this.unsentOverload();
    if (!pool.full && this.#fetching < pool.concurrency + pool.queueLimit) return;
    const error = overloaded(pool.retryAfterSeconds());
    throw new RequestError(error.code, error.message, { 'retry-after': String(error.retryAfter) });
  }

  /** OVERLOADED for a server that holds as many unread answers as it may (they go within the send timeout). */
  unsentOverload(): RequestError {
    const seconds = Math.max(1, Math.ceil(this.options.sendTimeoutMs / 1000));
    return new RequestError(
      'OVERLOADED',
      `the server holds as many answers not yet read by their clients as it may; retry in ${seconds} s`,
      { 'retry-after': String(seconds) },
    );
  }

  /** A JSON answer's bytes, taken from the outbox's budget (OVERLOADED when they do not fit). */
  sendJson(reply: FastifyReply, body: Uint8Array, lines = false): FastifyReply {
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (!this.outbox.take(reply.raw, bytes.length)) throw this.unsentOverload();
    return reply.type(`application/${lines ? 'x-ndjson' : 'json'}; charset=utf-8`).send(bytes);
  }

  /** One page through fetch (if asked) and the pool, within its time budget. Never throws. */
  async extract(source: PageSource, settings: ExtractSettings, signal: AbortSignal): Promise<TaskOutcome> {
    const { options } = this;
    const deadline = Date.now() + options.timeoutMs;
    const maxAnswerBytes = options.maxAnswerBytes;
    let task: ExtractTask;
    if (source.kind === 'fetch') {
      if (!URL.canParse(source.url)) {
        return {
          error: { code: 'BAD_URL', message: 'url is not an absolute URL such as https://example.com/page' },
        };
      }
      this.#fetching++;
      try {
        const page = await fetchPage(source.url, {
          ...options.fetch,
          timeoutMs: Math.min(options.fetch?.timeoutMs ?? options.timeoutMs, options.timeoutMs),
          maxBytes: options.maxBodyBytes,
        });
        task = {
          ...settings,
          input: page.bytes,
          contentType: page.contentType,
          url: page.url,
          deadline,
          maxAnswerBytes,
          fetched: {
            requested: source.url,
            status: page.status,
            contentType: page.contentType ?? null,
            redirects: page.redirects,
          },
        };
      } catch (error) {
        this.#logFetchFailure(source.url, error);
        return { error: apiErrorOf(error) };
      } finally {
        this.#fetching--;
      }
    } else if (source.kind === 'html') {
      task = { ...settings, input: source.html, url: source.url, deadline, maxAnswerBytes };
    } else {
      task = {
        ...settings,
        input: source.bytes,
        contentType: source.contentType,
        url: source.url,
        deadline,
        maxAnswerBytes,
      };
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      return {
        error: { code: 'TIMEOUT', message: `the page was not extracted within ${options.timeoutMs} ms` },
      };
    }
    return this.pool.run(
      task,
      { ms: remaining, graceMs: HARD_TIMEOUT_GRACE_MS, totalMs: options.timeoutMs },
      signal,
    );
  }

  /**
   * The operator's side of a refused or unresolved fetch: the address a name resolved to and the
   * resolver's code stay out of the answer (they would map the internal network for a client).
   */
  #logFetchFailure(url: string, error: unknown): void {
    if (error instanceof FetchBlockedError)
      this.log?.warn(
        { url, host: error.host, address: error.address },
        'fetch refused: private or reserved address',
      );
    else if (error instanceof FetchUnresolvedError)
      this.log?.info(
        { url, host: error.host, resolverCode: error.resolverCode },
        'fetch failed: name not resolved',
      );
  }
}

/** Aborted when the client goes away before its answer is complete. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
