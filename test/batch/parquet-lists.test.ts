/**
 * Parquet's list columns (issue 40, item 6): pith warc --output parquet writes authors, tags and
 * reasons as lists of strings, and the README's example reads them back with hyparquet, a
 * JavaScript Parquet reader (the example's code is taken from the README and run as it is).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { compress, pageRecords, warcinfo } from '../../bench/warc/archive.js';
import { REPO_ROOT, runPith } from '../helpers.js';

// The byline beside the JSON-LD author: since round 3's floors the metadata model leaves an author
// with no other evidence on the page empty when unsure (issue 42), and this test is about the columns.
const PAGE = `<!DOCTYPE html><html><head><title>Rivers</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Rivers","author":{"@type":"Person","name":"Ann Author"},"keywords":["rivers","geology"]}</script>
</head><body><article><h1>Rivers</h1><p class="byline">By <a rel="author" href="/authors/ann">Ann Author</a></p>
<p>${'Rivers bend because water flows faster on the outside of a curve, eroding the bank. '.repeat(10)}</p>
</article></body></html>`;

/** The README's example of reading Parquet back: the first js block after its heading. */
function readmeExample(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('**Reading Parquet back.**'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  assert.ok(match, 'the README has the example');
  return match[1].replace(/^ {2}/gm, '');
}

describe('pith warc --output parquet: list columns, read back as the README says', () => {
  test('authors, tags and reasons are lists of strings, not JSON strings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-parquet-'));
    const archive = join(dir, 'one.warc.gz');
    writeFileSync(
      archive,
      Buffer.concat(
        compress(
          [warcinfo('test'), ...pageRecords('https://example.com/rivers', Buffer.from(PAGE))],
          'record',
        ),
      ),
    );
    const out = join(dir, 'out');
    const run = runPith([
      'warc',
      archive,
      '-o',
      out,
      '--output',
      'parquet',
      '--workers',
      '1',
      '--no-progress',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const code = `${readmeExample().replace("'out/part-000000.parquet'", JSON.stringify(join(out, 'part-000000.parquet')))}
console.log(JSON.stringify(rows.map((row) => ({ authors: row.authors, tags: row.tags, reasons: row.reasons, bytes: typeof row.bytes }))));`;
    const read = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    assert.equal(read.status, 0, read.stderr);
    const lines = read.stdout.trim().split('\n');
    const rows = JSON.parse(lines[lines.length - 1]) as {
      authors: unknown;
      tags: unknown;
      reasons: unknown;
    }[];
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0].authors, ['Ann Author']);
    assert.deepEqual(rows[0].tags, ['rivers', 'geology']);
    assert.ok(Array.isArray(rows[0].reasons), `reasons: ${JSON.stringify(rows[0].reasons)}`);
    assert.match(
      lines[0],
      /^https:\/\/example\.com\/rivers \[ 'Ann Author' \]/,
      'the example prints the lists',
    );
  });
});
