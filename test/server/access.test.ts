/**
 * The service beyond localhost (issue 14): API keys (`Authorization: Bearer KEY`, 401 with
 * WWW-Authenticate otherwise) and per-client rate limits (429 with Retry-After), both in
 * pith's error shape, both off unless configured.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type PithServer, parseApiKeys } from '../../src/server/index.js';
import { testServer } from './helpers.js';

const KEYS = ['k7Qf2mZ9xP4rT8vL1nB6cW3y', 'second-key_0123456789.~+/=='];

function bearer(key: string) {
  return { authorization: `Bearer ${key}` };
}

describe('API keys', () => {
  let server: PithServer;
  before(() => {
    // These tests send more wrong keys than an address may in a minute (auth-failures.test.ts tests that).
    server = testServer({ apiKeys: KEYS, authFailuresPerMinute: 0 });
  });
  after(async () => {
    await server?.close();
  });

  test('without a key the API answers 401 with WWW-Authenticate, in pith’s shape', async () => {
    for (const [method, url] of [
      ['GET', '/v1/extractors'],
      ['POST', '/v1/extract'],
      ['POST', '/v1/extract/batch'],
      ['GET', '/v1/extract?url=https%3A%2F%2Fexample.com%2F'],
      ['GET', '/metrics'],
      ['GET', '/v1/nothing'],
    ] as const) {
      const response = await server.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      assert.equal(response.statusCode, 401, `${method} ${url}: ${response.body}`);
      assert.equal(response.headers['www-authenticate'], 'Bearer realm="pith"');
      assert.equal(response.json().error.code, 'UNAUTHORIZED');
    }
  });

  test('a wrong key is 401 invalid_token; the key is never repeated', async () => {
    for (const authorization of [
      'Bearer wrong-key-0123456789',
      `Bearer ${KEYS[0]}x`,
      `Bearer ${KEYS[0].slice(0, -1)}`,
      `Basic ${Buffer.from(`user:${KEYS[0]}`).toString('base64')}`,
      'Bearer',
    ]) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/v1/extractors',
        headers: { authorization },
      });
      assert.equal(response.statusCode, 401, authorization);
      assert.equal(response.headers['www-authenticate'], 'Bearer realm="pith", error="invalid_token"');
      assert.equal(response.json().error.code, 'UNAUTHORIZED');
      assert.ok(!response.body.includes(KEYS[0].slice(0, 8)), 'no part of a key in the answer');
    }
  });

  test('each key works, the scheme name in any case', async () => {
    for (const headers of [bearer(KEYS[0]), bearer(KEYS[1]), { authorization: `bearer ${KEYS[0]}` }]) {
      const response = await server.app.inject({ method: 'GET', url: '/v1/extractors', headers });
      assert.equal(response.statusCode, 200, JSON.stringify(headers));
    }
    const extracted = await server.app.inject({
      method: 'POST',
      url: '/v1/extract',
      headers: bearer(KEYS[1]),
      payload: { html: '<article><p>A paragraph long enough to be the content of this page.</p></article>' },
    });
    assert.equal(extracted.statusCode, 200, extracted.body);
  });

  test('open without a key: the web page, its assets, /healthz (also HEAD) and /openapi.json', async () => {
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/assets/app.css'],
      ['GET', '/healthz'],
      ['HEAD', '/healthz'],
      ['GET', '/openapi.json'],
    ] as const) {
      const response = await server.app.inject({ method, url });
      assert.equal(response.statusCode, 200, `${method} ${url}`);
    }
  });

  test('the OpenAPI document says the API needs a bearer token', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.deepEqual(document.components.securitySchemes.apiKey, { type: 'http', scheme: 'bearer' });
    assert.deepEqual(document.paths['/v1/extract'].post.security, [{ apiKey: [] }]);
    assert.ok(document.paths['/v1/extract'].post.responses['401']);
    assert.deepEqual(document.paths['/healthz'].get.security, []);
  });
});

describe('API-key files', () => {
  test('one key a line, comments and blank lines skipped', () => {
    assert.deepEqual(parseApiKeys(`# pith keys\n${KEYS[0]}\n\n  ${KEYS[1]}  \r\n`), KEYS);
  });
  test('a short or odd key, or no key, is refused, naming the line but not the key', () => {
    for (const [text, line] of [
      ['# only a comment\n', /no key/],
      [`${KEYS[0]}\nshort\n`, /line 2/],
      [`${KEYS[0]}\nhas a space in it 0123456789\n`, /line 2/],
      ['"quoted-key-0123456789"\n', /line 1/],
    ] as const) {
      assert.throws(
        () => parseApiKeys(text),
        (error: Error) => line.test(error.message) && !error.message.includes('0123456789'),
      );
    }
  });
});

describe('rate limits', () => {
  test('per address without keys: the client over the limit gets 429 with Retry-After; /healthz is not counted', async () => {
    const server = testServer({ rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const from = (remoteAddress: string) =>
        server.app.inject({ method: 'GET', url: '/v1/extractors', remoteAddress });
      for (let i = 0; i < 3; i++) assert.equal((await from('192.0.2.1')).statusCode, 200);
      for (let i = 0; i < 5; i++) {
        assert.equal(
          (await server.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '192.0.2.1' }))
            .statusCode,
          200,
        );
      }
      const refused = await from('192.0.2.1');
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().error.code, 'RATE_LIMITED');
      assert.match(refused.json().error.message, /3 requests per minute/);
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After: ${refused.headers['retry-after']}`);
      assert.equal((await from('192.0.2.2')).statusCode, 200, 'another address has its own count');
      const metrics = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.3' });
      assert.match(metrics.body, /^pith_errors_total\{code="RATE_LIMITED"\} 1$/m);
    } finally {
      await server.close();
    }
  });

  test('per key with keys: two clients behind one address are counted apart', async () => {
    const server = testServer({ apiKeys: KEYS, rateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const as = (key: string) =>
        server.app.inject({
          method: 'GET',
          url: '/v1/extractors',
          headers: bearer(key),
          remoteAddress: '192.0.2.9',
        });
      assert.equal((await as(KEYS[0])).statusCode, 200);
      assert.equal((await as(KEYS[0])).statusCode, 200);
      assert.equal((await as(KEYS[0])).statusCode, 429);
      assert.equal((await as(KEYS[1])).statusCode, 200, 'the other key has its own count');
    } finally {
      await server.close();
    }
  });
});
