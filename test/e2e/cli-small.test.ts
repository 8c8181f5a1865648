/**
 * The small ones of issue 40 (item 9), through the CLI: INPUT_TOO_LARGE names --max-bytes; pith warc
 * writes to standard output (-o -); the launcher says what to do when pith is not built (npx pith
 * on a fresh clone) instead of exiting 127.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { compress, pageRecords, warcinfo } from '../../bench/warc/archive.js';
import { REPO_ROOT, runPith } from '../helpers.js';

const PAGE = `<!DOCTYPE html><html><head><title>Rivers</title></head><body><article><h1>Rivers</h1>
<p>${'Rivers bend because water flows faster on the outside of a curve. '.repeat(8)}</p></article></body></html>`;

describe('pith: the small truths', () => {
  test('INPUT_TOO_LARGE names --max-bytes', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pith-small-')), 'big.html');
    writeFileSync(file, PAGE);
    const run = runPith(['extract', file, '--max-bytes', '100']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /INPUT_TOO_LARGE: .*\(raise --max-bytes to accept it\)/);
  });

  test('-f json over several inputs: each line is the page record -f json prints for one, with its input', () => {
    const single = runPith(['extract', '-f', 'json', 'examples/article.html']);
    assert.equal(single.code, 0, single.stderr);
    const many = runPith(['extract', '-f', 'json', 'examples/article.html', 'examples/article.html']);
    assert.equal(many.code, 0, many.stderr);
    const lines = many.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(lines.length, 2);
    const document = JSON.parse(single.stdout) as Record<string, unknown>;
    for (const line of lines) {
      assert.doesNotMatch(String(line.text), /^\s*\{/, 'the text, not a JSON document');
      assert.deepEqual(line, { ...document, input: 'examples/article.html' });
    }
  });

  test('-f xml: <media> lists the images the default extractor keeps (not empty)', () => {
    const run = runPith([
      'extract',
      '-f',
      'xml',
      '--url',
      'https://example.com/rivers/',
      'examples/article.html',
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /<media\/>/);
    assert.match(
      run.stdout,
      /<media>\s*<item type="image" src="https:\/\/example\.com\/images\/meander\.jpg" width="800" height="450">\s*<alt>Aerial view of a meandering river<\/alt>/,
    );
    // The Markdown keeps the same image.
    const markdown = runPith(['extract', '--url', 'https://example.com/rivers/', 'examples/article.html']);
    assert.match(
      markdown.stdout,
      /!\[Aerial view of a meandering river\]\(https:\/\/example\.com\/images\/meander\.jpg\)/,
    );
  });

  test('pith warc -o - writes JSON Lines records on standard output', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pith-small-')), 'one.warc.gz');
    writeFileSync(
      file,
      Buffer.concat(
        compress(
          [warcinfo('test'), ...pageRecords('https://example.com/rivers', Buffer.from(PAGE))],
          'record',
        ),
      ),
    );
    // A large time budget: a loaded machine must not turn this into a timeout.
    const run = runPith([
      'warc',
      file,
      '-o',
      '-',
      '--content',
      'text',
      '--workers',
      '1',
      '--no-progress',
      '--timeout',
      '600000',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      records.map((record) => [record.url, record.ok, record.title]),
      [['https://example.com/rivers', true, 'Rivers']],
    );
    assert.match(run.stderr, /written to standard output/);
    const parquet = runPith(['warc', file, '-o', '-', '--output', 'parquet']);
    assert.equal(parquet.code, 2);
    assert.match(parquet.stderr, /Parquet needs --out DIR/);
  });

  test('the launcher of a copy that is not built says what to do (no exit 127, no bare ENOENT)', () => {
    const copy = mkdtempSync(join(tmpdir(), 'pith-fresh-'));
    mkdirSync(join(copy, 'bin'));
    copyFileSync(join(REPO_ROOT, 'packages', 'cli', 'bin', 'pith.js'), join(copy, 'bin', 'pith.js'));
    const run = spawnSync(process.execPath, [join(copy, 'bin', 'pith.js'), 'extract', 'page.html'], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /pith: not built .*dist\/main\.js is missing/);
    assert.match(run.stderr, /run `npm ci`/);
    assert.match(run.stderr, /rm -rf ~\/\.npm\/_npx/);
    // Built, it is the command itself.
    const built = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'packages', 'cli', 'bin', 'pith.js'), '--help'],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(built.status, 0, built.stderr);
    assert.match(built.stdout, /Usage: pith/);
  });
});
