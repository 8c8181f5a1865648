/**
 * The HTTP service on fastify, put together from plugins: what every request goes
 * through (requests.ts), the one error mapper (errors.ts), who may call and how often
 * (access.ts), then the routes by concern (routes/). Extraction itself runs in the
 * worker pool (pool.ts); this thread only parses requests, fetches URLs (with the
 * library's safe fetcher) and streams answers.
 *
 * A new group of routes is one more plugin registered with the context, after the
 * others: it gets the error shape, metrics, API keys and rate limits with no more code.
 */
import { Ajv } from 'ajv';
import Fastify, { type FastifyInstance } from 'fastify';
import { access } from './access.js';
import { ServerContext } from './context.js';
import { clientErrorHandler, errorMapper, frameworkErrorHandler } from './errors.js';
import { hostCheck } from './hosts.js';
import { DEFAULT_SERVER_OPTIONS, HARD_TIMEOUT_GRACE_MS, type ServerOptions } from './options.js';
import type { ExtractionPool } from './pool.js';
import { requests } from './requests.js';
import { batchRoutes, extractRoutes, jobRoutes, pageRoutes, serviceRoutes } from './routes/index.js';

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

/**
 * Request validation: JSON bodies are taken as typed (`{"html": 123}` is an error, not
 * the string "123"); query strings, where everything is text, are converted to the
 * schema's types (`diagnostics=true`, one `include` as a list of one). Unknown fields
 * are errors, not silently dropped.
 */
function validators(): { body: Ajv; query: Ajv } {
  const common = { removeAdditional: false, allowUnionTypes: true, allErrors: false, strict: false } as const;
  return {
    body: new Ajv({ ...common, coerceTypes: false }),
    query: new Ajv({ ...common, coerceTypes: 'array' }),
  };
}

/** Builds the service (not listening yet): `await server.listen()`, or `server.app.inject()` in tests. */
export function createServer(overrides: Partial<ServerOptions> = {}): PithServer {
  const options: ServerOptions = { ...DEFAULT_SERVER_OPTIONS, ...overrides };
  if (options.maxAnswerBytes > options.maxUnsentBytes) {
    throw new Error(
      `maxAnswerBytes (${options.maxAnswerBytes}) is over maxUnsentBytes (${options.maxUnsentBytes}): no answer that large could be sent`,
    );
  }
  const context = new ServerContext(options);
  const { metrics, pool, routes } = context;

  const app = Fastify({
    logger: options.log,
    bodyLimit: options.maxBodyBytes,
    requestTimeout: options.requestTimeoutMs,
    http: {
      requestTimeout: options.requestTimeoutMs,
      // Node enforces neither limit when the headers' one is the larger (fastify leaves it at 60 s).
      headersTimeout: Math.min(60_000, options.requestTimeoutMs),
      // Node checks both on this interval; its default, 30 s, would let a stalled body hold a
      // connection for up to half a minute past its limit.
      connectionsCheckingInterval: Math.min(1000, options.requestTimeoutMs),
    },
    clientErrorHandler: clientErrorHandler(metrics),
    frameworkErrors: frameworkErrorHandler(metrics, options.maxBodyBytes),
    return503OnClosing: true,
  });
  context.log = app.log;
  const ajv = validators();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? ajv.body : ajv.query).compile(schema),
  );

  context.outbox.attach(app.server);

  app.register(requests, { metrics, routes });
  app.register(errorMapper, { metrics, routes, maxBodyBytes: options.maxBodyBytes });
  app.register(hostCheck, { bindHost: options.host, allowedHosts: options.allowedHosts });
  app.register(access, {
    apiKeys: options.apiKeys,
    rateLimit: options.rateLimit,
    authFailuresPerMinute: options.authFailuresPerMinute,
  });
  app.register(pageRoutes);
  app.register(serviceRoutes, { context });
  app.register(extractRoutes, { context });
  app.register(batchRoutes, { context });
  app.register(jobRoutes, { context });

  return {
    app,
    routes: routes.routes,
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
      context.outbox.close();
      await closed;
      await pool.close();
      await options.jobs?.close();
    },
  };
}
