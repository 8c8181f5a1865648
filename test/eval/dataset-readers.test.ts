import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  datasetScoring,
  detectDatasetFormat,
  listDataset,
  listWcxb,
  parseWcxbGroundTruth,
  READABILITY_TEST_URL,
  readArticleBody,
  readInputGold,
  readReadabilityTestPages,
  readWcxb,
  resolveDatasetSpec,
  visibleText,
  wcxbPageType,
} from '../../packages/workbench/src/eval/datasets/index.js';
import { HAS_SAMPLE, samplePath } from '../helpers.js';

const skip = HAS_SAMPLE ? false : 'dataset samples not found (../shared/datasets/sample)';

async function all<T>(pages: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'pith-datasets-'));
}

describe('WCXB reader', () => {
  it('maps the page type as evaluate.py does (category → collection, default article)', () => {
    assert.equal(wcxbPageType({ _internal: { page_type: { primary: 'category' } } }), 'collection');
    assert.equal(wcxbPageType({ _internal: { page_type: { primary: 'forum' } } }), 'forum');
    assert.equal(wcxbPageType({ _internal: { page_type: 'listing' } }), 'listing');
    assert.equal(wcxbPageType({ _internal: { page_type: {} } }), 'article');
    assert.equal(wcxbPageType({}), 'article');
    assert.equal(wcxbPageType({ _internal: null }), 'article');
  });

  it('reads main_content (null → empty), snippets and metadata; skips a ground_truth that is not an object', () => {
    const truth = parseWcxbGroundTruth(
      JSON.stringify({
        url: 'https://x.org/a',
        _internal: { page_type: { primary: 'category' } },
        ground_truth: { title: 'T', author: null, main_content: null, with: ['a b c'], without: null },
      }),
    );
    assert.deepEqual(truth, {
      url: 'https://x.org/a',
      gold: {
        text: '',
        snippets: { with: ['a b c'], without: [] },
        pageType: 'collection',
        metadata: { title: 'T', author: null, date: null },
      },
    });
    assert.equal(parseWcxbGroundTruth(JSON.stringify({ ground_truth: 'oops' })), undefined);
  });

  it('reads sample/wcxb-dev: gunzipped pages, one page per type', { skip }, async () => {
    const root = samplePath('wcxb-dev');
    const pages = await all(readWcxb(root));
    assert.deepEqual(
      pages.map((p) => p.id),
      ['0479', '0556', '2833', '2855', '2962', '2981', '3068'],
    );
    assert.deepEqual(
      new Set(pages.map((p) => p.gold.pageType)),
      new Set(['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service']),
    );
    const first = pages[0];
    const raw = gunzipSync(readFileSync(path.join(root, 'dev', 'html', '0479.html.gz')));
    assert.deepEqual(first.html, new Uint8Array(raw));
    assert.match(first.url, /^https:\/\/whatever\.scalzi\.com\//);
    assert.match(first.gold.text, /^If you should ever want to wind up an old-school Robert Heinlein fan/);
    assert.deepEqual(first.gold.metadata, {
      title: 'The December Comfort Watches 2025, Day Eighteen: Starship Troopers',
      author: 'John Scalzi',
      date: '2025-12-18',
    });
    assert.ok(first.gold.snippets.without.includes('Privacy Policy'));
    // The split folder works as well as the root.
    assert.equal((await listWcxb(path.join(root, 'dev'))).length, 7);
  });
});

describe('readability-testpages reader', () => {
  it('takes the visible text of expected.html', () => {
    assert.equal(
      visibleText(
        '<div id="readability-page-1"><h2>Title</h2><p>One <b>two</b></p><script>x()</script><p>three</p></div>',
      ),
      'Title One two three',
    );
  });

  it('reads the sample cases with upstream URL, metadata gold and readerable flag', { skip }, async () => {
    const pages = await all(readReadabilityTestPages(samplePath('readability-testpages')));
    assert.deepEqual(
      pages.map((p) => p.id),
      ['001', 'la-nacion', 'qq', 'remove-aria-hidden', 'rtl-1'],
    );
    const first = pages[0];
    assert.equal(first.url, READABILITY_TEST_URL);
    assert.match(first.gold.text, /^So finally you're testing your frontend JavaScript code\?/);
    assert.doesNotMatch(first.gold.text, /readability-page|<section|<p>/); // markup gone (the code samples keep their literal <tags>)
    assert.equal(first.gold.language, 'en');
    assert.deepEqual(first.gold.metadata, {
      title: 'Get your Frontend JavaScript Code Covered | Code',
      author: 'Nicolas Perriault',
      date: null,
    });
    assert.equal(first.readerable, true);
    assert.equal(pages.find((p) => p.id === 'remove-aria-hidden')?.readerable, false);
    // Bytes untouched: the BOM is still there.
    assert.deepEqual(
      [...(pages.find((p) => p.id === 'la-nacion')?.html.subarray(0, 3) ?? [])],
      [0xef, 0xbb, 0xbf],
    );
  });
});

describe('generic readers', () => {
  it('reads {id: {articleBody, url}} with html/<id>.html.gz and .html; skips entries without a page', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'html'));
    writeFileSync(
      path.join(dir, 'ground-truth.json'),
      JSON.stringify({
        b: { articleBody: 'Body of b.', url: 'https://b.example/' },
        a: { articleBody: 'Body of a.', url: 'https://a.example/' },
        missing: { articleBody: 'No page.' },
      }),
    );
    writeFileSync(path.join(dir, 'html', 'a.html.gz'), gzipSync('<p>Body of a.</p>'));
    writeFileSync(path.join(dir, 'html', 'b.html'), '<p>Body of b.</p>');
    assert.equal(await detectDatasetFormat(dir), 'article-body');
    const pages = await all(readArticleBody(dir));
    assert.deepEqual(
      pages.map((p) => [p.id, p.url, p.gold.text, new TextDecoder().decode(p.html)]),
      [
        ['a', 'https://a.example/', 'Body of a.', '<p>Body of a.</p>'],
        ['b', 'https://b.example/', 'Body of b.', '<p>Body of b.</p>'],
      ],
    );
    assert.equal((await datasetScoring({ format: 'article-body', dir, name: 'x' })).primary, 'shingles');
  });

  it('reads input/<id>.html + gold/<id>.txt (cp1252 gold, BOM dropped, inputs without gold skipped)', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'input'));
    mkdirSync(path.join(dir, 'gold'));
    writeFileSync(path.join(dir, 'input', '2.html'), '<p>Two</p>');
    writeFileSync(path.join(dir, 'input', '10.htm'), '<p>Ten</p>');
    writeFileSync(path.join(dir, 'input', 'orphan.html'), '<p>?</p>');
    writeFileSync(path.join(dir, 'gold', '2.txt'), Buffer.from([0xef, 0xbb, 0xbf, 0x54, 0x77, 0x6f]));
    writeFileSync(path.join(dir, 'gold', '10.txt'), Buffer.from([0x93, 0x54, 0x65, 0x6e, 0x94]));
    assert.equal(await detectDatasetFormat(dir), 'input-gold');
    const pages = await all(readInputGold(dir));
    assert.deepEqual(
      pages.map((p) => [p.id, p.gold.text]),
      [
        ['2', 'Two'],
        ['10', '“Ten”'],
      ],
    );
  });

  it('tells CleanEval from input-gold by the <text> wrapper', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'input'));
    mkdirSync(path.join(dir, 'gold'));
    writeFileSync(path.join(dir, 'input', '1.html'), '\n<text id="http://x.org/">\n<p>Hi</p>\n</text>\n');
    writeFileSync(path.join(dir, 'gold', '1.txt'), 'URL: http://x.org/\n<p>Hi');
    assert.equal(await detectDatasetFormat(dir), 'cleaneval');
    const [page] = await listDataset({ format: 'cleaneval', dir, name: 'x' });
    assert.equal((await page.load()).gold.text?.trim(), 'Hi');
  });
});

describe('dataset resolution', () => {
  it('detects the format of every sample dataset', { skip }, async () => {
    const expected: Record<string, string> = {
      cleaneval: 'cleaneval',
      cleanportaleval: 'cleaneval',
      'l3s-gn1': 'l3s-gn1',
      'readability-testpages': 'readability-testpages',
      'trafilatura-eval': 'trafilatura-eval',
      'wcxb-dev': 'wcxb',
    };
    for (const [name, format] of Object.entries(expected)) {
      assert.equal(await detectDatasetFormat(samplePath(name)), format, name);
      const spec = await resolveDatasetSpec(samplePath(name));
      assert.equal(spec.format, format);
      assert.equal(spec.name, name);
    }
    // Seed 002's figures belong beside the CleanEval root (final split), not CleanPortalEval.
    assert.equal(
      (await datasetScoring(await resolveDatasetSpec(samplePath('cleaneval')))).published,
      'cleaneval',
    );
    assert.equal(
      (await datasetScoring(await resolveDatasetSpec(samplePath('cleanportaleval')))).published,
      undefined,
    );
  });

  it('resolves FORMAT:PATH and NAME (in the cache folder), and names `npm run datasets` when a NAME is missing', async () => {
    const cacheDir = tempDir();
    const dir = path.join(cacheDir, 'my-set');
    mkdirSync(path.join(dir, 'input'), { recursive: true });
    mkdirSync(path.join(dir, 'gold'));
    writeFileSync(path.join(dir, 'input', 'a.html'), '<p>a</p>');
    writeFileSync(path.join(dir, 'gold', 'a.txt'), 'a');
    assert.deepEqual(await resolveDatasetSpec('my-set', { cacheDir }), {
      format: 'input-gold',
      dir,
      name: 'my-set',
    });
    assert.equal((await resolveDatasetSpec(`cleaneval:${dir}`, { cacheDir })).format, 'cleaneval');
    await assert.rejects(resolveDatasetSpec('wcxb-test', { cacheDir }), /npm run datasets/);
    await assert.rejects(resolveDatasetSpec('./no/such/folder', { cacheDir }), /not found/);
    const empty = tempDir();
    await assert.rejects(resolveDatasetSpec(empty, { cacheDir }), /cannot tell the format/);
  });
});
