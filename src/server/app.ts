/**
 * The HTTP service on fastify: routes, limits, errors and metrics. Extraction itself
 * runs in the worker pool (pool.ts); this thread only parses requests, fetches URLs
 * (with the library's safe fetcher) and streams answers.
 */
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  EXTRACTORS,
  type ExtractorParameter,
  fetchPage,
  getExtractor,
  isPithError,
  isServiceSafeValue,
  OUTPUT_FORMATS,
  type OutputFormat,
  PithError,
  VERSION,
} from '../index.js';
import { Metrics } from './metrics.js';
import { openApiDocument } from './openapi.js';
import { PAGE_CSP, pageAsset, pageHtml } from './page/index.js';
import { ExtractionPool, overloaded } from './pool.js';
import { batchRequestSchema, extractQuerySchema, extractRequestSchema } from './schemas.js';
import {
  type ApiError,
  type ContentFormat,
  type ExtractSettings,
  type ExtractTask,
  INCLUDES,
  type Include,
  type TaskOutcome,
} from './types.js';

/** The options of `fetchPage` the server passes on (tests use `lookup` and `isAddressAllowed`). */
export type ServerFetchOptions = NonNullable<Parameters<typeof fetchPage>[1]>;

export interface ServerOptions {
  /** Address to listen on (default 127.0.0.1: this machine only). */
  host: string;
  /** Port (default 8080; 0 picks a free one). */
  port: number;
  /** Largest request body, in bytes (default 10 MiB); also the largest page fetched. */
  maxBodyBytes: number;
  /** Time budget per page (fetch, queue and extraction), in ms (default 15,000). */
  timeoutMs: number;
  /** Worker threads, i.e. pages extracted at once (default: the CPU count). */
  concurrency: number;
  /** Pages that may wait for a worker; beyond, 503 + Retry-After (default 64). */
  queue: number;
  /** Most pages in one batch request (default 100). */
  maxBatch: number;
  /** Log one JSON line per request on stdout (default false). */
  log: boolean;
  /** Options for URL fetching (the address policy stays the safe default unless replaced here). */
  fetch?: ServerFetchOptions;
  /** The worker module (tests swap in one that can be made to hang). */
  workerUrl?: URL;
  /** Start the worker threads at once (default true); false starts them with the first pages. */
  warmWorkers?: boolean;
}

export const DEFAULT_SERVER_OPTIONS: Readonly<ServerOptions> = Object.freeze({
  host: '127.0.0.1',
  port: 8080,
  maxBodyBytes: 10 * 1024 * 1024,
  timeoutMs: 15_000,
  concurrency: Math.max(1, availableParallelism()),
  queue: 64,
  maxBatch: 100,
  log: false,
});

/**
 * Time a worker gets past the page's own deadline before it is terminated: the
 * extractor checks the deadline itself and answers TIMEOUT cleanly in almost every
 * case; termination is for the page that never reaches a check.
 */
const HARD_TIMEOUT_GRACE_MS = 500;

/** HTTP status for each error code (PithError codes and the server's own). */
const STATUS: Readonly<Record<string, number>> = {
  BAD_REQUEST: 400,
  UNKNOWN_EXTRACTOR: 400,
  UNKNOWN_FORMAT: 400,
  BAD_OPTION: 400,
  READ_FAILED: 400,
  FETCH_BLOCKED: 403,
  NOT_FOUND: 404,
  INPUT_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_NODES: 422,
  TOO_DEEP: 422,
  NOT_HTML: 422,
  FETCH_BAD_CONTENT_TYPE: 422,
  ABORTED: 499,
  INTERNAL: 500,
  FETCH_FAILED: 502,
  FETCH_BAD_STATUS: 502,
  FETCH_TOO_LARGE: 502,
  FETCH_TOO_MANY_REDIRECTS: 502,
  OVERLOADED: 503,
  TIMEOUT: 504,
  FETCH_TIMEOUT: 504,
};

export function statusOf(code: string): number {
  return STATUS[code] ?? 500;
}

/** The raw-page media types POST /v1/extract takes besides JSON. */
const RAW_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain', 'application/octet-stream'];

interface SettingsBody {
  format?: string;
  contentFormat?: ContentFormat;
  extractor?: string;
  title?: string;
  diagnostics?: boolean;
  images?: boolean;
  links?: boolean;
  options?: Record<string, string | number | boolean>;
  include?: Include[];
}

/** The query string: the same settings, with `include` as text and parameters as `option=name=value`. */
interface ExtractQuery extends Omit<SettingsBody, 'options' | 'include'> {
  url?: string;
  include?: string[];
  option?: string[];
}

interface ExtractBody extends SettingsBody {
  html?: string;
  url?: string;
}

interface BatchBody extends SettingsBody {
  pages: { html?: string; url?: string; id?: string }[];
}

/** Where a page comes from. */
type PageSource =
  | { kind: 'html'; html: string; url?: string }
  | { kind: 'bytes'; bytes: Uint8Array; contentType?: string; url?: string }
  | { kind: 'fetch'; url: string };

class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function settingsFrom(body: SettingsBody): ExtractSettings {
  const format = (body.format ?? 'markdown') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) {
    throw new PithError(
      'UNKNOWN_FORMAT',
      `unknown format '${format}' (choose from ${OUTPUT_FORMATS.join(', ')})`,
    );
  }
  const extractor = getExtractor(body.extractor ?? 'pith').name;
  return {
    format,
    ...(body.contentFormat ? { contentFormat: body.contentFormat } : {}),
    extractor,
    options: serviceOptions(extractor, body.options ?? {}),
    ...(body.title === undefined ? {} : { title: body.title }),
    diagnostics: body.diagnostics ?? false,
    images: body.images ?? true,
    links: body.links ?? true,
    include: body.include ?? [],
  };
}

/** A client-sent name, shown in an error only as far as it is a plain identifier. */
function shown(name: string): string {
  return /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(name) ? `'${name}'` : '(a name that is not one)';
}

/**
 * The extractor parameters a client may set: only those whose value is service-safe (numbers,
 * booleans, declared choices, the name of a shipped model). Nothing a client sends may name a
 * file, a directory or a device on the server, so a path is refused — and the error repeats
 * nothing of the value.
 */
function serviceOptions(
  extractorName: string,
  options: Record<string, unknown>,
): Record<string, string | number | boolean> {
  const parameters = getExtractor(extractorName).parameters;
  for (const [name, value] of Object.entries(options)) {
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (!parameter) {
      const known = parameters.map((candidate) => candidate.name).join(', ') || 'none';
      throw new PithError(
        'BAD_OPTION',
        `extractor '${extractorName}' has no parameter ${shown(name)} (its parameters: ${known})`,
      );
    }
    if (isServiceSafeValue(parameter, value)) continue;
    const allowed = parameter.choices ?? parameter.models;
    const expected =
      parameter.type !== 'string'
        ? `a ${parameter.type}`
        : allowed
          ? `one of ${allowed.map((choice) => (choice === '' ? "''" : choice)).join(', ')}`
          : 'nothing: the service does not take it';
    const what = parameter.models ? ' (the service takes the name of a shipped model, never a path)' : '';
    throw new PithError('BAD_OPTION', `parameter '${name}' of '${extractorName}' must be ${expected}${what}`);
  }
  return options as Record<string, string | number | boolean>;
}

/** `option=name=value` query parameters, typed by the extractor's parameter declarations. */
function optionsFromQuery(
  extractorName: string,
  raw: readonly string[],
): Record<string, string | number | boolean> {
  const parameters = (EXTRACTORS as Record<string, { parameters: readonly ExtractorParameter[] }>)[
    extractorName
  ]?.parameters;
  const options: Record<string, string | number | boolean> = {};
  for (const item of raw) {
    const equals = item.indexOf('=');
    const name = item.slice(0, equals);
    const value = item.slice(equals + 1);
    const parameter = parameters?.find((candidate) => candidate.name === name);
    if (parameter?.type === 'number') {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number)) {
        throw new PithError('BAD_OPTION', `parameter '${name}' of '${extractorName}' must be a number`);
      }
      options[name] = number;
    } else if (parameter?.type === 'boolean') {
      if (!/^(true|false)$/.test(value)) {
        throw new PithError('BAD_OPTION', `parameter '${name}' of '${extractorName}' must be true or false`);
      }
      options[name] = value === 'true';
    } else {
      options[name] = value;
    }
  }
  return options;
}

function settingsFromQuery(query: ExtractQuery): ExtractSettings {
  const include = (query.include ?? []).flatMap((item) => item.split(',')).filter((item) => item !== '');
  for (const item of include) {
    if (!(INCLUDES as readonly string[]).includes(item)) {
      throw new RequestError('BAD_REQUEST', `unknown include '${item}' (choose from ${INCLUDES.join(', ')})`);
    }
  }
  const settings = settingsFrom({ ...query, include: [...new Set(include)] as Include[] });
  settings.options = serviceOptions(
    settings.extractor,
    optionsFromQuery(settings.extractor, query.option ?? []),
  );
  return settings;
}

function apiErrorOf(error: unknown): ApiError {
  if (isPithError(error) || error instanceof RequestError)
    return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

export interface PithServer {
  app: FastifyInstance;
  /** Every route registered (method, URL pattern), HEAD twins included. */
  routes: readonly { method: string; url: string }[];
  pool: ExtractionPool;
  options: ServerOptions;
  /** Starts listening; resolves to the address (http://host:port). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Builds the service (not listening yet): `await server.listen()`, or `server.app.inject()` in tests. */
export function createServer(overrides: Partial<ServerOptions> = {}): PithServer {
  const options: ServerOptions = { ...DEFAULT_SERVER_OPTIONS, ...overrides };
  const pool = new ExtractionPool({
    concurrency: options.concurrency,
    queue: options.queue,
    workerUrl: options.workerUrl,
    warm: options.warmWorkers,
  });
  const metrics = new Metrics();
  const started = Date.now();
  let fetching = 0;

  const app = Fastify({
    logger: options.log,
    bodyLimit: options.maxBodyBytes,
    // Bodies are JSON or raw pages; ajv checks them. Unknown fields are errors, not silently dropped.
    ajv: { customOptions: { removeAdditional: false, allowUnionTypes: true, coerceTypes: 'array' } },
    return503OnClosing: true,
  });

  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  app.removeContentTypeParser(['text/plain']);
  app.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    metrics.inFlight++;
    const start = process.hrtime.bigint();
    // Counted out on 'finish' or on 'close', whichever comes first: a response cut off by the
    // client never finishes (and fastify's onResponse hook does not run for it).
    let counted = false;
    const done = (finished: boolean) => {
      if (counted) return;
      counted = true;
      metrics.inFlight--;
      const status = finished || reply.raw.writableFinished ? reply.statusCode : 499;
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      metrics.observe(request.routeOptions.url ?? 'unmatched', request.method, status, seconds);
    };
    reply.raw.once('finish', () => done(true));
    reply.raw.once('close', () => done(false));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  });

  function sendError(reply: FastifyReply, error: ApiError, retryAfter?: number): FastifyReply {
    metrics.error(error.code);
    if (error.code === 'OVERLOADED')
      reply.header('retry-after', String(retryAfter ?? pool.retryAfterSeconds()));
    return reply
      .code(statusOf(error.code))
      .type('application/json; charset=utf-8')
      .send({ error: { code: error.code, message: error.message } });
  }

  app.setErrorHandler((error: FastifyError | PithError | RequestError, _request, reply) => {
    if (isPithError(error) || error instanceof RequestError) return sendError(reply, apiErrorOf(error));
    if (error.validation) return sendError(reply, { code: 'BAD_REQUEST', message: error.message });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, {
        code: 'INPUT_TOO_LARGE',
        message: `the request body is over the limit of ${options.maxBodyBytes} bytes`,
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(reply, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `send application/json or a raw page (${RAW_TYPES.join(', ')})`,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, { code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message: error.message });
    }
    reply.log.error(error);
    return sendError(reply, { code: 'INTERNAL', message: 'internal error' });
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, {
      code: 'NOT_FOUND',
      message: `no route ${request.method} ${request.url.split('?')[0]}`,
    }),
  );

  /** One page through fetch (if asked) and the pool, within its time budget. */
  async function extractOne(
    source: PageSource,
    settings: ExtractSettings,
    signal: AbortSignal,
  ): Promise<TaskOutcome> {
    const deadline = Date.now() + options.timeoutMs;
    let task: ExtractTask;
    if (source.kind === 'fetch') {
      fetching++;
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
          fetched: {
            requested: source.url,
            status: page.status,
            contentType: page.contentType ?? null,
            redirects: page.redirects,
          },
        };
      } catch (error) {
        return { error: apiErrorOf(error) };
      } finally {
        fetching--;
      }
    } else if (source.kind === 'html') {
      task = { ...settings, input: source.html, url: source.url, deadline };
    } else {
      task = {
        ...settings,
        input: source.bytes,
        contentType: source.contentType,
        url: source.url,
        deadline,
      };
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      return {
        error: { code: 'TIMEOUT', message: `the page was not extracted within ${options.timeoutMs} ms` },
      };
    }
    return pool.run(
      task,
      { ms: remaining, graceMs: HARD_TIMEOUT_GRACE_MS, totalMs: options.timeoutMs },
      signal,
    );
  }

  /** Aborted when the client goes away before its answer is complete. */
  function clientGone(reply: FastifyReply): AbortSignal {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    return controller.signal;
  }

  /** True (and answered 503) when the server cannot take one more page now. */
  function refuseWhenFull(reply: FastifyReply): boolean {
    if (!pool.full && fetching < pool.concurrency + pool.queueLimit) return false;
    const retryAfter = pool.retryAfterSeconds();
    sendError(reply, overloaded(retryAfter), retryAfter);
    return true;
  }

  async function answer(
    reply: FastifyReply,
    source: PageSource,
    settings: ExtractSettings,
  ): Promise<FastifyReply> {
    const outcome = await extractOne(source, settings, clientGone(reply));
    if ('error' in outcome) return sendError(reply, outcome.error);
    return reply.type('application/json; charset=utf-8').send(outcome.result);
  }

  // ── the web page ──────────────────────────────────────────────────────────
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-cache')
      .send(pageHtml()),
  );
  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const asset = await pageAsset(request.params.name);
    if (!asset) return sendError(reply, { code: 'NOT_FOUND', message: `no asset ${request.params.name}` });
    return reply.type(asset.type).header('cache-control', 'no-cache').send(asset.body);
  });

  // ── service endpoints ─────────────────────────────────────────────────────
  app.get('/healthz', async () => ({
    status: 'ok',
    version: VERSION,
    uptimeSeconds: Math.round((Date.now() - started) / 100) / 10,
    pool: {
      threads: pool.threads,
      concurrency: pool.concurrency,
      running: pool.running,
      queued: pool.queued,
      queueLimit: pool.queueLimit,
    },
  }));
  app.get('/metrics', async (_request, reply) =>
    reply.type('text/plain; version=0.0.4; charset=utf-8').send(
      metrics.render({
        threads: pool.threads,
        running: pool.running,
        queued: pool.queued,
        timeouts: pool.timeouts,
      }),
    ),
  );
  const openApi = openApiDocument({
    maxBodyBytes: options.maxBodyBytes,
    timeoutMs: options.timeoutMs,
    maxBatch: options.maxBatch,
  });
  app.get('/openapi.json', async () => openApi);
  app.get('/v1/extractors', async () => ({
    default: 'pith',
    formats: [...OUTPUT_FORMATS],
    extractors: Object.values(EXTRACTORS).map((extractor) => ({
      name: extractor.name,
      version: extractor.version,
      description: extractor.description,
      needsLayout: 'needsLayout' in extractor && extractor.needsLayout === true,
      parameters: (extractor.parameters as readonly ExtractorParameter[]).map((parameter) => ({
        name: parameter.name,
        type: parameter.type,
        default: parameter.default,
        description: parameter.description,
        ...(parameter.choices ? { choices: [...parameter.choices] } : {}),
      })),
    })),
  }));

  // ── extraction ────────────────────────────────────────────────────────────
  app.get<{ Querystring: ExtractQuery }>(
    '/v1/extract',
    { schema: { querystring: extractQuerySchema } },
    async (request, reply) => {
      const settings = settingsFromQuery(request.query);
      if (!request.query.url) throw new RequestError('BAD_REQUEST', 'querystring must have the url to fetch');
      if (refuseWhenFull(reply)) return reply;
      return answer(reply, { kind: 'fetch', url: request.query.url }, settings);
    },
  );

  app.post<{ Querystring: ExtractQuery; Body: ExtractBody | Buffer }>(
    '/v1/extract',
    {
      schema: {
        querystring: extractQuerySchema,
        body: { content: { 'application/json': { schema: extractRequestSchema } } },
      },
    },
    async (request, reply) => {
      const body = request.body;
      let source: PageSource;
      let settings: ExtractSettings;
      if (Buffer.isBuffer(body)) {
        if (body.length === 0) throw new RequestError('BAD_REQUEST', 'the body is empty: send the page');
        settings = settingsFromQuery(request.query);
        source = {
          kind: 'bytes',
          bytes: body,
          contentType: request.headers['content-type'],
          url: request.query.url,
        };
      } else {
        if (typeof body?.html !== 'string' && typeof body?.url !== 'string') {
          throw new RequestError('BAD_REQUEST', 'body must have html (the page) or url (to fetch)');
        }
        settings = settingsFrom(body);
        source =
          typeof body.html === 'string'
            ? { kind: 'html', html: body.html, url: body.url }
            : { kind: 'fetch', url: body.url as string };
      }
      if (refuseWhenFull(reply)) return reply;
      return answer(reply, source, settings);
    },
  );

  app.post<{ Body: BatchBody }>(
    '/v1/extract/batch',
    { schema: { body: batchRequestSchema(options.maxBatch) } },
    async (request, reply) => {
      const settings = settingsFrom(request.body);
      const pages = request.body.pages;
      pages.forEach((page, index) => {
        if (typeof page.html !== 'string' && typeof page.url !== 'string') {
          throw new RequestError('BAD_REQUEST', `pages/${index} must have html or url`);
        }
      });
      if (refuseWhenFull(reply)) return reply;
      const signal = clientGone(reply);
      const lines = Readable.from(batchLines(pages, settings, signal));
      return reply.type('application/x-ndjson; charset=utf-8').send(lines);
    },
  );

  /**
   * The batch's result lines in the order pages finish. Pages run `concurrency` at a
   * time (one batch can use every worker, and adds at most that many to the queue).
   */
  async function* batchLines(
    pages: BatchBody['pages'],
    settings: ExtractSettings,
    signal: AbortSignal,
  ): AsyncGenerator<string> {
    const ready: string[] = [];
    let wake: (() => void) | undefined;
    let next = 0;
    let active = Math.min(pool.concurrency, pages.length);
    const lane = async () => {
      while (next < pages.length && !signal.aborted) {
        const index = next++;
        const page = pages[index];
        const source: PageSource =
          typeof page.html === 'string'
            ? { kind: 'html', html: page.html, url: page.url }
            : { kind: 'fetch', url: page.url as string };
        const outcome = await extractOne(source, settings, signal).catch(
          (error: unknown): TaskOutcome => ({ error: apiErrorOf(error) }),
        );
        if ('error' in outcome) metrics.error(outcome.error.code);
        const id = page.id === undefined ? {} : { id: page.id };
        const line =
          'error' in outcome
            ? { index, ...id, error: { code: outcome.error.code, message: outcome.error.message } }
            : { index, ...id, result: outcome.result };
        ready.push(`${JSON.stringify(line)}\n`);
        wake?.();
      }
      active--;
      wake?.();
    };
    for (let i = active; i > 0; i--) void lane();
    while (active > 0 || ready.length > 0) {
      if (ready.length > 0) {
        yield ready.shift() as string;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  }

  return {
    app,
    routes,
    pool,
    options,
    async listen() {
      return app.listen({ host: options.host, port: options.port });
    },
    /**
     * Stops accepting connections, lets the requests in flight finish (each is bounded by
     * the time budget), then closes what is left: keep-alive connections with no request
     * would otherwise hold the close for the keep-alive timeout.
     */
    async close() {
      const closed = app.close();
      const until = Date.now() + options.timeoutMs + HARD_TIMEOUT_GRACE_MS;
      while (metrics.inFlight > 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 20));
      app.server.closeAllConnections();
      await closed;
      await pool.close();
    },
  };
}
