import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  cuterAccuracyDetails,
  scoreCuterAccuracy,
} from '../../packages/workbench/src/eval/metrics/cuter-accuracy.js';

describe('scoreCuterAccuracy: Y/A and (X−Y)/X of seed 001', () => {
  test('the exact article: accuracy 1, noise 0', () => {
    assert.deepEqual(scoreCuterAccuracy('The cat sat.', 'the cat SAT'), { accuracy: 1, noise: 0 });
  });

  test('part of the article plus noise, sizes in characters of the words', () => {
    // Gold alpha(5) beta(4) gamma(5): A = 14. Output alpha beta noise(5): X = 14, Y = 9.
    assert.deepEqual(scoreCuterAccuracy('alpha beta noise', 'alpha beta gamma'), {
      accuracy: 9 / 14,
      noise: 5 / 14,
    });
  });

  test('words count only where they line up with the article, not merely because they occur in it', () => {
    // "gamma" comes first in the output but last in the article: one of the two can match.
    const details = cuterAccuracyDetails('gamma alpha beta', 'alpha beta gamma');
    assert.equal(details.usefulSize, 9);
    assert.equal(details.extractedSize, 14);
    assert.equal(details.articleSize, 14);
  });

  test('long words weigh more than short ones (a byte-like size, not a word count)', () => {
    const { accuracy } = scoreCuterAccuracy('extraordinarily', 'a extraordinarily');
    assert.equal(accuracy, 15 / 16);
  });

  test('characters, not UTF-16 code units or bytes: "ἀρχή" is 4, "𝒳" is 1', () => {
    const details = cuterAccuracyDetails('ἀρχή 𝒳', 'ἀρχή');
    assert.equal(details.articleSize, 4);
    assert.equal(details.extractedSize, 5);
  });

  test('an empty output: accuracy 0, noise 0', () => {
    assert.deepEqual(scoreCuterAccuracy('', 'some article text'), { accuracy: 0, noise: 0 });
  });

  test('an empty article: accuracy is undefined (NaN), every extracted word is noise', () => {
    const { accuracy, noise } = scoreCuterAccuracy('stray words', '');
    assert.ok(Number.isNaN(accuracy));
    assert.equal(noise, 1);
  });

  test('tags and punctuation are not text (the word-sequence normalisation)', () => {
    assert.deepEqual(scoreCuterAccuracy('<p>Hello, world!</p>', 'hello world'), { accuracy: 1, noise: 0 });
  });

  test('properties: both in [0, 1]; noise = 1 − Y/X; accuracy = Y/A', () => {
    const word = fc.constantFrom('a', 'bb', 'ccc', 'dddd', 'the', 'ünï', '日本');
    const text = fc.array(word, { maxLength: 40 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(text, text, (extracted, gold) => {
        const details = cuterAccuracyDetails(extracted, gold);
        assert.ok(details.usefulSize <= details.extractedSize && details.usefulSize <= details.articleSize);
        assert.ok(details.noise >= 0 && details.noise <= 1);
        if (details.articleSize > 0) assert.equal(details.accuracy, details.usefulSize / details.articleSize);
        if (details.extractedSize > 0) {
          assert.ok(Math.abs(details.noise - (1 - details.usefulSize / details.extractedSize)) < 1e-12);
        }
      }),
    );
  });

  test('property: extracting the article itself is always exact', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('x', 'yy', 'zzz'), { minLength: 1, maxLength: 50 }), (words) => {
        const text = words.join(' ');
        assert.deepEqual(scoreCuterAccuracy(text, text), { accuracy: 1, noise: 0 });
      }),
    );
  });
});
