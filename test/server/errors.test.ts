/**
 * Every answer that is not a success has pith's shape, `{"error": {"code", "message"}}`,
 * whichever layer refused the request: the routes, the schemas, the router (404, 405),
 * the framework (a URL it cannot decode) or Node's HTTP parser (a lying Content-Length,
 * garbage, headers too large, a body that never ends). Issue 14.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { PithServer } from '../../src/server/index.js';
import { ARTICLE_HTML, testServer } from './helpers.js';

let server: PithServer;
let port: number;

before(async () => {
  server = testServer({ requestTimeoutMs: 1000 });
  port = Number(new URL(await server.listen()).port);
});
after(async () => {
  await server?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library to fix them up) and reads the answer. */
function rawRequest(text: string, waitMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${waitMs} ms: ${JSON.stringify(received)}`));
    }, waitMs);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const [head, ...rest] = received.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** The answer is pith's error shape with this status and code. */
function assertPithError(answer: RawAnswer, status: number, code: string): void {
  assert.equal(answer.status, status, `${answer.status} ${answer.body}`);
  assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
  assert.deepEqual(Object.keys(body), ['error']);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message']);
  assert.equal(body.error.code, code, answer.body);
  assert.ok(body.error.message.length > 0);
}

const JSON_HEAD =
  'POST /v1/extract HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\n';

describe("Node's HTTP parser and the framework answer in pith's shape", () => {
  test('a Content-Length shorter than the body: the rest is not a request', async () => {
    const body = JSON.stringify({ html: '<p>Hello there</p>' });
    const answer = await rawRequest(`${JSON_HEAD}Content-Length: 5\r\n\r\n${body}`);
    // The first 5 bytes are not JSON (400 BAD_REQUEST); what follows is not HTTP: either
    // way the client reads pith's shape.
    assertPithError(answer, 400, 'BAD_REQUEST');
  });

  test('a Content-Length that is not a number', async () => {
    assertPithError(await rawRequest(`${JSON_HEAD}Content-Length: abc\r\n\r\n{}`), 400, 'BAD_REQUEST');
  });

  test('bytes that are not HTTP', async () => {
    assertPithError(await rawRequest('HELLO\r\n\r\n'), 400, 'BAD_REQUEST');
  });

  test('headers over the size limit: 431', async () => {
    const answer = await rawRequest(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    assertPithError(answer, 431, 'HEADERS_TOO_LARGE');
  });

  test('a Content-Length longer than the body: the request times out with a 408', async () => {
    const body = JSON.stringify({ html: '<p>Hello there</p>' });
    const answer = await rawRequest(`${JSON_HEAD}Content-Length: 500\r\n\r\n${body}`);
    assertPithError(answer, 408, 'REQUEST_TIMEOUT');
  });

  test('a path that is not valid percent-encoding', async () => {
    const answer = await rawRequest(
      'GET /v1/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    assertPithError(answer, 400, 'BAD_REQUEST');
  });
});

describe('the router: 404 for no such path, 405 for a path without that method', () => {
  test('a wrong method answers 405 with Allow', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/v1/extract', 'GET, HEAD, POST'],
      ['PUT', '/v1/extract/batch', 'POST'],
      ['POST', '/healthz', 'GET, HEAD'],
      ['PATCH', '/assets/app.js', 'GET, HEAD'],
      ['OPTIONS', '/v1/extractors', 'GET, HEAD'],
    ] as const) {
      const response = await server.app.inject({ method, url });
      assert.equal(response.statusCode, 405, `${method} ${url}`);
      assert.equal(response.headers.allow, allow, `${method} ${url}`);
      assert.equal(response.json().error.code, 'METHOD_NOT_ALLOWED');
      assert.match(response.json().error.message, new RegExp(`${method} .*${allow}`));
    }
  });

  test('an unknown path is still 404', async () => {
    const response = await server.app.inject({ method: 'DELETE', url: '/v1/nothing' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().error.code, 'NOT_FOUND');
    assert.equal(response.headers.allow, undefined);
  });
});

describe('an invalid URL is the client’s mistake (400), not a failed fetch (502)', () => {
  test('GET, POST and batch pages', async () => {
    for (const url of ['not a url', 'http://', 'https://exa mple.com/', '//example.com/path']) {
      const get = await server.app.inject({
        method: 'GET',
        url: `/v1/extract?url=${encodeURIComponent(url)}`,
      });
      assert.equal(get.statusCode, 400, `${url}: ${get.body}`);
      assert.equal(get.json().error.code, 'BAD_URL');
      const post = await server.app.inject({ method: 'POST', url: '/v1/extract', payload: { url } });
      assert.equal(post.statusCode, 400, `${url}: ${post.body}`);
      assert.equal(post.json().error.code, 'BAD_URL');
    }
    const batch = await server.app.inject({
      method: 'POST',
      url: '/v1/extract/batch',
      payload: { pages: [{ url: 'http://' }] },
    });
    assert.equal(JSON.parse(batch.body.trim()).error.code, 'BAD_URL');
  });
});

describe('JSON bodies are taken as typed: no coercion', () => {
  test('{"html": 123} and other wrongly typed fields are refused', async () => {
    for (const payload of [
      { html: 123 },
      { html: true },
      { html: ['<p>x</p>'] },
      { html: ARTICLE_HTML, diagnostics: 'true' },
      { html: ARTICLE_HTML, images: 0 },
      { html: ARTICLE_HTML, include: 'view' },
      { url: 42 },
    ]) {
      const response = await server.app.inject({ method: 'POST', url: '/v1/extract', payload });
      assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body.slice(0, 200)}`);
      assert.equal(response.json().error.code, 'BAD_REQUEST');
    }
    const batch = await server.app.inject({
      method: 'POST',
      url: '/v1/extract/batch',
      payload: { pages: [{ html: 123 }] },
    });
    assert.equal(batch.statusCode, 400);
  });

  test('the query string still converts what needs converting', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/extract?diagnostics=true&images=false&include=view&format=text',
      headers: { 'content-type': 'text/html' },
      payload: ARTICLE_HTML,
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.ok(body.view, 'one include is a list of one');
    assert.ok(body.diagnostics !== undefined, 'diagnostics=true is a boolean');
  });
});
