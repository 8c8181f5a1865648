import assert from 'node:assert/strict';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createGzip, gzipSync } from 'node:zlib';
import { isPithError, type PithErrorCode } from '../../src/errors.js';
import { isGzip, readInputFile, readInputFileSync, readInputStream } from '../../src/input/read.js';

const SAMPLE = resolve(fileURLToPath(new URL('../..', import.meta.url)), '../shared/datasets/sample');

function expectPithError(code: PithErrorCode, fn: () => unknown): void {
  assert.throws(fn, (error: unknown) => isPithError(error) && error.code === code);
}

async function expectPithErrorAsync(code: PithErrorCode, promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => assert.fail(`expected ${code}`),
    (e: unknown) => e,
  );
  assert.ok(isPithError(error), String(error));
  assert.equal(error.code, code, error.message);
  return error.message;
}

describe('readInputFile / readInputFileSync / readInputStream', () => {
  let dir: string;
  const html = '<!DOCTYPE html><html><body><p>Grüße aus München</p></body></html>';
  const MIB = 1024 * 1024;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pith-read-'));
    writeFileSync(join(dir, 'page.html'), html);
    writeFileSync(join(dir, 'page.html.gz'), gzipSync(html));
    writeFileSync(join(dir, 'misnamed.html'), gzipSync(html));
    writeFileSync(join(dir, 'big.html'), Buffer.alloc(2 * MIB, 0x61));
    writeFileSync(
      join(dir, 'corrupt.html.gz'),
      Buffer.concat([gzipSync(html).subarray(0, 20), Buffer.alloc(50, 0x5a)]),
    );
    writeFileSync(join(dir, 'empty.html'), '');
    // A gzip bomb: 1 GiB of spaces in about 1 MB, streamed so the test never holds the gigabyte.
    await pipeline(
      Readable.from(
        (function* () {
          const chunk = Buffer.alloc(MIB, 0x20);
          for (let i = 0; i < 1024; i++) yield chunk;
        })(),
      ),
      createGzip({ level: 9 }),
      createWriteStream(join(dir, 'bomb.html.gz')),
    );
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads plain files as they are', async () => {
    assert.equal(Buffer.from(await readInputFile(join(dir, 'page.html'))).toString(), html);
    assert.equal(Buffer.from(readInputFileSync(join(dir, 'page.html'))).toString(), html);
    assert.equal((await readInputFile(join(dir, 'empty.html'))).length, 0);
    assert.equal(readInputFileSync(join(dir, 'empty.html')).length, 0);
  });

  it('gunzips by magic bytes, not by file name', async () => {
    for (const name of ['page.html.gz', 'misnamed.html']) {
      assert.equal(Buffer.from(await readInputFile(join(dir, name))).toString(), html, name);
      assert.equal(Buffer.from(readInputFileSync(join(dir, name))).toString(), html, name);
    }
    assert.ok(isGzip(gzipSync('x')));
    assert.ok(!isGzip(Buffer.from('<html>')));
  });

  it('reads the gzipped WCXB sample pages', { skip: !existsSync(SAMPLE) }, async () => {
    const path = join(SAMPLE, 'wcxb-dev/dev/html/0479.html.gz');
    const bytes = await readInputFile(path);
    assert.match(Buffer.from(bytes.subarray(0, 200)).toString(), /<!DOCTYPE html>|<html/i);
    assert.deepEqual(readInputFileSync(path), bytes);
  });

  it('refuses files over maxBytes', async () => {
    const path = join(dir, 'big.html');
    const message = await expectPithErrorAsync('INPUT_TOO_LARGE', readInputFile(path, { maxBytes: MIB }));
    assert.ok(message.includes(path) && message.includes(String(MIB)), message);
    expectPithError('INPUT_TOO_LARGE', () => readInputFileSync(path, { maxBytes: MIB }));
    assert.equal((await readInputFile(path, { maxBytes: 2 * MIB })).length, 2 * MIB);
  });

  it('stops a gzip bomb at maxBytes of decompressed data, quickly and in bounded memory', async () => {
    const path = join(dir, 'bomb.html.gz');
    const rssBefore = process.memoryUsage().rss;
    const message = await expectPithErrorAsync('INPUT_TOO_LARGE', readInputFile(path, { maxBytes: 8 * MIB }));
    assert.match(message, /decompressed/);
    expectPithError('INPUT_TOO_LARGE', () => readInputFileSync(path, { maxBytes: 8 * MIB }));
    assert.ok(process.memoryUsage().rss - rssBefore < 256 * MIB, 'never inflated the whole gigabyte');
  });

  it('reports missing files and corrupt gzip as READ_FAILED', async () => {
    const missing = join(dir, 'nope.html');
    assert.ok((await expectPithErrorAsync('READ_FAILED', readInputFile(missing))).includes(missing));
    expectPithError('READ_FAILED', () => readInputFileSync(missing));
    await expectPithErrorAsync('READ_FAILED', readInputFile(join(dir, 'corrupt.html.gz')));
    expectPithError('READ_FAILED', () => readInputFileSync(join(dir, 'corrupt.html.gz')));
    await expectPithErrorAsync('READ_FAILED', readInputFile(dir));
  });

  it('rejects a bad maxBytes', async () => {
    await expectPithErrorAsync('BAD_OPTION', readInputFile(join(dir, 'page.html'), { maxBytes: -1 }));
    expectPithError('BAD_OPTION', () => readInputFileSync(join(dir, 'page.html'), { maxBytes: 1.5 }));
  });

  it('reads streams the same way (one byte per chunk, gzipped)', async () => {
    const gz = gzipSync(html);
    const oneByteChunks = Readable.from(
      (function* () {
        for (const byte of gz) yield Uint8Array.of(byte);
      })(),
    );
    assert.equal(Buffer.from(await readInputStream(oneByteChunks)).toString(), html);
    assert.equal(Buffer.from(await readInputStream(Readable.from([Buffer.from(html)]))).toString(), html);
    assert.equal((await readInputStream(Readable.from([]))).length, 0);
    const message = await expectPithErrorAsync(
      'INPUT_TOO_LARGE',
      readInputStream(Readable.from([Buffer.from(html)]), { maxBytes: 10, name: 'stdin' }),
    );
    assert.match(message, /^stdin: /);
  });
});
