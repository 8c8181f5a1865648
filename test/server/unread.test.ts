/**
 * Clients that do not read their answers (issue 36, item 1), on real sockets against the server
 * on loopback: an answer past --max-answer is a 422 ANSWER_TOO_LARGE; a client that leaves an
 * answer unread is cut off after the send timeout and what it held goes back; past the bytes the
 * server may hold for such clients, new requests get 503 OVERLOADED; a batch whose client stops
 * reading stops extracting; past --max-connections a new connection is closed at once.
 * The large answers come from a test worker (fixtures/large-answer-worker.ts) that makes them at
 * once, without extracting.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { PithServer, ServerOptions } from '../../src/server/index.js';
import { answerMarker, countMarker } from './fixtures/large-answer-worker.js';
import { ARTICLE_HTML, eventually, testServer } from './helpers.js';

const LARGE_ANSWER_WORKER = new URL('./fixtures/large-answer-worker.ts', import.meta.url);
const MB = 1024 * 1024;

const servers: PithServer[] = [];
const sockets: Socket[] = [];
after(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => server.close()));
});

async function start(
  options: Partial<ServerOptions>,
): Promise<{ server: PithServer; base: string; port: number }> {
  // A long page budget: a cold worker thread on a busy machine is not what these tests are about.
  const server = testServer({ workerUrl: LARGE_ANSWER_WORKER, timeoutMs: 120_000, ...options });
  servers.push(server);
  const base = await server.listen();
  return { server, base, port: Number(new URL(base).port) };
}

/**
 * Sends one request on a socket of its own and reads the first chunk of the answer only (its
 * status), then nothing more: a client that never reads.
 */
function stalledClient(
  port: number,
  path: string,
  body: string,
  type = 'text/html',
): Promise<{ socket: Socket; status: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
    sockets.push(socket);
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve({ socket, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1', 0, 20))?.[1]) });
    });
  });
}

/** One gauge or counter of /metrics. */
async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  assert.ok(line, `${name} in /metrics`);
  return Number(line.slice(name.length + 1));
}

/** The bytes of the test worker's answer beyond its padding: `{"padding":""}`. */
const JSON_OVERHEAD = 14;
const page = (bytes: number, extra = '') =>
  `<html><body>${answerMarker(bytes)}${extra}<p>x</p></body></html>`;

describe('answers as large as a client asks', () => {
  test('an answer over --max-answer is a 422 ANSWER_TOO_LARGE, alone or in a batch; a smaller one is served', async () => {
    const { base } = await start({ workerUrl: undefined, maxAnswerBytes: 2500 });
    const all = 'include=view&include=html&include=markdown&include=text';
    const post = (query: string) =>
      fetch(`${base}/v1/extract?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'text/html' },
        body: ARTICLE_HTML,
      });
    const large = await post(all);
    assert.equal(large.status, 422);
    const error = (await large.json()).error;
    assert.equal(error.code, 'ANSWER_TOO_LARGE');
    assert.match(error.message, /over this server's limit of 2500 bytes: ask for fewer renderings/);
    const small = await post('format=text');
    assert.equal(small.status, 200, await small.clone().text());
    assert.ok((await small.arrayBuffer()).byteLength <= 2500);

    const batch = await fetch(`${base}/v1/extract/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        include: ['view', 'html', 'markdown', 'text'],
        pages: [{ html: ARTICLE_HTML, id: 'whole' }],
      }),
    });
    assert.equal(batch.status, 200);
    const line = JSON.parse((await batch.text()).trim());
    assert.deepEqual([line.id, line.error?.code], ['whole', 'ANSWER_TOO_LARGE']);
  });
});

describe('clients that stop reading', () => {
  test('a client that leaves its answer unread is cut off after the send timeout; what it held goes back', async () => {
    const { base, port } = await start({ sendTimeoutMs: 500 });
    const client = await stalledClient(port, '/v1/extract', page(24 * MB));
    assert.equal(client.status, 200);
    assert.ok((await metric(base, 'pith_http_unsent_bytes')) > 20 * MB, 'the answer is held while unread');
    assert.ok(
      await eventually(async () => (await metric(base, 'pith_http_send_timeouts_total')) === 1),
      'cut off after the send timeout',
    );
    assert.equal(await metric(base, 'pith_http_unsent_bytes'), 0);
    // Serving goes on.
    const next = await fetch(`${base}/v1/extract`, {
      method: 'POST',
      headers: { 'content-type': 'text/html' },
      body: page(100_000),
    });
    assert.equal(next.status, 200);
    assert.ok((await next.arrayBuffer()).byteLength > 100_000);
  });

  test('past the bytes held for unread answers: 503 OVERLOADED with Retry-After, and served again once they go', async () => {
    const { base, port } = await start({
      sendTimeoutMs: 600_000,
      maxUnsentBytes: 30 * MB,
      maxAnswerBytes: 30 * MB,
    });
    const post = (body: string) =>
      fetch(`${base}/v1/extract`, { method: 'POST', headers: { 'content-type': 'text/html' }, body });
    const first = await stalledClient(port, '/v1/extract', page(24 * MB));
    assert.equal(first.status, 200);

    // Another 24 MB answer does not fit: made, then refused rather than held.
    const refused = await post(page(24 * MB));
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get('retry-after'), '600');
    assert.equal((await refused.json()).error.code, 'OVERLOADED');
    // A small one does.
    assert.equal((await post(ARTICLE_HTML)).status, 200);

    // With the budget spent (the second answer fills it to the byte), a request is refused before any work.
    const second = await stalledClient(port, '/v1/extract', page(6 * MB - 2 * JSON_OVERHEAD));
    assert.equal(second.status, 200);
    assert.equal(await metric(base, 'pith_http_unsent_bytes'), 30 * MB);
    const atOnce = await post(ARTICLE_HTML);
    assert.equal(atOnce.status, 503);
    assert.match((await atOnce.json()).error.message, /answers not yet read by their clients/);

    // The clients leave: what they held is given back.
    first.socket.destroy();
    second.socket.destroy();
    assert.ok(await eventually(async () => (await metric(base, 'pith_http_unsent_bytes')) === 0));
    const again = await post(page(24 * MB));
    assert.equal(again.status, 200);
    await again.arrayBuffer();
  });

  test('a batch whose client stops reading stops: its pages are not all extracted and held', async () => {
    const { base, port } = await start({ sendTimeoutMs: 600_000 });
    const counter = join(mkdtempSync(join(tmpdir(), 'pith-batch-count-')), 'pages');
    writeFileSync(counter, '');
    const pages = Array.from({ length: 20 }, (_, index) => ({
      id: String(index),
      html: page(8 * MB, countMarker(counter)),
    }));
    const client = await stalledClient(
      port,
      '/v1/extract/batch',
      JSON.stringify({ pages }),
      'application/json',
    );
    assert.equal(client.status, 200);
    // The batch waits for its client: no page runs or waits.
    const idle = async () => {
      const { pool } = await (await fetch(`${base}/healthz`)).json();
      return pool.running === 0 && pool.queued === 0;
    };
    assert.ok(await eventually(idle, 60_000));
    // One lane: the line being written, one waiting, and what the kernel's socket buffers took.
    const extracted = readFileSync(counter, 'utf8').split('\n').filter(Boolean).length;
    assert.ok(extracted <= 6, `${extracted} of 20 pages extracted for a client that read nothing`);
    assert.ok((await metric(base, 'pith_http_unsent_bytes')) > 0, 'the line being written is held');
    client.socket.destroy();
    assert.ok(await eventually(async () => (await metric(base, 'pith_http_unsent_bytes')) === 0));
  });
});

describe('connections', () => {
  test('past --max-connections a new connection is closed at once; one that closes makes room', async () => {
    const { base, port } = await start({ maxConnections: 2 });
    const open = (): Promise<{ socket: Socket; answered: Promise<string> }> =>
      new Promise((resolve) => {
        const socket = connect({ host: '127.0.0.1', port }, () => {
          socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
          resolve({
            socket,
            answered: new Promise((settle) => {
              let text = '';
              socket.on('data', (chunk) => {
                text += chunk;
              });
              socket.once('close', () => settle(text));
              socket.once('data', () => setTimeout(() => settle(text), 50));
            }),
          });
        });
        socket.on('error', () => {});
        sockets.push(socket);
      });
    const [first, second] = [await open(), await open()];
    assert.match(await first.answered, /^HTTP\/1\.1 200/);
    assert.match(await second.answered, /^HTTP\/1\.1 200/);
    // Both stay open (keep-alive); a third is closed without an answer.
    const third = await open();
    assert.equal(await third.answered, '');
    assert.ok(third.socket.destroyed || third.socket.readableEnded);
    first.socket.destroy();
    assert.ok(
      await eventually(async () => {
        const response = await fetch(`${base}/healthz`).catch(() => undefined);
        return response?.status === 200;
      }),
    );
  });
});
