/**
 * Bounds on every page (issue 14): the time budget reaches every stage of every extractor and
 * format, binary and empty input is refused, the byte limit holds before decoding, control
 * characters follow one rule in every format, unbounded arrays are never spread.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  decodeHtml,
  EXTRACTORS,
  type ExtractorName,
  extract,
  isPithError,
  loadShippedModels,
  type OutputFormat,
  type PithError,
} from '../../packages/pith/src/index.js';
import { stagesChecked } from '../helpers.js';

// Every extractor runs here, density's and mss's models too.
await loadShippedModels();

const EXTRACTOR_NAMES = Object.keys(EXTRACTORS) as ExtractorName[];
const FORMATS: OutputFormat[] = ['markdown', 'text', 'html', 'json', 'xml'];

/** A page of `n` article paragraphs between a navigation and a footer, one element per line. */
function page(n: number): string {
  const paragraph =
    '<p>The river bends, and the water on the outside of the bend moves faster than on the inside.</p>';
  const body = Array.from({ length: n }, () => paragraph).join('\n');
  return `<html><head><title>Rivers</title></head><body><nav><a href="/">Home</a></nav>\n<article><h1>Rivers</h1>\n${body}\n</article><footer>© 2024</footer></body></html>`;
}

function throwsCode(run: () => unknown, code: string): PithError {
  try {
    run();
  } catch (error) {
    assert.ok(isPithError(error), `expected a PithError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected ${code}, nothing was thrown`);
}

describe('the time budget', () => {
  // 4,000 paragraphs: about 8,000 nodes, enough for every loop that ticks to read the clock.
  const big = page(4000);

  for (const name of EXTRACTOR_NAMES) {
    test(`${name}: a spent budget is TIMEOUT, in every format`, () => {
      for (const format of FORMATS) {
        const error = throwsCode(
          () => extract(big, { extractor: name, format, limits: { timeoutMs: -1 } }),
          'TIMEOUT',
        );
        assert.equal(error.limit, 'timeoutMs');
        assert.match(error.message, /time budget/);
      }
    });
  }

  // Stage names as the code checks them: each extractor's own loops, not only the check after it.
  const OWN_STAGE: Partial<Record<ExtractorName, string>> = {
    pith: 'pith',
    ttr: 'ttr',
    cuter: 'cuter',
    density: 'density',
    vce: 'vce',
  };
  for (const name of EXTRACTOR_NAMES) {
    test(`${name}: the parser, the metadata, the extractor's loops and the formatter check the clock`, () => {
      const stages = stagesChecked(() =>
        extract(big, { extractor: name, format: 'html', comments: true, limits: { timeoutMs: 600_000 } }),
      );
      for (const stage of ['decoding', 'parsing', 'metadata', 'output']) {
        assert.ok(stages.has(stage), `${stage} not checked (${[...stages.keys()].join(', ')})`);
      }
      const own = OWN_STAGE[name];
      // More than the one check extract() makes after the extractor returns: its loops tick.
      if (own !== undefined) assert.ok((stages.get(own) ?? 0) >= 2, `${own}: ${stages.get(own) ?? 0} checks`);
    });
  }

  test('the extractors check their own budget when called directly', () => {
    const doc = extract(page(4000), { limits: { timeoutMs: 600_000 } }).extraction.doc;
    for (const name of EXTRACTOR_NAMES) {
      const extractor = EXTRACTORS[name];
      if (name === 'all-text') continue; // one subtree kept: nothing that loops
      throwsCode(() => extractor.extract(doc, {}, { deadline: Date.now() - 1 }), 'TIMEOUT');
    }
  });

  test('a budget that is not a number is a caller mistake', () => {
    throwsCode(() => extract(page(1), { limits: { timeoutMs: Number.NaN } }), 'BAD_OPTION');
  });
});

describe('what is not a web page', () => {
  const cases: [string, Uint8Array][] = [
    ['an ELF executable', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(200).fill(0)])],
    [
      'a PNG image',
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(7)]),
    ],
    ['gzip-compressed data', Uint8Array.from([0x1f, 0x8b, 8, 0, ...new Array(200).fill(3)])],
    ['a PDF document', new TextEncoder().encode('%PDF-1.7\n<p>not a page</p>')],
  ];
  for (const [name, bytes] of cases) {
    test(`${name} is NOT_HTML, named`, () => {
      const error = throwsCode(() => extract(bytes), 'NOT_HTML');
      assert.match(error.message, new RegExp(name.split(' ')[1]));
    });
  }

  test('binary data without a known signature is NOT_HTML (control characters)', () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256);
    const error = throwsCode(() => extract(bytes), 'NOT_HTML');
    assert.match(error.message, /binary/);
  });

  test('empty and blank input say so', () => {
    assert.match(throwsCode(() => extract(''), 'NOT_HTML').message, /empty/);
    assert.match(throwsCode(() => extract(new Uint8Array(0)), 'NOT_HTML').message, /empty/);
    assert.match(throwsCode(() => extract(' \n\t '), 'NOT_HTML').message, /blank/);
  });

  test('a page with a stray NUL or control character is still a page', () => {
    const result = extract('<p>Some text\u0000 with a NUL\u0001 in it, and more words after it.</p>', {
      format: 'text',
    });
    assert.match(result.content, /Some text with a NUL in it/);
  });

  test('UTF-16 without a byte order mark is decoded, not refused', () => {
    const html = '<html><body><p>Plain ASCII text in UTF-16, little-endian, no BOM.</p></body></html>';
    const bytes = new Uint8Array(Buffer.from(html, 'utf16le'));
    assert.equal(decodeHtml(bytes).encoding, 'utf-16le');
    assert.match(extract(bytes, { format: 'text' }).content, /Plain ASCII text in UTF-16/);
  });
});

describe('limits.maxBytes', () => {
  test('bytes over the limit are refused before decoding', () => {
    const error = throwsCode(
      () => extract(new Uint8Array(1000).fill(0x61), { limits: { maxBytes: 999 } }),
      'INPUT_TOO_LARGE',
    );
    assert.equal(error.limit, 'maxBytes');
    assert.match(error.message, /1000 bytes/);
  });

  test('a string counts its UTF-8 bytes, not its characters', () => {
    const html = `<p>${'é'.repeat(600)}</p>`; // 607 characters, 1,207 bytes
    throwsCode(() => extract(html, { limits: { maxBytes: 1000 } }), 'INPUT_TOO_LARGE');
    assert.ok(extract(html, { limits: { maxBytes: 1207 } }).content.includes('é'));
  });
});

describe('large and flat pages', () => {
  test('cuter on 130,000 sibling paragraphs: no RangeError', () => {
    const paragraph =
      '<p>Short words of a paragraph here, with some more words to make it a real paragraph.</p>';
    const html = `<html><body><div>${paragraph.repeat(130_000)}</div></body></html>`;
    const result = extract(html, {
      extractor: 'cuter',
      format: 'text',
      limits: { timeoutMs: 600_000, maxNodes: 1_000_000 },
    });
    // The article group is every paragraph: its members were once spread into push().
    assert.equal(result.extraction.roots.length, 130_000);
  });

  test('density and ttr say why a one-line page gives them nothing to compare', () => {
    const html = `<html><body>${'<p>A sentence of the article, with words. </p>'.repeat(3000)}</body></html>`;
    assert.ok(!html.includes('\n'));
    for (const extractor of ['density', 'ttr'] as const) {
      const result = extract(html, { extractor, format: 'text' });
      assert.equal(result.warnings.length, 1, extractor);
      assert.match(result.warnings[0], /1 line of .*minified/);
    }
    // A page with ordinary lines: no warning.
    assert.deepEqual(extract(page(200), { extractor: 'density' }).warnings, []);
  });
});

describe('control characters: one rule for every format', () => {
  const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
  const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;
  const html =
    '<html><head><title>Ti\u0000tle\u0007</title><meta name="author" content="Ann\u0001 Lee"></head><body><article><h1>Head\u0000ing</h1>' +
    '<p>First\u0000 paragraph\u0008 of the article, long enough to be kept by every extractor here.</p>' +
    '<pre>code\u0000 with\u000B controls\uFFFE and a lone \uD800 surrogate</pre>' +
    '<p>Second paragraph with a <a href="/x\u0000y">link\u0001</a> and more words after it.</p></article></body></html>';

  for (const format of FORMATS) {
    test(`${format}: no C0 control (other than tab, LF, CR), DEL or noncharacter, no lone surrogate`, () => {
      // The rules' metadata (metadataModel: false): a lone <meta name="author"> on a bare page is one
      // the learned choice may leave empty; the rule checked here is the control characters'.
      const { content } = extract(html, { format, extractor: 'all-text', metadataModel: false });
      assert.ok(!controls.test(content), JSON.stringify(content));
      assert.ok(!LONE_SURROGATE.test(content), 'lone surrogate left');
      assert.match(content, /First paragraph of the article/);
      if (format === 'json') {
        // JSON.stringify would write \u0000 escapes, which Postgres text columns reject.
        assert.ok(!/\\u00[01][0-9a-f]|\\u007f/i.test(content), content);
        const parsed = JSON.parse(content) as { title: string; authors: string[] };
        assert.equal(parsed.title, 'Title');
        assert.deepEqual(parsed.authors, ['Ann Lee']);
      }
    });
  }
});
