import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  CharLanguageModel,
  classifierPrefix,
  classifierText,
  classifyChunk,
  decodeCounts,
  EMPTY_KEY,
  encodeCounts,
  extendKey,
  keyOf,
  mapText,
  mapTextInPieces,
  modelFromCounts,
  type NgramCounts,
} from '../../../packages/pith/src/extractors/density/index.js';
import { NgramCounter, pruneCounts } from '../../../packages/workbench/src/train/index.js';
import { longTexts, stagesChecked } from '../../helpers.js';

const close = (actual: number, expected: number, epsilon = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= epsilon, `${actual} ≠ ${expected}`);

function countsOf(texts: string[], n: number, minCount = 1): NgramCounts {
  const counter = new NgramCounter(n);
  for (const text of texts) counter.add(text);
  return pruneCounts(counter, texts, minCount);
}

const MANIFEST = { datasets: [], command: '', date: '', code: { pith: '', extractor: '' }, options: {} };

describe('n-gram keys', () => {
  test('the key of s·c extends the key of s (FNV-1a over UTF-16 code units)', () => {
    assert.equal(keyOf(''), EMPTY_KEY);
    assert.equal(keyOf('ab'), extendKey(extendKey(EMPTY_KEY, 97), 98));
    // FNV-1a 32 of "a": (0x811c9dc5 ^ 0x61) · 0x01000193 mod 2³² = 0xe40c292c.
    assert.equal(keyOf('a'), 0xe40c292c);
  });
});

describe('Witten–Bell character model, by hand', () => {
  // Corpus "abab", n = 2, alphabet of 4 characters (a, b, c, d).
  // Counts: context ε → a:2, b:2 (C = 4, T = 2); 'a' → b:2 (C = 2, T = 1); 'b' → a:1 (C = 1, T = 1).
  const model = new CharLanguageModel(2, 4, countsOf(['abab'], 2));
  const a = 97;
  const b = 98;
  const c = 99;

  test('unigrams: P(x) = (C(x) + T·1/V) / (C + T)', () => {
    close(model.probability('', a), (2 + 2 / 4) / 6); // 5/12
    close(model.probability('', b), 5 / 12);
    close(model.probability('', c), (0 + 2 / 4) / 6); // 1/12
  });

  test('bigrams interpolate with the unigram: P(x | h) = (C(hx) + T(h)·P(x)) / (C(h) + T(h))', () => {
    close(model.probability('a', b), (2 + 1 * (5 / 12)) / 3); // 29/36
    close(model.probability('a', a), (0 + 1 * (5 / 12)) / 3); // 5/36
    close(model.probability('a', c), (0 + 1 * (1 / 12)) / 3); // 1/36
    close(model.probability('b', a), (1 + 1 * (5 / 12)) / 2); // 17/24
  });

  test('an unseen context passes the lower order through; only the last n − 1 characters count', () => {
    close(model.probability('c', a), 5 / 12);
    close(model.probability('zzza', b), 29 / 36);
  });

  test('each conditional distribution sums to 1 over the alphabet', () => {
    for (const context of ['', 'a', 'b', 'c']) {
      const sum = [97, 98, 99, 100].reduce((total, code) => total + model.probability(context, code), 0);
      close(sum, 1);
    }
  });

  test('log₂ P(text) chains the conditionals from the start (no padding)', () => {
    close(model.log2Probability('ab'), Math.log2((5 / 12) * (29 / 36)));
    close(model.log2Probability('aba'), Math.log2((5 / 12) * (29 / 36) * (17 / 24)));
    assert.equal(model.log2Probability(''), 0);
  });

  test('the classifier: joint log-probability with the add-one prior, the higher wins', () => {
    const classifier = modelFromCounts({
      n: 2,
      alphabetSize: 4,
      minCount: 1,
      maxChunkChars: 0,
      minTextChars: 60,
      keep: { chunks: 1, characters: 4, counts: countsOf(['abab'], 2) },
      discard: { chunks: 3, characters: 4, counts: countsOf(['cdcd'], 2) },
      manifest: MANIFEST,
    });
    // Priors: keep (1 + 1) / (4 + 2) = 1/3, discard (3 + 1) / 6 = 2/3.
    // "ab" under discard: P(a) = (0 + 2/4)/6 = 1/12; context 'a' unseen there, so P(b | a) = P(b) = 1/12.
    const verdict = classifyChunk(classifier, 'ab');
    close(verdict.keepBits, Math.log2(1 / 3) + Math.log2((5 / 12) * (29 / 36)));
    close(verdict.discardBits, Math.log2(2 / 3) + Math.log2((1 / 12) * (1 / 12)));
    assert.equal(verdict.category, 'keep');
    assert.equal(classifyChunk(classifier, 'cd').category, 'discard');
    // Text the models never saw: uniform under both, so the prior decides.
    assert.equal(classifyChunk(classifier, '').category, 'discard');
    // Whitespace is collapsed before scoring.
    assert.equal(classifyChunk(classifier, '  ab ').keepBits, verdict.keepBits);
    // With maxChunkChars, only the start of a chunk is read (as training counted it).
    const capped = { ...classifier, maxChunkChars: 2 };
    assert.deepEqual(classifyChunk(capped, 'ab cdcdcdcdcd'), verdict);
  });
});

describe('pruning and storage', () => {
  test('pruning keeps every unigram and the n-grams seen at least minCount times', () => {
    // "aaab": ε → a:3, b:1; 'a' → a:2, b:1. With minCount 2 the bigram ab (1) goes.
    const counts = countsOf(['aaab'], 2, 2);
    const entries: string[] = [];
    for (let i = 0; i < counts.contexts.length; i++) {
      const context = counts.contexts[i] === EMPTY_KEY ? 'ε' : counts.contexts[i] === keyOf('a') ? 'a' : '?';
      for (let child = counts.childStart[i]; child < counts.childStart[i + 1]; child++) {
        entries.push(`${context}${String.fromCharCode(counts.chars[child])}:${counts.counts[child]}`);
      }
    }
    assert.deepEqual(entries.sort(), ['aa:2', 'εa:3', 'εb:1']);
  });

  test('encode → decode is the identity', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 5 }),
        (texts, n) => {
          const counts = countsOf(texts, n);
          assert.deepEqual(decodeCounts(encodeCounts(counts)), counts);
        },
      ),
    );
  });

  test('a truncated stream is rejected', () => {
    const bytes = encodeCounts(countsOf(['hello world'], 3));
    assert.throws(() => decodeCounts(bytes.subarray(0, bytes.length - 1)), /truncated/);
  });

  test('probabilities are in (0, 1] and distributions sum to 1 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[abc ]{0,30}$/), { minLength: 1, maxLength: 6 }),
        fc.stringMatching(/^[abc ]{0,6}$/),
        fc.integer({ min: 1, max: 4 }),
        (texts, context, n) => {
          const model = new CharLanguageModel(n, 5, countsOf(texts, n));
          let sum = 0;
          for (const code of [97, 98, 99, 32, 100]) {
            const p = model.probability(context, code);
            assert.ok(p > 0 && p <= 1);
            sum += p;
          }
          close(sum, 1, 1e-9);
        },
      ),
    );
  });
});

describe('a line of megabytes (a minified page)', () => {
  test('the text map over pieces equals the map over the whole, surrogate pairs and all', () => {
    // Lone surrogates too: a JS string handed to extract() keeps them until the output.
    const units = ['word', 'WORD', 'Ünïcödé', '漢字', '𝔘𝔫𝔦', '😀', '12', '٣', ' ', '-', '\ud835', '\udd18'];
    fc.assert(
      fc.property(longTexts(units), (text) => {
        assert.equal(mapTextInPieces(text, 'non-lexical'), mapText(text, 'non-lexical'));
      }),
      { numRuns: 30 },
    );
    // A lone high surrogate just before the cut, then a letter made of a pair (found by review).
    const lone = `${'a'.repeat(65_535)}\ud835\ud835\udd18b`;
    assert.equal(mapTextInPieces(lone, 'non-lexical'), mapText(lone, 'non-lexical'));
  });

  test('the classifier reads a prefix of the collapsed text as if it had collapsed all of it', () => {
    const units = fc.constantFrom('a', 'word', ' ', '   ', '\n\t', '\u00a0', '\u2003', 'é', '😀');
    fc.assert(
      fc.property(fc.array(units, { maxLength: 400 }), fc.integer({ min: 0, max: 60 }), (parts, max) => {
        const text = parts.join('');
        const whole = classifierText(text);
        assert.equal(classifierPrefix(text, max), max > 0 ? whole.slice(0, max) : whole);
      }),
      { numRuns: 500 },
    );
  });

  test('scoring checks the deadline inside the line', () => {
    const text = 'lorem ipsum dolor sit amet '.repeat(40_000); // ~1 MB
    const model = modelFromCounts({
      n: 3,
      minCount: 1,
      maxChunkChars: 0,
      minTextChars: 60,
      textMap: 'non-lexical',
      keep: { chunks: 1, characters: 11, counts: countsOf([mapText('lorem ipsum', 'non-lexical')], 3) },
      discard: { chunks: 1, characters: 10, counts: countsOf([mapText('share this', 'non-lexical')], 3) },
      manifest: MANIFEST,
    });
    const checks = stagesChecked(() => classifyChunk(model, text)).get('density') ?? 0;
    assert.ok(checks >= 30, `${checks} checks`);
  });
});
