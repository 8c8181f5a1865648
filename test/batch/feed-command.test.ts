import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readFeed } from '../../packages/crawl/src/feed/index.js';
import { HAS_SAMPLE, PITH_ARGV, REPO_ROOT, samplePath } from '../helpers.js';

function pith(args: string[]): Promise<{ code: number | null; stderr: string }> {
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

interface Row {
  url: string;
  ok: boolean;
  errorCode: string | null;
  title: string | null;
  published: string | null;
  authors: string[];
  tags: string[];
  feedUrl: string;
  text: string | null;
}

function readRows(dir: string): Row[] {
  const rows: Row[] = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.startsWith('part-'))
    .sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n'))
      if (line) rows.push(JSON.parse(line));
  }
  return rows;
}

describe('readFeed: RSS 0.91/2.0, Atom, RDF, JSON Feed', () => {
  test('items with link, id, title, date, authors, categories', () => {
    const rss = readFeed(
      '<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><item><title>A</title><link>/a</link><guid>g1</guid><pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate><dc:creator>Ann</dc:creator><category>c1</category></item></channel></rss>',
      'https://x.example/feed',
    );
    assert.deepEqual(rss.items, [
      {
        url: 'https://x.example/a',
        id: 'g1',
        title: 'A',
        published: '2003-06-10T04:00:00.000Z',
        authors: ['Ann'],
        categories: ['c1'],
      },
    ]);
    const atom = readFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>urn:1</id><title>A</title><link rel="alternate" href="https://x.example/a"/><published>2003-12-13T18:30:02Z</published><author><name>Bob</name></author><category term="c2"/></entry></feed>',
    );
    assert.equal(atom.format, 'atom');
    assert.deepEqual(atom.items[0].authors, ['Bob']);
    const rdf = readFeed(
      '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://x.example/"><title>T</title><link>https://x.example/</link></channel><item rdf:about="https://x.example/a"><title>A</title><link>https://x.example/a</link><dc:date>2003-01-01</dc:date><dc:creator>Cy</dc:creator></item></rdf:RDF>',
    );
    assert.equal(rdf.format, 'rdf');
    assert.equal(rdf.items[0].url, 'https://x.example/a');
    const json = readFeed(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'T',
        items: [{ id: 'j1', url: 'https://x.example/a', title: 'A', tags: ['t'] }],
      }),
    );
    assert.equal(json.format, 'json');
    assert.deepEqual(json.items[0].categories, ['t']);
    const rss091 = readFeed(
      '<?xml version="1.0"?><rss version="0.91"><channel><title>T</title><link>https://x.example/</link><description>d</description><item><title>A</title><link>https://x.example/a</link></item></channel></rss>',
    );
    assert.equal(rss091.items[0].url, 'https://x.example/a');
    assert.throws(() => readFeed('<rss><channel><item><title>broken</item>'), { code: 'BAD_FEED' });
  });
});

describe('pith feed against a local server (slow host, 429, redirect loop, robots.txt, broken XML)', {
  skip: !HAS_SAMPLE,
}, () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  let active = 0;
  let maxActive = 0;
  const starts: number[] = [];
  const pages: Record<string, Buffer> = {};

  before(async () => {
    pages['/news/al'] = readFileSync(samplePath('newspaper-fulltext/html/al.com1.html'));
    pages['/news/bhg'] = readFileSync(samplePath('newspaper-fulltext/html/bhg.com1.html'));
    pages['/news/rtl'] = readFileSync(samplePath('readability-testpages/rtl-1/source.html'));
    pages['/news/001'] = readFileSync(samplePath('readability-testpages/001/source.html'));
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      active++;
      maxActive = Math.max(maxActive, active);
      // Redirect hops are followed inside one fetch: the delay is between fetches.
      if (path !== '/loop' || hits.get(path) === 1) starts.push(performance.now());
      response.on('close', () => active--);
      const feedItems = (paths: string[]) =>
        paths
          .map(
            (p, index) =>
              `<item><title>Item ${p}</title><link>${base}${p}</link><guid>${p}</guid><pubDate>Mon, 0${index + 1} Jan 2024 10:00:00 GMT</pubDate><category>cat${index}</category><author>feed-author@example.com (Feed Author)</author></item>`,
          )
          .join('');
      if (path === '/robots.txt') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
      } else if (path === '/feed.xml') {
        response
          .writeHead(request.headers['if-none-match'] === '"feed-v1"' ? 304 : 200, {
            'content-type': 'application/rss+xml',
            etag: '"feed-v1"',
          })
          .end(
            request.headers['if-none-match'] === '"feed-v1"'
              ? undefined
              : `<?xml version="1.0"?><rss version="2.0"><channel><title>Local</title>${feedItems(['/news/al', '/slow', '/limited', '/loop', '/private/secret', '/news/bhg'])}</channel></rss>`,
          );
      } else if (path === '/atom.xml') {
        response
          .writeHead(200, { 'content-type': 'application/atom+xml' })
          .end(
            `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title><entry><id>urn:rtl</id><title>An Atom entry</title><link href="${base}/news/rtl"/><updated>2024-02-02T00:00:00Z</updated></entry></feed>`,
          );
      } else if (path === '/feed.json') {
        response.writeHead(200, { 'content-type': 'application/feed+json' }).end(
          JSON.stringify({
            version: 'https://jsonfeed.org/version/1.1',
            title: 'JSON',
            items: [{ id: 'j1', url: `${base}/news/001`, title: 'A JSON Feed item', tags: ['json-tag'] }],
          }),
        );
      } else if (path === '/broken.xml') {
        response
          .writeHead(200, { 'content-type': 'application/rss+xml' })
          .end('<rss><channel><item><title>broken</item></channel>');
      } else if (path === '/slow') {
        setTimeout(
          () => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>late</html>'),
          5000,
        );
      } else if (path === '/limited' && hits.get(path) === 1) {
        response.writeHead(429, { 'retry-after': '1' }).end();
      } else if (path === '/loop') {
        response.writeHead(302, { location: '/loop' }).end();
      } else if (path === '/limited' || pages[path]) {
        const etag = `"${path}-v1"`;
        if (request.headers['if-none-match'] === etag) response.writeHead(304, { etag }).end();
        else
          response
            .writeHead(200, { 'content-type': 'text/html', etag })
            .end(pages[path] ?? pages['/news/al']);
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => {
    server.closeAllConnections();
    server.close();
  });

  test('every kind of item, politely; a second run fetches only what changed', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pith-feed-'));
    const args = [
      'feed',
      `${base}/feed.xml`,
      `${base}/atom.xml`,
      `${base}/feed.json`,
      `${base}/broken.xml`,
      '-o',
      out,
      '--output',
      'jsonl',
      '--allow-private',
      '--fetch-timeout',
      '1500',
      '--timeout',
      '300000',
      '--per-host',
      '1',
      '--delay',
      '100',
      '--retries',
      '2',
      '--workers',
      '1',
    ];
    const first = await pith(args);
    // A feed that could not be read (broken.xml) makes the run exit 1, saying why (issue 40).
    assert.equal(first.code, 1, first.stderr);
    assert.match(first.stderr, /broken\.xml: bad-feed: not a readable RSS, Atom, RDF or JSON feed/);
    assert.match(first.stderr, /1 feed could not be read \(bad-feed 1\)/);
    assert.match(first.stderr, /robots-disallowed 1/);
    assert.match(first.stderr, /bad-feed 1/);
    const rows = readRows(out);
    const byPath = new Map(rows.map((row) => [new URL(row.url).pathname, row]));
    assert.deepEqual([...byPath.keys()].sort(), [
      '/limited',
      '/loop',
      '/news/001',
      '/news/al',
      '/news/bhg',
      '/news/rtl',
      '/slow',
    ]);
    assert.equal(byPath.get('/slow')?.errorCode, 'FETCH_TIMEOUT');
    assert.equal(byPath.get('/loop')?.errorCode, 'FETCH_TOO_MANY_REDIRECTS');
    assert.equal(byPath.get('/limited')?.ok, true, 'retried after the 429');
    assert.equal(hits.get('/limited'), 2);
    assert.equal(hits.get('/private/secret'), undefined, 'robots.txt is honoured');
    const al = byPath.get('/news/al');
    assert.equal(al?.ok, true);
    assert.equal(al?.title, 'Item /news/al', "the feed's title");
    assert.equal(al?.published, '2024-01-01T10:00:00.000Z', "the feed's date");
    assert.ok(al?.tags.includes('cat0'), "the feed's categories");
    assert.ok(al?.authors.includes('Feed Author'), "the feed's author beside the page's");
    assert.ok((al?.text ?? '').length > 500, 'the article text');
    assert.deepEqual(byPath.get('/news/001')?.tags.includes('json-tag'), true);
    assert.equal(byPath.get('/news/rtl')?.title, 'An Atom entry');
    assert.equal(maxActive, 1, '--per-host 1: one request at a time');
    // The fetcher spaces the starts of its requests; what the server sees also carries each request's
    // own latency, which a loaded machine makes uneven (one late request makes one short gap after
    // it). So the median gap, not the smallest, must be the delay.
    const gaps = starts
      .slice(1)
      .map((start, index) => start - starts[index])
      .sort((a, b) => a - b);
    const median = gaps[Math.floor(gaps.length / 2)];
    assert.ok(median >= 90, `--delay 100 between requests to the host (median gap ${median} ms)`);

    // Again: the RSS feed answers 304, the Atom and JSON items' pages too: nothing new is written.
    const before = readdirSync(out).filter((name) => name.startsWith('part-')).length;
    const pageHits = hits.get('/news/rtl');
    const second = await pith(args);
    assert.equal(second.code, 1, 'broken.xml is still no feed');
    assert.match(second.stderr, /feed-not-modified 1/);
    assert.match(second.stderr, /not-modified 2/);
    assert.equal(hits.get('/news/rtl'), (pageHits ?? 0) + 1, 'a conditional request, answered 304');
    assert.equal(
      readdirSync(out).filter((name) => name.startsWith('part-')).length,
      before,
      'no new part files',
    );
  });
});
