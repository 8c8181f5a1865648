/**
 * pith serve's asynchronous jobs on a real queue: POST /v1/jobs names an archive inside the
 * archive directory (and nothing else: absolute paths, `..`, a symbolic link out of it are
 * refused), GET /v1/jobs/{id} follows it, …/results answers 409 until a worker has run it, then
 * the records as JSON Lines; the answers match the OpenAPI document.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { createServer, type PithServer } from '../../packages/server/src/index.js';
import { HAS_SAMPLE } from '../helpers.js';
import {
  HAS_REDIS,
  killAll,
  RedisServer,
  sampleArchive,
  startWorker,
  testJobService,
  until,
} from './harness.js';

describe('pith serve: /v1/jobs on the queue', { skip: !HAS_REDIS || !HAS_SAMPLE, timeout: 1_200_000 }, () => {
  let redis: RedisServer;
  let server: PithServer;
  let archives: string;
  let pages: number;
  before(async () => {
    redis = await RedisServer.start();
    const archive = await sampleArchive(1);
    pages = archive.pages;
    const root = mkdtempSync(join(tmpdir(), 'pith-serve-jobs-'));
    archives = join(root, 'archives');
    mkdirSync(join(archives, 'crawl'), { recursive: true });
    copyFileSync(archive.file, join(archives, 'crawl', 'one.warc.gz'));
    writeFileSync(join(root, 'secret.warc'), 'not for clients\n');
    symlinkSync(join(root, 'secret.warc'), join(archives, 'escape.warc'));
    server = createServer({
      port: 0,
      timeoutMs: 300_000,
      jobs: testJobService(redis.url, join(root, 'results'), archives),
    });
  });
  after(async () => {
    await killAll();
    await server?.close();
    await redis?.close();
  });

  const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, ...(payload ? { payload } : {}) });

  test('an archive in the directory: submitted, followed, its records; nothing outside it', async () => {
    const document = (await request('GET', '/openapi.json')).json();
    const ajv = new Ajv({ strict: false, allowUnionTypes: true });
    ajv.addSchema({ $id: 'openapi.json', components: document.components });
    const validJob = ajv.getSchema('openapi.json#/components/schemas/Job');
    assert.ok(validJob);

    for (const [warc, code] of [
      ['/etc/passwd', 'BAD_REQUEST'],
      ['../secret.warc', 'BAD_REQUEST'],
      ['crawl/../../secret.warc', 'BAD_REQUEST'],
      ['escape.warc', 'NOT_FOUND'],
      ['crawl', 'NOT_FOUND'],
      ['missing.warc.gz', 'NOT_FOUND'],
    ] as const) {
      const refused = await request('POST', '/v1/jobs', { warc });
      assert.equal(refused.json().error?.code, code, `${warc}: ${refused.body}`);
    }

    const submitted = await request('POST', '/v1/jobs', {
      warc: 'crawl/one.warc.gz',
      content: ['text', 'markdown'],
    });
    assert.equal(submitted.statusCode, 202, submitted.body);
    const job = submitted.json();
    assert.ok(validJob(job), JSON.stringify(validJob.errors));
    assert.equal(job.existing, false);
    assert.equal(submitted.headers.location, `/v1/jobs/${job.id}`);
    const again = (
      await request('POST', '/v1/jobs', { warc: 'crawl/one.warc.gz', content: ['text', 'markdown'] })
    ).json();
    assert.deepEqual([again.id, again.existing], [job.id, true]);

    // No worker yet: the job waits, its results are not there.
    assert.equal((await request('GET', `/v1/jobs/${job.id}`)).json().state, 'waiting');
    const early = await request('GET', job.results);
    assert.equal(early.statusCode, 409);
    assert.equal(early.json().error.code, 'JOB_NOT_DONE');
    assert.equal((await request('GET', '/v1/jobs/urls-00000000000000000000000000000000')).statusCode, 404);
    assert.equal((await request('GET', '/v1/jobs/..%2F..%2Fetc')).statusCode, 404);

    const worker = await startWorker(redis, 'serving');
    try {
      const done = await until(async () => {
        const view = (await request('GET', `/v1/jobs/${job.id}`)).json();
        return view.state === 'completed' ? view : undefined;
      });
      assert.ok(validJob(done), JSON.stringify(validJob.errors));
      assert.equal(done.counts.pages, pages);
      const results = await request('GET', job.results);
      assert.equal(results.statusCode, 200);
      assert.match(String(results.headers['content-type']), /^application\/x-ndjson/);
      const records = results.body
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line));
      assert.equal(records.length, pages);
      // The archive as the client named it: no path of the server's.
      assert.ok(records.every((record) => record.warcFile === 'crawl/one.warc.gz'));
      assert.ok(records.some((record) => record.ok && record.markdown && record.text));
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });
});
