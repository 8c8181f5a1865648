/**
 * pith serve's jobs between clients (issue 36, items 6, 11, 12), over HTTP on loopback against a
 * real redis-server and a real worker: a job is its API key's (another key's submission of the
 * same work is another job, `existing` says nothing of the first, and reading the first's state
 * or results is a 404); each key has a quota of jobs and of stored bytes (429 QUOTA_EXCEEDED); a
 * job's payload is bounded (413 JOB_TOO_LARGE); a finished job leaves the quota after the
 * deployment's retention; nothing the service answers (records, errors, states) names a path of
 * the server's.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Queue } from 'bullmq';
import { JobService, type JobServiceOptions } from '../../packages/crawl/src/queue/index.js';
import { createServer, type PithServer } from '../../packages/server/src/index.js';
import { HAS_SAMPLE } from '../helpers.js';
import { HAS_REDIS, killAll, RedisServer, sampleArchive, startWorker, until } from './harness.js';

const KEY_A = 'client-a-key-0123456789abcdef';
const KEY_B = 'client-b-key-0123456789abcdef';
const KEY_C = 'client-c-key-0123456789abcdef';

describe('pith serve: jobs kept apart per key, within quotas, in names only', {
  skip: !HAS_REDIS || !HAS_SAMPLE,
  timeout: 1_200_000,
}, () => {
  let redis: RedisServer;
  const servers: PithServer[] = [];
  const root = mkdtempSync(join(tmpdir(), 'pith-serve-clients-'));
  const archives = join(root, 'archives');
  const results = join(root, 'results');
  let pages: number;

  const jobOptions = (queue: string, overrides: Partial<JobServiceOptions> = {}): JobServiceOptions => ({
    redis: redis.url,
    queue,
    out: results,
    warcDirectory: archives,
    fetch: {
      allowPrivate: false,
      timeoutMs: 10_000,
      perHost: 2,
      delayMs: 0,
      retries: 0,
      robots: false,
      concurrency: 2,
    },
    timeoutMs: 300_000,
    maxBytes: 16 * 1024 * 1024,
    attempts: 1,
    ...overrides,
  });

  /** A service on a free loopback port, keys A, B and C; a client of it per key. */
  async function serve(options: JobServiceOptions) {
    const server = createServer({
      port: 0,
      timeoutMs: 300_000,
      apiKeys: [KEY_A, KEY_B, KEY_C],
      jobs: new JobService(options),
    });
    servers.push(server);
    const address = await server.listen();
    const as = (key: string) => async (method: 'GET' | 'POST', path: string, body?: object) => {
      const response = await fetch(`${address}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, text, json: () => JSON.parse(text) };
    };
    return { a: as(KEY_A), b: as(KEY_B), c: as(KEY_C) };
  }

  before(async () => {
    redis = await RedisServer.start();
    const archive = await sampleArchive(1);
    pages = archive.pages;
    mkdirSync(join(archives, 'crawl'), { recursive: true });
    mkdirSync(results);
    copyFileSync(archive.file, join(archives, 'crawl', 'one.warc.gz'));
    copyFileSync(archive.file, join(archives, 'crawl', 'gone.warc.gz'));
  });
  after(async () => {
    await killAll();
    for (const server of servers) await server.close();
    await redis?.close();
  });

  test('keys apart, quotas, the payload bound, and names instead of paths', async () => {
    const { a, b, c } = await serve(
      jobOptions('clients', { quota: { maxJobs: 3, maxBytes: 6000 }, maxJobBytes: 4096 }),
    );

    const mine = await a('POST', '/v1/jobs', { warc: 'crawl/one.warc.gz' });
    assert.equal(mine.status, 202, mine.text);
    assert.equal(mine.json().existing, false);
    const id = mine.json().id as string;
    assert.equal((await a('POST', '/v1/jobs', { warc: 'crawl/one.warc.gz' })).json().existing, true);
    // B asks for the same work: its own job; nothing says A asked first.
    const theirs = await b('POST', '/v1/jobs', { warc: 'crawl/one.warc.gz' });
    assert.equal(theirs.status, 202, theirs.text);
    assert.equal(theirs.json().existing, false);
    assert.notEqual(theirs.json().id, id);
    // B cannot find A's job, nor read its results.
    assert.equal((await b('GET', `/v1/jobs/${id}`)).status, 404);
    assert.equal((await b('GET', `/v1/jobs/${id}/results`)).status, 404);
    assert.equal((await a('GET', `/v1/jobs/${id}`)).status, 200);

    // An archive there at submission, gone before a worker reads it: a failed job that names it as the client did.
    const lost = await a('POST', '/v1/jobs', { warc: 'crawl/gone.warc.gz' });
    assert.equal(lost.status, 202, lost.text);
    rmSync(join(archives, 'crawl', 'gone.warc.gz'));

    // URL jobs whose pages fail at once when a worker gets them (a private address, refused).
    const urls = (count: number, tag: string, length: number) =>
      Array.from({ length: count }, (_, index) => `http://127.0.0.1:9/${tag}/${index}/${'p'.repeat(length)}`);
    // A's quota: 3 jobs (it holds 2). A third fits, a fourth does not; B and C have their own.
    const big = urls(4, 'a', 60);
    const third = await a('POST', '/v1/jobs', { urls: big.slice(0, 2) });
    assert.equal(third.status, 202, third.text);
    const fourth = await a('POST', '/v1/jobs', { urls: big.slice(2, 4) });
    assert.equal(fourth.status, 429, fourth.text);
    assert.equal(fourth.json().error.code, 'QUOTA_EXCEEDED');
    assert.match(fourth.json().error.message, /3 jobs/);
    assert.equal((await b('POST', '/v1/jobs', { urls: big.slice(2, 4) })).status, 202);
    // The bytes of C's jobs: 6,000 at most; two jobs of ~3,500 bytes do not fit.
    const heavy = urls(30, 'c', 70);
    assert.equal((await c('POST', '/v1/jobs', { urls: heavy })).status, 202);
    const over = await c('POST', '/v1/jobs', { urls: heavy.map((url) => `${url}?again`) });
    assert.equal(over.status, 429, over.text);
    assert.equal(over.json().error.code, 'QUOTA_EXCEEDED');
    assert.match(over.json().error.message, /bytes/);
    // One job's payload: 4,096 bytes at most.
    const huge = await b('POST', '/v1/jobs', { urls: urls(60, 'b', 80) });
    assert.equal(huge.status, 413, huge.text);
    assert.equal(huge.json().error.code, 'JOB_TOO_LARGE');

    const worker = await startWorker(
      redis,
      'clients',
      ['--queue', 'clients'],
      [...['--input-root', archives, '--output-root', results]],
    );
    try {
      const done = await until(async () => {
        const view = (await a('GET', `/v1/jobs/${id}`)).json();
        return view.state === 'completed' ? view : undefined;
      });
      assert.equal(done.counts.pages, pages);
      const records = await a('GET', `/v1/jobs/${id}/results`);
      assert.equal(records.status, 200);
      const lines = records.text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line));
      assert.equal(lines.length, pages);
      // The archive as the client named it, not where it is on the server.
      assert.deepEqual([...new Set(lines.map((line) => line.warcFile))], ['crawl/one.warc.gz']);
      assert.ok(!records.text.includes(root));
      assert.equal((await b('GET', `/v1/jobs/${id}/results`)).status, 404);

      const failed = await until(async () => {
        const view = await a('GET', `/v1/jobs/${lost.json().id}`);
        return view.json().state === 'failed' ? view : undefined;
      });
      assert.equal(failed.json().error, 'READ_FAILED: crawl/gone.warc.gz: ENOENT');
      assert.ok(!failed.text.includes(root), failed.text);
      for (const answer of [mine, theirs, lost, third]) assert.ok(!answer.text.includes(root), answer.text);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });

  test('finished jobs are kept for the retention the deployment sets, then leave the quota', async () => {
    const { a } = await serve(jobOptions('retention', { quota: { maxJobs: 1 }, retentionMs: 1000 }));
    // Fetching a private address fails each page (the service fetches public ones only): a job that completes quickly.
    const first = await a('POST', '/v1/jobs', { urls: ['http://127.0.0.1:9/first'] });
    assert.equal(first.status, 202, first.text);
    const raw = new Queue('retention', { connection: { url: redis.url } });
    try {
      const job = await raw.getJob(first.json().id);
      assert.deepEqual([job?.opts.removeOnComplete, job?.opts.removeOnFail], [{ age: 1 }, { age: 1 }]);
    } finally {
      await raw.close();
    }
    const second = { urls: ['http://127.0.0.1:9/second'] };
    assert.equal((await a('POST', '/v1/jobs', second)).status, 429, 'one job is the quota');
    const worker = await startWorker(
      redis,
      'retention',
      ['--queue', 'retention'],
      [...['--input-root', archives, '--output-root', results]],
    );
    try {
      await until(async () =>
        (await a('GET', `/v1/jobs/${first.json().id}`)).json().state === 'completed' ? true : undefined,
      );
      // Once finished for longer than the retention, the job no longer counts.
      const accepted = await until(async () => {
        const answer = await a('POST', '/v1/jobs', second);
        return answer.status === 202 ? answer : undefined;
      }, 250);
      assert.equal(accepted.json().existing, false);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });
});
