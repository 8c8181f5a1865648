/**
 * Which host names the server answers to: the defence against DNS rebinding (issue 36, item 8).
 * A page the local user visits can make its own name resolve to 127.0.0.1 and then call a
 * service on loopback as if it were its own site; the browser still sends the page's host name
 * in `Host`. So on a loopback address the server answers only requests whose `Host` is a
 * loopback name (`localhost`, an address of 127.0.0.0/8, `[::1]`, any port) or one the
 * operator allowed; any other gets 421 HOST_NOT_ALLOWED before its route runs (open routes
 * too: the web page is the way in for a rebinding page). On other addresses the check applies
 * only when allowed names are given. A request without `Host` (HTTP/1.0; browsers always send
 * one) is answered.
 */
import { isIP } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { RequestError } from './errors.js';

/** True for addresses only this machine reaches: 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost' || name === '::1') return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  return name === '::ffff:127.0.0.1' || /^::ffff:127\./.test(name);
}

/** What the server should warn about before it serves (empty: nothing). */
export function startupWarnings(options: { host: string; apiKeys: boolean; rateLimit: boolean }): string[] {
  if (isLoopback(options.host)) return [];
  const warnings: string[] = [];
  if (!options.apiKeys) {
    warnings.push(
      `listening on ${options.host}, reachable from the network, with no API key: anyone who reaches it can use it (--api-key-file FILE requires one)`,
    );
  }
  if (!options.rateLimit) {
    warnings.push(`listening on ${options.host} with no per-client rate limit (--rate-limit N sets one)`);
  }
  return warnings;
}

/** The name of a `Host` header without its port, lower case (`[::1]:8080` → `[::1]`). */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end < 0 ? value : value.slice(0, end + 1);
  }
  const colon = value.lastIndexOf(':');
  return colon < 0 ? value : value.slice(0, colon);
}

/**
 * The host check for a server bound to `bindHost`: undefined when every host is answered,
 * else a test of a `Host` header.
 */
export function hostPolicy(
  bindHost: string,
  allowed: readonly string[],
): ((header: string) => boolean) | undefined {
  const names = new Set(allowed.map((name) => hostName(name)));
  if (names.has('*')) return undefined;
  if (names.size === 0 && !isLoopback(bindHost)) return undefined;
  return (header) => {
    const name = hostName(header);
    return names.has(name) || isLoopback(name);
  };
}

export interface HostCheckOptions {
  bindHost: string;
  allowedHosts: readonly string[];
}

const hostCheckPlugin: FastifyPluginAsync<HostCheckOptions> = async (app, { bindHost, allowedHosts }) => {
  const allows = hostPolicy(bindHost, allowedHosts);
  if (!allows) return;
  app.addHook('onRequest', async (request) => {
    const host = request.headers.host;
    if (host === undefined || allows(host)) return;
    throw new RequestError(
      'HOST_NOT_ALLOWED',
      `this server answers to localhost, 127.0.0.1 and [::1]${allowedHosts.length > 0 ? ' and the host names it was given' : ''}, not to ${JSON.stringify(hostName(host).slice(0, 100))} (pith serve --allow-host NAME adds one)`,
    );
  });
};

export const hostCheck = fp(hostCheckPlugin, { name: 'pith-hosts' });
