/**
 * pith warc and pith feed tell the truth about their input (issue 40, items 1, 2 and 9): an input
 * that is not what the command reads, a feed that cannot be read, or a run that wrote nothing
 * exits 1 with a line that says why; unreachable, refused, blocked and disallowed are four answers.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { compress, warcinfo } from '../../bench/warc/archive.js';
import { HAS_SAMPLE, PITH_ARGV, REPO_ROOT, samplePath } from '../helpers.js';
import { localServer } from '../server/helpers.js';

/** `pith ARGS` to its end, without blocking this process (its servers answer the child). */
function pith(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...PITH_ARGV, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

const temporary = (prefix: string) => mkdtempSync(join(tmpdir(), `pith-exit-${prefix}-`));

function records(dir: string): Record<string, unknown>[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith('part-'))
    .sort()
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
}

describe('pith warc: an input that is no archive, a run that wrote nothing', () => {
  test('a text file exits 1 and says it is not an archive', async () => {
    const run = await pith(['warc', 'README.md', '-o', temporary('readme'), '--no-progress']);
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stderr,
      /README\.md is not a WARC or ARC archive \(no record found: \d+ bytes without a record header\)/,
    );
  });

  test('random bytes and an empty file exit 1', async () => {
    const dir = temporary('random');
    const random = join(dir, 'random.warc.gz');
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 251)));
    const empty = join(dir, 'empty.warc');
    writeFileSync(empty, '');
    for (const file of [random, empty]) {
      const run = await pith(['warc', file, '-o', join(dir, 'out'), '--no-progress', '--restart']);
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /is not a WARC or ARC archive/);
    }
  });

  test('an archive with no page in it exits 1: no record written', async () => {
    const dir = temporary('no-page');
    const file = join(dir, 'info.warc.gz');
    writeFileSync(file, Buffer.concat(compress([warcinfo('test')], 'record')));
    const run = await pith(['warc', file, '-o', join(dir, 'out'), '--no-progress']);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /pith warc: no record written: every record was skipped \(warcinfo 1\)/);
  });
});

describe('pith feed: four answers for a feed that cannot be had', { skip: !HAS_SAMPLE }, () => {
  let origin: Awaited<ReturnType<typeof localServer>>;
  let base: string;
  let closedPort: number;
  before(async () => {
    const page = readFileSync(samplePath('newspaper-fulltext/html', 'al.com1.html'));
    origin = await localServer((request, response) => {
      const host = `http://${request.headers.host}`;
      const path = request.url ?? '';
      if (path === '/robots.txt') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
      } else if (path === '/feed.xml' || path === '/private/feed.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(
          `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
            <item><title>A</title><link>${host}/a</link></item>
            <item><title>Gone</title><link>${host}/gone</link></item>
          </channel></rss>`,
        );
      } else if (path === '/a') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"a1"' }).end(page);
      } else if (path === '/forbidden.xml') {
        response.writeHead(403).end('no');
      } else response.writeHead(404).end('not here');
    });
    base = `http://127.0.0.1:${origin.port}`;
    // A port nothing listens on: a server started and closed.
    const closed = await localServer((_, response) => response.end());
    closedPort = closed.port;
    await closed.close();
  });
  after(async () => {
    await origin?.close();
  });

  const polite = ['--delay', '0', '--retries', '0', '--no-progress', '--output', 'jsonl'];

  test('unreachable, refused, blocked, disallowed: each exits 1 with its own reason', async () => {
    const cases: [string, string[], RegExp][] = [
      [`http://127.0.0.1:${closedPort}/feed.xml`, ['--allow-private'], /feed-unreachable: .*ECONNREFUSED/],
      [`${base}/forbidden.xml`, ['--allow-private'], /feed-refused: .*403/],
      [`${base}/feed.xml`, [], /feed-blocked: .*--allow-private lets pith fetch it/],
      [`${base}/private/feed.xml`, ['--allow-private'], /feed-disallowed: .*disallowed by robots\.txt/],
    ];
    for (const [feed, flags, reason] of cases) {
      const run = await pith(['feed', feed, '-o', temporary('feed'), ...polite, ...flags]);
      assert.equal(run.code, 1, `${feed}: ${run.stderr}`);
      assert.match(run.stderr, reason, feed);
      assert.match(run.stderr, /1 feed could not be read/);
      assert.doesNotMatch(
        run.stderr.replace(reason, ''),
        /disallowed by robots/,
        `${feed}: no robots for what is not`,
      );
    }
  });

  test('a file that is not a feed exits 1; a feed read exits 0, its 404 item keeps its status; nothing changed exits 0', async () => {
    const notFeed = await pith(['feed', 'README.md', '-o', temporary('readme'), ...polite]);
    assert.equal(notFeed.code, 1, notFeed.stderr);
    assert.match(notFeed.stderr, /README\.md: bad-feed: not a readable RSS/);

    const out = temporary('ok');
    const run = await pith(['feed', `${base}/feed.xml`, '-o', out, '--allow-private', ...polite]);
    assert.equal(run.code, 0, run.stderr);
    const gone = records(out).find((record) => String(record.url).endsWith('/gone'));
    assert.equal(gone?.ok, false);
    assert.equal(gone?.errorCode, 'FETCH_BAD_STATUS');
    assert.equal(gone?.httpStatus, 404, 'a page answered 404 keeps its status');

    // The next run: the page is not modified, the 404 fails again: records were written.
    const again = await pith(['feed', `${base}/feed.xml`, '-o', out, '--allow-private', ...polite]);
    assert.equal(again.code, 0, again.stderr);
  });
});
