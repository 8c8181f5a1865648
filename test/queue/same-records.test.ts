/**
 * A queue run writes the records the one-process command writes (issue 18: "the same pipeline, the
 * same record format"), against a real redis-server: `pith queue add warc` with `pith warc`'s
 * options (content formats, `--min-quality` with `--below-quality drop`) on the shared WARC
 * samples, and `pith queue add feed` against `pith feed` on a local feed. Records are compared
 * whole, but for `ms` (the extraction's time on its thread).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { PithQueue } from '../../packages/crawl/src/queue/index.js';
import { HAS_SAMPLE, REPO_ROOT, samplePath } from '../helpers.js';
import { assertPageRecord } from '../record-schema.js';
import { localServer } from '../server/helpers.js';
import {
  addJobs,
  assertEachOnce,
  HAS_REDIS,
  killAll,
  type OutRecord,
  type PithProcess,
  pith,
  RedisServer,
  SLOW_MACHINE,
  sampleArchive,
  settledJob,
  startWorker,
} from './harness.js';

const WARC_SAMPLES = resolve(REPO_ROOT, '..', 'shared', 'warc-samples');
/** Samples with a page each (WARC, gzipped WARC, chunked HTTP, ARC, gzipped ARC). */
const ARCHIVES = [
  'cc-whirlwind.warc.gz',
  'warcio-example-iana.org-chunked.warc',
  'warcio-example.warc.gz',
  'warcio-example.arc.gz',
  'warcio-example-space-in-url.arc',
].map((name) => join(WARC_SAMPLES, name));
const HAS_ARCHIVES = ARCHIVES.every((file) => existsSync(file));

type Row = Record<string, unknown>;

/**
 * The records of every JSON Lines (gzipped) file in `dir`, `ms` left out; each checked against the
 * published record schema (issue 40, item 5: the queue's and pith warc's and pith feed's outputs).
 */
function records(dir: string, names = readdirSync(dir).filter((name) => name.endsWith('.jsonl.gz'))): Row[] {
  return names.flatMap((name) =>
    gunzipSync(readFileSync(join(dir, name)))
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const record = JSON.parse(line) as Row;
        assertPageRecord(record, `${dir}/${name}`);
        const { ms: _ms, ...rest } = record;
        return rest;
      }),
  );
}

const byPlace = (a: Row, b: Row) =>
  `${a.warcFile}:${a.warcOffset}:${a.url}`.localeCompare(`${b.warcFile}:${b.warcOffset}:${b.url}`);

describe('a queue run writes what the one-process command writes', {
  skip: !HAS_REDIS || !HAS_SAMPLE || !HAS_ARCHIVES,
  timeout: 1_200_000, // a hang guard, as the other queue suites: a loaded machine took over 300 s
}, () => {
  let redis: RedisServer;
  let worker: PithProcess;
  let queue: PithQueue;
  before(async () => {
    redis = await RedisServer.start();
    // No worker dies here: a lock of 30 s (not the harness's 3 s) keeps a loaded machine's late lock
    // renewal from running a job twice, whose second run finds its output done (0 pages, no skips).
    worker = await startWorker(
      redis,
      'same',
      [
        ...['--concurrency', '2', '--lock-duration', '30000'],
        // The pages and feeds are served on loopback.
        '--allow-private',
      ],
      ['--input-root', tmpdir(), '--input-root', WARC_SAMPLES, '--output-root', tmpdir()],
    );
    queue = new PithQueue(redis.url, 'pith');
  });
  after(async () => {
    await queue?.close();
    worker?.child.kill('SIGTERM');
    await worker?.exited;
    await killAll();
    await redis?.close();
  });

  const add = (args: string[]) => addJobs(redis, args);
  const settled = (id: string) => settledJob(queue, id);

  test('pith queue add warc with --content, --min-quality and --below-quality drop: the records of pith warc', async () => {
    // The threshold between the samples' qualities, so that some records are dropped and some kept.
    const flagged = mkdtempSync(join(tmpdir(), 'pith-same-flag-'));
    const flag = await pith(['warc', ...ARCHIVES, '-o', flagged, '--no-progress', ...SLOW_MACHINE]);
    assert.equal(flag.code, 0, flag.stderr);
    const qualities = records(flagged).map((record) => record.quality as number);
    assert.ok(Math.min(...qualities) < Math.max(...qualities), qualities.join(' '));
    const threshold = ((Math.min(...qualities) + Math.max(...qualities)) / 2).toFixed(4);
    const options = ['--content', 'text,markdown', '--min-quality', threshold, '--below-quality', 'drop'];

    const single = mkdtempSync(join(tmpdir(), 'pith-same-warc-'));
    const run = await pith(['warc', ...ARCHIVES, '-o', single, '--no-progress', ...options, ...SLOW_MACHINE]);
    assert.equal(run.code, 0, run.stderr);
    const dropped = Number(/below-min-quality (\d+)/.exec(run.stderr)?.[1]);
    assert.ok(dropped > 0, run.stderr);

    const out = mkdtempSync(join(tmpdir(), 'pith-same-queue-'));
    const { ids } = await add(['warc', ...ARCHIVES, '-o', out, ...options]);
    assert.equal(ids.length, ARCHIVES.length);
    let skipped = 0;
    for (const id of ids) {
      const job = await settled(id);
      assert.equal(job.state, 'completed', job.failedReason ?? '');
      skipped += job.result?.skipped['below-min-quality'] ?? 0;
    }
    assert.equal(skipped, dropped);
    const expected = records(single).sort(byPlace);
    assert.equal(expected.length, qualities.length - dropped);
    assert.deepEqual(records(out).sort(byPlace), expected);
    // Without the options the job is another one (another id, another output).
    const plain = await add(['warc', ARCHIVES[0], '-o', out]);
    assert.equal(plain.added, 1);
    assert.ok(!ids.includes(plain.ids[0]));
  });

  test('pith queue add warc --split-bytes: range jobs that start at records; together the records of pith warc, each once', async () => {
    const generated = await sampleArchive(1, 'ranges.warc.gz');
    // Gzipped per record (generated, Common Crawl's excerpt), plain WARC, gzipped ARC.
    const small = ['cc-whirlwind.warc.gz', 'warcio-example.warc', 'warcio-example.arc.gz'].map((name) =>
      join(WARC_SAMPLES, name),
    );
    const single = mkdtempSync(join(tmpdir(), 'pith-ranges-single-'));
    const run = await pith([
      'warc',
      generated.file,
      ...small,
      '-o',
      single,
      '--no-progress',
      ...SLOW_MACHINE,
    ]);
    assert.equal(run.code, 0, run.stderr);

    const out = mkdtempSync(join(tmpdir(), 'pith-ranges-queue-'));
    const big = await add(['warc', generated.file, '-o', out, '--split-bytes', '200000']);
    const little = await add(['warc', ...small, '-o', out, '--split-bytes', '2000']);
    assert.ok(big.ids.length >= 3, `${big.ids.length} range jobs of the 0.9 MB archive`);
    assert.ok(little.ids.length > small.length, `${little.ids.length} range jobs of the small samples`);
    const results: string[] = [];
    for (const id of [...big.ids, ...little.ids]) {
      const job = await settled(id);
      assert.equal(job.state, 'completed', job.failedReason ?? '');
      results.push(
        `${job.result?.output}: ${job.result?.pages} pages, ${JSON.stringify(job.result?.skipped)}`,
      );
    }
    const expected = records(single).sort(byPlace);
    const place = (row: Row) => `${row.warcFile} ${row.warcOffset}`;
    assert.deepEqual(records(out).sort(byPlace).map(place), expected.map(place), results.join('\n'));
    assert.deepEqual(records(out).sort(byPlace), expected);
    assertEachOnce(
      records(out).filter((row) => row.warcFile === generated.file) as unknown as OutRecord[],
      generated.pages,
    );
  });

  test('pith queue add feed: the records of pith feed; one job per feed and round; a bad feed is a dead letter', async () => {
    const pages = ['al.com1.html', 'bhg.com1.html'].map((name) =>
      readFileSync(samplePath('newspaper-fulltext/html', name)),
    );
    const origin = await localServer((request, response) => {
      const base = `http://${request.headers.host}`;
      if (request.url === '/feed.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(
          `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
            <item><title>First item</title><link>${base}/a</link><guid>a</guid><category>one</category>
              <pubDate>Tue, 03 Jun 2025 10:00:00 GMT</pubDate></item>
            <item><title>Second item</title><link>${base}/b</link><guid>b</guid></item>
            <item><title>Gone</title><link>${base}/missing</link></item>
            <item><title>No link</title></item>
          </channel></rss>`,
        );
      } else if (request.url === '/a' || request.url === '/b') {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(pages[request.url === '/a' ? 0 : 1]);
      } else if (request.url === '/broken.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml' }).end('this is not a feed');
      } else response.writeHead(404).end('not here');
    });
    const feed = `http://127.0.0.1:${origin.port}/feed.xml`;
    const polite = ['--allow-private', '--no-robots', '--delay', '0', '--content', 'text,markdown'];
    try {
      const single = mkdtempSync(join(tmpdir(), 'pith-same-feed-'));
      const run = await pith(['feed', feed, '-o', single, '--no-progress', ...polite, ...SLOW_MACHINE]);
      assert.equal(run.code, 0, run.stderr);

      const out = mkdtempSync(join(tmpdir(), 'pith-same-feed-queue-'));
      const first = await add(['feed', feed, '-o', out, '--round', 'r1', ...polite]);
      assert.equal(first.added, 1);
      const job = await settled(first.ids[0]);
      assert.equal(job.state, 'completed', job.failedReason ?? '');
      assert.deepEqual(job.result?.skipped, { 'no-link': 1 });
      const expected = records(single).sort(byPlace);
      assert.equal(expected.length, 3);
      assert.deepEqual(records(out).sort(byPlace), expected);
      assert.ok(expected.some((record) => record.title === 'First item' && record.feedUrl === feed));

      // The same feed in the same round: the same job; in another round: read again.
      const again = await add(['feed', feed, '-o', out, '--round', 'r1', ...polite]);
      assert.deepEqual([again.added, again.existing, again.ids[0]], [0, 1, first.ids[0]]);
      const next = await add(['feed', feed, '-o', out, '--round', 'r2', ...polite]);
      assert.equal(next.added, 1);
      assert.equal((await settled(next.ids[0])).state, 'completed');

      const broken = await add(['feed', `http://127.0.0.1:${origin.port}/broken.xml`, '-o', out, ...polite]);
      const dead = await settled(broken.ids[0]);
      assert.equal(dead.state, 'failed');
      assert.equal(dead.attemptsMade, 1, 'a feed that is not one is not retried');
      assert.match(dead.failedReason ?? '', /^BAD_FEED: feed http:\/\/127\.0\.0\.1:\d+\/broken\.xml/);

      const refused = await pith([
        'queue',
        'add',
        'feed',
        'feeds/local.xml',
        '-o',
        out,
        '--redis',
        redis.url,
      ]);
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /not an http\(s\) URL/);
    } finally {
      await origin.close();
    }
  });

  test('pith queue add feed: conditional GET across rounds, as pith feed across runs: the next round fetches only what changed', async () => {
    const pages = [
      'newspaper-fulltext/html/al.com1.html',
      'newspaper-fulltext/html/bhg.com1.html',
      'readability-testpages/001/source.html',
    ].map((name) => readFileSync(samplePath(name)));
    // Version 1: items a and b. Version 2: b changed (another ETag), c added; a unchanged.
    let version = 1;
    const answers: string[] = [];
    const origin = await localServer((request, response) => {
      const base = `http://${request.headers.host}`;
      const path = request.url ?? '';
      const items = version === 1 ? ['a', 'b'] : ['a', 'b', 'c'];
      const etag =
        path === '/feed.xml'
          ? `"feed-v${version}"`
          : path === '/b'
            ? `"b-v${version}"`
            : `"${path.slice(1)}-v1"`;
      const known = path === '/feed.xml' || items.includes(path.slice(1));
      if (!known) {
        response.writeHead(404).end('not here');
        return;
      }
      const status = request.headers['if-none-match'] === etag ? 304 : 200;
      answers.push(`${path} ${status}`);
      if (status === 304) {
        response.writeHead(304, { etag }).end();
      } else if (path === '/feed.xml') {
        response
          .writeHead(200, { 'content-type': 'application/rss+xml', etag })
          .end(
            `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${items
              .map((item) => `<item><title>${item}</title><link>${base}/${item}</link></item>`)
              .join('')}</channel></rss>`,
          );
      } else {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag })
          .end(pages['abc'.indexOf(path.slice(1))]);
      }
    });
    const feed = `http://127.0.0.1:${origin.port}/feed.xml`;
    const polite = ['--allow-private', '--no-robots', '--delay', '0'];
    const urls = (rows: Row[]) => rows.map((row) => String(row.url).replace(/^.*\//, '')).sort();
    /** Runs round `round` of the feed as a queue job: its result, its records, the origin's answers. */
    const round = async (out: string, name: string) => {
      answers.length = 0;
      const { ids } = await add(['feed', feed, '-o', out, '--round', name, ...polite]);
      const job = await settled(ids[0]);
      assert.equal(job.state, 'completed', job.failedReason ?? '');
      return {
        result: job.result,
        records: urls(records(out, [job.result?.output ?? ''])),
        answers: [...answers].sort(),
      };
    };
    try {
      const single = mkdtempSync(join(tmpdir(), 'pith-feed-conditional-'));
      const out = mkdtempSync(join(tmpdir(), 'pith-queue-conditional-'));
      const feedRun = async () => {
        const run = await pith(['feed', feed, '-o', single, '--no-progress', ...polite, ...SLOW_MACHINE]);
        assert.equal(run.code, 0, run.stderr);
      };

      await feedRun();
      const first = await round(out, 'r1');
      assert.deepEqual(first.records, ['a', 'b']);
      assert.deepEqual(first.answers, ['/a 200', '/b 200', '/feed.xml 200']);
      assert.ok(existsSync(join(out, '_state')), 'the validators are kept in the results directory');

      version = 2;
      await feedRun();
      const second = await round(out, 'r2');
      assert.deepEqual(second.records, ['b', 'c'], 'only what changed is fetched and written');
      assert.deepEqual(second.answers, ['/a 304', '/b 200', '/c 200', '/feed.xml 200']);
      assert.deepEqual(second.result?.skipped, { 'not-modified': 1 });
      // pith feed's two runs wrote the same: a and b, then b and c.
      assert.deepEqual(urls(records(single)), ['a', 'b', 'b', 'c']);

      const third = await round(out, 'r3');
      assert.deepEqual([third.records, third.answers], [[], ['/feed.xml 304']]);
      assert.deepEqual(third.result?.skipped, { 'feed-not-modified': 1 });
    } finally {
      await origin.close();
    }
  });
});
