// Hostile pages for the fuzzer: mutations of real dataset pages and generated pathological trees.
// Everything is a pure function of a seeded PRNG, so page i of seed S is the same page on every run
// (`npm run fuzz -- --seed S --only i` rebuilds it).

import { type Random, randomIndex } from 'pith/internal';

/** A fuzz page: the bytes pith gets, how they were made, and the HTTP Content-Type to pass, if any. */
export interface FuzzPage {
  bytes: Uint8Array;
  /** What was done, e.g. "truncate(entity) + nuls(40)" or "generated deep(div, 5000)". */
  recipe: string;
  contentType?: string;
}

const encoder = new TextEncoder();
const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
const fromLatin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string) => encoder.encode(text);

function pick<T>(random: Random, items: readonly T[]): T {
  return items[randomIndex(random, items.length)];
}

/** An integer in [low, high], log-uniform (small values as likely as large ones, by order of magnitude). */
function logInt(random: Random, low: number, high: number): number {
  const value = Math.exp(Math.log(low) + random() * (Math.log(high + 1) - Math.log(low)));
  return Math.max(low, Math.min(high, Math.floor(value)));
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function insertAt(bytes: Uint8Array, at: number, insert: Uint8Array): Uint8Array {
  return concat([bytes.subarray(0, at), insert, bytes.subarray(at)]);
}

/** Where in the page `<body` is (else a random place): floods go into the content. */
function bodyOffset(random: Random, bytes: Uint8Array): number {
  const text = latin1(bytes.subarray(0, Math.min(bytes.length, 1 << 20)));
  const body = text.search(/<body[^>]*>/i);
  if (body >= 0) {
    const close = text.indexOf('>', body);
    const start = close + 1;
    return start + randomIndex(random, Math.max(1, Math.min(bytes.length, text.length) - start));
  }
  return randomIndex(random, bytes.length + 1);
}

/**
 * A count or size for a flood: log-uniform in [low, high] on a big page (one page in ten), at
 * most 1/50 of the way up on the others, so that most pages stay small and quick.
 */
function size(random: Random, big: boolean, low: number, high: number): number {
  return logInt(
    random,
    low,
    big ? high : Math.max(low, Math.min(high, Math.max(low * 10, Math.floor(high / 50)))),
  );
}

/** Repeats `unit` until about `bytes` long. */
function repeatTo(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.ceil(bytes / Math.max(1, unit.length))));
}

/** Offsets in `text` where a regex matches (at most 10,000), for cutting at a kind of boundary. */
function offsetsOf(text: string, pattern: RegExp): number[] {
  const out: number[] = [];
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  for (let match = global.exec(text); match !== null && out.length < 10_000; match = global.exec(text)) {
    out.push(match.index + Math.min(match[0].length, 1 + Math.floor(match[0].length / 2)));
    if (match[0].length === 0) global.lastIndex++;
  }
  return out;
}

const TRUNCATION_BOUNDARIES: readonly [string, RegExp][] = [
  ['tag-name', /<[a-z][a-z0-9]*/i],
  ['attribute-value', /=\s*"[^"]*"/],
  ['entity', /&#?[a-z0-9]+;/i],
  ['comment', /<!--[\s\S]*?-->/],
  ['script', /<script[\s\S]*?<\/script>/i],
  ['style', /<style[\s\S]*?<\/style>/i],
  ['end-tag', /<\/[a-z]+>/i],
  ['table', /<t[dr][\s>]/i],
  ['utf8-sequence', /[\xc2-\xf4][\x80-\xbf]+/],
  ['cdata', /<!\[CDATA\[/],
  ['json-ld', /application\/ld\+json[^<]*</i],
];

type Mutation = (
  random: Random,
  bytes: Uint8Array,
  big: boolean,
) => { bytes: Uint8Array; what: string; contentType?: string };

const MUTATIONS: readonly [string, number, Mutation][] = [
  [
    'byte-flips',
    3,
    (random, bytes, big) => {
      const out = bytes.slice();
      const flips = size(random, big, 1, 2000);
      for (let i = 0; i < flips && out.length > 0; i++)
        out[randomIndex(random, out.length)] = randomIndex(random, 256);
      return { bytes: out, what: `byte-flips(${flips})` };
    },
  ],
  [
    'truncate',
    3,
    (random, bytes) => {
      const [kind, pattern] = pick(random, TRUNCATION_BOUNDARIES);
      const offsets = offsetsOf(latin1(bytes), pattern);
      const at = offsets.length > 0 ? pick(random, offsets) : randomIndex(random, bytes.length + 1);
      return { bytes: bytes.subarray(0, at), what: `truncate(${offsets.length > 0 ? kind : 'random'})` };
    },
  ],
  [
    'unclosed-tags',
    2,
    (random, bytes) => {
      const share = random();
      const text = latin1(bytes).replace(/<\/[a-z][a-z0-9]*\s*>/gi, (tag) => (random() < share ? '' : tag));
      return { bytes: fromLatin1(text), what: `unclosed-tags(${share.toFixed(2)})` };
    },
  ],
  [
    'misnested',
    2,
    (random, bytes, big) => {
      const tags = [
        'p',
        'b',
        'i',
        'a',
        'div',
        'table',
        'td',
        'tr',
        'li',
        'ul',
        'form',
        'span',
        'h1',
        'select',
        'svg',
        'math',
      ];
      const count = size(random, big, 1, 5000);
      const parts: string[] = [];
      for (let i = 0; i < count; i++) {
        const a = pick(random, tags);
        const b = pick(random, tags);
        parts.push(
          pick(random, [
            `<${a}><${b}>x</${a}></${b}>`,
            `</${a}>`,
            `<${a}>`,
            `<${a}><${a}><${a}>`,
            `</${b}></${a}>y`,
          ]),
        );
      }
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(parts.join(''))),
        what: `misnested(${count})`,
      };
    },
  ],
  [
    'attribute-flood',
    2,
    (random, bytes, big) => {
      const count = size(random, big, 100, 200_000);
      const long = random() < 0.3;
      const value = long ? 'v'.repeat(size(random, big, 1000, 2_000_000)) : 'v';
      const name = pick(random, ['data-x', 'class', 'href', 'style', 'src', 'srcset', 'id', 'onclick']);
      const attributes: string[] = [];
      for (let i = 0; i < (long ? 3 : count); i++) attributes.push(`${name}${long ? '' : i}="${value}"`);
      const tag = pick(random, ['div', 'a', 'img', 'p', 'meta', 'html', 'body', 'td']);
      const html = `<${tag} ${attributes.join(' ')}>text</${tag}>`;
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(html)),
        what: `attribute-flood(${tag}, ${long ? 'long' : count})`,
      };
    },
  ],
  [
    'entity-flood',
    2,
    (random, bytes, big) => {
      const entity = pick(random, [
        '&amp;',
        '&#x1F600;',
        '&nbsp;',
        '&#99999999;',
        '&#0;',
        '&lt;',
        '&ampxx',
        '&#x;',
        '&',
        '&#128;',
        '&#xD800;',
      ]);
      const count = size(random, big, 100, 2_000_000);
      const html = `<p>${entity.repeat(count)}</p>`;
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(html)),
        what: `entity-flood(${entity}, ${count})`,
      };
    },
  ],
  [
    'deep-nesting',
    2,
    (random, bytes, big) => {
      const tag = pick(random, [
        'div',
        'span',
        'b',
        'a',
        'li',
        'ul',
        'blockquote',
        'table',
        'td',
        'section',
        'font',
        'svg',
        'p',
      ]);
      const depth = size(random, big, 100, 200_000);
      const open = tag === 'table' ? '<table><tr><td>' : `<${tag}>`;
      const close = tag === 'table' ? '</td></tr></table>' : `</${tag}>`;
      const closed = random() < 0.5;
      const html = `${open.repeat(depth)}deep text${closed ? close.repeat(depth) : ''}`;
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(html)),
        what: `deep-nesting(${tag}, ${depth}${closed ? '' : ', unclosed'})`,
      };
    },
  ],
  [
    'huge-text',
    2,
    (random, bytes, big) => {
      const length = size(random, big, 10_000, 20_000_000);
      const unit = pick(random, [
        'word ',
        'x',
        '漢字',
        'a b c d e f g\n',
        'Lorem ipsum, dolor sit amet. ',
        ' ',
        '\n',
        '\t\r\n',
      ]);
      const html = `<p>${repeatTo(unit, length)}</p>`;
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(html)),
        what: `huge-text(${JSON.stringify(unit)}, ${length})`,
      };
    },
  ],
  [
    'charset',
    2,
    (random, bytes) => {
      const label = pick(random, [
        'utf-16',
        'utf-16be',
        'shift_jis',
        'iso-2022-jp',
        'x-user-defined',
        'garbage',
        'utf-8',
        'windows-1251',
        'gb18030',
        'euc-kr',
        'replacement',
        'utf-7',
        'big5',
      ]);
      const how = pick(random, ['meta', 'header', 'both-lying', 'bom']);
      if (how === 'header')
        return { bytes, what: `charset(header ${label})`, contentType: `text/html; charset=${label}` };
      if (how === 'bom') {
        const bom = pick(random, [
          [0xef, 0xbb, 0xbf],
          [0xff, 0xfe],
          [0xfe, 0xff],
        ]);
        return { bytes: concat([Uint8Array.from(bom), bytes]), what: `charset(bom ${bom.join(' ')})` };
      }
      const meta = utf8(`<meta charset="${label}">`);
      return {
        bytes: concat([meta, bytes]),
        what: `charset(${how} ${label})`,
        ...(how === 'both-lying'
          ? { contentType: `text/html; charset=${pick(random, ['utf-16le', 'iso-8859-1', 'koi8-r'])}` }
          : {}),
      };
    },
  ],
  [
    're-encode',
    1,
    (random, bytes) => {
      const text = new TextDecoder().decode(bytes);
      const encoding = pick(random, ['utf-16le', 'utf-16be', 'latin1']);
      if (encoding === 'latin1') return { bytes: fromLatin1(text), what: 're-encode(latin1)' };
      const units = Buffer.from(text, 'utf16le');
      if (encoding === 'utf-16be') units.swap16();
      return { bytes: new Uint8Array(units), what: `re-encode(${encoding}, no BOM)` };
    },
  ],
  [
    'nuls-and-controls',
    2,
    (random, bytes, big) => {
      const out = bytes.slice();
      const count = size(random, big, 1, Math.max(1, Math.floor(out.length / 4)));
      const control = random() < 0.5;
      for (let i = 0; i < count && out.length > 0; i++)
        out[randomIndex(random, out.length)] = control ? randomIndex(random, 32) : 0;
      const entity =
        random() < 0.3 ? utf8('<a href="java&#0;script:alert(1)">x&#0;y&#1;z</a>') : new Uint8Array(0);
      return {
        bytes: insertAt(out, bodyOffset(random, out), entity),
        what: `${control ? 'controls' : 'nuls'}(${count})`,
      };
    },
  ],
  [
    'binary-prefix',
    1,
    (random, bytes, big) => {
      const kind = pick(random, ['random', 'png', 'elf', 'pdf', 'gzip', 'zip', 'nuls']);
      const length = size(random, big, 1, 65_536);
      const prefix = new Uint8Array(length);
      if (kind === 'nuls') prefix.fill(0);
      else for (let i = 0; i < length; i++) prefix[i] = randomIndex(random, 256);
      const magic: Record<string, number[]> = {
        png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        elf: [0x7f, 0x45, 0x4c, 0x46],
        pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
        gzip: [0x1f, 0x8b, 0x08],
        zip: [0x50, 0x4b, 0x03, 0x04],
      };
      prefix.set((magic[kind] ?? []).slice(0, length));
      return { bytes: concat([prefix, bytes]), what: `binary-prefix(${kind}, ${length})` };
    },
  ],
  [
    'siblings',
    2,
    (random, bytes, big) => {
      const unit = pick(random, [
        '<p>hello world paragraph</p>',
        '<li>item',
        '<a href="/x">link</a>',
        '<br>',
        '<img src=a.png>',
        '<td>cell',
        '<div class="comment"><p>a comment here</p></div>',
        '<span>w</span> ',
        '<h2>Heading</h2>',
      ]);
      const count = size(random, big, 1000, 300_000);
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(`<div>${unit.repeat(count)}</div>`)),
        what: `siblings(${JSON.stringify(unit)}, ${count})`,
      };
    },
  ],
  [
    'one-line',
    1,
    (_random, bytes) => ({ bytes: fromLatin1(latin1(bytes).replace(/[\r\n]+/g, ' ')), what: 'one-line' }),
  ],
  [
    'many-lines',
    1,
    (_random, bytes) => ({
      bytes: fromLatin1(latin1(bytes).replace(/([>\s])/g, '$1\n')),
      what: 'many-lines',
    }),
  ],
  [
    'unclosed-raw',
    2,
    (random, bytes) => {
      const opener = pick(random, [
        '<script>',
        '<style>',
        '<!--',
        '<title>',
        '<textarea>',
        '<plaintext>',
        '<xmp>',
        '<noscript>',
        '<iframe>',
        '<svg><style>',
        '<![CDATA[',
        '<template>',
        '<select>',
        '<math><mi>',
      ]);
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(opener)),
        what: `unclosed-raw(${opener})`,
      };
    },
  ],
  [
    'splice',
    2,
    // The second page is the one `other` names (filled in by mutatePage).
    (random, bytes) => ({ bytes: bytes.subarray(0, randomIndex(random, bytes.length + 1)), what: 'splice' }),
  ],
  [
    'repeat-page',
    1,
    (random, bytes, big) => {
      const times = size(random, big, 2, 60);
      const parts: Uint8Array[] = [];
      for (let i = 0; i < times; i++) parts.push(bytes);
      return { bytes: concat(parts), what: `repeat-page(${times})` };
    },
  ],
  [
    'metadata-flood',
    1,
    (random, bytes, big) => {
      const kind = pick(random, ['json-ld-deep', 'json-ld-big', 'meta', 'time', 'microdata']);
      const n = size(random, big, 100, 100_000);
      let html = '';
      if (kind === 'json-ld-deep')
        html = `<script type="application/ld+json">${'{"@graph":['.repeat(n)}{"@type":"Article","author":"A"}${']}'.repeat(n)}</script>`;
      else if (kind === 'json-ld-big')
        html = `<script type="application/ld+json">{"@type":"Article","author":[${Array.from({ length: n }, (_, i) => `{"name":"Author ${i}"}`).join(',')}],"articleBody":"${'body '.repeat(n)}"}</script>`;
      else if (kind === 'meta')
        html = Array.from(
          { length: n },
          (_, i) =>
            `<meta property="article:author" content="Author ${i}"><meta name="date" content="2020-01-${(i % 28) + 1}">`,
        ).join('');
      else if (kind === 'time')
        html = Array.from(
          { length: n },
          (_, i) => `<time datetime="20${i % 30}-0${(i % 9) + 1}-1${i % 9}">Jan ${i % 28}, 2020</time>`,
        ).join('');
      else
        html = `<div itemscope itemtype="https://schema.org/Article">${'<div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">N</span>'.repeat(n)}</div>`;
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(html)),
        what: `metadata-flood(${kind}, ${n})`,
      };
    },
  ],
  [
    'url-flood',
    1,
    (random, bytes, big) => {
      const n = size(random, big, 10, 50_000);
      const url = pick(random, [
        'javascript:alert(1)',
        'java&#0;script:x',
        `https://e.com/${'a'.repeat(100_000)}`,
        '//x',
        'data:text/html,<script>',
        `${'../'.repeat(5000)}x`,
        'http://[::1',
        '%%%',
      ]);
      const entry = `<a href="${url}">l</a><img src="${url}" srcset="${url} 1x, ${url} 2x">`;
      // At most ~32 MB of flood: 50,000 entries of the 100,000-character URL were 20 GB, past
      // V8's longest string (seed 201, pages 2162 and 2528: the fuzzer's RangeError, not pith's).
      const count = Math.min(n, Math.max(1, Math.floor(32_000_000 / entry.length)));
      const html = entry.repeat(count);
      return {
        bytes: insertAt(bytes, bodyOffset(random, bytes), utf8(html)),
        what: `url-flood(${url.slice(0, 24)}, ${count})`,
      };
    },
  ],
];

const TOTAL_WEIGHT = MUTATIONS.reduce((sum, [, weight]) => sum + weight, 0);

function pickMutation(random: Random): [string, Mutation] {
  let roll = random() * TOTAL_WEIGHT;
  for (const [name, weight, mutation] of MUTATIONS) {
    roll -= weight;
    if (roll < 0) return [name, mutation];
  }
  const [name, , mutation] = MUTATIONS[MUTATIONS.length - 1];
  return [name, mutation];
}

/** The largest page the fuzzer makes (the library's default input limit is 32 MiB: some pages go over). */
const MAX_PAGE_BYTES = 36 * 1024 * 1024;
/** Past this size a page gets no further mutation (they only grow it). */
const MAX_MUTATED_BYTES = 8 * 1024 * 1024;

/** One to three mutations of a page; `other` is the page a splice takes its tail from. */
export function mutatePage(random: Random, base: Uint8Array, other: Uint8Array): FuzzPage {
  const count = 1 + Math.floor(random() * random() * 3);
  const big = random() < 0.1;
  let bytes = base;
  let contentType: string | undefined;
  const steps: string[] = [];
  for (let step = 0; step < count && bytes.length <= MAX_MUTATED_BYTES; step++) {
    const [name, mutation] = pickMutation(random);
    const result = mutation(random, bytes, big);
    bytes = result.bytes;
    if (name === 'splice') bytes = concat([bytes, other.subarray(randomIndex(random, other.length + 1))]);
    if (result.contentType) contentType = result.contentType;
    steps.push(result.what);
  }
  if (bytes.length > MAX_PAGE_BYTES) {
    bytes = bytes.subarray(0, MAX_PAGE_BYTES);
    steps.push(`cut at ${MAX_PAGE_BYTES}`);
  }
  return {
    bytes,
    recipe: `${big ? 'big: ' : ''}${steps.join(' + ')}`,
    ...(contentType ? { contentType } : {}),
  };
}

const TAG_SOUP = [
  'div',
  'p',
  'span',
  'a',
  'b',
  'i',
  'table',
  'tr',
  'td',
  'ul',
  'li',
  'h1',
  'h2',
  'pre',
  'code',
  'img',
  'br',
  'form',
  'input',
  'select',
  'option',
  'svg',
  'math',
  'script',
  'style',
  'template',
  'noscript',
  'article',
  'nav',
  'footer',
  'header',
  'section',
  'aside',
  'main',
  'blockquote',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'iframe',
  'video',
  'source',
  'ruby',
  'rt',
  'sup',
  'sub',
  'time',
  'x-custom',
];
const ATTRIBUTES = [
  'class="comment reply"',
  'id="main"',
  'href="/a"',
  'href="javascript:x"',
  'style="display:none"',
  'hidden',
  'role="navigation"',
  'itemprop="articleBody"',
  'src="x.png"',
  'srcset="a.png 1x"',
  'colspan="1000000"',
  'datetime="2020-01-01"',
  'lang="zh"',
  'dir="rtl"',
];

/** Generated pathological trees (no dataset page under them). */
export function generatePage(random: Random): FuzzPage {
  const kind = pick(random, [
    'deep',
    'wide',
    'soup',
    'one-text',
    'comments',
    'table',
    'forum',
    'alternating',
  ]);
  const n = size(random, random() < 0.2, 1000, 1_500_000);
  const tag = pick(random, TAG_SOUP);
  let html: string;
  switch (kind) {
    case 'deep':
      html = `<html><body>${`<${tag}>`.repeat(Math.min(n, 300_000))}text</body></html>`;
      break;
    case 'wide':
      html = `<html><body><div>${`<${tag}>w</${tag}>`.repeat(n)}</div></body></html>`;
      break;
    case 'soup': {
      const parts: string[] = ['<html><body>'];
      for (let i = 0; i < n; i++) {
        const t = pick(random, TAG_SOUP);
        const roll = random();
        if (roll < 0.4) parts.push(`<${t}${random() < 0.3 ? ` ${pick(random, ATTRIBUTES)}` : ''}>`);
        else if (roll < 0.7) parts.push(`</${t}>`);
        else parts.push(pick(random, ['text ', 'more words here, ', '&amp;', '漢字', '\n', 'é']));
      }
      html = parts.join('');
      break;
    }
    case 'one-text':
      html = `<html><body><p>${'word '.repeat(Math.min(n * 4, 6_000_000))}</p></body></html>`;
      break;
    case 'comments':
      html = `<html><body>${'<!-- c --><script>x</script><style>y</style>'.repeat(Math.min(n, 400_000))}<p>text</p></body></html>`;
      break;
    case 'table':
      html = `<html><body><table>${`<tr>${'<td>c</td>'.repeat(1000)}</tr>`.repeat(Math.max(1, Math.floor(n / 1000)))}</table></body></html>`;
      break;
    case 'forum':
      html = `<html><body><article><p>${'Opening post text. '.repeat(50)}</p></article><div class="comments">${'<div class="comment"><div class="author">user</div><p>A reply with some words in it, reply text.</p><a class="reply" href="#">Reply</a></div>'.repeat(Math.max(1, Math.floor(n / 8)))}</div></body></html>`;
      break;
    default:
      html = `<html><body>${'<div><span><p><b>x</b></p></span>'.repeat(Math.min(n, 200_000))}</body></html>`;
      break;
  }
  return { bytes: utf8(html), recipe: `generated ${kind}(${tag}, ${n})` };
}
