import assert from 'node:assert/strict';
import { isAscii } from 'node:buffer';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import {
  charsetFromContentType,
  decodeBytes,
  decodeHtml,
  detectEncoding,
  encodingForLabel,
  prescanMetaCharset,
} from '../../packages/pith/src/input/index.js';
import { readInputFileSync } from '../../packages/tools/src/read.js';
import { stagesChecked } from '../helpers.js';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The shared sample datasets, read-only; tests that need them skip when they are absent. */
const SAMPLE = resolve(repoRoot, '../shared/datasets/sample');
const noSample = existsSync(SAMPLE) ? false : `no sample datasets at ${SAMPLE}`;

function samplePage(path: string): Uint8Array {
  return readInputFileSync(join(SAMPLE, path));
}

function countReplacements(text: string): number {
  return text.split('\uFFFD').length - 1;
}

function page(body: string, head = ''): string {
  return `<!DOCTYPE html><html><head>${head}<title>test</title></head><body><div class="content"><p>${body}</p></div></body></html>`;
}

describe('decodeHtml on the sample datasets', { skip: noSample }, () => {
  it('cleaneval 348: iso-8859-2 declared only by the CleanEval wrapper', () => {
    const bytes = samplePage('cleaneval/final/input/348.html');
    const decoded = decodeHtml(bytes, { declaredEncoding: 'iso-8859-2' });
    assert.deepEqual([decoded.encoding, decoded.source], ['iso-8859-2', 'http']);
    assert.ok(decoded.text.includes("cafés'"));
    // Undeclared, its one non-ASCII byte is é in both ISO-8859-2 and windows-1252.
    assert.ok(decodeHtml(bytes).text.includes("cafés'"));
  });

  it('cleaneval 438: Latin-1 from <meta http-equiv>', () => {
    const decoded = decodeHtml(samplePage('cleaneval/final/input/438.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['windows-1252', 'meta']);
    assert.ok(decoded.text.includes('3½'));
  });

  it('cleaneval 654: windows-1252 from <META http-equiv>', () => {
    const decoded = decodeHtml(samplePage('cleaneval/final/input/654.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['windows-1252', 'meta']);
    assert.ok(decoded.text.includes('SAS®'));
    assert.ok(decoded.text.includes('©'));
  });

  it('trafilatura next2games: <meta charset="ISO-8859-1">', () => {
    const decoded = decodeHtml(samplePage('trafilatura-eval/html/next2games.de.anno.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['windows-1252', 'meta']);
    for (const word of ['veröffentlichen', 'Straßen', 'Attraktivitätseinschätzung', 'Holzfäller']) {
      assert.ok(decoded.text.includes(word), word);
    }
    assert.equal(countReplacements(decoded.text), 0);
  });

  it('trafilatura maescot: declares UTF-8, is UTF-8 with one bad byte → UTF-8 with one U+FFFD', () => {
    const decoded = decodeHtml(samplePage('trafilatura-eval/html/maescot.de.schafskunde.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['utf-8', 'meta']);
    for (const word of ['Mäscot', 'Persönlichkeit', 'Unterwürfigkeit', 'außergewöhnliches']) {
      assert.ok(decoded.text.includes(word), word);
    }
    assert.equal(countReplacements(decoded.text), 1);
  });

  it('readability qq: declares gb2312, is UTF-8 (lying charset)', () => {
    const decoded = decodeHtml(samplePage('readability-testpages/qq/source.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['utf-8', 'detected']);
    assert.ok(decoded.text.includes('人工智能迈上新台阶'));
    assert.ok(decoded.text.includes('腾讯网'));
  });

  it('readability la-nacion: UTF-8 BOM, stripped', () => {
    const decoded = decodeHtml(samplePage('readability-testpages/la-nacion/source.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['utf-8', 'bom']);
    assert.ok(decoded.text.startsWith('<!DOCTYPE html>'));
    assert.ok(decoded.text.includes('solución'));
    assert.ok(decoded.text.includes('Turquía'));
  });

  it('trafilatura nhk: UTF-8 BOM, Japanese', () => {
    const decoded = decodeHtml(samplePage('trafilatura-eval/html/nhk.or.jp.k100.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['utf-8', 'bom']);
    assert.ok(decoded.text.includes('子どもへの虐待をなくすための法律'));
  });

  it('l3s-gn1 01ccc7c5: declares ISO-8859-1, is UTF-8 (lying charset)', () => {
    const decoded = decodeHtml(samplePage('l3s-gn1/input/01ccc7c5-a1d1-46e1-a5f7-43310df16575.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['utf-8', 'detected']);
    assert.ok(decoded.text.includes('Kosovo’s'));
    assert.ok(decoded.text.includes('Rücker'));
  });

  it('cleanportaleval washingtonpost blog1_0: no declaration, cp1252 quotes → detected', () => {
    const decoded = decodeHtml(samplePage('cleanportaleval/input/washingtonpost.com_blog1_0.html'));
    assert.deepEqual([decoded.encoding, decoded.source], ['windows-1252', 'detected']);
    assert.ok(decoded.text.includes('aren’t'));
    assert.ok(decoded.text.includes('Yahoo’s'));
  });

  it('wcxb-dev: gzipped pages read transparently, UTF-8', () => {
    const languages = decodeHtml(samplePage('wcxb-dev/dev/html/0556.html.gz'));
    assert.deepEqual([languages.encoding, languages.source], ['utf-8', 'meta']);
    for (const word of ['Slovenščina', 'Українська', 'Ελληνικά', '简体中文']) {
      assert.ok(languages.text.includes(word), word);
    }
    assert.ok(decodeHtml(samplePage('wcxb-dev/dev/html/2962.html.gz')).text.includes('Pokémon'));
  });

  it('every sample page decodes without U+FFFD, except the one with an invalid byte', () => {
    const pages = listPages(SAMPLE);
    assert.ok(pages.length >= 40);
    const withReplacement = pages.filter(
      (path) => countReplacements(decodeHtml(readInputFileSync(path)).text) > 0,
    );
    assert.deepEqual(
      withReplacement.map((path) => path.slice(SAMPLE.length + 1)),
      ['trafilatura-eval/html/maescot.de.schafskunde.html'],
    );
  });
});

function listPages(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listPages(path));
    else if (name.endsWith('.html') || name.endsWith('.html.gz')) out.push(path);
  }
  return out;
}

/** ISO-2022-JP by hand (iconv-lite cannot encode it): JIS X 0208 runs are EUC-JP bytes minus 0x80. */
function encodeIso2022jp(text: string): Uint8Array {
  const out: number[] = [];
  for (const run of text.match(/[ -~]+|[^ -~]+/g) ?? []) {
    if (run.charCodeAt(0) < 0x80) {
      for (const ch of run) out.push(ch.charCodeAt(0));
      continue;
    }
    out.push(0x1b, 0x24, 0x42);
    for (const byte of iconv.encode(run, 'euc-jp')) out.push(byte & 0x7f);
    out.push(0x1b, 0x28, 0x42);
  }
  return Uint8Array.from(out);
}

function encode(text: string, encoding: string): Uint8Array {
  return encoding === 'iso-2022-jp' ? encodeIso2022jp(text) : iconv.encode(text, encoding);
}

const TEXTS = {
  ja: '日本語のテキストを正しく読み込むことができるかどうかを確認します。東京は日本の首都であり、多くの人々が住んでいます。',
  zh: '中文网页的编码检测是一个重要的问题。北京是中华人民共和国的首都，也是全国的政治和文化中心。',
  zhTw: '中文網頁的編碼檢測是一個重要的問題。台北是台灣最大的城市，也是政治和文化中心。',
  ko: '한국어 웹 페이지의 인코딩을 올바르게 감지할 수 있는지 확인합니다. 서울은 대한민국의 수도입니다.',
  ru: 'Съешь же ещё этих мягких французских булок, да выпей чаю. Москва является столицей России и крупнейшим городом страны.',
  pl: 'Zażółć gęślą jaźń. Warszawa jest stolicą Polski i największym miastem kraju. Dzisiaj jest piękna pogoda.',
  cs: 'Příliš žluťoučký kůň úpěl ďábelské ódy. Praha je hlavní město České republiky a dnes je krásné počasí.',
  el: 'Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και η μεγαλύτερη πόλη της χώρας. Σήμερα έχει πολύ ωραίο καιρό.',
  fr: 'Le cœur de la ville était très animé ce matin-là. « Où êtes-vous allés ? » demanda-t-elle. Élise répondit qu’ils étaient partis.',
};

describe('decodeHtml on hand-made pages', () => {
  const required: [string, string, string][] = [
    ['Shift_JIS', 'shift_jis', TEXTS.ja],
    ['GB18030', 'gb18030', TEXTS.zh],
    ['windows-1251', 'windows-1251', TEXTS.ru],
    ['ISO-8859-2 (Polish)', 'iso-8859-2', TEXTS.pl],
    ['ISO-8859-2 (Czech)', 'iso-8859-2', TEXTS.cs],
  ];

  for (const [label, encoding, text] of required) {
    it(`${label} with <meta charset>: exact round trip`, () => {
      const html = page(text, `<meta charset="${label.split(' ')[0]}">`);
      const decoded = decodeHtml(encode(html, encoding));
      assert.deepEqual([decoded.encoding, decoded.source, decoded.text], [encoding, 'meta', html]);
    });

    it(`${label} with <meta http-equiv> and with an HTTP charset: exact round trip`, () => {
      const html = page(text, `<meta http-equiv="Content-Type" content="text/html; charset=${encoding}">`);
      const bytes = encode(html, encoding);
      assert.equal(decodeHtml(bytes).text, html);
      const viaHttp = decodeHtml(encode(page(text), encoding), {
        contentType: `text/html; charset=${encoding}`,
      });
      assert.deepEqual([viaHttp.encoding, viaHttp.source, viaHttp.text], [encoding, 'http', page(text)]);
    });

    it(`${label} without any declaration: detected`, () => {
      const html = page(text);
      const decoded = decodeHtml(encode(html, encoding));
      assert.equal(decoded.source, 'detected');
      assert.equal(decoded.text, html);
    });
  }

  // What else chardet gets right from one paragraph (the text must match; the name may be a
  // superset, e.g. gbk → gb18030, windows-1253 → iso-8859-7 for text using only shared letters).
  const detectable: [string, string][] = [
    ['euc-jp', TEXTS.ja],
    ['iso-2022-jp', TEXTS.ja],
    ['gbk', TEXTS.zh],
    ['big5', TEXTS.zhTw],
    ['euc-kr', TEXTS.ko],
    ['koi8-r', TEXTS.ru],
    ['iso-8859-5', TEXTS.ru],
    ['windows-1250', TEXTS.pl],
    ['windows-1253', TEXTS.el],
    ['iso-8859-7', TEXTS.el],
    ['windows-1252', TEXTS.fr],
  ];
  for (const [encoding, text] of detectable) {
    it(`detects ${encoding} without a declaration`, () => {
      const html = page(text);
      const bytes = encode(html, encoding);
      const expected = encoding === 'iso-2022-jp' ? html : iconv.decode(Buffer.from(bytes), encoding);
      assert.equal(decodeHtml(bytes).text, expected);
    });
  }

  it('cannot detect IBM866 (chardet has no model for it) but still returns text', () => {
    const bytes = iconv.encode(page(TEXTS.ru), 'ibm866');
    const decoded = decodeHtml(bytes);
    assert.notEqual(decoded.encoding, 'ibm866');
    assert.equal(typeof decoded.text, 'string');
    assert.equal(decodeHtml(bytes, { declaredEncoding: 'cp866' }).text, page(TEXTS.ru));
  });
});

describe('decodeHtml: precedence and the lying-charset guard', () => {
  const latin1Page = (head: string) =>
    iconv.encode(page('Grüße aus München – “schön”', head), 'windows-1252');
  const utf8Page = (head: string) => Buffer.from(page('Grüße aus München – “schön”', head));

  it('a BOM beats everything and is stripped', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8Page('<meta charset="iso-8859-1">')]);
    const decoded = decodeHtml(bytes, { contentType: 'text/html; charset=windows-1251' });
    assert.deepEqual([decoded.encoding, decoded.source], ['utf-8', 'bom']);
    assert.ok(decoded.text.startsWith('<!DOCTYPE'));
    for (const [bom, encoding] of [
      [[0xff, 0xfe], 'utf-16le'],
      [[0xfe, 0xff], 'utf-16be'],
    ] as const) {
      const body = iconv.encode(page('Grüße 日本'), encoding);
      const utf16 = decodeHtml(Buffer.concat([Buffer.from(bom), body]));
      assert.deepEqual([utf16.encoding, utf16.source, utf16.text], [encoding, 'bom', page('Grüße 日本')]);
    }
  });

  it('the HTTP charset beats <meta>; declaredEncoding beats the HTTP charset', () => {
    const html = page('Съешь же ещё', '<meta charset="koi8-r">');
    const bytes = iconv.encode(html, 'windows-1251');
    assert.equal(decodeHtml(bytes, { contentType: 'text/html; charset="windows-1251"' }).text, html);
    const both = decodeHtml(bytes, { contentType: 'text/html; charset=koi8-r', declaredEncoding: 'cp1251' });
    assert.deepEqual([both.encoding, both.text], ['windows-1251', html]);
    assert.equal(decodeHtml(bytes).encoding, 'koi8-r');
  });

  it('maps labels through the WHATWG table', () => {
    assert.equal(encodingForLabel(' ISO-8859-1 '), 'windows-1252');
    assert.equal(encodingForLabel('latin1'), 'windows-1252');
    assert.equal(encodingForLabel('us-ascii'), 'windows-1252');
    assert.equal(encodingForLabel('gb2312'), 'gbk');
    assert.equal(encodingForLabel('x-sjis'), 'shift_jis');
    assert.equal(encodingForLabel('ks_c_5601-1987'), 'euc-kr');
    assert.equal(encodingForLabel('tis-620'), 'windows-874');
    assert.equal(encodingForLabel('iso-8859-9'), 'windows-1254');
    assert.equal(encodingForLabel('utf-16'), 'utf-16le');
    assert.equal(encodingForLabel('hz-gb-2312'), null, 'replacement encodings count as no declaration');
    assert.equal(encodingForLabel('euc_kr'), null);
  });

  it('windows-1252 maps 0x80–0x9F to € ‚ ƒ … ™ œ Ÿ (Node 20 TextDecoder does not)', () => {
    const bytes = Uint8Array.from([0x80, 0x85, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9c, 0x9f, 0x81, 0xe9]);
    assert.equal(decodeBytes(bytes, 'windows-1252'), '€…’“”–—™œŸ\u0081é');
    assert.equal(decodeHtml(bytes, { declaredEncoding: 'iso-8859-1' }).text, '€…’“”–—™œŸ\u0081é');
  });

  it('iso-8859-16 (missing from Node’s ICU) goes through iconv-lite', () => {
    assert.equal(decodeBytes(Uint8Array.from([0x41, 0xaa, 0xba, 0xde]), 'iso-8859-16'), 'AȘșȚ');
  });

  it('lying charset: a legacy declaration over valid UTF-8 is overruled', () => {
    for (const head of [
      '<meta charset="iso-8859-1">',
      '<meta charset="gb2312">',
      '<meta charset="windows-1251">',
    ]) {
      const decoded = decodeHtml(utf8Page(head));
      assert.deepEqual([decoded.encoding, decoded.source], ['utf-8', 'detected'], head);
      assert.ok(decoded.text.includes('Grüße aus München – “schön”'));
    }
    const viaHttp = decodeHtml(utf8Page(''), { contentType: 'text/html; charset=ISO-8859-1' });
    assert.deepEqual([viaHttp.encoding, viaHttp.source], ['utf-8', 'detected']);
  });

  it('lying charset: pure ASCII keeps its declaration (nothing to contradict it)', () => {
    const decoded = decodeHtml(Buffer.from(page('plain', '<meta charset="iso-8859-1">')));
    assert.deepEqual([decoded.encoding, decoded.source], ['windows-1252', 'meta']);
  });

  it('lying charset: UTF-8 declared over single-byte text → detection', () => {
    const decoded = decodeHtml(latin1Page('<meta charset="utf-8">'));
    assert.deepEqual([decoded.encoding, decoded.source], ['windows-1252', 'detected']);
    assert.ok(decoded.text.includes('Grüße aus München – “schön”'));
  });

  it('UTF-8 declared over mostly-UTF-8 bytes with a few bad ones → UTF-8 with U+FFFD', () => {
    const bytes = Buffer.concat([utf8Page('<meta charset="utf-8">'), Buffer.from([0xe9, 0x20, 0xff])]);
    const decoded = decodeHtml(bytes);
    assert.deepEqual([decoded.encoding, decoded.source], ['utf-8', 'meta']);
    assert.equal(countReplacements(decoded.text), 2);
    const undeclared = decodeHtml(Buffer.concat([utf8Page(''), Buffer.from([0xe9])]));
    assert.deepEqual([undeclared.encoding, undeclared.source], ['utf-8', 'detected']);
  });

  it('a UTF-16 declaration over bytes without NULs is ignored', () => {
    const decoded = decodeHtml(Buffer.from(page('plain')), { contentType: 'text/html; charset=utf-16' });
    assert.equal(decoded.text, page('plain'));
    const real = decodeHtml(iconv.encode(page('plain'), 'utf-16le'), {
      contentType: 'text/html; charset=utf-16',
    });
    assert.deepEqual([real.encoding, real.source, real.text], ['utf-16le', 'http', page('plain')]);
  });

  it('UTF-16 without a BOM or a declaration is sniffed', () => {
    for (const encoding of ['utf-16le', 'utf-16be']) {
      const decoded = decodeHtml(iconv.encode(page('Grüße 日本'), encoding));
      assert.deepEqual([decoded.encoding, decoded.text], [encoding, page('Grüße 日本')]);
    }
  });

  it('nothing declared, nothing to detect → windows-1252 by default', () => {
    assert.deepEqual(decodeHtml(Buffer.from(page('plain'))), {
      text: page('plain'),
      encoding: 'windows-1252',
      source: 'default',
    });
  });
});

describe('prescanMetaCharset (WHATWG prescan)', () => {
  const scan = (html: string, limit?: number) => prescanMetaCharset(Buffer.from(html, 'latin1'), limit);

  it('finds <meta charset> in its forms', () => {
    assert.equal(scan('<meta charset=utf-8>'), 'utf-8');
    assert.equal(scan("<META CHARSET='Shift_JIS'/>"), 'shift_jis');
    assert.equal(scan('<meta\tcharset = "latin1" >'), 'windows-1252');
    assert.equal(scan('<meta/charset="koi8-r">'), 'koi8-r');
  });

  it('needs http-equiv=content-type for a content charset', () => {
    assert.equal(scan('<meta content="text/html; charset=euc-jp">'), null);
    assert.equal(scan('<meta content="text/html; charset=euc-jp" http-equiv="Content-Type">'), 'euc-jp');
    assert.equal(scan('<meta http-equiv=content-type content="text/html;charset=\'big5\'">'), 'big5');
  });

  it('skips comments, other tags and their attributes', () => {
    assert.equal(scan('<!-- <meta charset="koi8-r"> --><meta charset="utf-8">'), 'utf-8');
    assert.equal(scan('<!--><meta charset="koi8-r">'), 'koi8-r', '<!--> is a whole comment');
    assert.equal(scan('<div title="<meta charset=koi8-r>"><meta charset="gbk">'), 'gbk');
    assert.equal(scan('<?xml version="1.0" encoding="iso-8859-2"?><meta charset="euc-kr">'), 'euc-kr');
    assert.equal(scan('<metadata charset="koi8-r"><meta charset="big5">'), 'big5');
  });

  it('steps over the attributes of other tags in all their forms (not read into strings, issue 38)', () => {
    const tags = [
      '<div a=b c d="<meta charset=koi8-r>" e=\'>\' / f =g>',
      '<img src=x.png/ alt= title>',
      '<a =x href="/">',
      '<br/>',
      '<p\tclass = "x"\n/>',
    ];
    for (const tag of tags) {
      assert.equal(scan(`${tag}<meta charset="gbk">`), 'gbk', tag);
      assert.equal(
        scan(`${tag}${tag}<meta http-equiv=Content-Type content="text/html; charset=big5">`),
        'big5',
      );
    }
    // A value the bytes cut off is no attribute: the scan goes on inside it (as before the change).
    assert.equal(scan('<div title="<meta charset=koi8-r>'), 'koi8-r', 'a value cut by the end of the bytes');
    assert.equal(scan(`<div title="${'x'.repeat(5000)}"><meta charset="gbk">`), null, 'past the 4,096 bytes');
  });

  it('takes the first usable declaration; unknown labels are skipped', () => {
    assert.equal(scan('<meta charset="bogus"><meta charset="windows-1250">'), 'windows-1250');
    assert.equal(scan('<meta charset="iso-2022-kr"><meta charset="euc-kr">'), 'euc-kr');
    assert.equal(scan('<meta charset="gbk" charset="big5">'), 'gbk', 'duplicate attributes are ignored');
  });

  it('maps utf-16 to utf-8 and x-user-defined to windows-1252', () => {
    assert.equal(scan('<meta charset="utf-16">'), 'utf-8');
    assert.equal(scan('<meta charset="UTF-16BE">'), 'utf-8');
    assert.equal(scan('<meta charset="x-user-defined">'), 'windows-1252');
  });

  it('reads only the first `limit` bytes', () => {
    const late = `${' '.repeat(5000)}<meta charset="koi8-r">`;
    assert.equal(scan(late), null);
    assert.equal(scan(late, 8192), 'koi8-r');
    assert.equal(scan('<meta charset="koi8-r">', 10), null);
  });
});

describe('charsetFromContentType', () => {
  it('parses the charset parameter', () => {
    assert.equal(charsetFromContentType('text/html; charset=UTF-8'), 'UTF-8');
    assert.equal(charsetFromContentType('text/html;charset="iso-8859-1"; foo=bar'), 'iso-8859-1');
    assert.equal(charsetFromContentType('text/html; foo="a;charset=x"; charset=gbk'), 'gbk');
    assert.equal(charsetFromContentType('text/html'), null);
    assert.equal(charsetFromContentType('text/html; charset='), null);
  });
});

describe('decoding large pages', () => {
  // Bytes that mean something else in windows-1252 than in Latin-1, so the table is used.
  const pageOf = (mebibytes: number) =>
    Uint8Array.from({ length: mebibytes * 1024 * 1024 + 3 }, (_, index) => (index % 7 === 0 ? 0x80 : 0x61));
  const checks = (bytes: Uint8Array) => {
    let text = '';
    const stages = stagesChecked(() => {
      text = decodeBytes(bytes, 'windows-1252');
    });
    return { text, checks: stages.get('decoding') ?? 0 };
  };
  // Node's TextDecoder reads windows-1252 as Latin-1: the text is written out instead.
  const expected = (bytes: Uint8Array) =>
    '\u20acaaaaaa'.repeat(Math.ceil(bytes.length / 7)).slice(0, bytes.length);

  it('a page up to 4 MiB is decoded in one call: no chunks to join', () => {
    const bytes = pageOf(3);
    const { text, checks: count } = checks(bytes);
    assert.equal(count, 0);
    assert.ok(text === expected(bytes));
  });

  it('a larger page is decoded a MiB at a time, the time budget checked between chunks', () => {
    const bytes = pageOf(5);
    const { text, checks: count } = checks(bytes);
    assert.equal(count, 6);
    assert.ok(text === expected(bytes));
  });
});

describe('decodeHtml never throws', () => {
  it('empty input', () => {
    assert.deepEqual(decodeHtml(new Uint8Array(0)), {
      text: '',
      encoding: 'windows-1252',
      source: 'default',
    });
    assert.equal(decodeHtml(new Uint8Array(0), { contentType: 'text/html; charset=utf-8' }).text, '');
    assert.equal(decodeHtml(Uint8Array.from([0xef, 0xbb, 0xbf])).text, '');
  });

  it('binary garbage', () => {
    let seed = 7;
    const garbage = Uint8Array.from({ length: 200_000 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
    const decoded = decodeHtml(garbage);
    assert.equal(typeof decoded.text, 'string');
    assert.ok(decoded.text.length > 0);
    assert.equal(typeof detectEncoding(garbage), typeof detectEncoding(garbage));
  });

  it('any bytes, any options (property)', () => {
    const labels = fc.constantFrom(
      'utf-8',
      'utf-16',
      'shift_jis',
      'gb18030',
      'iso-2022-jp',
      'x-user-defined',
      'bogus',
      '',
    );
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2048 }),
        fc.option(labels, { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (bytes, declaredEncoding, contentType) => {
          const decoded = decodeHtml(bytes, { declaredEncoding, contentType });
          assert.equal(typeof decoded.text, 'string');
          assert.equal(typeof decoded.encoding, 'string');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('bytes behind a meta declaration of any label (property)', () => {
    const labels = fc.constantFrom(
      'utf-8',
      'shift_jis',
      'euc-jp',
      'iso-2022-jp',
      'gbk',
      'big5',
      'euc-kr',
      'utf-16le',
      'x-user-defined',
      'iso-8859-16',
      'macintosh',
      'koi8-u',
    );
    fc.assert(
      fc.property(labels, fc.uint8Array({ maxLength: 1024 }), (label, tail) => {
        const bytes = Buffer.concat([Buffer.from(`<meta charset="${label}">`), tail]);
        assert.equal(typeof decodeHtml(bytes).text, 'string');
      }),
      { numRuns: 300 },
    );
  });

  it('valid UTF-8 always decodes to itself (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.constantFrom('', '<meta charset="iso-8859-1">'),
        (text, head) => {
          fc.pre(!text.startsWith('\uFEFF') && !text.includes('\u001b')); // a BOM; ISO-2022 escapes
          const html = `${head}${text}`;
          const decoded = decodeHtml(Buffer.from(html));
          if (!isAscii(Buffer.from(html))) assert.equal(decoded.encoding, 'utf-8');
          assert.equal(decoded.text, html);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stays linear: 16 MB of mislabelled single-byte text decodes correctly', () => {
    const unit = iconv.encode('<p>Grüße aus München – “schön” und danke für alles.</p>\n', 'windows-1252');
    const bytes = Buffer.concat([
      Buffer.from('<meta charset="utf-8">'),
      Buffer.alloc(16 * 1024 * 1024, unit),
    ]);
    const decoded = decodeHtml(bytes);
    assert.equal(decoded.encoding, 'windows-1252');
    assert.ok(decoded.text.includes('Grüße aus München – “schön”'));
  });
});
