/**
 * What the service's URL route says of hostile or failing fetches (issue 36, items 3 and 7):
 * chained Content-Encodings are refused before decoding, a refused name is not answered with the
 * address it resolves to (the server logs it), and names that do not resolve all read alike.
 * Every server here listens on 127.0.0.1; the service reaches it through the test's address policy.
 */
import assert from 'node:assert/strict';
import type { LookupFunction } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { PithServer } from '../../packages/server/src/index.js';
import { ARTICLE_HTML, eventually, layeredOrigin, startServe, testServer } from './helpers.js';

async function fetchThrough(server: PithServer, url: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v1/extract?url=${encodeURIComponent(url)}&format=text`,
  });
  return { status: response.statusCode, body: response.json() };
}

describe('the URL route and chained Content-Encodings', () => {
  let server: PithServer;
  let origin: Awaited<ReturnType<typeof layeredOrigin>>;

  before(async () => {
    server = testServer({ fetch: { isAddressAllowed: (address) => address === '127.0.0.1' } });
    origin = await layeredOrigin(ARTICLE_HTML, [2, 6, 2000]);
  });
  after(async () => {
    await server?.close();
    await origin?.close();
  });

  test('2 layers are undone', async () => {
    const { status, body } = await fetchThrough(server, `http://127.0.0.1:${origin.port}/?layers=2`);
    assert.equal(status, 200);
    assert.match(body.text, /oxbow lake/);
  });

  // Before the cap, 2,000 layers held the server's main thread for 26–56 s (504 after 77 s for
  // three at once); the test's timeout turns such a regression into a failure, not a hang.
  for (const layers of [6, 2000]) {
    test(`${layers} layers: 502 FETCH_TOO_MANY_ENCODINGS`, { timeout: 30_000 }, async () => {
      const { status, body } = await fetchThrough(
        server,
        `http://127.0.0.1:${origin.port}/?layers=${layers}`,
      );
      assert.equal(status, 502);
      assert.equal(body.error.code, 'FETCH_TOO_MANY_ENCODINGS');
      assert.match(body.error.message, new RegExp(`${layers} chained Content-Encodings \\(at most 5`));
    });
  }
});

describe('the URL route does not tell missing names from existing ones', () => {
  let server: PithServer;

  before(() => {
    const lookup: LookupFunction = (hostname, options, callback) => {
      if (hostname === 'empty.example') {
        if (options.all) callback(null, []);
        else callback(null, '', 4);
        return;
      }
      const code = hostname === 'exists-without-address.example' ? 'ENODATA' : 'ENOTFOUND';
      callback(Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code }), '', undefined);
    };
    server = testServer({ fetch: { lookup } });
  });
  after(async () => {
    await server?.close();
  });

  test('ENOTFOUND, ENODATA and an empty answer: one status, one code, one message', async () => {
    const answers = [];
    for (const name of ['missing.example', 'exists-without-address.example', 'empty.example']) {
      const { status, body } = await fetchThrough(server, `http://${name}/`);
      answers.push({ status, code: body.error.code, message: body.error.message.replaceAll(name, 'NAME') });
    }
    const expected = {
      status: 502,
      code: 'FETCH_FAILED',
      message: 'http://NAME/: NAME could not be resolved',
    };
    assert.deepEqual(answers, [expected, expected, expected]);
  });
});

describe('pith serve --log: a refused address is logged, not answered', () => {
  test('localhost: the answer says "private or reserved", the log names the address', {
    timeout: 90_000,
  }, async () => {
    const serve = await startServe(['--log']);
    let stdout = '';
    serve.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    const { address } = serve;
    try {
      // localhost resolves to 127.0.0.1 and/or ::1: refused by the default policy, never contacted.
      const response = await fetch(`${address}/v1/extract?url=${encodeURIComponent('http://localhost:9/')}`);
      const body = (await response.json()) as { error: { code: string; message: string } };
      assert.equal(response.status, 403);
      assert.equal(body.error.code, 'FETCH_BLOCKED');
      assert.equal(
        body.error.message,
        'http://localhost:9/: localhost resolves to a private or reserved address',
      );
      await eventually(() => /"address":"(127\.0\.0\.1|::1)"/.test(stdout), 5000);
      assert.match(stdout, /"msg":"fetch refused: private or reserved address"/);
      assert.match(stdout, /"host":"localhost","address":"(127\.0\.0\.1|::1)"/);
    } finally {
      await serve.stop();
    }
  });
});
