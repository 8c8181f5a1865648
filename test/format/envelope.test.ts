import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Parser } from 'htmlparser2';
import { parseHtml, Selection } from '../../packages/pith/src/dom/index.js';
import {
  type Article,
  type FormattedResult,
  RECORD_COLUMNS,
  stripInvalidXml,
  toJson,
  toXml,
} from '../../packages/pith/src/format/index.js';

const metadata = {
  title: 'A "title" & <more>',
  authors: ['Ann', 'Bob'],
  published: '2024-05-01',
  language: 'en',
  tags: ['x', 'y'],
};
const result = (extra: Partial<FormattedResult> = {}): FormattedResult => ({
  url: 'https://example.com/a?b=1&c=2',
  content: 'Hello\n\nWorld',
  contentFormat: 'text',
  metadata,
  extractor: { name: 'pith', version: '1.2.3' },
  ...extra,
});

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/** Reads XML back (htmlparser2 in XML mode), failing on unbalanced tags. */
function readXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#root', attributes: {}, text: '', children: [] };
  const stack = [root];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = { name, attributes, text: '', children: [] };
        stack[stack.length - 1].children.push(element);
        stack.push(element);
      },
      ontext(text) {
        stack[stack.length - 1].text += text;
      },
      oncdatastart() {},
      onclosetag(name) {
        const element = stack.pop();
        assert.equal(element?.name, name);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.end(xml);
  assert.equal(stack.length, 1, 'unclosed elements');
  return root;
}

describe('toJson', () => {
  test("the page record: every field, in the table's order, nulls for unknowns (schemas/record.schema.json)", () => {
    const json = JSON.parse(toJson(result()));
    assert.deepEqual(
      Object.keys(json),
      RECORD_COLUMNS.map(([name]) => name),
    );
    // No assessment given: no estimate, no type, no reasons.
    assert.equal(json.quality, null);
    assert.equal(json.detectedPageType, null);
    assert.deepEqual(json.reasons, []);
    assert.deepEqual(
      {
        title: json.title,
        authors: json.authors,
        published: json.published,
        modified: json.modified,
        siteName: json.siteName,
        language: json.language,
        direction: json.direction,
        description: json.description,
        canonicalUrl: json.canonicalUrl,
        image: json.image,
        tags: json.tags,
        pageType: json.pageType,
      },
      {
        title: 'A "title" & <more>',
        authors: ['Ann', 'Bob'],
        published: '2024-05-01',
        modified: null,
        siteName: null,
        language: 'en',
        direction: null,
        description: null,
        canonicalUrl: null,
        image: null,
        tags: ['x', 'y'],
        pageType: null,
      },
    );
    assert.equal(json.ok, true);
    assert.equal(json.text, 'Hello\n\nWorld');
    assert.equal(json.markdown, null);
    assert.equal(json.comments, null);
    assert.equal(json.extractor, 'pith');
    assert.equal(json.extractorVersion, '1.2.3');
  });

  test('comments: a list when asked for, each with text and what the page gives', () => {
    const json = JSON.parse(
      toJson(
        result({
          comments: [
            { author: 'Ann', date: '2024-05-02', text: 'Hi' },
            { text: 'Yes', replyTo: 0 },
          ],
        }),
      ),
    );
    assert.deepEqual(json.comments, [
      { author: 'Ann', date: '2024-05-02', text: 'Hi' },
      { text: 'Yes', replyTo: 0 },
    ]);
    assert.deepEqual(JSON.parse(toJson(result({ comments: [] }))).comments, []);
  });

  test('compact by default, pretty on request', () => {
    assert.doesNotMatch(toJson(result()), /\n/);
    assert.match(toJson(result(), { pretty: true }), /\n {2}"ok": true,\n/);
  });

  test('diagnostics are included when present, made JSON-safe', () => {
    const doc = parseHtml('<p>x</p>');
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    const diagnostics = {
      ttr: new Float64Array([1.5, Number.NaN, 2]),
      clusters: new Map([[1, 'a']]),
      set: new Set([1, 2]),
      big: 10n,
      doc,
      selection: new Selection(doc).keepSubtree(0),
      cyclic,
      fn: () => 1,
      when: new Date('2024-01-01T00:00:00Z'),
    };
    const json = JSON.parse(toJson(result({ diagnostics })));
    assert.deepEqual(json.diagnostics, {
      ttr: [1.5, null, 2],
      clusters: { 1: 'a' },
      set: [1, 2],
      big: '10',
      doc: `[Doc: ${doc.size} nodes]`,
      selection: '[Selection: 1 characters kept]',
      cyclic: { name: 'c', self: '[circular]' },
      when: '2024-01-01T00:00:00.000Z',
    });
  });

  test('a diagnostics array past 10,000 items is cut, the rest counted (fuzz seed 201, page 273)', () => {
    const diagnostics = {
      lines: new Float32Array(10_005).fill(1),
      items: Array.from({ length: 12_000 }, (_, i) => i),
    };
    const json = JSON.parse(toJson(result({ diagnostics })));
    assert.equal(json.diagnostics.lines.length, 10_001);
    assert.equal(json.diagnostics.lines.at(-1), '[5 more]');
    assert.deepEqual(json.diagnostics.items.slice(-2), [9_999, '[2000 more]']);
  });
});

describe('toXml: the article with what the JSON output holds', () => {
  const article = (extra: Partial<Article> = {}): Article => ({
    url: 'https://example.com/a?b=1&c=2',
    title: metadata.title,
    extractor: { name: 'pith', version: '1.2.3' },
    blocks: [
      { kind: 'heading', level: 2, text: 'a < b & c > d ]]> e' },
      { kind: 'paragraph', text: 'Hello' },
    ],
    media: [],
    metadata,
    ...extra,
  });

  test('a well-formed document with metadata, blocks and comments', () => {
    const xml = toXml(
      article({
        comments: [
          { author: 'A "b"', date: '2024-05-02', text: 'nice & <kind>' },
          { text: 'reply', replyTo: 0 },
        ],
      }),
    );
    assert.ok(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<article schema="2" url="https://example.com/a?b=1&amp;c=2" extractor="pith" extractor-version="1.2.3">',
      ),
    );
    const root = readXml(xml).children[0];
    assert.equal(root.name, 'article');
    const byName = (name: string) => root.children.filter((child) => child.name === name);
    assert.equal(byName('title')[0].text, 'A "title" & <more>');
    const meta = byName('metadata')[0].children.map((child) => [child.name, child.text]);
    assert.deepEqual(meta, [
      ['author', 'Ann'],
      ['author', 'Bob'],
      ['published', '2024-05-01'],
      ['language', 'en'],
      ['tag', 'x'],
      ['tag', 'y'],
    ]);
    const blocks = byName('text')[0].children;
    assert.deepEqual(
      blocks.map((block) => [block.attributes.kind, block.text]),
      [
        ['heading', 'a < b & c > d ]]> e'],
        ['paragraph', 'Hello'],
      ],
    );
    const comments = byName('comments')[0].children;
    assert.deepEqual(
      comments.map((child) => [child.name, child.attributes, child.text]),
      [
        ['comment', { author: 'A "b"', date: '2024-05-02' }, 'nice & <kind>'],
        ['comment', { 'reply-to': '0' }, 'reply'],
      ],
    );
    assert.equal(byName('diagnostics').length, 0);
  });

  test('characters XML 1.0 forbids are removed', () => {
    const bad = 'a\u0000b\u0001c\u000bd\u001fe\uFFFEf\uD800g\u{1F600}h\ti\nj';
    // The output rule of every format (dom/characters.ts): a lone surrogate becomes U+FFFD.
    assert.equal(stripInvalidXml(bad), 'abcdef\uFFFDg\u{1F600}h\ti\nj');
    const xml = toXml(article({ blocks: [{ kind: 'paragraph', text: bad }], title: 'x\u0002y' }));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: checking that they are gone.
    assert.doesNotMatch(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]/);
    assert.match(xml, /<title>xy<\/title>/);
  });

  test('diagnostics as escaped JSON, last; compact mode has no indentation', () => {
    const xml = toXml(article({ diagnostics: { a: '<b>' } }), { pretty: false });
    assert.match(xml, /<diagnostics format="json">\{"a":"&lt;b&gt;"\}<\/diagnostics>/);
    assert.doesNotMatch(xml.split('\n').slice(1).join(''), /\n {2}</);
    assert.equal(readXml(xml).children[0].children.at(-1)?.name, 'diagnostics');
  });

  test('empty metadata', () => {
    const xml = toXml(article({ metadata: { authors: [], tags: [] }, url: undefined, title: undefined }));
    assert.match(
      xml,
      /<article schema="2" extractor="pith" extractor-version="1.2.3">\n {2}<metadata\/>\n {2}<text>/,
    );
  });
});
