/**
 * The Host header on a loopback address (issue 36, item 8: DNS rebinding): through the server on
 * 127.0.0.1, a request naming any other host is a 421 HOST_NOT_ALLOWED on every route, the open
 * ones included; loopback names are answered with any port; `allowedHosts` (pith serve
 * --allow-host) adds names, `*` turns the check off. Other addresses: the policy alone (tests
 * listen on loopback only).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { hostName, hostPolicy } from '../../src/server/hosts.js';
import type { PithServer, ServerOptions } from '../../src/server/index.js';
import { testServer } from './helpers.js';

const servers: PithServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function start(options: Partial<ServerOptions> = {}): Promise<number> {
  const server = testServer(options);
  servers.push(server);
  return Number(new URL(await server.listen()).port);
}

/** One request to 127.0.0.1:port with this Host header: status and error code. */
function withHost(
  port: number,
  host: string,
  path = '/v1/extractors',
): Promise<{ status: number; code?: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        const code = response.statusCode === 200 ? undefined : JSON.parse(body).error?.code;
        resolve({ status: response.statusCode ?? 0, code });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('Host names on a loopback address', () => {
  test('another host name is refused on every route; loopback names are answered, any port', async () => {
    const port = await start();
    for (const host of [
      'rebound.example',
      `rebound.example:${port}`,
      'localhost.rebound.example',
      '127.0.0.1.nip.io',
      '10.0.0.1',
      '[::2]:8080',
    ]) {
      for (const path of ['/v1/extractors', '/', '/healthz', '/openapi.json', '/v1/nothing']) {
        assert.deepEqual(
          await withHost(port, host, path),
          { status: 421, code: 'HOST_NOT_ALLOWED' },
          `${host} ${path}`,
        );
      }
    }
    for (const host of [
      'localhost',
      `localhost:${port}`,
      'LOCALHOST:80',
      `127.0.0.1:${port}`,
      '127.0.0.1',
      '127.1.2.3:9',
      `[::1]:${port}`,
      '[::1]',
    ]) {
      assert.equal((await withHost(port, host)).status, 200, host);
    }
  });

  test('allowed host names are answered too; * answers any', async () => {
    const port = await start({ allowedHosts: ['pith.internal', 'Tools.Example:8080'] });
    assert.equal((await withHost(port, 'pith.internal')).status, 200);
    assert.equal((await withHost(port, `pith.internal:${port}`)).status, 200);
    assert.equal((await withHost(port, 'tools.example')).status, 200);
    assert.equal((await withHost(port, 'localhost')).status, 200);
    assert.equal((await withHost(port, 'other.internal')).status, 421);
    const any = await start({ allowedHosts: ['*'] });
    assert.equal((await withHost(any, 'rebound.example')).status, 200);
  });
});

describe('the host policy', () => {
  test('on other addresses: every host unless names are given, then those and loopback names', () => {
    assert.equal(hostPolicy('0.0.0.0', []), undefined);
    assert.equal(hostPolicy('192.0.2.7', []), undefined);
    assert.equal(hostPolicy('127.0.0.1', ['*']), undefined);
    const given = hostPolicy('0.0.0.0', ['pith.example.org']);
    assert.ok(given);
    assert.equal(given('pith.example.org:443'), true);
    assert.equal(given('localhost:8080'), true);
    assert.equal(given('evil.example'), false);
  });

  test('a Host header name: the port and brackets read as a browser writes them', () => {
    assert.equal(hostName('LocalHost:8080'), 'localhost');
    assert.equal(hostName('[::1]:8080'), '[::1]');
    assert.equal(hostName('[::1]'), '[::1]');
    assert.equal(hostName('127.0.0.1'), '127.0.0.1');
    // On loopback, a name is answered exactly when it is a loopback name, whatever the port.
    const loopback = hostPolicy('127.0.0.1', []);
    assert.ok(loopback);
    fc.assert(
      fc.property(fc.domain(), fc.integer({ min: 1, max: 65535 }), (domain, port) => {
        const expected = domain.toLowerCase() === 'localhost';
        return loopback(`${domain}:${port}`) === expected && loopback(domain) === expected;
      }),
    );
  });
});
