/**
 * One record schema (issue 40, item 5): schemas/record.schema.json is made from the record's
 * column table, and the real output of each path that writes page records passes it — `pith
 * extract -f json` and its JSON Lines over several inputs (failures included), `pith warc`, and
 * the HTTP service through `pith serve`. `pith feed` and the queue's outputs are checked in
 * test/queue/same-records.test.ts (they need a feed server and Redis).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { recordJsonSchema } from 'pith';
import { compress, pageRecords, warcinfo } from '../../bench/warc/archive.js';
import { runPith } from '../helpers.js';
import { assertPageRecord, RECORD_SCHEMA_FILE } from '../record-schema.js';
import { ARTICLE_HTML, startServe } from '../server/helpers.js';

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('one page record for every output', () => {
  test('schemas/record.schema.json is what the record table makes (npm run schema:record)', () => {
    assert.deepEqual(JSON.parse(readFileSync(RECORD_SCHEMA_FILE, 'utf8')), recordJsonSchema());
  });

  test('pith extract -f json prints a page record, its content in the field of --content-format', () => {
    const run = runPith(['extract', '-f', 'json', '--content-format', 'markdown', 'examples/article.html']);
    assert.equal(run.code, 0, run.stderr);
    const record = JSON.parse(run.stdout) as Record<string, unknown>;
    assertPageRecord(record, 'pith extract -f json');
    assert.equal(record.ok, true);
    assert.equal(record.text, null);
    assert.match(String(record.markdown), /meander/i);
  });

  test('pith extract over several inputs: one page record a line, in every format, failures too', () => {
    for (const format of ['json', 'markdown', 'text', 'html', 'xml']) {
      const run = runPith(['extract', '-f', format, 'examples/article.html', 'no-such-page.html']);
      assert.equal(run.code, 1, run.stderr);
      const [page, failed] = lines(run.stdout);
      assertPageRecord(page, `pith extract -f ${format}, a page`);
      assertPageRecord(failed, `pith extract -f ${format}, a failure`);
      assert.equal(page.input, 'examples/article.html');
      const column = format === 'json' ? 'text' : format;
      assert.ok(String(page[column]).length > 100, `-f ${format}: the content is in ${column}`);
      assert.equal(failed.ok, false);
      assert.equal(failed.input, 'no-such-page.html');
      assert.equal(typeof failed.errorCode, 'string');
    }
  });

  test('pith warc -o - prints page records', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pith-record-')), 'one.warc.gz');
    const page = Buffer.from(readFileSync('examples/article.html'));
    writeFileSync(
      file,
      Buffer.concat(
        compress([warcinfo('test'), ...pageRecords('https://example.com/rivers', page)], 'record'),
      ),
    );
    const run = runPith([
      'warc',
      file,
      '-o',
      '-',
      '--content',
      'text,markdown',
      '--workers',
      '1',
      '--no-progress',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const records = lines(run.stdout);
    assert.equal(records.length, 1);
    assertPageRecord(records[0], 'pith warc');
    assert.equal(records[0].url, 'https://example.com/rivers');
  });

  test('the HTTP service answers page records (POST /v1/extract, JSON and raw bodies; GET errors aside)', async () => {
    const server = await startServe([]);
    try {
      for (const [format, column] of [
        ['markdown', 'markdown'],
        ['text', 'text'],
        ['html', 'html'],
      ] as const) {
        const response = await fetch(`${server.address}/v1/extract`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ html: ARTICLE_HTML, url: 'https://example.com/rivers', format }),
        });
        assert.equal(response.status, 200);
        const record = (await response.json()) as Record<string, unknown>;
        assertPageRecord(record, `POST /v1/extract format ${format}`);
        assert.equal(record.url, 'https://example.com/rivers');
        assert.ok(String(record[column]).length > 50, `format ${format}: the content is in ${column}`);
      }
      const raw = await fetch(
        `${server.address}/v1/extract?url=https://example.com/rivers&include=text,html`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/html' },
          body: ARTICLE_HTML,
        },
      );
      assert.equal(raw.status, 200);
      const record = (await raw.json()) as Record<string, unknown>;
      assertPageRecord(record, 'POST /v1/extract raw, include=text,html');
      assert.ok(record.markdown && record.text && record.html, 'the included renderings are its columns');
    } finally {
      await server.stop();
    }
  });
});
