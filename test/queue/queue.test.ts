/**
 * pith queue and pith worker against a real redis-server: jobs run through the pith warc pipeline
 * into one output file each; a duplicate submission adds nothing and writes nothing twice; an input
 * that is not an archive is a dead letter with its reason while the queue goes on; a missing input
 * is retried with backoff, then a dead letter, then retried by retry-failed; status and metrics; a
 * poison page fails alone inside a job that completes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Queue } from 'bullmq';
import { PithQueue } from '../../packages/crawl/src/queue/index.js';
import { VERSION } from '../../packages/pith/src/index.js';
import { HAS_SAMPLE, REPO_ROOT, samplePath } from '../helpers.js';
import { localServer } from '../server/helpers.js';
import {
  addJobs,
  assertEachOnce,
  HAS_REDIS,
  killAll,
  outputFiles,
  pith,
  RedisServer,
  readOutput,
  SLOW_MACHINE,
  sampleArchive,
  settledJob,
  startWorker,
  until,
} from './harness.js';

describe('pith queue and pith worker', { skip: !HAS_REDIS || !HAS_SAMPLE, timeout: 1_200_000 }, () => {
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

  const add = (args: string[]) => addJobs(redis, args);
  const settled = (id: string) => settledJob(queue, id);

  test('jobs, duplicates, a corrupt input, retries and the dead letter, status and metrics', async () => {
    const archive = await sampleArchive(1);
    const second = await sampleArchive(1, 'second.warc.gz');
    const out = mkdtempSync(join(tmpdir(), 'pith-queue-out-'));
    const corrupt = join(mkdtempSync(join(tmpdir(), 'pith-queue-bad-')), 'corrupt.warc');
    writeFileSync(corrupt, 'this is not an archive\n'.repeat(10));

    const first = await add([
      'warc',
      archive.file,
      corrupt,
      '-o',
      out,
      '--attempts',
      '3',
      '--backoff',
      '100',
    ]);
    assert.equal(first.added, 2);
    // The same input with the same options: the same job, not added again.
    const again = await add(['warc', archive.file, '-o', out]);
    assert.deepEqual([again.added, again.existing, again.ids[0]], [0, 1, first.ids[0]]);
    // Other options: another job.
    const markdown = await add(['warc', archive.file, '-o', out, '--content', 'markdown']);
    assert.equal(markdown.added, 1);
    assert.notEqual(markdown.ids[0], first.ids[0]);

    const worker = await startWorker(redis, 'one', ['--concurrency', '2', '--metrics-port', '0']);
    try {
      const done = await settled(first.ids[0]);
      assert.equal(done.state, 'completed');
      assert.equal(done.result?.pages, archive.pages);
      assert.equal(done.result?.worker, 'one');
      const bad = await settled(first.ids[1]);
      assert.equal(bad.state, 'failed');
      assert.match(bad.failedReason ?? '', /^CORRUPT_INPUT: .*corrupt\.warc/);
      assert.equal(bad.attemptsMade, 1, 'a corrupt input is not retried');
      assert.equal((await settled(markdown.ids[0])).state, 'completed');

      const files = outputFiles(out);
      assert.equal(files.length, 2, files.join(', '));
      assert.match(files[0], /^sample\.[0-9a-f]{16}\.jsonl\.gz$/);
      for (const file of files) assertEachOnce(readOutput(join(out, file)), archive.pages);

      // A job that ran before but is gone from Redis (removed, or another Redis): its output is
      // complete, so running it again writes nothing.
      const raw = new Queue('pith', { connection: { url: redis.url } });
      await raw.remove(first.ids[0]);
      await raw.close();
      const resubmitted = await add(['warc', archive.file, '-o', out]);
      assert.deepEqual([resubmitted.added, resubmitted.ids[0]], [1, first.ids[0]]);
      const rerun = await settled(first.ids[0]);
      assert.equal(rerun.result?.alreadyDone, true);
      assert.deepEqual(outputFiles(out), files);

      // A missing input is retried with backoff, then is a dead letter; retry-failed brings it back.
      const hidden = `${second.file}.away`;
      renameSync(second.file, hidden);
      const missing = await pith(['queue', 'add', 'warc', second.file, '-o', out, '--redis', redis.url]);
      assert.equal(missing.code, 2, 'a file that is not there is refused at submission');
      assert.match(missing.stderr, /not a readable file/);
      // Submitted, then gone before a worker reads it (a shared file system that shows it late).
      const late = await queue.add(
        [
          {
            kind: 'warc',
            file: second.file,
            size: statSync(hidden).size,
            mtimeMs: 0,
            version: VERSION,
            out,
            format: 'jsonl.gz',
            settings: {
              formats: ['text'],
              extractor: 'pith',
              extractorOptions: {},
              timeoutMs: 300_000,
              maxBytes: 16 * 1024 * 1024,
            },
            partRecords: 1000,
          },
        ],
        { attempts: 2, backoffMs: 100 },
      );
      const dead = await settled(late.ids[0]);
      assert.equal(dead.state, 'failed');
      assert.equal(dead.attemptsMade, 2);
      assert.match(dead.failedReason ?? '', /^READ_FAILED: .*ENOENT/);

      const status = await pith(['queue', 'status', '--json', '--redis', redis.url]);
      assert.equal(status.code, 0, status.stderr);
      const parsed = JSON.parse(status.stdout) as {
        counts: Record<string, number>;
        workers: { name: string; connected: boolean; pages: number }[];
        deadLetters: { id: string; reason: string }[];
      };
      assert.equal(parsed.counts.completed, 2);
      assert.equal(parsed.counts.failed, 2);
      assert.deepEqual(
        parsed.deadLetters.map((letter) => letter.id).sort(),
        [first.ids[1], late.ids[0]].sort(),
      );
      assert.ok(parsed.workers.some((entry) => entry.name === 'one' && entry.connected && entry.pages > 0));

      renameSync(hidden, second.file);
      const retried = await pith(['queue', 'retry-failed', '--redis', redis.url]);
      assert.equal(retried.code, 0, retried.stderr);
      assert.match(retried.stdout, /^2 failed jobs back to waiting/);
      assert.equal((await settled(late.ids[0])).state, 'completed');
      assert.equal((await settled(first.ids[1])).state, 'failed', 'the corrupt input fails again');
      assert.equal(outputFiles(out).length, 3);
      assertEachOnce(
        readOutput(join(out, outputFiles(out).find((name) => name.startsWith('second.')) ?? '')),
        second.pages,
      );

      const port = /metrics on 127\.0\.0\.1:(\d+)/.exec(worker.stderr())?.[1];
      assert.ok(port, worker.stderr());
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      assert.match(metrics, new RegExp(`^pith_queue_records_total ${archive.pages * 3}$`, 'm'));
      assert.match(metrics, /^pith_queue_jobs_total\{outcome="completed"\} 3$/m);
      assert.match(metrics, /^pith_queue_jobs_total\{outcome="duplicate"\} 1$/m);
      assert.match(metrics, /^pith_queue_depth\{state="failed"\} 1$/m);
    } finally {
      worker.child.kill('SIGTERM');
      assert.equal((await worker.exited).code, 0);
    }
  });
  test('a poison page (it kills its worker thread) fails alone: the job completes, its record carries WORKER_FAILED', async () => {
    // The pool test's thread module, which exits its thread on this URL.
    const poison = 'https://crash.example/';
    const archive = await sampleArchive(1, 'poison.warc.gz', [poison]);
    const out = mkdtempSync(join(tmpdir(), 'pith-queue-poison-'));
    const worker = await startWorker(redis, 'poisoned', [
      ...['--queue', 'poison', '--page-worker', join(REPO_ROOT, 'test/batch/fixtures/faulty-worker.ts')],
    ]);
    const poisonQueue = new PithQueue(redis.url, 'poison');
    try {
      const { ids } = await add(['warc', archive.file, '-o', out, '--queue', 'poison']);
      const job = await settledJob(poisonQueue, ids[0]);
      assert.equal(job.state, 'completed', job.failedReason ?? '');
      assert.equal(job.result?.pages, archive.pages);
      assert.deepEqual(job.result?.failed, { WORKER_FAILED: 1 });
      const records = readOutput(join(out, job.result?.output ?? ''));
      assertEachOnce(records, archive.pages);
      for (const record of records) {
        // One thread: the pages after the poison one were extracted by the thread that replaced it.
        assert.deepEqual(
          [record.ok, record.errorCode],
          record.url === poison ? [false, 'WORKER_FAILED'] : [true, null],
          record.url,
        );
      }
    } finally {
      await poisonQueue.close();
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });

  test('a URL list: jobs of --batch URLs, each page fetched politely and extracted', async () => {
    const page = readFileSync(samplePath('newspaper-fulltext/html/al.com1.html'));
    const origin = await localServer((request, response) => {
      if (request.url?.startsWith('/missing')) {
        response.writeHead(404).end('not here');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    const out = mkdtempSync(join(tmpdir(), 'pith-queue-urls-'));
    const list = join(out, '..', `urls-${origin.port}.txt`);
    const base = `http://127.0.0.1:${origin.port}`;
    writeFileSync(list, `# three pages and a 404\n${base}/a\n${base}/b\n\n${base}/c\n${base}/missing\n`);
    // The origin is on loopback: this worker may fetch private addresses (the jobs ask for it too).
    const worker = await startWorker(redis, 'fetcher', ['--queue', 'urls', '--allow-private']);
    try {
      const run = await pith([
        ...['queue', 'add', 'urls', list, '-o', out, '--redis', redis.url, '--queue', 'urls', '--json'],
        ...['--batch', '2', '--allow-private', '--no-robots', '--delay', '0', ...SLOW_MACHINE],
      ]);
      assert.equal(run.code, 0, run.stderr);
      const { ids } = JSON.parse(run.stdout) as { ids: string[] };
      assert.equal(ids.length, 2);
      const urlsQueue = new PithQueue(redis.url, 'urls');
      const records = [];
      for (const id of ids) {
        const job = await until(async () => {
          const view = await urlsQueue.job(id);
          return view?.state === 'completed' ? view : undefined;
        });
        assert.equal(job.result?.pages, 2);
        records.push(...readOutput(join(out, job.result?.output ?? '')));
      }
      await urlsQueue.close();
      assert.deepEqual(records.map((record) => [record.url, record.ok, record.errorCode]).sort(), [
        [`${base}/a`, true, null],
        [`${base}/b`, true, null],
        [`${base}/c`, true, null],
        [`${base}/missing`, false, 'FETCH_BAD_STATUS'],
      ]);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
      await origin.close();
    }
  });
});
