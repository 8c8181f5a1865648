/**
 * pith extract's links and --out (issue 40, items 3 and 4): without --url, links resolve from the
 * page's own URL (canonical, og:url, <base>); --url-map gives a directory run its URLs; --out
 * mirrors the input tree and writes a manifest (input, output, status, quality).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runPith } from '../helpers.js';

const ARTICLE = (head: string, link: string) =>
  `<!DOCTYPE html><html><head><title>Rivers</title>${head}</head><body><article><h1>Rivers</h1>
  <p>Rivers bend because water flows faster on the outside of a curve, which erodes the bank there, while the
  slower water on the inside drops its sand. Read <a href="${link}">the longer story</a> for the details of
  how meanders grow and migrate across a valley floor over centuries.</p>
  <p>Over time the loops grow wider until the river cuts through the neck of a loop and leaves an oxbow lake
  behind, a crescent of still water that slowly fills with silt and plants.</p></article></body></html>`;

describe("pith extract: links from the page's own URL, --url-map, --out as a tree with a manifest", () => {
  test('canonical, og:url and <base> resolve relative links when no --url is given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-links-'));
    const cases: [string, string][] = [
      [
        '<link rel="canonical" href="https://news.example/2024/rivers">',
        'https://news.example/more/meanders',
      ],
      ['<meta property="og:url" content="https://og.example/a/b">', 'https://og.example/more/meanders'],
      ['<base href="https://base.example/x/">', 'https://base.example/more/meanders'],
    ];
    for (const [index, [head, expected]] of cases.entries()) {
      const file = join(dir, `page${index}.html`);
      writeFileSync(file, ARTICLE(head, '/more/meanders'));
      const run = runPith(['extract', file]);
      assert.equal(run.code, 0, run.stderr);
      assert.ok(run.stdout.includes(`](${expected})`), `${head}: ${run.stdout}`);
      assert.doesNotMatch(run.stdout, /\]\(\/more/, 'no link left relative');
    }
    // --url wins over the page's own.
    const given = runPith(['extract', join(dir, 'page0.html'), '--url', 'https://given.example/p']);
    assert.ok(given.stdout.includes('](https://given.example/more/meanders)'), given.stdout);
  });

  test('a directory run: --url-map gives each file its URL; --out mirrors the tree; the manifest says what became of each', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-tree-'));
    const pages = join(dir, 'pages');
    mkdirSync(join(pages, 'a'), { recursive: true });
    mkdirSync(join(pages, 'b'), { recursive: true });
    writeFileSync(join(pages, 'a', 'page.html'), ARTICLE('', 'next.html'));
    writeFileSync(join(pages, 'b', 'page.html'), ARTICLE('', '/root'));
    writeFileSync(join(pages, 'b', 'broken.html'), Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0]));
    const map = join(dir, 'urls.txt');
    writeFileSync(
      map,
      `# file URL\na/page.html https://a.example/dir/page.html\n${join(pages, 'b', 'page.html')}  https://b.example/x/page\n`,
    );
    const out = join(dir, 'out');
    const run = runPith([
      'extract',
      pages,
      '--url-map',
      map,
      '--out',
      out,
      '-f',
      'markdown',
      '--no-progress',
    ]);
    assert.equal(run.code, 1, 'one input failed');
    const a = readFileSync(join(out, 'a', 'page.md'), 'utf8');
    const b = readFileSync(join(out, 'b', 'page.md'), 'utf8');
    assert.ok(a.includes('](https://a.example/dir/next.html)'), a);
    assert.ok(b.includes('](https://b.example/root)'), b);
    const manifest = readFileSync(join(out, '_manifest.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      manifest.map((entry) => [entry.input, entry.output, entry.status, entry.url]),
      [
        [join(pages, 'a', 'page.html'), 'a/page.md', 'ok', 'https://a.example/dir/page.html'],
        [join(pages, 'b', 'broken.html'), null, 'failed', null],
        [join(pages, 'b', 'page.html'), 'b/page.md', 'ok', 'https://b.example/x/page'],
      ],
    );
    assert.equal(typeof manifest[0].quality, 'number');
    assert.equal(manifest[1].errorCode, 'NOT_HTML');

    const bad = runPith(['extract', pages, '--url-map', join(dir, 'missing.txt')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--url-map .*missing\.txt: ENOENT/);
  });
});
