/**
 * The job routes when things go wrong underneath (issue 36), through the server on loopback with
 * a real redis-server and a real `pith worker`:
 * - item 9: Redis unreachable when the server starts: the job routes answer 503
 *   QUEUE_UNAVAILABLE at once (they used to wait forever), the same answer as after an outage
 *   once it had been reached; served as soon as Redis is up.
 * - item 2: a completed job's output that cannot be read (a directory in its place: EISDIR; no
 *   permission: EACCES, when not root; corrupt) is a 500 RESULTS_UNREADABLE, one that is gone
 *   (before the check, or between the check and the read) a 410 RESULTS_GONE, and the server
 *   goes on (an unhandled stream error used to end the process).
 */
import assert from 'node:assert/strict';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createServer, type PithServer } from '../../packages/server/src/index.js';
import { HAS_SAMPLE } from '../helpers.js';
import {
  HAS_REDIS,
  killAll,
  outputFiles,
  RedisServer,
  sampleArchive,
  startWorker,
  testJobService,
  until,
} from '../queue/harness.js';
import { eventually } from './helpers.js';

const NO_JOB = 'urls-00000000000000000000000000000000';

/** An answer's status, error body and Retry-After; a client that waits 30 s at most (a hang fails the test). */
async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  return {
    status: response.status,
    error: response.status >= 400 ? JSON.parse(text).error : undefined,
    retryAfter: response.headers.get('retry-after'),
    text,
  };
}

describe('job routes with Redis unreachable at start', { skip: !HAS_REDIS, timeout: 1_200_000 }, () => {
  test('503 QUEUE_UNAVAILABLE at once, as after an outage; served once Redis is up', async () => {
    const redis = await RedisServer.start();
    await redis.stop();
    const server = createServer({
      port: 0,
      jobs: testJobService(redis.url, mkdtempSync(join(tmpdir(), 'pith-jobs-down-'))),
    });
    try {
      const base = await server.listen();
      const routes = [
        [`${base}/v1/jobs/${NO_JOB}`, {}],
        [`${base}/v1/jobs/${NO_JOB}/results`, {}],
        [
          `${base}/v1/jobs`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"urls":["https://example.com/"]}',
          },
        ],
      ] as const;
      const answers = [];
      for (const [url, init] of routes) answers.push(await call(url, init));
      for (const answer of answers) {
        assert.deepEqual(
          [answer.status, answer.error?.code, answer.retryAfter],
          [503, 'QUEUE_UNAVAILABLE', '5'],
        );
        assert.doesNotMatch(
          answer.error.message,
          /127\.0\.0\.1|ECONNREFUSED/,
          "the queue's address stays on the server",
        );
      }
      assert.equal((await call(`${base}/healthz`)).status, 200);

      await redis.restart();
      assert.ok(
        await eventually(async () => (await call(routes[0][0])).status === 404, 30_000),
        'served once Redis is up',
      );

      await redis.stop();
      const outage = await call(routes[0][0]);
      assert.deepEqual(outage, answers[0], 'the same answer after an outage');
    } finally {
      await server.close();
      await redis.close();
    }
  });

  test('a bad request is refused as such while Redis is unreachable: 400 and 404, not 503', async () => {
    const redis = await RedisServer.start();
    await redis.stop();
    const root = mkdtempSync(join(tmpdir(), 'pith-jobs-down-'));
    const archives = join(root, 'archives');
    mkdirSync(archives);
    const server = createServer({ port: 0, jobs: testJobService(redis.url, join(root, 'out'), archives) });
    try {
      const base = await server.listen();
      const post = (warc: string) =>
        call(`${base}/v1/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ warc }),
        });
      // Each call waits for the queue's first attempt to fail: the refusal must not depend on it.
      await eventually(async () => (await call(`${base}/v1/jobs/${NO_JOB}`)).status === 503, 30_000);
      const answers = [await post('../secret.warc'), await post('missing.warc.gz')];
      assert.deepEqual(
        answers.map((answer) => [answer.status, answer.error?.code]),
        [
          [400, 'BAD_REQUEST'],
          [404, 'NOT_FOUND'],
        ],
      );
    } finally {
      await server.close();
      await redis.close();
    }
  });
});

describe('job results that cannot be read', { skip: !HAS_REDIS || !HAS_SAMPLE, timeout: 1_200_000 }, () => {
  let redis: RedisServer;
  let server: PithServer;
  let base: string;
  let output: string;
  let saved: string;
  let resultsUrl: string;

  before(async () => {
    redis = await RedisServer.start();
    const archive = await sampleArchive(1);
    const root = mkdtempSync(join(tmpdir(), 'pith-jobs-results-'));
    const archives = join(root, 'archives');
    mkdirSync(archives);
    copyFileSync(archive.file, join(archives, 'one.warc.gz'));
    const out = join(root, 'results');
    server = createServer({ port: 0, timeoutMs: 300_000, jobs: testJobService(redis.url, out, archives) });
    base = await server.listen();
    const submitted = await call(`${base}/v1/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ warc: 'one.warc.gz' }),
    });
    assert.equal(submitted.status, 202, submitted.text);
    const job = JSON.parse(submitted.text);
    resultsUrl = `${base}${job.results}`;
    const worker = await startWorker(redis, 'results');
    try {
      await until(async () =>
        (await call(`${base}/v1/jobs/${job.id}`)).text.includes('"completed"') ? true : undefined,
      );
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    const [name] = outputFiles(out);
    output = join(out, name);
    saved = join(root, 'saved.jsonl.gz');
    copyFileSync(output, saved);
  });
  after(async () => {
    await killAll();
    await server?.close();
    await redis?.close();
  });

  /** The results answer, then the server still alive and the output read whole once restored. */
  async function expectFailure(status: number, code: string, restore: () => void): Promise<void> {
    const answer = await call(resultsUrl);
    restore();
    assert.deepEqual([answer.status, answer.error?.code], [status, code], answer.text);
    assert.doesNotMatch(answer.error.message, /\/tmp\//, 'no server path in the answer');
    assert.equal((await call(`${base}/healthz`)).status, 200);
    const whole = await call(resultsUrl);
    assert.equal(whole.status, 200);
    assert.ok(
      whole.text
        .split('\n')
        .filter(Boolean)
        .every((line) => JSON.parse(line).url),
    );
  }

  test('a directory in place of the output (EISDIR): 500 RESULTS_UNREADABLE', async () => {
    renameSync(output, `${output}.away`);
    mkdirSync(output);
    await expectFailure(500, 'RESULTS_UNREADABLE', () => {
      rmdirSync(output);
      renameSync(`${output}.away`, output);
    });
  });

  test('an output no one may read (EACCES: workers of another user, umask 077): 500 RESULTS_UNREADABLE', {
    skip: process.getuid?.() === 0 && 'root reads any file',
  }, async () => {
    chmodSync(output, 0o000);
    await expectFailure(500, 'RESULTS_UNREADABLE', () => chmodSync(output, 0o644));
  });

  test('a corrupt output: 500 RESULTS_UNREADABLE', async () => {
    writeFileSync(output, 'not gzip at all\n');
    await expectFailure(500, 'RESULTS_UNREADABLE', () => copyFileSync(saved, output));
  });

  test('an output gone: 410 RESULTS_GONE', async () => {
    unlinkSync(output);
    await expectFailure(410, 'RESULTS_GONE', () => copyFileSync(saved, output));
  });

  test('an output deleted between the check and the read: 410 RESULTS_GONE', async () => {
    // The hook: node:fs/promises' access and open delete the output once it has been checked.
    const promises = createRequire(import.meta.url)('node:fs/promises');
    const { access, open } = promises;
    const gone = (file: unknown) => {
      if (file === output) unlinkSync(output);
    };
    promises.access = async (file: string, mode?: number) => {
      await access(file, mode);
      gone(file);
    };
    promises.open = async (file: string, ...rest: unknown[]) => {
      gone(file);
      return open(file, ...rest);
    };
    syncBuiltinESMExports();
    try {
      await expectFailure(410, 'RESULTS_GONE', () => {
        promises.access = access;
        promises.open = open;
        syncBuiltinESMExports();
        copyFileSync(saved, output);
      });
    } finally {
      promises.access = access;
      promises.open = open;
      syncBuiltinESMExports();
    }
  });
});
