/**
 * Key guessing is throttled (issue 36, item 12): through the server on loopback with API keys,
 * an address that sent `authFailuresPerMinute` keys that are not valid gets 429 RATE_LIMITED with
 * Retry-After for the rest of the minute, whatever key it sends next (the right one included: a
 * guess must not tell itself apart); other addresses (127.0.0.2 here) and the open routes are not
 * affected; with --rate-limit too, and without any rate limit.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, describe, test } from 'node:test';
import type { PithServer, ServerOptions } from '../../src/server/index.js';
import { testServer } from './helpers.js';

const KEY = 'pith-test-key-0123456789abcdef';
const servers: PithServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function start(options: Partial<ServerOptions>): Promise<number> {
  const server = testServer({ apiKeys: [KEY], ...options });
  servers.push(server);
  return Number(new URL(await server.listen()).port);
}

/** GET `path` from `localAddress` with this key (none: no Authorization). */
function get(
  port: number,
  path: string,
  key: string | undefined,
  localAddress = '127.0.0.1',
): Promise<{ status: number; code?: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = key === undefined ? {} : { authorization: `Bearer ${key}` };
    const outgoing = request({ host: '127.0.0.1', port, path, localAddress, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({
          status,
          ...(status >= 400 ? { code: JSON.parse(body).error.code } : {}),
          ...(response.headers['retry-after'] ? { retryAfter: String(response.headers['retry-after']) } : {}),
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('failed API keys', () => {
  for (const [name, options] of [
    ['without a rate limit', {}],
    ['with a rate limit', { rateLimit: { max: 100, windowMs: 60_000 } }],
  ] as const) {
    test(`${name}: past the failures an address may make, 429 with Retry-After, its key unchecked`, async () => {
      const port = await start({ ...options, authFailuresPerMinute: 3 });
      assert.equal((await get(port, '/v1/extractors', KEY)).status, 200);
      for (const guess of ['guess-0000000000000000', undefined, 'guess-0000000000000001']) {
        assert.deepEqual(await get(port, '/v1/extractors', guess), { status: 401, code: 'UNAUTHORIZED' });
      }
      for (const key of ['guess-0000000000000002', KEY, undefined]) {
        const refused = await get(port, '/v1/extractors', key);
        assert.equal(refused.status, 429, String(key));
        assert.equal(refused.code, 'RATE_LIMITED');
        assert.ok(Number(refused.retryAfter) >= 1 && Number(refused.retryAfter) <= 60, refused.retryAfter);
      }
      // The open routes, and another address, are not affected.
      assert.equal((await get(port, '/healthz', undefined)).status, 200);
      assert.equal((await get(port, '/v1/extractors', KEY, '127.0.0.2')).status, 200);
      assert.equal((await get(port, '/v1/extractors', 'guess-0000000000000003', '127.0.0.2')).status, 401);
    });
  }

  test('the default: ten failures a minute', async () => {
    const port = await start({});
    for (let attempt = 0; attempt < 10; attempt++) {
      assert.equal((await get(port, '/metrics', `guess-${String(attempt).padStart(16, '0')}`)).status, 401);
    }
    assert.equal((await get(port, '/metrics', 'guess-0000000000000010')).status, 429);
  });
});
