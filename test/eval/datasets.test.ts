import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  applyRetrievedTransform,
  cleanGoldText,
  compareIds,
  type DatasetPage,
  decodeGoldBytes,
  decodeWindows1252,
  l3sGoldText,
  l3sPrepareRetrieved,
  parseL3sUrlMapping,
  readCleanEval,
  readL3sGn1,
  readTrafilaturaEval,
  stripTextWrapper,
} from '../../packages/workbench/src/eval/datasets/index.js';

// The shared datasets' sample/ (byte-identical cases of each dataset), beside the repo.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SAMPLE = path.resolve(
  repoRoot,
  process.env.PITH_DATASETS_DIR ?? path.join('..', 'shared', 'datasets'),
  'sample',
);
const skip = existsSync(SAMPLE) ? false : `dataset samples not found at ${SAMPLE}`;

async function all<T>(pages: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

const latin1 = new TextDecoder('latin1');
const goldText = (page: DatasetPage) => page.gold.text ?? '';

describe('text helpers', () => {
  it('decodes gold as UTF-8, else windows-1252, and drops a BOM', () => {
    assert.equal(decodeGoldBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xc3, 0xa9])), 'Aé');
    assert.equal(decodeGoldBytes(new Uint8Array([0x41, 0x93, 0x42, 0x94, 0xe9])), 'A“B”é');
    assert.equal(decodeWindows1252(new Uint8Array([0x80, 0x81, 0x9f, 0xff, 0x41])), '€\u0081ŸÿA');
  });
  it('orders numeric ids numerically, others by code unit', () => {
    assert.deepEqual(['100', '60', '7', 'b', 'a'].sort(compareIds), ['7', '60', '100', 'a', 'b']);
  });
});

describe('CleanEval format', () => {
  const encode = (s: string) => new TextEncoder().encode(s);
  it('cuts the whole <text> line (unescaped attributes) and the final </text>', () => {
    const raw = encode(
      '<text id="http://x.org/a" title="a <br/> b" encoding="utf8">\r\n<p>Hi</p>\r\n</text>\n',
    );
    const { html, wrapper } = stripTextWrapper(raw);
    assert.equal(latin1.decode(html), '<p>Hi</p>\r\n');
    assert.match(wrapper, /^<text id="http:\/\/x\.org\/a"/);
  });
  it('accepts blank lines before <text> (CleanPortalEval) and leaves unwrapped pages alone', () => {
    assert.equal(
      latin1.decode(stripTextWrapper(encode('\n<text id="u">\n<html></html>\n</text>')).html),
      '<html></html>\n',
    );
    const bare = encode('<html><body>x</body></html>\n');
    assert.equal(stripTextWrapper(bare).html.length, bare.length);
  });
  it('removes the URL line and the block markers, any case, typos included', () => {
    const gold =
      'URL: http://x.org/a\n<h>Title\n<P>First para.\n<l>item</p>\n   <pI just\n<h<Year\n<l. Next\n<http://y.org>';
    const text = cleanGoldText(gold);
    assert.doesNotMatch(text, /URL|<[phlP][>.<]|<pI/);
    assert.deepEqual(text.split(/\s+/).filter(Boolean), [
      'Title',
      'First',
      'para.',
      'item',
      'I',
      'just',
      'Year',
      '.',
      'Next',
      '<http://y.org>',
    ]);
  });
  it('drops a URL that sits on the line after an empty "URL:" (three dev files)', () => {
    assert.equal(cleanGoldText('URL: \nhttp://a.org/b%20c.htm\n\n<p>Text').trim(), 'Text');
  });
  it('keeps the first line when there is no URL line, and decodes character references', () => {
    assert.equal(
      cleanGoldText('\r\nURL: http://a\r\n<p>Azerbaijan&#8217;s &amp; &rsquo;').trim(),
      'Azerbaijan’s & ’',
    );
    assert.equal(cleanGoldText('INTERNET and Web\n<p>x').split('\n')[0], 'INTERNET and Web');
    assert.equal(cleanGoldText('a &amp; b', { decodeEntities: false }), 'a &amp; b');
    // Legacy references without ';' stay literal.
    assert.equal(cleanGoldText('&nothing &copy'), '&nothing &copy');
  });

  it('reads sample/cleaneval/final: skips inputs without gold, strips the wrapper', { skip }, async () => {
    const pages = await all(readCleanEval(path.join(SAMPLE, 'cleaneval', 'final')));
    assert.deepEqual(
      pages.map((p) => p.id),
      ['348', '361', '438', '654', '707'],
    );
    for (const page of pages) {
      const html = latin1.decode(page.html);
      assert.doesNotMatch(html, /<text[\s>]/);
      assert.doesNotMatch(html, /<\/text>\s*$/);
      assert.doesNotMatch(goldText(page), /URL:|<p>|<h>|<l>|\ufeff/i);
    }
    const p654 = pages.find((p) => p.id === '654');
    assert.equal(p654?.url, 'http://www.prochelp.com/ProchelpNews.htm');
    assert.equal(p654?.encodingHint, 'windows-1252');
    assert.match(goldText(p654!), /^INTERNET and Web Resources for SAS/);
    assert.doesNotMatch(goldText(p654!), /\ufffd/); // cp1252 gold decoded
    assert.equal(goldText(pages.find((p) => p.id === '707')!).trim(), ''); // empty apart from the URL line
    assert.match(goldText(pages.find((p) => p.id === '438')!), /Ten Candles for the 'Contract'/); // BOM + URL gone
  });

  it('reads the cleaneval root: final by default, both splits with prefixed ids', { skip }, async () => {
    const root = path.join(SAMPLE, 'cleaneval');
    assert.equal((await all(readCleanEval(root))).length, 5);
    const both = await all(readCleanEval(root, { splits: ['final', 'dev'] }));
    assert.deepEqual(
      both.map((p) => p.id),
      ['final/348', 'final/361', 'final/438', 'final/654', 'final/707', 'dev/29', 'dev/59'],
    );
    const dev29 = both.find((p) => p.id === 'dev/29')!;
    assert.doesNotMatch(goldText(dev29), /cdserver2/);
    assert.match(goldText(both.find((p) => p.id === 'dev/59')!), /On a wing and a prayer/);
  });

  it('reads sample/cleanportaleval (blank line before <text>, gold entities)', { skip }, async () => {
    const pages = await all(readCleanEval(path.join(SAMPLE, 'cleanportaleval')));
    assert.equal(pages.length, 5);
    const wsj = pages.find((p) => p.id === 'blogs.wsj.com_brussels_01')!;
    assert.equal(wsj.url, 'http://blogs.wsj.com/brussels/tag/brussels/tag/azerbaijan');
    assert.match(goldText(wsj), /^\s*Azerbaijan's Rising Gas Negotiators/);
    assert.match(goldText(wsj), /Azerbaijan’s oil dollars/);
    assert.match(latin1.decode(wsj.html), /^\n<!DOCTYPE html/);
    assert.equal(goldText(pages.find((p) => p.id === 'bbc.co.uk_news_05')!).trim(), '');
  });
});

describe('L3S-GN1', () => {
  it('takes text by the nearest labelled ancestor, skipping scripts and styles', () => {
    const html = `<html><head><title>T</title><style>.x{}</style></head><body>
      <div>nav <span class="x-nc-sel1">Head<b>line</b></span></div>
      <span class="x-nc-sel2"><p>Body one <span class="x-nc-sel0">not this</span> body two</p>
      <script>var no = 1;</script><p>Body three</p></span>
      <span class="x-nc-sel0">menu <span class="x-nc-sel2">nested gold</span></span>
      <span class="x-nc-sel3">byline</span></body></html>`;
    const text = l3sGoldText(html);
    assert.deepEqual(text.split(/\s+/), [
      'Headline',
      'Body',
      'one',
      'body',
      'two',
      'Body',
      'three',
      'nested',
      'gold',
    ]);
    assert.match(text, /^Headline\n/); // block boundary → newline
    assert.equal(l3sGoldText(html, ['x-nc-sel3']), 'byline');
    assert.equal(l3sGoldText(html, ['x-nc-sel0']).trim().split(/\s+/).join(' '), 'not this menu');
  });

  it('maps characters above U+00FF to ? as the annotation tool did', () => {
    assert.equal(l3sPrepareRetrieved('Kosovo’s Łódź café'), 'Kosovo?s ?ód? café');
  });

  it('parses url-mapping.txt', () => {
    const map = parseL3sUrlMapping('<urn:uuid:abc>\thttp://a.org/x\r\n<urn:uuid:def>\thttp://b.org/\n\n');
    assert.deepEqual(
      [...map],
      [
        ['abc', 'http://a.org/x'],
        ['def', 'http://b.org/'],
      ],
    );
  });

  it('reads sample/l3s-gn1 with URLs and headline + full text gold', { skip }, async () => {
    const dir = path.join(SAMPLE, 'l3s-gn1');
    const pages = await all(readL3sGn1(dir));
    assert.equal(pages.length, 5);
    assert.ok(pages.every((p) => p.url?.startsWith('http')));
    const kosovo = pages.find((p) => p.id.startsWith('01ccc7c5'))!;
    assert.equal(kosovo.url, 'http://www.un.org/apps/news/story.asp?NewsID=25318&Cr=kosovo&Cr1=');
    assert.match(goldText(kosovo), /^No agreement reached on Kosovo\?s future status in Security Council\n/);
    assert.equal(applyRetrievedTransform('Kosovo’s', kosovo.retrievedTransform), 'Kosovo?s');
    assert.deepEqual(kosovo.html, new Uint8Array(readFileSync(path.join(dir, 'input', `${kosovo.id}.html`))));
    // bcfbc733 has no headline.
    const headlines = await all(readL3sGn1(dir, { classes: ['x-nc-sel1'] }));
    assert.equal(goldText(headlines.find((p) => p.id.startsWith('bcfbc733'))!), '');
    assert.equal(
      goldText(headlines.find((p) => p.id.startsWith('3e28d03f'))!),
      'Fergie Cautious When Traveling',
    );
    // dc9814d5 carries all six labels; comments (sel5) are not in the default gold.
    const comments = await all(readL3sGn1(dir, { classes: ['x-nc-sel5'] }));
    const dc = pages.find((p) => p.id.startsWith('dc9814d5'))!;
    const dcComments = goldText(comments.find((p) => p.id.startsWith('dc9814d5'))!);
    assert.ok(dcComments.length > 0);
    assert.ok(!goldText(dc).includes(dcComments.trim().slice(0, 40)));
  });
});

describe('trafilatura-eval', () => {
  it('reads sample/trafilatura-eval in URL order with snippets and bytes', { skip }, async () => {
    const dir = path.join(SAMPLE, 'trafilatura-eval');
    const pages = await all(readTrafilaturaEval(dir));
    assert.deepEqual(
      pages.map((p) => p.id),
      [
        'maescot.de.schafskunde',
        'womencantalksports.com-top10',
        'die-partei.net.luebeck',
        'next2games.de.anno',
        'gdp.de-Wertschätzung',
        'nhk.or.jp.k100',
      ],
    );
    const gdp = pages.find((p) => p.id === 'gdp.de-Wertschätzung')!;
    assert.equal(gdp.file, 'gdp.de-Wertschätzung.html');
    assert.deepEqual(gdp.html, new Uint8Array(readFileSync(path.join(dir, 'html', gdp.file))));
    const data = JSON.parse(readFileSync(path.join(dir, 'evaldata.json'), 'utf8'));
    assert.deepEqual(gdp.gold, {
      snippets: { with: data[gdp.url].with, without: data[gdp.url].without },
      language: 'de',
    });
    // The dataset records no language: each page's declaration, read by hand in the sample files
    // (`<html lang="de-DE">`, `lang="en-US"`, nhk's `og:locale` ja_JP).
    assert.deepEqual(
      pages.map((p) => p.gold.language),
      ['de', 'en', 'de', 'de', 'de', 'ja'],
    );
    const bom = pages.find((p) => p.id === 'nhk.or.jp.k100')!;
    assert.deepEqual([...bom.html.subarray(0, 3)], [0xef, 0xbb, 0xbf]); // bytes untouched
  });
});
