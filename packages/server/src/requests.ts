/**
 * What every request goes through, whatever its route: it is counted (metrics by route,
 * method and status, in flight) and answered with the safety headers; and every route
 * added is written in the route table (for 405 + Allow, and for the OpenAPI test).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics.js';

/** The routes of the server, by method and URL pattern (`/assets/:name`), HEAD twins included. */
export class RouteTable {
  readonly routes: { method: string; url: string }[] = [];
  readonly #patterns = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  /** Operations (`GET /assets/{name}`, in OpenAPI's form) that need no key, and those outside the rate limit. */
  readonly #open = new Set<string>();
  readonly #unlimited = new Set<string>();

  add(method: string, url: string, config: { access?: 'open'; rateLimit?: unknown } = {}): void {
    this.routes.push({ method, url });
    const operation = `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;
    if (config.access === 'open') this.#open.add(operation);
    if (config.rateLimit === false) this.#unlimited.add(operation);
    let entry = this.#patterns.get(url);
    if (!entry) {
      const source = url
        .split('/')
        .map((segment) =>
          segment.startsWith(':')
            ? '[^/]+'
            : segment === '*'
              ? '.*'
              : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      entry = { pattern: new RegExp(`^${source}$`), methods: new Set() };
      this.#patterns.set(url, entry);
    }
    entry.methods.add(method);
  }

  isOpen(operation: string): boolean {
    return this.#open.has(operation);
  }

  isUnlimited(operation: string): boolean {
    return this.#unlimited.has(operation);
  }

  /** The methods some route answers on this path, sorted (none: no route has the path). */
  methodsOf(path: string): string[] {
    const methods = new Set<string>();
    for (const { pattern, methods: answered } of this.#patterns.values()) {
      if (pattern.test(path)) for (const method of answered) methods.add(method);
    }
    return [...methods].sort();
  }
}

/** The headers every answer carries, errors from below the routes included. */
export function safetyHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
}

export interface RequestsOptions {
  metrics: Metrics;
  routes: RouteTable;
}

const requestsPlugin: FastifyPluginAsync<RequestsOptions> = async (app, { metrics, routes }) => {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.add(method, route.url, route.config);
  });
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
    safetyHeaders(reply);
  });
};

export const requests = fp(requestsPlugin, { name: 'pith-requests' });
