/**
 * Who may use the service, and how much: API keys (`Authorization: Bearer KEY`, compared
 * in constant time by @fastify/bearer-auth) and per-client rate limits (@fastify/rate-limit,
 * per key when there are keys, else per address). Both are off unless configured.
 *
 * Open routes (`config: { access: 'open' }`) need no key: the web page and its assets (a
 * browser loads them before it can be given a key), /healthz (for load balancers and
 * orchestrators, which carry no token) and /openapi.json (the API's description). Every
 * other route, routes added later by other plugins included, needs one. /healthz is also
 * outside the rate limit (`config: { rateLimit: false }`): a health check must not fail
 * because a client was busy.
 *
 * Failed keys are throttled per address whether or not there is a rate limit (issue 36, item
 * 12): after `authFailuresPerMinute` of them, every request of that address that needs a key
 * gets 429 until the minute is over, its key unchecked.
 */
import { createHash } from 'node:crypto';
import bearerAuth from '@fastify/bearer-auth';
import rateLimitPlugin, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RequestError } from './errors.js';
import type { RateLimit } from './options.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'open': no API key needed (the default: one is, when the server has keys). */
    access?: 'open';
  }
}

export interface AccessOptions {
  apiKeys?: readonly string[];
  rateLimit?: RateLimit;
  /** Failed API-key attempts an address may make per minute; then 429 (0 or absent: no limit). */
  authFailuresPerMinute?: number;
}

/** What an API key may look like: RFC 6750's token68, 16 characters at least. */
const KEY_SHAPE = /^[A-Za-z0-9\-._~+/]{16,}=*$/;
export const MIN_KEY_LENGTH = 16;

/**
 * The keys of an API-key file: one a line; blank lines and lines starting with `#` are
 * skipped. Throws (naming the line, never repeating a key) when one is not a usable key.
 */
export function parseApiKeys(text: string): string[] {
  const keys: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (!KEY_SHAPE.test(line)) {
      throw new Error(
        `line ${index + 1} is not a usable key: at least ${MIN_KEY_LENGTH} characters of A-Z a-z 0-9 - . _ ~ + / (then = padding only)`,
      );
    }
    keys.push(line);
  });
  if (keys.length === 0) throw new Error('no key in it (one key a line; # starts a comment)');
  return keys;
}

/** The realm and, for a token that was sent but is wrong, RFC 6750's error. */
function unauthorized(request: FastifyRequest): RequestError {
  const sent = request.headers.authorization !== undefined;
  return new RequestError(
    'UNAUTHORIZED',
    sent
      ? 'the API key is not valid (send Authorization: Bearer KEY)'
      : 'this server needs an API key: send Authorization: Bearer KEY',
    { 'www-authenticate': sent ? 'Bearer realm="pith", error="invalid_token"' : 'Bearer realm="pith"' },
  );
}

function describeWindow(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? 'minute' : `${ms / 60_000} minutes`;
  if (ms % 1000 === 0) return ms === 1000 ? 'second' : `${ms / 1000} s`;
  return `${ms} ms`;
}

/** The client of each authenticated request (a digest of its key: keys are never kept twice). */
const clients = new WeakMap<FastifyRequest, string>();

/** Who made a request: the digest of its API key (`key:…`, on a server with keys) and its address. */
export function clientOf(request: FastifyRequest): { key?: string; address: string } {
  const key = clients.get(request);
  return { ...(key ? { key } : {}), address: normalizeIP(request.ip, 64) };
}

const accessPlugin: FastifyPluginAsync<AccessOptions> = async (
  app,
  { apiKeys, rateLimit, authFailuresPerMinute = 0 },
) => {
  const keyed = apiKeys !== undefined && apiKeys.length > 0;
  const throttleFailures = keyed && authFailuresPerMinute > 0;
  if (rateLimit || throttleFailures) {
    const window = describeWindow(rateLimit?.windowMs ?? 60_000);
    // Registered without a limit of its own when only failed keys are throttled (global: false).
    await app.register(rateLimitPlugin, {
      global: rateLimit !== undefined,
      max: rateLimit?.max ?? 0,
      timeWindow: rateLimit?.windowMs ?? 60_000,
      keyGenerator: (request) => clients.get(request) ?? `address:${normalizeIP(request.ip, 64)}`,
      errorResponseBuilder: (_request, context) =>
        new RequestError(
          'RATE_LIMITED',
          `over the limit of ${context.max} requests per ${window} for this client; retry in ${context.after}`,
        ),
    });
  }
  if (keyed) {
    await app.register(bearerAuth, {
      keys: [...apiKeys],
      addHook: false,
      // The scheme name is case-insensitive (RFC 9110); rfc6749 mode reads it so.
      specCompliance: 'rfc6749',
      verifyErrorLogLevel: 'info',
    });
    const verify = app.verifyBearerAuth;
    if (!verify) throw new Error('@fastify/bearer-auth did not decorate verifyBearerAuth');
    // Failed keys per address (a guesser makes a new key every time: its address is what it keeps).
    const failures = throttleFailures
      ? app.createRateLimit({
          max: authFailuresPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => `failed-key:${normalizeIP(request.ip, 64)}`,
        })
      : undefined;
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.access === 'open') return;
      // Past the limit no key is even checked: a right guess would otherwise still tell itself apart.
      const before = await failures?.(request, { increment: false });
      if (before && !before.isAllowed && before.remaining === 0) throw tooManyFailures(before.ttlInSeconds);
      const error = await new Promise<Error | undefined>((resolve) =>
        verify(request, reply, (failed) => resolve(failed ?? undefined)),
      );
      if (error) {
        await failures?.(request);
        throw unauthorized(request);
      }
      const token = (request.headers.authorization ?? '').slice('bearer '.length).trim();
      clients.set(request, `key:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`);
    });
  }
};

function tooManyFailures(retryAfter: number): RequestError {
  const seconds = Math.max(1, retryAfter);
  return new RequestError(
    'RATE_LIMITED',
    `too many requests with a key that is not valid from this address; retry in ${seconds} s`,
    { 'retry-after': String(seconds) },
  );
}

export const access = fp(accessPlugin, { name: 'pith-access' });
