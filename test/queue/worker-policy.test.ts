/**
 * A worker trusts nothing in a job (issue 36, item 5), against a real redis-server: jobs written
 * straight into Redis, past the API and `pith queue add`, that name a results directory outside
 * the worker's --output-root, an archive outside its --input-root (by path or by a symbolic link
 * inside it), private addresses without --allow-private, a file as a model, an unknown extractor or
 * an unbounded field are dead letters at once with a stable code, nothing written, read or fetched,
 * and nothing of the file in the error; a job inside the policy runs. The metrics listen on
 * loopback unless told otherwise (item 12).
 */
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Queue } from 'bullmq';
import { PithQueue } from '../../packages/crawl/src/queue/index.js';
import { VERSION } from '../../packages/pith/src/index.js';
import { HAS_SAMPLE } from '../helpers.js';
import { localServer } from '../server/helpers.js';
import {
  HAS_REDIS,
  killAll,
  outputFiles,
  pith,
  RedisServer,
  readOutput,
  sampleArchive,
  settledJob,
  startWorker,
} from './harness.js';

const SECRET = 'SECRET-3f1e9a-not-for-any-job';

/** This machine's addresses other than loopback (none on a machine without a network). */
function outsideAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry?.address ?? '');
}

describe('a worker checks every job against its own flags', {
  skip: !HAS_REDIS || !HAS_SAMPLE,
  timeout: 1_200_000,
}, () => {
  let redis: RedisServer;
  let raw: Queue;
  let queue: PithQueue;
  const root = mkdtempSync(join(tmpdir(), 'pith-worker-policy-'));
  const inputs = join(root, 'inputs');
  const outputs = join(root, 'outputs');
  const outside = join(root, 'outside');
  before(async () => {
    redis = await RedisServer.start();
    raw = new Queue('strict', { connection: { url: redis.url } });
    queue = new PithQueue(redis.url, 'strict');
    for (const dir of [inputs, outputs, outside]) mkdirSync(dir);
  });
  after(async () => {
    await killAll();
    await raw?.close();
    await queue?.close();
    await redis?.close();
  });

  test('jobs written into Redis that reach outside the policy are dead letters with a code; one inside runs', async () => {
    const archive = await sampleArchive(1);
    const inside = join(inputs, 'one.warc.gz');
    copyFileSync(archive.file, inside);
    const secretArchive = join(outside, 'secret.warc.gz');
    copyFileSync(archive.file, secretArchive);
    symlinkSync(secretArchive, join(inputs, 'link.warc.gz'));
    const secretModel = join(outside, 'model.json');
    writeFileSync(secretModel, `${SECRET}\n${'x'.repeat(200)}\n`);
    const origin = await localServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>a private page</p>');
    });
    const size = statSync(archive.file).size;
    const common = {
      version: VERSION,
      out: join(outputs, 'ok'),
      format: 'jsonl.gz',
      settings: {
        formats: ['text'],
        extractor: 'pith',
        extractorOptions: {},
        timeoutMs: 300_000,
        maxBytes: 16 * 1024 * 1024,
      },
      partRecords: 1000,
    };
    const warc = { kind: 'warc', file: inside, size, mtimeMs: 0, ...common };
    const fetch = {
      allowPrivate: false,
      timeoutMs: 10_000,
      perHost: 2,
      delayMs: 0,
      retries: 0,
      robots: false,
      concurrency: 2,
    };
    const cases: { name: string; data: object; code: string }[] = [
      { name: 'out elsewhere', data: { ...warc, out: join(outside, 'written') }, code: 'OUTPUT_NOT_ALLOWED' },
      { name: 'out through ..', data: { ...warc, out: `${outputs}/../outside/dots` }, code: 'BAD_JOB' },
      { name: 'an archive elsewhere', data: { ...warc, file: secretArchive }, code: 'INPUT_NOT_ALLOWED' },
      {
        name: 'a link out of the input root',
        data: { ...warc, file: join(inputs, 'link.warc.gz') },
        code: 'INPUT_NOT_ALLOWED',
      },
      { name: 'the input root itself', data: { ...warc, file: inputs }, code: 'INPUT_NOT_ALLOWED' },
      {
        name: 'private addresses',
        data: {
          kind: 'urls',
          urls: [`http://127.0.0.1:${origin.port}/`],
          fetch: { ...fetch, allowPrivate: true },
          ...common,
          out: join(outputs, 'private'),
        },
        code: 'PRIVATE_NOT_ALLOWED',
      },
      {
        name: 'a file as the density model',
        data: {
          ...warc,
          out: join(outputs, 'model'),
          settings: { ...common.settings, extractor: 'density', extractorOptions: { model: secretModel } },
        },
        code: 'BAD_OPTION',
      },
      {
        name: 'an extractor named after an Object method',
        data: {
          ...warc,
          out: join(outputs, 'proto'),
          settings: { ...common.settings, extractor: 'toString' },
        },
        code: 'UNKNOWN_EXTRACTOR',
      },
      {
        name: 'an unbounded page budget',
        data: { ...warc, out: join(outputs, 'budget'), settings: { ...common.settings, timeoutMs: 1e12 } },
        code: 'BAD_JOB',
      },
      {
        name: 'a field no job has',
        data: { ...warc, out: join(outputs, 'extra'), command: 'rm -rf /' },
        code: 'BAD_JOB',
      },
      { name: 'not a job', data: { kind: 'shell', script: 'id' }, code: 'BAD_JOB' },
    ];
    for (const [index, { name, data }] of cases.entries()) {
      await raw.add(name, data, {
        jobId: `bad-${index}`,
        attempts: 3,
        backoff: { type: 'fixed', delay: 100 },
      });
    }
    await raw.add('good', warc, { jobId: 'good', attempts: 1 });

    // No --allow-private: the worker's own flags are the whole policy.
    const worker = await startWorker(
      redis,
      'strict',
      ['--queue', 'strict'],
      [...['--input-root', inputs, '--output-root', outputs]],
    );
    try {
      for (const [index, { name, code }] of cases.entries()) {
        const job = await settledJob(queue, `bad-${index}`);
        assert.equal(job.state, 'failed', name);
        assert.match(job.failedReason ?? '', new RegExp(`^${code}: `), `${name}: ${job.failedReason}`);
        assert.equal(job.attemptsMade, 1, `${name}: a refused job is not retried`);
        assert.ok(!(job.failedReason ?? '').includes(SECRET), `${name}: ${job.failedReason}`);
        assert.ok(!(job.failedReason ?? '').includes(outside), `${name}: ${job.failedReason}`);
      }
      const good = await settledJob(queue, 'good');
      assert.equal(good.state, 'completed', good.failedReason ?? '');
      assert.equal(good.result?.pages, archive.pages);
      // Nothing written outside the output root, nothing fetched, only the good job's output.
      assert.equal(existsSync(join(outside, 'written')), false);
      assert.equal(existsSync(join(outside, 'dots')), false);
      assert.equal(origin.hits(), 0, 'the private address was not fetched');
      assert.deepEqual(outputFiles(outputs), ['ok']);
      const records = readOutput(join(outputs, 'ok', good.result?.output ?? ''));
      assert.equal(records.length, archive.pages);
    } finally {
      await origin.close();
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });

  test('a worker needs an output root; its metrics listen on loopback unless told otherwise', async () => {
    const bare = await pith(['worker', '--redis', redis.url, '--queue', 'strict']);
    assert.equal(bare.code, 2, bare.stderr);
    assert.match(bare.stderr, /--output-root/);
    const missing = await pith(['worker', '--redis', redis.url, '--output-root', join(root, 'nowhere')]);
    assert.equal(missing.code, 2, missing.stderr);
    assert.match(missing.stderr, /not a directory/);

    const worker = await startWorker(redis, 'metrics', ['--queue', 'metrics', '--metrics-port', '0']);
    try {
      const port = /metrics on 127\.0\.0\.1:(\d+)/.exec(worker.stderr())?.[1];
      assert.ok(port, worker.stderr());
      assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 200);
      for (const address of outsideAddresses()) {
        await assert.rejects(fetch(`http://${address}:${port}/metrics`), `reachable on ${address}`);
      }
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });
});

// A job as `pith queue add` builds it passes the same checks at submission: one the workers would
// refuse is not added.
describe('pith queue add checks the jobs it adds', {
  skip: !HAS_REDIS || !HAS_SAMPLE,
  timeout: 1_200_000,
}, () => {
  let redis: RedisServer;
  before(async () => {
    redis = await RedisServer.start();
  });
  after(async () => {
    await killAll();
    await redis?.close();
  });

  test('a model file in --option is refused before anything is added', async () => {
    const archive = await sampleArchive(1);
    const out = mkdtempSync(join(tmpdir(), 'pith-queue-add-check-'));
    const model = join(out, 'model.json');
    writeFileSync(model, `${SECRET}\n`);
    const run = await pith([
      ...['queue', 'add', 'warc', archive.file, '-o', out, '--redis', redis.url],
      ...['--extractor', 'density', '--option', `model=${model}`],
    ]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /BAD_OPTION/);
    assert.ok(!run.stderr.includes(SECRET));
    const queue = new PithQueue(redis.url, 'pith');
    try {
      assert.equal((await queue.counts()).waiting, 0);
    } finally {
      await queue.close();
    }
  });
});
