import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { HAS_SAMPLE, PITH_ARGV, REPO_ROOT, runPith, samplePath } from '../helpers.js';

/** Runs the CLI from source, as `pith …` would run from dist. */
const pith = (args: string[], input?: string | Buffer) => runPith(args, { input });

const EXAMPLE = join(REPO_ROOT, 'examples/article.html');

describe('pith extract (CLI)', () => {
  test('the quick start: Markdown of the bundled example', () => {
    const { code, stdout } = pith(['extract', EXAMPLE]);
    assert.equal(code, 0);
    // The content is the body: the headline is metadata, not its first line (issue 16).
    assert.ok(!stdout.includes('Why Rivers Meander'), 'the title is not in the body');
    assert.match(stdout, /^Look at any river/);
    assert.match(stdout, /^## How a bend grows$/m);
    assert.match(stdout, /^1\. \*\*Erosion\*\*/m);
    assert.match(stdout, /^```python$/m);
    assert.ok(!stdout.includes('Subscribe'), 'sidebar is gone');
    assert.ok(!stdout.includes('Privacy'), 'footer is gone');
    assert.ok(!stdout.includes('Buy waterproof boots'), 'ad is gone');
  });

  test('--format text, html, json and xml', () => {
    const text = pith(['extract', '-f', 'text', EXAMPLE]);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /oxbow lake/);
    assert.ok(!text.stdout.includes('Why Rivers Meander'));
    assert.ok(!text.stdout.includes('**'));

    const heading = pith(['extract', '--title-heading', EXAMPLE]);
    assert.match(heading.stdout, /^# Why Rivers Meander\n\nLook at any river/);
    assert.equal(heading.stdout.match(/Why Rivers Meander/g)?.length, 1);
    const front = pith(['extract', '-f', 'text', '--front-matter', EXAMPLE]);
    assert.match(front.stdout, /^---\ntitle: "Why Rivers Meander"\n[\s\S]*\n---\n\nLook at any river/);

    const html = pith(['extract', '-f', 'html', '--url', 'https://fieldnotes.example/science/x', EXAMPLE]);
    assert.equal(html.code, 0);
    assert.ok(!/<script/i.test(html.stdout));
    assert.match(html.stdout, /src="https:\/\/fieldnotes\.example\/images\/meander\.jpg"/);

    const json = pith(['extract', '-f', 'json', EXAMPLE]);
    assert.equal(json.code, 0);
    const parsed = JSON.parse(json.stdout);
    assert.equal(parsed.title, 'Why Rivers Meander');
    assert.deepEqual(parsed.authors, ['Ada Ríos']);
    assert.equal(parsed.extractor, 'pith');
    assert.match(parsed.text, /oxbow lake/);

    const xml = pith(['extract', '-f', 'xml', EXAMPLE]);
    assert.equal(xml.code, 0);
    assert.match(xml.stdout, /^<\?xml/);
    assert.match(xml.stdout, /oxbow lake/);
  });

  test('-f xml is the article XML for every extractor, as the library writes it', async () => {
    const { extract } = await import('../../packages/pith/src/index.js');
    const page = readFileSync(EXAMPLE);
    for (const extractor of ['pith', 'cuter', 'ttr']) {
      const cli = pith(['extract', '-e', extractor, '-f', 'xml', EXAMPLE]);
      assert.equal(cli.code, 0, cli.stderr);
      assert.match(cli.stdout, new RegExp(`<article schema="2" extractor="${extractor}"`));
      assert.equal(
        cli.stdout,
        extract(page, { extractor, format: 'xml', limits: { timeoutMs: 600_000 } }).content,
      );
    }
  });

  test('--extractor all-text keeps the boilerplate', () => {
    const { code, stdout } = pith(['extract', '-e', 'all-text', '-f', 'text', EXAMPLE]);
    assert.equal(code, 0);
    assert.match(stdout, /Privacy/);
  });

  test('standard input with --url', () => {
    const { code, stdout } = pith(['extract', '-', '--url', 'https://a.example/b/'], readFileSync(EXAMPLE));
    assert.equal(code, 0);
    assert.match(stdout, /\(https:\/\/a\.example\/glossary\/oxbow-lake\)/);
  });

  test('several inputs: JSON Lines, a failure does not stop the batch, exit 1, summary line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-cli-'));
    const gz = join(dir, 'gz-page.html.gz');
    writeFileSync(gz, gzipSync(readFileSync(EXAMPLE)));
    const { code, stdout, stderr } = pith(['extract', EXAMPLE, join(dir, 'missing.html'), gz]);
    assert.equal(code, 1);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(records.length, 3);
    assert.equal(records[0].ok, true);
    assert.equal(records[1].ok, false);
    assert.equal(typeof records[1].errorMessage, 'string');
    assert.equal(records[2].ok, true, 'gzip input read transparently');
    assert.match(records[2].markdown, /oxbow lake/);
    assert.match(stderr, /missing\.html/);
    assert.match(stderr, /3 inputs: 2 ok, 1 failed/);
  });

  test('--out writes one file per input', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-out-'));
    const { code } = pith(['extract', '-f', 'text', '--out', dir, EXAMPLE, EXAMPLE]);
    assert.equal(code, 0);
    // Two inputs of one name, and the manifest of what became of each (issue 40, item 4).
    assert.deepEqual(readdirSync(dir).sort(), ['_manifest.jsonl', 'article-2.txt', 'article.txt']);
  });

  test('usage errors exit 2: unknown option, unknown extractor, unknown format, no input', () => {
    assert.equal(pith(['extract', '--bogus', EXAMPLE]).code, 2);
    const extractor = pith(['extract', '-e', 'nope', EXAMPLE]);
    assert.equal(extractor.code, 2);
    assert.match(extractor.stderr, /unknown extractor 'nope'/);
    assert.equal(pith(['extract', '-f', 'pdf', EXAMPLE]).code, 2);
    assert.equal(pith(['extract']).code, 2);
  });

  test('extractor parameters are flags: --pith-ancestor-levels; wrong extractor or bad values are usage errors', () => {
    const ok = pith(['extract', '-f', 'text', '--pith-ancestor-levels', '3', EXAMPLE]);
    assert.equal(ok.code, 0);
    assert.match(ok.stdout, /oxbow lake/);
    const other = pith(['extract', '-e', 'all-text', '--pith-ancestor-levels', '3', EXAMPLE]);
    assert.equal(other.code, 2);
    assert.match(other.stderr, /parameter of the 'pith' extractor/);
    assert.equal(pith(['extract', '--pith-ancestor-levels', 'many', EXAMPLE]).code, 2);
    const unknown = pith(['extract', '--option', 'bogus=1', EXAMPLE]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no parameter 'bogus'/);
  });

  test('vce with the estimated layout; --screenshot renders the blocks in the browser', async () => {
    const estimated = pith(['extract', '-e', 'vce', '--layout', 'estimate', '-f', 'text', EXAMPLE]);
    assert.equal(estimated.code, 0, estimated.stderr);
    assert.match(estimated.stdout, /oxbow lake/);
    const { browserAvailability } = await import('../../packages/tools/src/browser.js');
    const availability = await browserAvailability();
    if (!availability.available) {
      // CI installs Chromium: there, a missing browser is a failure, not a skip.
      assert.ok(!process.env.CI, `CI must have Chromium: ${availability.reason}`);
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'pith-shot-'));
    const file = join(dir, 'blocks.png');
    const shot = pith(['extract', '-e', 'vce', '--screenshot', file, '-f', 'text', EXAMPLE]);
    assert.equal(shot.code, 0, shot.stderr);
    const png = readFileSync(file);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG file');
    assert.ok(png.length > 10_000);
  });

  test('ttr with its flags, and --plot draws the per-line ratios', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pith-plot-')), 'ttr.svg');
    const { code, stdout, stderr } = pith([
      'extract',
      '-e',
      'ttr',
      '--ttr-method',
      'kmeans',
      '--plot',
      file,
      '-f',
      'text',
      EXAMPLE,
    ]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /river/i);
    const svg = readFileSync(file, 'utf8');
    assert.match(svg, /^<svg[\s\S]*<\/svg>\s*$/);
  });

  test('--input-format xml: a batch of pages in, one record per page, each as article XML', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-xml-'));
    const file = join(dir, 'batch.xml');
    const article = readFileSync(EXAMPLE, 'utf8');
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="utf-8"?>\n<pages>\n<page id="a" url="https://fieldnotes.example/x"><title>Why Rivers Meander</title><html><![CDATA[${article}]]></html></page>\n<page id="b"><html>&lt;p&gt;A second page with enough words to be kept, with commas, clauses and more.&lt;/p&gt;</html></page>\n</pages>\n`,
    );
    const { code, stdout, stderr } = pith([
      'extract',
      '--input-format',
      'xml',
      '-e',
      'cuter',
      '-f',
      'xml',
      file,
    ]);
    assert.equal(code, 0, stderr);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      records.map((record) => record.input.replace(/.*#/, '')),
      ['a', 'b'],
    );
    assert.match(records[0].xml, /<article [^>]*url="https:\/\/fieldnotes\.example\/x"/);
    assert.match(records[0].xml, /oxbow lake/);
    assert.match(records[1].xml, /A second page/);
  });

  test('--plot and --screenshot take one input; --plot needs a line-based extractor', () => {
    const many = pith(['extract', '--plot', '/tmp/x.svg', EXAMPLE, EXAMPLE]);
    assert.equal(many.code, 2);
    const wrong = pith([
      'extract',
      '--plot',
      join(mkdtempSync(join(tmpdir(), 'pith-plot-')), 'x.svg'),
      EXAMPLE,
    ]);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /no per-line plot/);
  });

  test('--help explains every option', () => {
    const { code, stdout } = pith(['extract', '--help']);
    assert.equal(code, 0);
    for (const option of [
      '--format',
      '--extractor',
      '--url',
      '--out',
      '--allow-private',
      '--timeout',
      'Exit status',
    ]) {
      assert.ok(stdout.includes(option), option);
    }
    // What a newcomer reads: no empty or object defaults, no internal seed labels, commander's own
    // `(choices: …, default: …)` shape for the extractors' parameters too.
    assert.ok(!stdout.includes('(default )'), 'no empty default');
    assert.ok(!stdout.includes('{}'), 'no object default');
    assert.ok(!/seed 00\d/i.test(stdout), 'extractors named by algorithm, not by seed');
    assert.match(
      stdout,
      /--pith-favor <string> +\[pith\] .*\(choices: "balanced", "precision", "recall", "auto", default: "balanced"\)/,
    );
    const top = pith(['--help']);
    assert.equal(top.code, 0);
    assert.match(top.stdout, /extract/);
    // Wrapped by commander, not by hand: no word left alone on a line mid-sentence ("text,").
    assert.ok(!/^\S+,\s*$/m.test(top.stdout), `no orphaned word in:\n${top.stdout}`);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    // The package's version first, from package.json; the default extractor's own named as such.
    assert.match(
      pith(['--version']).stdout.trim(),
      new RegExp(
        `^${pkg.version.replaceAll('.', '\\.')} \\(the pith package; the default extractor, pith, is version \\d+\\.\\d+\\.\\d+: results name it in extractor\\.version`,
      ),
    );
  });

  test('a URL to a private address is refused without --allow-private', () => {
    const { code, stderr } = pith(['extract', 'http://127.0.0.1:9/']);
    assert.equal(code, 1);
    assert.match(stderr, /FETCH_BLOCKED/);
  });

  test('bad input: empty file, binary garbage, deep nesting — each its own result or error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-bad-'));
    writeFileSync(join(dir, 'a-empty.html'), '');
    writeFileSync(
      join(dir, 'b-garbage.html'),
      Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 256)),
    );
    writeFileSync(join(dir, 'c-deep.html'), '<div>'.repeat(100_000));
    writeFileSync(
      join(dir, 'd-unclosed.html'),
      '<p>para <b>bold</b> <ul><li>item<li>item2</ul><p>more<table><tr><td>cell<td>cell2</table><dl><dt>term<dd>def</dl><select><option>a<option>b</select>'.repeat(
        2000,
      ),
    );
    // A budget no loaded test machine reaches: d-unclosed must extract, not time out.
    const { code, stdout } = pith(['extract', '-f', 'text', '--timeout', '600000', dir]);
    assert.equal(code, 1);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      records.map((record) => [record.input.replace(/.*\//, ''), record.ok]),
      [
        ['a-empty.html', false],
        ['b-garbage.html', false],
        ['c-deep.html', false],
        ['d-unclosed.html', true],
      ],
    );
    // Empty and binary input say why (issue 14), instead of printing nothing or raw bytes.
    assert.equal(records[0].errorCode, 'NOT_HTML');
    assert.equal(records[1].errorCode, 'NOT_HTML');
    assert.equal(records[2].errorCode, 'TOO_DEEP');
    assert.match(records[2].errorMessage, /--max-depth/);
  });

  test('a page over --max-bytes fails alone with a clear error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-big-'));
    const big = join(dir, 'big.html');
    writeFileSync(big, `<p>${'word '.repeat(50_000)}</p>`);
    const { code, stderr } = pith(['extract', '--max-bytes', '100000', big]);
    assert.equal(code, 1);
    assert.match(stderr, /INPUT_TOO_LARGE/);
    // the input's name once, at the start of the line
    assert.equal(stderr.split(big).length - 1, 1, stderr);
  });

  test('--max-bytes counts bytes, not characters', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-bytes-'));
    const file = join(dir, 'accents.html');
    writeFileSync(file, `<p>${'é'.repeat(1000)}</p>`); // 1,007 characters, 2,007 bytes
    const over = pith(['extract', '--max-bytes', '1500', file]);
    assert.equal(over.code, 1);
    assert.match(over.stderr, /INPUT_TOO_LARGE/);
    assert.equal(pith(['extract', '--max-bytes', '2007', file]).code, 0);
  });

  test('--max-depth and --max-nodes raise or lower the parser limits, and errors name them', () => {
    const deep = `${'<div>'.repeat(40)}<p>deep words</p>`;
    const shallow = pith(['extract', '-f', 'text', '--max-depth', '20', '-'], deep);
    assert.equal(shallow.code, 1);
    assert.match(shallow.stderr, /TOO_DEEP.*raise --max-depth/);
    assert.equal(pith(['extract', '-f', 'text', '--max-depth', '100', '-'], deep).code, 0);
    const many = pith(['extract', '--max-nodes', '50', '-'], '<p>a</p>'.repeat(100));
    assert.equal(many.code, 1);
    assert.match(many.stderr, /TOO_MANY_NODES.*raise --max-nodes/);
  });

  test('gzip on standard input is inflated; empty and binary input say why', () => {
    const gz = pith(['extract', '-f', 'text', '-'], gzipSync(readFileSync(EXAMPLE)));
    assert.equal(gz.code, 0, gz.stderr);
    assert.match(gz.stdout, /oxbow lake/);
    const empty = pith(['extract', '-'], '');
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /NOT_HTML: the input is empty/);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(1)]);
    const binary = pith(['extract', '-'], png);
    assert.equal(binary.code, 1);
    assert.match(binary.stderr, /NOT_HTML: the input is a PNG image/);
    assert.equal(binary.stdout, '');
  });

  test('an unsupported scheme and an --out that is a file: clear errors, no stack', () => {
    const ftp = pith(['extract', 'ftp://example.com/page.html']);
    assert.equal(ftp.code, 1);
    assert.match(ftp.stderr, /unsupported scheme 'ftp'/);
    assert.ok(!ftp.stderr.includes('ENOENT'), ftp.stderr);
    const dir = mkdtempSync(join(tmpdir(), 'pith-out-'));
    const file = join(dir, 'taken');
    writeFileSync(file, 'x');
    const out = pith(['extract', '-o', file, EXAMPLE]);
    assert.equal(out.code, 2);
    assert.match(out.stderr, /--out .*: cannot write into it: it exists and is not a directory/);
    assert.ok(!/\n\s+at /.test(out.stderr), out.stderr);
  });

  test('a reader that closes the pipe early (pith … | head) ends the run quietly, exit 0', async () => {
    // 1 MB of text: more than a pipe holds, so pith is still writing when the reader goes away.
    const paragraph = `<p>${'word '.repeat(200)}</p>`;
    const child = spawn(process.execPath, [...PITH_ARGV, 'extract', '-f', 'text', '-'], { cwd: REPO_ROOT });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end(`<html><body><article>${paragraph.repeat(1000)}</article></body></html>`);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stderr, /EPIPE|\n\s+at /);
  });

  test('the sample datasets: every page extracts', { skip: !HAS_SAMPLE }, () => {
    const dirs = [
      'readability-testpages',
      'l3s-gn1/input',
      'trafilatura-eval/html',
      'wcxb-dev/dev/html',
      'cleaneval/final/input',
    ];
    const { code, stdout } = pith(['extract', '-f', 'json', ...dirs.map((dir) => samplePath(dir))]);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(
      code,
      0,
      records
        .filter((record) => !record.ok)
        .map((record) => record.input)
        .join(', '),
    );
    assert.ok(records.length >= 20);
    // Each line is the page record single-file -f json prints (issue 40, item 5).
    const empty = records.filter((record) => record.text.trim() === '');
    assert.ok(empty.length <= 1, `pages with no content: ${empty.map((record) => record.input).join(', ')}`);
  });
});

describe('pith extract --chunks (issue 41)', () => {
  test('JSON Lines, one chunk a record with the page URL and metadata, none over the cap', () => {
    const { code, stdout } = pith([
      'extract',
      '--chunks',
      '--max-tokens',
      '60',
      '--url',
      'https://example.com/rivers',
      EXAMPLE,
    ]);
    assert.equal(code, 0);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.ok(records.length > 1);
    records.forEach((record, index) => {
      assert.equal(record.url, 'https://example.com/rivers');
      assert.equal(record.title, 'Why Rivers Meander');
      assert.equal(record.tokenizer, 'cl100k_base-estimate');
      assert.equal(record.index, index);
      assert.equal(record.chunkCount, records.length);
      if (record.split === undefined) assert.ok(record.tokens <= 60);
    });
    assert.ok(records.some((record) => record.headings.includes('How a bend grows')));
    assert.ok(records.some((record) => /```python\n[\s\S]*\n```/.test(record.text)));
  });
});
