/**
 * Chunks of real pages (issue 41): the shared sample pages, pith's own structure corpus and
 * Defuddle's fixtures, chunked at three caps with the real tokenizer, its estimate and the character estimate.
 * Read back with markdown-it (the structure benchmark's reader, independent of the chunker): every
 * code block, formula, table row and list item of the page's Markdown is whole in some chunk unless
 * a chunk says it was cut out of one such element (`split`), and no chunk is over its cap unless so.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import {
  CHARACTER_ESTIMATE,
  type Chunk,
  chunkMarkdown,
  TOKEN_ESTIMATE,
  type TokenCounter,
} from '../../packages/pith/src/format/index.js';
import { extract, loadTokenCounter } from '../../packages/pith/src/index.js';
import { markdownElements } from '../../packages/workbench/src/eval/index.js';

const CL100K_BASE = await loadTokenCounter('cl100k_base');

import { HAS_SAMPLE, REPO_ROOT, samplePath } from '../helpers.js';

const DEFUDDLE = resolve(REPO_ROOT, '..', 'shared', 'structure', 'defuddle', 'fixtures');
const OWN = resolve(REPO_ROOT, 'test', 'fixtures', 'structure', 'fixtures');

function pages(): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  const walk = (dir: string, name: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, `${name}/${entry.name}`);
      else if (/\.html?(\.gz)?$/.test(entry.name) && !/expected/.test(entry.name)) {
        const raw = readFileSync(path);
        out.push([
          `${name}/${entry.name}`,
          new Uint8Array(entry.name.endsWith('.gz') ? gunzipSync(raw) : raw),
        ]);
      }
    }
  };
  if (HAS_SAMPLE) walk(samplePath(), 'sample');
  walk(OWN, 'own');
  walk(DEFUDDLE, 'defuddle');
  return out;
}

/**
 * The elements never cut, each as a key: code and formulas by text, rows by cells, items by text
 * (footnote marks left out: a chunk without the note's definition reads `[^1]` as text).
 */
function wholes(markdown: string): Map<string, string[]> {
  const elements = markdownElements(markdown);
  const key = (text: string) => text.replace(/\s*\[\^\d+\]/g, '');
  return new Map([
    ['code', elements.code.map((block) => block.text)],
    ['formula', elements.formulas],
    ['list item', elements.listItems.map((item) => key(item.text))],
  ]);
}

/** A table's body rows as written (a chunk may hold rows without the header when both do not fit). */
function rowLines(markdown: string): string[] {
  const rows: string[] = [];
  let body = false;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) body = false;
    else if (body) rows.push(line);
    else if (/^\|(?:\s*:?-+:?\s*\|)+$/.test(line)) body = true;
  }
  return rows;
}

function check(name: string, markdown: string, chunks: Chunk[], max: number): void {
  const page = wholes(markdown);
  page.set('table row', rowLines(markdown));
  const found = new Map<string, Set<string>>([...page.keys()].map((kind) => [kind, new Set<string>()]));
  for (const one of chunks) {
    if (one.split === undefined)
      assert.ok(one.tokens <= max, `${name}: chunk ${one.index} ${one.tokens} > ${max}`);
    // A note's definition is read only when marked: a chunk holding the note without its mark gets
    // the marks first (the reader then reads a list inside the note, as it does on the whole page).
    const marks = [...one.text.matchAll(/^\[\^([^\]\s]+)\]:/gm)].map((m) => `[^${m[1]}]`).join(' ');
    const text = marks === '' ? one.text : `${marks}\n\n${one.text}`;
    for (const [kind, keys] of wholes(text)) for (const key of keys) found.get(kind)?.add(key);
    for (const line of one.text.split('\n')) found.get('table row')?.add(line);
  }
  const cut = new Set(chunks.map((one) => one.split).filter((kind) => kind !== undefined));
  for (const [kind, keys] of page) {
    // A list item holding a cut element (a long code block inside an item) is cut with it.
    if (cut.has(kind as Chunk['split'] & {}) || (kind === 'list item' && cut.size > 0)) continue;
    for (const key of keys)
      assert.ok(
        found.get(kind)?.has(key),
        `${name} (cap ${max}): a ${kind} not whole in any chunk: ${key.slice(0, 120)}`,
      );
  }
}

describe('chunks of real pages', () => {
  const corpus = pages();
  test('the corpus is there', () => assert.ok(corpus.length >= 150, `${corpus.length} pages`));
  for (const [counter, caps] of [
    [CL100K_BASE, [64, 256, 1024]],
    [CHARACTER_ESTIMATE, [48, 512]],
    [TOKEN_ESTIMATE, [64, 512]],
  ] as [TokenCounter, number[]][]) {
    test(`never cut inside code, formulas, table rows or list items; caps held (${counter.name})`, () => {
      let chunks = 0;
      for (const [name, bytes] of corpus) {
        const markdown = extract(bytes, { url: 'https://example.com/page' }).content;
        for (const max of caps) {
          const list = chunkMarkdown(markdown, {
            maxTokens: max,
            overlap: Math.floor(max / 8),
            tokens: counter,
          });
          check(name, markdown, list, max);
          chunks += list.length;
        }
      }
      assert.ok(chunks > 1000);
    });
  }
});
