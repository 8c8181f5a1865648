/**
 * The server fetches URLs with the library's safe fetcher: private, loopback,
 * link-local and metadata addresses are refused after DNS resolution and on every
 * redirect. No test here needs the network: literal addresses are refused before any
 * connection, names resolve through a stub resolver, and redirects come from a local
 * server on 127.0.0.1 (which the test alone allows itself to reach).
 */
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { PithServer } from '../../packages/server/src/index.js';
import { isPrivateAddress } from '../../packages/tools/src/ip.js';
import { ARTICLE_HTML, localServer, testServer } from './helpers.js';

/** A resolver for made-up names; anything else fails as an unknown name would. */
function stubLookup(names: Record<string, string>): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const address = names[hostname];
    if (!address) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family } satisfies LookupAddress]);
    else callback(null, address, family);
  }) as LookupFunction;
}

const NAMES = {
  'intranet.example': '10.1.2.3',
  'metadata.example': '169.254.169.254',
  'router.example': '192.168.0.1',
  'loopback.example': '127.0.0.1',
  'v6-loopback.example': '::1',
};

async function fetchThrough(server: PithServer, url: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v1/extract?url=${encodeURIComponent(url)}&format=text`,
  });
  return { status: response.statusCode, body: response.json() };
}

describe('URL fetching refuses private addresses (default policy)', () => {
  let server: PithServer;
  let target: Awaited<ReturnType<typeof localServer>>;

  before(async () => {
    server = testServer({ fetch: { lookup: stubLookup(NAMES) } });
    // A live page on loopback: the refusal must not be a connection failure.
    target = await localServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(ARTICLE_HTML);
    });
  });
  after(async () => {
    await server?.close();
    await target?.close();
  });

  for (const url of [
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://2130706433/',
    'http://0x7f.1/',
  ]) {
    test(`${url} is refused (403 FETCH_BLOCKED)`, async () => {
      const { status, body } = await fetchThrough(server, url);
      assert.equal(status, 403);
      assert.equal(body.error.code, 'FETCH_BLOCKED');
    });
  }

  test('a reachable server on loopback is refused, and never contacted', async () => {
    const { status, body } = await fetchThrough(server, `http://127.0.0.1:${target.port}/`);
    assert.equal(status, 403);
    assert.equal(body.error.code, 'FETCH_BLOCKED');
    assert.equal(target.hits(), 0);
  });

  for (const [name, address] of Object.entries(NAMES)) {
    test(`a name that resolves to ${address} is refused`, async () => {
      const { status, body } = await fetchThrough(server, `http://${name}/page`);
      assert.equal(status, 403);
      assert.equal(body.error.code, 'FETCH_BLOCKED');
      // Said without the address: the service's clients get no map of the internal network.
      assert.match(body.error.message, /resolves to a private or reserved address$/);
      assert.ok(!body.error.message.includes(address), body.error.message);
    });
  }

  test('a JSON body url and a batch page url go through the same check', async () => {
    const single = await server.app.inject({
      method: 'POST',
      url: '/v1/extract',
      payload: { url: 'http://metadata.example/' },
    });
    assert.equal(single.statusCode, 403);
    const batch = await server.app.inject({
      method: 'POST',
      url: '/v1/extract/batch',
      payload: { pages: [{ url: 'http://intranet.example/' }, { url: 'http://[::1]:8080/' }] },
    });
    const lines = batch.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      lines.map((line) => line.error.code),
      ['FETCH_BLOCKED', 'FETCH_BLOCKED'],
    );
  });

  test('other schemes are refused', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1:25/']) {
      const { status, body } = await fetchThrough(server, url);
      assert.equal(status, 403, url);
      assert.equal(body.error.code, 'FETCH_BLOCKED');
    }
  });
});

describe('URL fetching refuses redirects to private addresses', () => {
  let server: PithServer;
  let origin: Awaited<ReturnType<typeof localServer>>;

  before(async () => {
    // The redirecting server stands in for a public site: this policy lets the test reach
    // 127.0.0.1 and nothing else that is private, so every refusal below is the redirect's.
    server = testServer({
      fetch: {
        lookup: stubLookup(NAMES),
        isAddressAllowed: (address) => address === '127.0.0.1' || !isPrivateAddress(address),
      },
    });
    origin = await localServer((request, response) => {
      const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
      if (to) {
        response.writeHead(302, { location: to });
        response.end();
        return;
      }
      response.setHeader('content-type', 'text/html');
      response.end(ARTICLE_HTML);
    });
  });
  after(async () => {
    await server?.close();
    await origin?.close();
  });

  const redirect = (to: string) => `http://127.0.0.1:${origin.port}/go?to=${encodeURIComponent(to)}`;

  test('a redirect to an allowed address is followed (so the refusals below are the policy)', async () => {
    const { status, body } = await fetchThrough(server, redirect(`http://127.0.0.1:${origin.port}/article`));
    assert.equal(status, 200);
    assert.match(body.text, /oxbow lake/);
    assert.deepEqual(body.fetched.redirects, [`http://127.0.0.1:${origin.port}/article`]);
    assert.equal(body.url, `http://127.0.0.1:${origin.port}/article`);
  });

  for (const to of [
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://192.168.1.1/admin',
    'http://intranet.example/',
    'http://v6-loopback.example/',
  ]) {
    test(`a redirect to ${to} is refused`, async () => {
      const { status, body } = await fetchThrough(server, redirect(to));
      assert.equal(status, 403);
      assert.equal(body.error.code, 'FETCH_BLOCKED');
    });
  }
});
