import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { compress, httpResponse, pageRecords, warcinfo, warcRecord } from '../../bench/warc/archive.js';
import {
  type ArchiveItem,
  archiveRanges,
  dechunk,
  decodeHttpBody,
  parseHttpResponseHead,
  rangeStartAtOrAfter,
  readArchive,
} from '../../packages/crawl/src/warc/index.js';
import { REPO_ROOT } from '../helpers.js';

const SAMPLES = resolve(REPO_ROOT, '..', 'shared', 'warc-samples');
const HAS_SAMPLES = existsSync(SAMPLES);

async function readAll(source: string | AsyncIterable<Uint8Array>, options = {}): Promise<ArchiveItem[]> {
  const items: ArchiveItem[] = [];
  for await (const item of readArchive(source, options)) items.push(item);
  return items;
}

function tally(items: readonly ArchiveItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const key = item.kind === 'page' ? 'page' : item.reason;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function* chunksOf(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (let index = 0; at < bytes.length; index++) {
    const size = Math.max(1, sizes[index % sizes.length]);
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

/** A small archive of real pages' shape: warcinfo, then request/response/metadata per page. */
function pagesArchive(
  compression: 'record' | 'file' | 'none',
  count = 12,
): { bytes: Buffer; urls: string[]; bodies: string[] } {
  const urls: string[] = [];
  const bodies: string[] = [];
  const records: Buffer[] = [warcinfo('test')];
  for (let index = 0; index < count; index++) {
    const url = `https://site${index % 3}.example/article/${index}`;
    const body = `<!doctype html><html><head><title>Page ${index}</title></head><body><article><h1>Page ${index}</h1>${'<p>Some words of the article, long enough to keep. </p>'.repeat(5 + index)}</article></body></html>`;
    urls.push(url);
    bodies.push(body);
    const encoding = index % 4 === 1 ? 'gzip' : index % 4 === 2 ? 'chunked' : undefined;
    records.push(...pageRecords(url, Buffer.from(body), { encoding }));
  }
  return { bytes: Buffer.concat(compress(records, compression)), urls, bodies };
}

describe('readArchive: the reference samples (read or refused with a count, never a crash)', {
  skip: !HAS_SAMPLES,
}, () => {
  const expected: Record<string, Record<string, number>> = {
    'cc-whirlwind.warc.gz': { warcinfo: 1, request: 1, page: 1, metadata: 1 },
    'cc-whirlwind.warc.wet.gz': { warcinfo: 1, 'not-html': 1 },
    'warcio-bad.arc': { corrupt: 2, 'bad-http': 1 },
    'warcio-example-bad-non-chunked.warc.gz': { warcinfo: 2, page: 1, request: 2, revisit: 1 },
    'warcio-example-digest.warc': { request: 4 },
    'warcio-example-iana.org-chunked.warc': { warcinfo: 1, page: 1, request: 1 },
    'warcio-example-resource.warc.gz': { warcinfo: 2, page: 1 },
    'warcio-example-space-in-url.arc': { warcinfo: 1, page: 1 },
    'warcio-example-trunc.warc': { corrupt: 1, warcinfo: 2, page: 1, request: 1 },
    'warcio-example-wrong-chunks.warc.gz': { page: 1, request: 1 },
    'warcio-example.arc': { warcinfo: 1, page: 1 },
    'warcio-example.arc.gz': { warcinfo: 1, page: 1 },
    'warcio-example.warc': { warcinfo: 2, page: 1, request: 2, revisit: 1 },
    'warcio-example.warc.gz': { warcinfo: 2, page: 1, request: 2, revisit: 1 },
    'warcio-post-test.warc.gz': { 'not-html': 3, request: 3 },
  };

  test('every file in warc-samples is listed here', () => {
    const files = readdirSync(SAMPLES).filter((name) => /\.w?arc(\.wet)?(\.gz)?$/.test(name));
    assert.deepEqual(files.sort(), Object.keys(expected).sort());
  });

  for (const [name, counts] of Object.entries(expected)) {
    test(name, async () => {
      const items = await readAll(join(SAMPLES, name));
      assert.deepEqual(tally(items), counts);
      for (const item of items) {
        if (item.kind !== 'page') continue;
        const html = Buffer.from(decodeHttpBody(item.body, item.encoding, 1 << 24)).toString('latin1');
        assert.match(html, /<html|<!doctype/i, `${name}: the page decodes to HTML`);
      }
    });
  }

  test('Common Crawl excerpt: URL, record id, date, offset of the gzip member', async () => {
    const [page] = (await readAll(join(SAMPLES, 'cc-whirlwind.warc.gz'))).filter(
      (item) => item.kind === 'page',
    );
    assert.ok(page?.kind === 'page');
    assert.equal(page.url, 'https://an.wikipedia.org/wiki/Escopete');
    assert.match(page.id ?? '', /^<urn:uuid:/);
    assert.match(page.date ?? '', /^2024-/);
    assert.equal(page.status, 200);
    // Reading from the record's offset alone finds the same page first.
    const again = await readAll(join(SAMPLES, 'cc-whirlwind.warc.gz'), { start: page.position });
    assert.equal(again[0].kind, 'page');
    assert.equal(again[0].kind === 'page' && again[0].url, page.url);
  });

  test('chunked body (iana.org) decodes; ARC URL with spaces is kept', async () => {
    const [iana] = (await readAll(join(SAMPLES, 'warcio-example-iana.org-chunked.warc'))).filter(
      (item) => item.kind === 'page',
    );
    assert.ok(iana?.kind === 'page');
    const html = Buffer.from(decodeHttpBody(iana.body, iana.encoding, 1 << 24)).toString('utf8');
    assert.match(html, /<\/html>\s*$/);
    assert.ok(!/^[0-9a-f]+\r$/m.test(html.slice(0, 20)), 'no chunk size line left');
    const [spaced] = (await readAll(join(SAMPLES, 'warcio-example-space-in-url.arc'))).filter(
      (item) => item.kind === 'page',
    );
    assert.ok(spaced?.kind === 'page');
    assert.match(spaced.url ?? '', /Examples From The Live Web/);
  });
});

describe('readArchive: archives written here', () => {
  for (const compression of ['record', 'file', 'none'] as const) {
    test(`${compression === 'record' ? 'gzip per record' : compression === 'file' ? 'whole-file gzip' : 'plain'}: every page, in order, bodies intact`, async () => {
      const archive = pagesArchive(compression);
      const items = await readAll(chunksOf(archive.bytes, [4096]));
      const pages = items.filter((item) => item.kind === 'page');
      assert.deepEqual(
        pages.map((page) => page.url),
        archive.urls,
      );
      for (const [index, page] of pages.entries()) {
        assert.equal(
          Buffer.from(decodeHttpBody(page.body, page.encoding, 1 << 24)).toString(),
          archive.bodies[index],
        );
      }
      assert.deepEqual(tally(items), { warcinfo: 1, request: 12, metadata: 12, page: 12 });
    });
  }

  test('any chunking of the input gives the same items (property)', async () => {
    const archives = {
      record: pagesArchive('record', 5),
      none: pagesArchive('none', 5),
      file: pagesArchive('file', 5),
    };
    const reference = {
      record: await readAll(chunksOf(archives.record.bytes, [1 << 20])),
      none: await readAll(chunksOf(archives.none.bytes, [1 << 20])),
      file: await readAll(chunksOf(archives.file.bytes, [1 << 20])),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('record', 'none', 'file') as fc.Arbitrary<'record' | 'none' | 'file'>,
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 8 }),
        async (kind, sizes) => {
          const items = await readAll(chunksOf(archives[kind].bytes, sizes));
          assert.deepEqual(items, reference[kind]);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('members inflated in one call and members streamed (large, or inflating to over 8 MiB) read the same', async () => {
    // Random bytes do not compress: a member larger than the reader's look-ahead. Repeated text
    // compresses 1000×: a small member that inflates past the one-call limit. Both are streamed.
    const random = Buffer.alloc(700 * 1024);
    for (let index = 0; index < random.length; index++) random[index] = (index * 7919 + (index >> 5)) % 251;
    const bodies = [
      Buffer.from(`<html><body>${'<p>small page</p>'.repeat(20)}</body></html>`),
      Buffer.concat([Buffer.from('<html><body><p>'), random, Buffer.from('</p></body></html>')]),
      Buffer.from(`<html><body>${'<p>repeated words of a very long page</p>'.repeat(250_000)}</body></html>`),
      Buffer.from('<html><body><p>last</p></body></html>'),
    ];
    const records = [
      warcinfo('t'),
      ...bodies.flatMap((body, index) => pageRecords(`https://a.example/${index}`, body)),
    ];
    const archive = Buffer.concat(compress(records, 'record'));
    for (const sizes of [[1 << 20], [4096], [300_000, 17]]) {
      const items = await readAll(chunksOf(archive, sizes));
      const pages = items.filter((item) => item.kind === 'page');
      assert.deepEqual(
        pages.map((page) => Buffer.compare(Buffer.from(page.body), bodies[Number(page.url?.slice(-1))])),
        [0, 0, 0, 0],
        `chunks of ${sizes}`,
      );
      assert.deepEqual(tally(items), { warcinfo: 1, request: 4, metadata: 4, page: 4 });
    }
  });

  test('resuming at any item position yields the rest, the same', async () => {
    for (const compression of ['record', 'file', 'none'] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'pith-warc-'));
      const file = join(dir, `a.warc${compression === 'none' ? '' : '.gz'}`);
      writeFileSync(file, pagesArchive(compression).bytes);
      const all = await readAll(file);
      for (const [index, item] of all.entries()) {
        const rest = await readAll(file, { start: item.position });
        assert.deepEqual(rest, all.slice(index), `${compression}: from item ${index}`);
      }
    }
  });

  test('hostile bytes never throw: random garbage, cut archives, flipped bytes (property)', async () => {
    const base = pagesArchive('record', 3).bytes;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.integer({ min: 0, max: base.length }).map((cut) => base.subarray(0, cut)),
          fc
            .tuple(fc.integer({ min: 0, max: base.length - 1 }), fc.integer({ min: 0, max: 255 }))
            .map(([at, value]) => {
              const copy = Buffer.from(base);
              copy[at] = value;
              return copy;
            }),
        ),
        async (bytes) => {
          const items = await readAll(chunksOf(bytes, [997]));
          for (const item of items) assert.ok(item.kind === 'page' || typeof item.reason === 'string');
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a corrupt gzip member costs its own record only', async () => {
    const records = [
      warcinfo('t'),
      ...pageRecords('https://a.example/1', Buffer.from('<html><p>one</p></html>')),
      ...pageRecords('https://a.example/2', Buffer.from('<html><p>two</p></html>')),
    ];
    const members = compress(records, 'record');
    // Break the deflate data of the first response.
    const broken = Buffer.from(members[2]);
    for (let at = 12; at < broken.length - 8; at++) broken[at] ^= 0x5a;
    members[2] = broken;
    const items = await readAll(chunksOf(Buffer.concat(members), [1 << 16]));
    const pages = items.filter((item) => item.kind === 'page');
    assert.deepEqual(
      pages.map((page) => page.url),
      ['https://a.example/2'],
    );
    assert.ok(items.some((item) => item.kind === 'skip' && item.reason === 'corrupt'));
  });

  test('skips with reasons: status, type, non-HTML, resource and revisit records, too large', async () => {
    const html = Buffer.from('<html><body><p>hello</p></body></html>');
    const records = [
      warcRecord({
        type: 'response',
        url: 'https://a.example/404',
        contentType: 'application/http; msgtype=response',
        block: httpResponse({ status: 404, headers: { 'Content-Type': 'text/html' }, body: html }),
      }),
      warcRecord({
        type: 'response',
        url: 'https://a.example/moved',
        contentType: 'application/http; msgtype=response',
        block: httpResponse({ status: 301, headers: { Location: '/x' }, body: new Uint8Array(0) }),
      }),
      warcRecord({
        type: 'response',
        url: 'https://a.example/img',
        contentType: 'application/http; msgtype=response',
        block: httpResponse({ headers: { 'Content-Type': 'image/png' }, body: Buffer.from('PNG') }),
      }),
      warcRecord({
        type: 'resource',
        url: 'https://a.example/r',
        contentType: 'text/html; charset=utf-8',
        block: html,
      }),
      warcRecord({
        type: 'revisit',
        url: 'https://a.example/r',
        contentType: 'application/http',
        block: new Uint8Array(0),
      }),
      warcRecord({
        type: 'response',
        url: 'https://a.example/big',
        contentType: 'application/http; msgtype=response',
        block: httpResponse({ headers: { 'Content-Type': 'text/html' }, body: Buffer.alloc(5000, 0x61) }),
      }),
      warcRecord({
        type: 'response',
        url: 'https://a.example/nohttp',
        contentType: 'application/http; msgtype=response',
        block: Buffer.from('garbage'),
      }),
    ];
    const items = await readAll(chunksOf(Buffer.concat(records), [777]), { maxRecordBytes: 4096 });
    assert.deepEqual(tally(items), {
      'http-4xx': 1,
      'http-3xx': 1,
      'not-html': 1,
      page: 1,
      revisit: 1,
      'too-large': 1,
      'bad-http': 1,
    });
    const page = items.find((item) => item.kind === 'page');
    assert.ok(page?.kind === 'page');
    assert.equal(page.recordType, 'resource');
    assert.equal(page.contentType, 'text/html; charset=utf-8');
  });
});

describe('HTTP bodies', () => {
  test('parseHttpResponseHead: status, headers (repeated joined), body start', () => {
    const block = Buffer.from(
      'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=iso-8859-1\r\nSet-Cookie: a\r\nSet-Cookie: b\r\n\r\n<html>',
    );
    const head = parseHttpResponseHead(block);
    assert.equal(head?.status, 200);
    assert.equal(head?.headers['content-type'], 'text/html; charset=iso-8859-1');
    assert.equal(head?.headers['set-cookie'], 'a, b');
    assert.equal(block.subarray(head?.bodyStart).toString(), '<html>');
    assert.equal(parseHttpResponseHead(Buffer.from('not http')), undefined);
  });

  test('decodeHttpBody: chunked, gzip, deflate (raw and zlib), br; bad data is a clear error', async () => {
    const { brotliCompressSync, deflateRawSync, deflateSync } = await import('node:zlib');
    const text = Buffer.from('<p>héllo</p>'.repeat(100));
    assert.deepEqual(Buffer.from(decodeHttpBody(gzipSync(text), { contentEncoding: 'gzip' }, 1 << 20)), text);
    assert.deepEqual(
      Buffer.from(decodeHttpBody(deflateSync(text), { contentEncoding: 'deflate' }, 1 << 20)),
      text,
    );
    assert.deepEqual(
      Buffer.from(decodeHttpBody(deflateRawSync(text), { contentEncoding: 'deflate' }, 1 << 20)),
      text,
    );
    assert.deepEqual(
      Buffer.from(decodeHttpBody(brotliCompressSync(text), { contentEncoding: 'br' }, 1 << 20)),
      text,
    );
    const chunked = Buffer.from('5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n');
    assert.equal(
      Buffer.from(decodeHttpBody(chunked, { transferEncoding: 'chunked' }, 1 << 20)).toString(),
      'hello world',
    );
    // Announced as chunked but not: taken as it is.
    assert.equal(
      Buffer.from(decodeHttpBody(Buffer.from('<html>'), { transferEncoding: 'chunked' }, 1 << 20)).toString(),
      '<html>',
    );
    assert.equal(dechunk(Buffer.from('zz\r\n')), undefined);
    assert.throws(() => decodeHttpBody(Buffer.from('not gzip'), { contentEncoding: 'gzip' }, 1 << 20), {
      code: 'BAD_CONTENT_ENCODING',
    });
    assert.throws(() => decodeHttpBody(Buffer.from('x'), { contentEncoding: 'compress' }, 1 << 20), {
      code: 'BAD_CONTENT_ENCODING',
    });
    assert.throws(() => decodeHttpBody(gzipSync(Buffer.alloc(1 << 20)), { contentEncoding: 'gzip' }, 1000), {
      code: 'INPUT_TOO_LARGE',
    });
  });

  test('decodeHttpBody: at most 5 chained Content-Encodings are undone (as curl, CVE-2022-32206)', () => {
    const text = Buffer.from('<p>layered</p>');
    const layered = (layers: number) => {
      let body: Buffer = text;
      for (let i = 0; i < layers; i++) body = gzipSync(body);
      return { body, encoding: { contentEncoding: Array(layers).fill('gzip').join(', ') } };
    };
    for (const layers of [2, 5]) {
      const { body, encoding } = layered(layers);
      assert.deepEqual(Buffer.from(decodeHttpBody(body, encoding, 1 << 20)), text, `${layers} layers`);
    }
    for (const layers of [6, 2000]) {
      const { body, encoding } = layered(layers);
      assert.throws(() => decodeHttpBody(body, encoding, 1 << 20), {
        code: 'BAD_CONTENT_ENCODING',
        message: `${layers} chained Content-Encodings (at most 5 are undone)`,
      });
    }
  });
});

describe('archiveRanges: byte ranges that start at records; read one by one, they give every item once', () => {
  /** An item as a comparable line: kind or reason, position, URL, body size. */
  const key = (item: ArchiveItem) =>
    `${item.kind === 'page' ? 'page' : item.reason} ${item.position.offset}+${item.position.skip} ${item.url ?? ''} ${
      item.kind === 'page' ? item.body.length : ''
    }`;
  const byRanges = async (file: string, bytes: number) => {
    const ranges = await archiveRanges(file, bytes);
    const size = statSync(file).size;
    assert.equal(ranges[0].start, 0);
    assert.equal(ranges.at(-1)?.end, size);
    for (const [index, range] of ranges.entries()) {
      assert.ok(range.start < range.end || size === 0, `range ${index} is not empty`);
      if (index > 0) assert.equal(range.start, ranges[index - 1].end, 'the ranges are contiguous');
    }
    const items: string[] = [];
    for (const range of ranges) {
      const read = await readAll(file, { start: { offset: range.start, skip: 0 }, end: range.end });
      items.push(...read.map(key));
    }
    // Sorted: a chunk's faults come before its records, so the order of faults and records differs.
    return { ranges, items: items.sort() };
  };
  const dir = mkdtempSync(join(tmpdir(), 'pith-ranges-'));
  const archives = Object.fromEntries(
    (['record', 'none', 'file'] as const).map((compression) => {
      const file = join(dir, `pages-${compression}.warc${compression === 'none' ? '' : '.gz'}`);
      writeFileSync(file, pagesArchive(compression, 20).bytes);
      return [compression, file];
    }),
  );

  test('gzipped per record and plain: every cut is a record, the ranges hold each item once (any range size)', async () => {
    for (const compression of ['record', 'none'] as const) {
      const file = archives[compression];
      const whole = (await readAll(file)).map(key).sort();
      const size = statSync(file).size;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: size + 10 }), async (bytes) => {
          const { ranges, items } = await byRanges(file, bytes);
          assert.deepEqual(items, whole);
          const starts = new Set(whole.map((line) => Number(line.split(' ')[1].split('+')[0])));
          for (const range of ranges.slice(1))
            assert.ok(starts.has(range.start), `${range.start} starts a record`);
        }),
        { numRuns: 25 },
      );
      // Small ranges: one per record start (a record per member when gzipped).
      assert.equal((await archiveRanges(file, 1)).length, 1 + 20 * 3);
    }
  });

  test('gzipped whole: one range (the single member can only be read from its start)', async () => {
    const { ranges, items } = await byRanges(archives.file, 1000);
    assert.deepEqual(ranges, [{ start: 0, end: statSync(archives.file).size }]);
    assert.deepEqual(items, (await readAll(archives.file)).map(key).sort());
  });

  test("rangeStartAtOrAfter: the first of archiveRanges' starts at or after an offset (a reader's share)", async () => {
    for (const compression of ['record', 'none'] as const) {
      const file = archives[compression];
      // Ranges of one byte: every place a range can start.
      const starts = (await archiveRanges(file, 1)).map((range) => range.start);
      const size = statSync(file).size;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: size + 10 }), async (offset) => {
          const first = starts.find((start) => start >= offset);
          const found = await rangeStartAtOrAfter(file, offset);
          assert.deepEqual(found, first === undefined ? null : { offset: first, skip: 0 });
        }),
        { numRuns: 15 },
      );
    }
    // Gzipped whole: its records are all at offset 0, so nothing starts past it.
    assert.equal(await rangeStartAtOrAfter(archives.file, 1), null);
  });

  test('the shared samples: the ranges hold what the whole file holds', { skip: !HAS_SAMPLES }, async () => {
    for (const name of readdirSync(SAMPLES).filter((entry) => /\.w?arc(\.wet)?(\.gz)?$/.test(entry))) {
      const file = join(SAMPLES, name);
      const whole = (await readAll(file)).map(key).sort();
      for (const bytes of [1, 700, 5000]) {
        assert.deepEqual((await byRanges(file, bytes)).items, whole, `${name}, ranges of ${bytes} bytes`);
      }
    }
  });
});
