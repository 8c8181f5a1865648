/**
 * The queue tells the truth (issue 40, items 1, 2 and 7), against a real redis-server and real
 * workers: a file that is no archive (a text quoting a record header) is a dead letter, not an empty
 * output; a feed whose host is unreachable is retried, one disallowed by robots.txt is a dead letter
 * (no longer the same answer); `pith queue status` shows a running job's input, worker and records
 * so far, and the worker logs each job's start and end.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { warcRecord } from '../../bench/warc/archive.js';
import { PithQueue } from '../../packages/crawl/src/queue/index.js';
import { HAS_SAMPLE, samplePath } from '../helpers.js';
import { localServer } from '../server/helpers.js';
import {
  addJobs,
  HAS_REDIS,
  killAll,
  outputFiles,
  pith,
  RedisServer,
  settledJob,
  startWorker,
  until,
} from './harness.js';

describe('the queue tells the truth', { skip: !HAS_REDIS || !HAS_SAMPLE, timeout: 1_200_000 }, () => {
  let redis: RedisServer;
  let queue: PithQueue;
  before(async () => {
    redis = await RedisServer.start();
    queue = new PithQueue(redis.url, 'pith');
  });
  after(async () => {
    await killAll();
    await queue?.close();
    await redis?.close();
  });

  test('no archive, unreachable, disallowed; a running job in status; the worker logs each job', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-truth-'));
    const out = join(dir, 'out');
    // A README that quotes a record: one record header among text, no page.
    const readme = join(dir, 'README.warc');
    const quoted = warcRecord({
      type: 'response',
      url: 'https://example.com/',
      contentType: 'application/http; msgtype=response',
      block: Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello'),
    });
    writeFileSync(
      readme,
      Buffer.concat([Buffer.from('# Notes\n\n'.repeat(50)), quoted, Buffer.from('\nmore text\n'.repeat(50))]),
    );

    const page = readFileSync(samplePath('newspaper-fulltext/html', 'al.com1.html'));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const origin = await localServer((request, response) => {
      const host = `http://${request.headers.host}`;
      const path = request.url ?? '';
      if (path === '/robots.txt') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
      } else if (path === '/feed.xml' || path === '/private/feed.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(
          `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
            <item><title>A</title><link>${host}/a</link></item>
            <item><title>Slow</title><link>${host}/slow</link></item>
          </channel></rss>`,
        );
      } else if (path === '/a') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      } else if (path === '/slow') {
        void held.then(() =>
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page),
        );
      } else response.writeHead(404).end('not here');
    });
    const closed = await localServer((_, response) => response.end());
    const closedPort = closed.port;
    await closed.close();
    const base = `http://127.0.0.1:${origin.port}`;
    const polite = ['--allow-private', '--delay', '0', '--retries', '0', '--output', 'jsonl'];

    const worker = await startWorker(redis, 'w1', ['--allow-private']);
    try {
      const notArchive = await addJobs(redis, ['warc', readme, '-o', out]);
      const unreachable = await addJobs(redis, [
        'feed',
        `http://127.0.0.1:${closedPort}/feed.xml`,
        '-o',
        out,
        ...polite,
        '--attempts',
        '2',
        '--backoff',
        '100',
      ]);
      const disallowed = await addJobs(redis, ['feed', `${base}/private/feed.xml`, '-o', out, ...polite]);

      const dead = await settledJob(queue, notArchive.ids[0]);
      assert.equal(dead.state, 'failed', 'a text file is no archive: not an empty output');
      assert.equal(dead.attemptsMade, 1);
      assert.match(dead.failedReason ?? '', /^CORRUPT_INPUT: .*README\.warc/);

      const retried = await settledJob(queue, unreachable.ids[0]);
      assert.equal(retried.state, 'failed');
      assert.equal(retried.attemptsMade, 2, 'an unreachable feed is retried');
      assert.match(retried.failedReason ?? '', /^FETCH_FAILED: .* could not be reached/);

      const refused = await settledJob(queue, disallowed.ids[0]);
      assert.equal(refused.state, 'failed');
      assert.equal(refused.attemptsMade, 1, 'a feed disallowed by robots.txt is not retried');
      assert.match(refused.failedReason ?? '', /^FETCH_ROBOTS_DISALLOWED: /);
      assert.deepEqual(outputFiles(out), [], 'no empty output for a job that read nothing');

      // A running job: its input, its worker, its records so far.
      // The held page waits for the test: a long fetch budget (pith commands start slowly on a busy machine).
      const running = await addJobs(redis, [
        'feed',
        `${base}/feed.xml`,
        '-o',
        out,
        ...polite,
        '--fetch-timeout',
        '600000',
      ]);
      const shown = await until(async () => {
        const status = await pith(['queue', 'status', '--redis', redis.url]);
        return /running:\n {2}\S+ feed http:\/\/127\.0\.0\.1:\d+\/feed\.xml \(round [^)]+\) on w1: 1 records so far \(0 failed\)/.test(
          status.stdout,
        )
          ? status
          : undefined;
      }, 500);
      assert.equal(shown.code, 0);
      const raw = (await pith(['queue', 'status', '--json', '--redis', redis.url])).stdout;
      const json = JSON.parse(raw) as {
        running: { id: string; worker: string; pages: number }[];
      };
      assert.deepEqual(
        json.running.map((job) => [job.id, job.worker, job.pages]),
        [[running.ids[0], 'w1', 1]],
      );
      release();
      const done = await settledJob(queue, running.ids[0]);
      assert.equal(done.state, 'completed', done.failedReason ?? '');
      assert.equal(done.result?.pages, 2);
      const after = JSON.parse((await pith(['queue', 'status', '--json', '--redis', redis.url])).stdout) as {
        running: unknown[];
      };
      assert.deepEqual(after.running, []);

      // The worker's log: each job started and how it ended.
      const log = worker.stderr();
      assert.match(
        log,
        new RegExp(`job ${running.ids[0]} started: feed http://127\\.0\\.0\\.1:\\d+/feed\\.xml`),
      );
      assert.match(
        log,
        new RegExp(`job ${running.ids[0]} done: feed .*: 2 records \\(2 ok, 0 failed\\), 0 skipped`),
      );
      assert.match(log, new RegExp(`job ${notArchive.ids[0]} failed \\(dead letter\\): CORRUPT_INPUT`));
    } finally {
      release();
      await origin.close();
    }
  });
});
