import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DatasetPage } from '../../packages/workbench/src/eval/datasets/types.js';
import {
  goldShare,
  hasContentMarkers,
  labelChunk,
  markerStates,
  pageChunks,
  snippetGoldIndex,
  textGoldIndex,
  words,
} from '../../packages/workbench/src/train/index.js';

const bytes = (html: string) => new TextEncoder().encode(html);

describe('labels from gold text', () => {
  test('words: lower-cased letter/digit runs, each ideograph alone', () => {
    assert.deepEqual(words('Hello, World! 42 times'), ['hello', 'world', '42', 'times']);
    assert.deepEqual(words('東京タワー is tall'), ['東', '京', 'タ', 'ワ', 'ー', 'is', 'tall']);
    assert.deepEqual(words('naïve café'), ['naïve', 'café']);
  });

  test('share of the chunk word 3-grams found in the gold, by hand', () => {
    const index = textGoldIndex('The quick brown fox jumps over the lazy dog.');
    if (index.kind !== 'text') throw new Error('text index expected');
    // Chunk 3-grams: [the quick brown] [quick brown fox] [brown fox sleeps]: 2 of 3 in the gold.
    assert.equal(goldShare(index, 'The quick brown fox sleeps'), 2 / 3);
    assert.equal(labelChunk(index, 'The quick brown fox sleeps'), 'keep');
    // [home about contact]: 0 of 1.
    assert.equal(labelChunk(index, 'Home | About | Contact'), 'discard');
    // Fewer than 3 words: words are compared (1 of 2).
    assert.equal(goldShare(index, 'lazy cat'), 1 / 2);
    assert.equal(labelChunk(index, 'lazy cat', 0.6), 'discard');
    // No words: no label.
    assert.equal(labelChunk(index, '— · —'), null);
  });

  test('snippets: more 3-grams in `with` than in `without` is keep, a tie is no label', () => {
    const index = snippetGoldIndex(['the river bends slowly'], ['subscribe to our newsletter']);
    assert.equal(labelChunk(index, 'Here the river bends slowly to the sea'), 'keep');
    assert.equal(labelChunk(index, 'Please subscribe to our newsletter today'), 'discard');
    assert.equal(labelChunk(index, 'Something else entirely'), null);
  });
});

describe('labels from <!-- content --> markers', () => {
  test('the marker lines take the new state, as in the post', () => {
    const lines = ['<div>nav</div>', '<!-- content -->', '<p>body</p>', '<!-- /content -->', '<p>footer</p>'];
    assert.deepEqual(Array.from(markerStates(lines)), [0, 1, 1, 0, 0]);
    assert.ok(hasContentMarkers(lines.join('\n')));
    assert.ok(!hasContentMarkers('<!-- content --> only the start'));
  });

  test('a page with markers is labelled by them, whatever the gold says', () => {
    const text = (word: string) => `${word} `.repeat(15).trim();
    const html = [
      '<html><body>',
      `<div>${text('menu')}</div>`,
      '<!-- content -->',
      `<p>${text('story')}</p>`,
      '<!-- /content -->',
      `<div>${text('legal')}</div>`,
      '</body></html>',
    ].join('\n');
    const page: DatasetPage = { id: 'm', html: bytes(html), gold: { text: 'nothing in common' } };
    const result = pageChunks(page, 'test');
    assert.equal(result.labelSource, 'markers');
    assert.deepEqual(
      result.chunks.map((chunk) => [chunk.text.split(' ')[0], chunk.label]),
      [
        ['menu', 'discard'],
        ['story', 'keep'],
        ['legal', 'discard'],
      ],
    );
  });
});

describe('chunks of a page', () => {
  const paragraph =
    'The river bends slowly through the valley and the water carves a wide loop in the soft bank.';
  const html = [
    '<html><head><script>var tracking = "a long line of script that is not visible text at all, no";</script></head>',
    '<body>',
    `<p>${paragraph}</p>`,
    '<div class="footer">Copyright 2024 Example Corporation. All rights reserved. Terms of use apply.</div>',
    '<p>',
    `  ${paragraph.replace('river', 'stream')}`,
    '</p>',
    '</body></html>',
  ].join('\n');

  test('lines that pass the filter, labelled against the gold; script lines are not chunks', () => {
    const page: DatasetPage = {
      id: 'p',
      html: bytes(html),
      gold: { text: `${paragraph}\n${paragraph.replace('river', 'stream')}` },
    };
    const result = pageChunks(page, 'test');
    assert.equal(result.labelSource, 'gold-text');
    assert.deepEqual(
      result.chunks.map((chunk) => chunk.label),
      ['keep', 'discard', 'keep'],
    );
    assert.equal(result.chunks[0].text, paragraph);
    // The post's variant: every line that passes, scripts included.
    const all = pageChunks(page, 'test', { visibleOnly: false });
    assert.equal(all.chunks.length, 4);
    assert.equal(all.chunks[0].label, 'discard');
  });

  test('every line of a paragraph wrapped over several source lines is a chunk', () => {
    const first = 'The river bends slowly through the valley and the water carves';
    const second = 'a wide loop in the soft bank, year after year, flood after flood.';
    const page: DatasetPage = {
      id: 'w',
      html: bytes(`<html><body>\n<p>${first}\n${second}</p>\n</body></html>`),
      gold: { text: `${first} ${second}` },
    };
    assert.deepEqual(
      pageChunks(page, 'test').chunks.map((chunk) => [chunk.text, chunk.label]),
      [
        [first, 'keep'],
        [second, 'keep'],
      ],
    );
  });

  test('the L3S transform applies to chunks before matching (gold has ? for characters above U+00FF)', () => {
    const line = 'Kosovo’s parliament met on Monday to discuss the new constitution in detail and at length.';
    const page: DatasetPage = {
      id: 'l',
      html: bytes(`<html><body>\n<p>${line}</p>\n</body></html>`),
      gold: { text: line.replace('’', '?') },
      retrievedTransform: 'above-latin1-to-question-mark',
    };
    assert.deepEqual(
      pageChunks(page, 'l3s').chunks.map((chunk) => chunk.label),
      ['keep'],
    );
  });
});
