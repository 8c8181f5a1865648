import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { decompress as zstdDecompress, init as zstdInit } from '@bokuweb/zstd-wasm';
import { parquetReadObjects } from 'hyparquet';
import { compress, pageRecords, warcinfo } from '../../bench/warc/archive.js';
import { datasetPagesForArchive } from '../../bench/warc/build-archive.js';
import { HAS_SAMPLE, SAMPLE_DIR, spawnPith } from '../helpers.js';

const pith = (args: string[]) => spawnPith(args).done;

/** The runs are compared record by record: no page may time out because the machine is busy. */
const SLOW_MACHINE = ['--timeout', '300000'];

interface OutRecord {
  url: string;
  ok: boolean;
  warcOffset: number;
  text: string | null;
  markdown: string | null;
  errorCode: string | null;
}

async function readParts(dir: string): Promise<OutRecord[]> {
  await zstdInit();
  const records: OutRecord[] = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.startsWith('part-'))
    .sort()) {
    const bytes = readFileSync(join(dir, name));
    if (name.endsWith('.parquet')) {
      const rows = (await parquetReadObjects({
        file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
      })) as unknown as (OutRecord & { warcOffset: bigint })[];
      for (const row of rows) records.push({ ...row, warcOffset: Number(row.warcOffset) });
      continue;
    }
    const text = name.endsWith('.gz')
      ? gunzipSync(bytes)
      : name.endsWith('.zst')
        ? Buffer.from(zstdDecompress(bytes))
        : bytes;
    for (const line of text.toString('utf8').split('\n')) if (line !== '') records.push(JSON.parse(line));
  }
  return records;
}

/** An archive of the shared sample's pages, `copies` times over with distinct URLs, plus an image and a 404. */
async function sampleArchive(copies: number): Promise<{ file: string; pages: number }> {
  const pages = await datasetPagesForArchive(SAMPLE_DIR);
  const records: Buffer[] = [warcinfo('test')];
  let count = 0;
  for (let copy = 0; copy < copies; copy++) {
    for (const page of pages) {
      records.push(...pageRecords(`${page.url}${copy ? `?copy=${copy}` : ''}`, page.html));
      count++;
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'pith-warc-cli-'));
  const file = join(dir, 'sample.warc.gz');
  writeFileSync(file, Buffer.concat(compress(records, 'record')));
  return { file, pages: count };
}

function byOffset(records: readonly OutRecord[]): Map<number, OutRecord> {
  const map = new Map<number, OutRecord>();
  for (const record of records) {
    assert.ok(!map.has(record.warcOffset), `record at offset ${record.warcOffset} written twice`);
    map.set(record.warcOffset, record);
  }
  return map;
}

describe('pith warc (CLI)', { skip: !HAS_SAMPLE }, () => {
  let archive: { file: string; pages: number };
  let reference: Map<number, OutRecord>;

  test('a run: one record per page, in order, summary with skip reasons', async () => {
    // One copy of the sample (34 pages): the kill and Ctrl-C below still land with most pages to go.
    archive = await sampleArchive(1);
    const out = mkdtempSync(join(tmpdir(), 'pith-warc-out-'));
    const run = await pith([
      'warc',
      archive.file,
      '-o',
      out,
      '--output',
      'jsonl',
      '--content',
      'text,markdown',
      '--part-records',
      '20',
      '--workers',
      '2',
      ...SLOW_MACHINE,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, new RegExp(`${archive.pages} pages`));
    assert.match(run.stderr, /request \d+/);
    assert.match(run.stderr, /metadata \d+/);
    const records = await readParts(out);
    assert.equal(records.length, archive.pages);
    const offsets = records.map((record) => record.warcOffset);
    assert.deepEqual(
      offsets,
      [...offsets].sort((a, b) => a - b),
      'input order',
    );
    assert.ok(
      records.filter((record) => record.ok).length > archive.pages * 0.9,
      'nearly every page extracted',
    );
    assert.ok(
      records.every((record) =>
        record.ok ? typeof record.text === 'string' && typeof record.markdown === 'string' : record.errorCode,
      ),
      'content in both formats, or an error code',
    );
    reference = byOffset(records);
    const checkpoint = JSON.parse(readFileSync(join(out, '_checkpoint.json'), 'utf8'));
    assert.equal(checkpoint.finished, true);

    const again = await pith([
      'warc',
      archive.file,
      '-o',
      out,
      '--output',
      'jsonl',
      '--content',
      'text,markdown',
      '--part-records',
      '20',
      '--workers',
      '2',
      ...SLOW_MACHINE,
    ]);
    assert.equal(again.code, 0);
    assert.match(again.stderr, /had already finished/);
    const other = await pith(['warc', archive.file, '-o', out, '--output', 'jsonl']);
    assert.equal(other.code, 2);
    assert.match(other.stderr, /checkpoint of another run/);
  });

  test('--chunks: one record per chunk, the page fields then the chunk; Parquet refused (issue 41)', async () => {
    const small = await sampleArchive(1);
    const out = mkdtempSync(join(tmpdir(), 'pith-warc-chunks-'));
    const run = await pith([
      'warc',
      small.file,
      '-o',
      out,
      '--output',
      'jsonl',
      '--chunks',
      '--max-tokens',
      '128',
      '--workers',
      '1',
      ...SLOW_MACHINE,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const records = (await readParts(out)) as unknown as Record<string, unknown>[];
    const pages = new Set(records.map((record) => record.warcOffset));
    assert.equal(pages.size, small.pages);
    assert.ok(records.length > small.pages, 'pages have several chunks');
    for (const record of records) {
      assert.equal(record.text === undefined || typeof record.text === 'string', true);
      if (!record.ok || record.chunkCount === 0) continue;
      assert.equal(record.tokenizer, 'cl100k_base-estimate');
      assert.equal(typeof record.index, 'number');
      assert.ok(Array.isArray(record.headings));
      assert.equal(record.markdown, undefined);
      if (record.split === undefined) assert.ok((record.tokens as number) <= 128);
    }
    const parquet = await pith([
      'warc',
      small.file,
      '-o',
      mkdtempSync(join(tmpdir(), 'pith-warc-chunks-')),
      '--output',
      'parquet',
      '--chunks',
    ]);
    assert.equal(parquet.code, 2);
    assert.match(parquet.stderr, /--chunks writes JSON Lines/);
  });

  test('kill -9 in the middle, then the same command: every record exactly once', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pith-warc-kill-'));
    const args = [
      'warc',
      archive.file,
      '-o',
      out,
      '--output',
      'jsonl',
      '--content',
      'text,markdown',
      '--part-records',
      '5',
      '--workers',
      '1',
      ...SLOW_MACHINE,
    ];
    const first = spawnPith(args);
    // Wait until some part files are written, then kill the process (and its worker threads) at once.
    for (let tries = 0; tries < 2400; tries++) {
      if (readdirSync(out).filter((name) => name.startsWith('part-')).length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    first.child.kill('SIGKILL');
    const killed = await first.done;
    assert.equal(killed.signal, 'SIGKILL');
    const partial = await readParts(out);
    assert.ok(partial.length < archive.pages, 'the run was stopped before the end');
    const second = await pith(args);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, /resumed/);
    const resumed = byOffset(await readParts(out));
    assert.deepEqual(
      [...resumed.keys()].sort((a, b) => a - b),
      [...reference.keys()].sort((a, b) => a - b),
    );
    for (const [offset, record] of resumed) assert.equal(record.text, reference.get(offset)?.text);
  });

  test('Ctrl-C stops after the pages in flight; the next run completes', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pith-warc-int-'));
    const args = [
      'warc',
      archive.file,
      '-o',
      out,
      '--output',
      'jsonl.gz',
      '--part-records',
      '5',
      '--workers',
      '1',
      '--unordered',
      ...SLOW_MACHINE,
    ];
    const first = spawnPith(args);
    for (let tries = 0; tries < 2400; tries++) {
      if (readdirSync(out).some((name) => name.startsWith('part-'))) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    first.child.kill('SIGINT');
    const stopped = await first.done;
    assert.equal(stopped.code, 1, stopped.stderr);
    assert.match(stopped.stderr, /stopped: run the same command again to resume/);
    const second = await pith(args);
    assert.equal(second.code, 0, second.stderr);
    const records = byOffset(await readParts(out));
    assert.equal(records.size, archive.pages);
  });

  test('JSON Lines .zst and Parquet hold the same records', async () => {
    const small = await sampleArchive(1);
    const texts: Record<string, Map<number, OutRecord>> = {};
    for (const output of ['jsonl.zst', 'parquet']) {
      const out = mkdtempSync(join(tmpdir(), `pith-warc-${output}-`));
      const run = await pith([
        'warc',
        small.file,
        '-o',
        out,
        '--output',
        output,
        '--workers',
        '2',
        ...SLOW_MACHINE,
      ]);
      assert.equal(run.code, 0, run.stderr);
      texts[output] = byOffset(await readParts(out));
      assert.equal(texts[output].size, small.pages);
    }
    for (const [offset, record] of texts['jsonl.zst']) {
      const row = texts.parquet.get(offset);
      assert.equal(row?.url, record.url);
      assert.equal(row?.text, record.text);
    }
  });

  test('a gzip bomb fails alone, with its code', async () => {
    const records = [
      ...pageRecords(
        'https://a.example/ok',
        Buffer.from(
          '<html><body><article><p>A fine page with enough words in it to keep.</p></article></body></html>',
        ),
      ),
      ...pageRecords('https://a.example/bomb', Buffer.alloc(64 * 1024 * 1024, 0x20), { encoding: 'gzip' }),
    ];
    const dir = mkdtempSync(join(tmpdir(), 'pith-warc-bomb-'));
    const file = join(dir, 'bomb.warc.gz');
    writeFileSync(file, Buffer.concat(compress(records, 'record')));
    const out = join(dir, 'out');
    const run = await pith([
      'warc',
      file,
      '-o',
      out,
      '--output',
      'jsonl',
      '--max-bytes',
      '1000000',
      ...SLOW_MACHINE,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const results = await readParts(out);
    assert.equal(results.length, 2);
    assert.ok(existsSync(join(out, '_checkpoint.json')), 'a checkpoint');
    assert.deepEqual(
      results.map((record) => [record.url, record.ok, record.errorCode]),
      [
        ['https://a.example/ok', true, null],
        ['https://a.example/bomb', false, 'INPUT_TOO_LARGE'],
      ],
    );
  });
});
