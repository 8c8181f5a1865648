import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../../packages/pith/src/dom/index.js';
import {
  BLOCK_FEATURE_NAMES,
  blockFeatures,
  blockText,
  segmentBlocks,
  wordTokens,
} from '../../../packages/pith/src/features/blocks/index.js';

const column = (name: string) => BLOCK_FEATURE_NAMES.indexOf(name);

/**
 * The overlap features as first written: the block's text joined, lower-cased and tokenised
 * whole. The extractor counts tokens node by node without making strings; both must agree to
 * the bit (the shipped model was trained on these values).
 */
function reference(text: string, title: string, body: string) {
  const doc = parseHtml(`<html><body>${text}</body></html>`);
  const blocks = segmentBlocks(doc);
  const titleTokens = new Set(wordTokens(title));
  const bodyTokens = new Set(wordTokens(body));
  const rows: number[][] = [];
  for (let block = 0; block < blocks.count; block++) {
    const tokens = wordTokens(blockText(blocks, block));
    let inTitle = 0;
    let inBody = 0;
    for (const token of tokens) {
      if (titleTokens.has(token)) inTitle++;
      if (bodyTokens.has(token)) inBody++;
    }
    rows.push(
      tokens.length === 0
        ? [0, 0, 0]
        : [
            Math.fround(inBody / tokens.length),
            Math.fround(Math.min(1, tokens.length / Math.max(1, bodyTokens.size))),
            Math.fround((inTitle / tokens.length) * Math.min(1, inTitle / Math.max(1, titleTokens.size))),
          ],
    );
  }
  const features = blockFeatures(blocks, {}, { title, structuredBody: body });
  const actual = rows.map((_, block) =>
    ['structuredBodyOverlap', 'structuredBodyCoverage', 'titleOverlap'].map(
      (name) => features.values[block * features.width + column(name)],
    ),
  );
  return { expected: rows, actual };
}

/** Pieces where lower-casing and Unicode tokenising are easy to get wrong. */
const PIECES = [
  'Word',
  'WORD',
  'word',
  ' ',
  '\u00a0',
  '\ufeff',
  'Σ',
  'ΟΔΟΣ',
  'οδός',
  'ς',
  'İstanbul',
  'i\u0307',
  'Straße',
  '😀',
  '𝐀𝐁',
  '\ud800',
  '42',
  '٣',
  '日本語',
  '-',
  "'",
  '.',
  ',',
  '<b>',
  '</b>',
  '<p>',
  '<a href="/x">',
  '</a>',
  'Title',
  'naïve',
  'ÉCOLE',
];

test('title and structured-body overlaps equal the joined-text tokenisation, bit for bit', () => {
  const text = fc
    .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 30 })
    .map((parts) => parts.join(''));
  fc.assert(
    fc.property(text, text, text, (page, title, body) => {
      const { expected, actual } = reference(page, title, body);
      assert.deepEqual(actual, expected);
    }),
    { numRuns: 400 },
  );
});

test('a capital sigma in one node and tokens in the others', () => {
  const { expected, actual } = reference(
    '<p>Τέλος ΟΔΟΣ <b>Word</b> naïve ΣΟΦΙΑ</p>',
    'οδος word',
    'σοφια naïve',
  );
  assert.deepEqual(actual, expected);
  assert.ok(expected[0][2] > 0);
});

test('a sigma before a zero-width no-break space: final in the joined text, where the space is collapsed', () => {
  // "ΑΣ\ufeffΒ" lower-cases to "ασ\ufeffβ" on its own (the sigma is followed by a letter through a
  // case-ignorable character), but the joined block text collapses U+FEFF to a space first: "ας β".
  const { expected, actual } = reference('<p>ΑΣ\ufeffΒ</p>', 'ας', 'ασ');
  assert.deepEqual(expected, [[0, Math.fround(1), 0.5]]);
  assert.deepEqual(actual, expected);
});

test('no class/id cue group matches a number (cueBits skips numeric tokens for that)', async () => {
  const { tokenBits } = await import('../../../packages/pith/src/features/blocks/cues.js');
  fc.assert(
    fc.property(fc.stringMatching(/^[0-9]{1,40}$/), (digits) => {
      assert.equal(tokenBits(digits), 0);
    }),
  );
  assert.notEqual(tokenBits('ad2'), 0, 'a token with letters and digits can match');
});
