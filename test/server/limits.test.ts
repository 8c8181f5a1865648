/**
 * The service's limits: body size (413), time budget (504, the hung worker replaced),
 * concurrency and queue (503 + Retry-After), and one heavy page not blocking the
 * others. A test worker makes pages hang on demand (fixtures/hanging-worker.ts); no
 * test depends on how fast anything runs.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_SERVER_OPTIONS, type PithServer } from '../../packages/server/src/index.js';
import {
  ARTICLE_HTML,
  eventually,
  HANG_MARKER,
  HANGING_WORKER,
  HOG_MARKER,
  holdMarker,
  postRaw,
  testServer,
} from './helpers.js';

const HANGING_PAGE = `<html><body>${HANG_MARKER}<p>never done</p></body></html>`;

function extractOverHttp(base: string, html: string, signal?: AbortSignal) {
  return fetch(`${base}/v1/extract`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ html, format: 'text' }),
    signal,
  });
}

describe('body size', () => {
  test('the default limit is 10 MiB: one byte more is a 413 INPUT_TOO_LARGE, raw or JSON', async () => {
    assert.equal(DEFAULT_SERVER_OPTIONS.maxBodyBytes, 10 * 1024 * 1024);
    const server = testServer();
    try {
      const limit = server.options.maxBodyBytes;
      const raw = await postRaw(server, '/v1/extract', Buffer.alloc(limit + 1, 0x61));
      assert.equal(raw.statusCode, 413);
      assert.equal(raw.json().error.code, 'INPUT_TOO_LARGE');
      assert.match(raw.json().error.message, /10485760 bytes/);

      const json = await postRaw(
        server,
        '/v1/extract',
        JSON.stringify({ html: 'a'.repeat(limit) }),
        'application/json',
      );
      assert.equal(json.statusCode, 413);
      assert.equal(json.json().error.code, 'INPUT_TOO_LARGE');
    } finally {
      await server.close();
    }
  });

  test('--max-body sets it; a body at the limit is accepted', async () => {
    const server = testServer({ maxBodyBytes: 2000 });
    try {
      const page = `<p>${'word '.repeat(300)}</p>`.padEnd(2000, ' ');
      const atLimit = await postRaw(server, '/v1/extract?format=text', page);
      assert.equal(atLimit.statusCode, 200);
      const over = await postRaw(server, '/v1/extract?format=text', `${page} `);
      assert.equal(over.statusCode, 413);
    } finally {
      await server.close();
    }
  });
});

/**
 * Asks for a page until it is extracted (a thread that is still starting eats into the
 * 1 s budget): every answer must be a 200 or a clean 504.
 */
async function untilExtracted(server: PithServer): Promise<boolean> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/extract',
      payload: { html: ARTICLE_HTML },
    });
    if (response.statusCode === 200) return true;
    assert.equal(response.json().error.code, 'TIMEOUT', response.body);
  }
  return false;
}

/** `pith_errors_total{code="TIMEOUT"}` from /metrics (0 before the first). */
async function timeoutErrors(server: PithServer): Promise<number> {
  const metrics = await server.app.inject({ method: 'GET', url: '/metrics' });
  return Number(/^pith_errors_total\{code="TIMEOUT"\} (\d+)$/m.exec(metrics.body)?.[1] ?? 0);
}

describe('memory', () => {
  test('each worker thread has a heap limit (default 384 MB, --max-heap): a page past it is a 500 WORKER_FAILED, the thread is replaced and serving goes on', async () => {
    assert.equal(DEFAULT_SERVER_OPTIONS.maxHeapMb, 384);
    const server = testServer({ maxHeapMb: 48, timeoutMs: 120_000, workerUrl: HANGING_WORKER });
    try {
      assert.equal(server.pool.maxHeapMb, 48, 'the limit reaches the pool');
      assert.ok(await untilExtracted(server), 'the worker thread is up');
      const hog = await server.app.inject({
        method: 'POST',
        url: '/v1/extract',
        payload: { html: `<html><body>${HOG_MARKER}<p>too big</p></body></html>` },
      });
      assert.equal(hog.statusCode, 500);
      assert.equal(hog.json().error.code, 'WORKER_FAILED');
      assert.match(hog.json().error.message, /worker thread died/);
      assert.ok(await untilExtracted(server), 'the replacement worker extracts pages');
      assert.equal(server.pool.threads, 1);
    } finally {
      await server.close();
    }
  });
});

describe('time budget', () => {
  test('a page that hangs its worker is a 504 TIMEOUT, the thread is replaced and serving goes on', async () => {
    const server = testServer({ timeoutMs: 1000, workerUrl: HANGING_WORKER });
    try {
      assert.ok(await untilExtracted(server), 'the worker thread is up');
      const timeoutsBefore = server.pool.timeouts;
      const errorsBefore = await timeoutErrors(server);
      const hanging = server.app.inject({
        method: 'POST',
        url: '/v1/extract',
        payload: { html: HANGING_PAGE },
      });
      assert.ok(await eventually(() => server.pool.running === 1));
      // A page behind it in the queue runs out of time before it ever gets a thread.
      const waiting = server.app.inject({
        method: 'POST',
        url: '/v1/extract',
        payload: { html: ARTICLE_HTML },
      });
      for (const response of [await hanging, await waiting]) {
        assert.equal(response.statusCode, 504);
        assert.equal(response.json().error.code, 'TIMEOUT');
        assert.match(response.json().error.message, /within 1000 ms/);
      }
      assert.equal(server.pool.timeouts - timeoutsBefore, 1, 'one thread terminated: the hung one');
      assert.equal((await timeoutErrors(server)) - errorsBefore, 2);

      // The replacement thread may still be starting (its budget counts that wait).
      const answered = await untilExtracted(server);
      assert.ok(answered, 'the replacement worker extracts pages');
      assert.equal(server.pool.threads, 1);
    } finally {
      await server.close();
    }
  });
});

describe('concurrency', () => {
  // One server for both tests: two threads, one queue place, budgets long enough never to
  // end. Pages are held in their worker until the test releases them (a file appears).
  let server: PithServer;
  let base: string;
  let folder: string;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'pith-hold-'));
    server = testServer({ concurrency: 2, queue: 1, timeoutMs: 120_000, workerUrl: HANGING_WORKER });
    base = await server.listen();
  });
  after(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A page that stays in its worker until `release()`. */
  function heldPage(name: string) {
    const file = join(folder, name);
    return { html: `${ARTICLE_HTML}${holdMarker(file)}`, release: () => writeFileSync(file, '') };
  }

  test('a page that takes long does not block the others', async () => {
    const slow = heldPage('slow');
    let slowAnswered = false;
    const slowAnswer = extractOverHttp(base, slow.html).finally(() => {
      slowAnswered = true;
    });
    assert.ok(await eventually(() => server.pool.running === 1), 'the slow page occupies a worker');
    const other = await extractOverHttp(base, ARTICLE_HTML);
    assert.equal(other.status, 200);
    assert.match((await other.json()).text, /oxbow lake/);
    assert.equal(slowAnswered, false, 'the slow page is still in its worker');
    slow.release();
    assert.equal((await slowAnswer).status, 200);
  });

  test('past the concurrency limit and the queue: 503 OVERLOADED with Retry-After; a client that leaves frees its place', async () => {
    const held = heldPage('both');
    const first = [extractOverHttp(base, held.html), extractOverHttp(base, held.html)];
    assert.ok(await eventually(() => server.pool.running === 2), 'both workers are busy');
    const leaving = new AbortController();
    const gone = extractOverHttp(base, ARTICLE_HTML, leaving.signal);
    gone.catch(() => undefined);
    assert.ok(await eventually(() => server.pool.queued === 1), 'the next page waits in the queue');

    const refused = await extractOverHttp(base, ARTICLE_HTML);
    assert.equal(refused.status, 503);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After: ${retryAfter}`);
    const body = await refused.json();
    assert.equal(body.error.code, 'OVERLOADED');
    const health = await (await fetch(`${base}/healthz`)).json();
    assert.equal(health.pool.queued, 1, 'health checks are answered while the pool is full');

    // The waiting client leaves: its place is free again, and the running pages are untouched.
    leaving.abort();
    await assert.rejects(gone);
    assert.ok(await eventually(() => server.pool.queued === 0), 'its page left the queue');
    assert.equal(server.pool.running, 2);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    assert.match(metrics, /^pith_http_requests_in_flight 3$/m, 'the two held pages and this request');
    assert.match(
      metrics,
      /^pith_http_requests_total\{route="\/v1\/extract",method="POST",status="499"\} 1$/m,
    );

    const queued = extractOverHttp(base, ARTICLE_HTML);
    assert.ok(await eventually(() => server.pool.queued === 1));
    held.release();
    for (const answer of [...first, queued]) {
      const response = await answer;
      assert.equal(response.status, 200);
      assert.match((await response.json()).text, /oxbow lake/);
    }
    assert.equal(server.pool.timeouts, 0, 'no thread was terminated');
  });
});
