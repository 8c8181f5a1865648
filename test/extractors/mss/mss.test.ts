/**
 * MSS (Pasternack & Roth, WWW 2009): the token sequence, the naive Bayes probabilities, the
 * maximum subsequence and the training labels, each checked against values computed by hand.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  contentProbabilities,
  type MssModelFile,
  type MssTokens,
  maximumSubsequence,
  mss,
  parseMssModel,
  tokenize,
  trigramAt,
} from '../../../src/extractors/mss/index.js';
import { extract, formatExtraction, loadShippedModels, parseHtml } from '../../../src/index.js';
import { labelTokens } from '../../../src/train/index.js';

const MANIFEST = { datasets: [], command: '', date: '', code: { pith: '', extractor: '' }, options: {} };

describe('mss tokens', () => {
  test('tags, stemmed words and generalised numbers in document order; scripts and the head left out', () => {
    const tokens = tokenize(
      parseHtml(
        '<html><head><title>T</title></head><body><p>The runners ran 42 miles.</p>' +
          '<script>var x=1</script><br><div>Café 東京</div></body></html>',
      ),
    );
    assert.deepEqual(tokens.form, [
      '<html>',
      '<head>',
      '</head>',
      '<body>',
      '<p>',
      'the',
      'runner',
      'ran',
      '<num>',
      'mile',
      '</p>',
      '<script>',
      '</script>',
      '<br>', // void: no end tag
      '<div>',
      'café', // not Latin a–z: not stemmed
      '東',
      '京',
      '</div>',
      '</body>',
      '</html>',
    ]);
    assert.deepEqual(tokens.surface.slice(5, 10), ['the', 'runners', 'ran', '42', 'miles']);
    // The innermost element around each token (for a tag: around the element).
    assert.deepEqual(tokens.parent.slice(3, 11), ['html', 'body', 'p', 'p', 'p', 'p', 'p', 'body']);
  });

  test('trigrams: the token and its two successors, padded past the end', () => {
    assert.equal(trigramAt(['a', 'b', 'c'], 0), 'a b c');
    assert.equal(trigramAt(['a', 'b', 'c'], 1), 'b c </s>');
    assert.equal(trigramAt(['a', 'b', 'c'], 2), 'c </s> </s>');
  });
});

/** A model small enough to compute with by hand. */
function handModel(): MssModelFile {
  return {
    format: 'pith-mss-model',
    formatVersion: 1,
    contentTokens: 2,
    otherTokens: 6,
    minCount: 1,
    trigram: { vocabulary: 3, values: ['a b c', 'x y z'], content: [2, 0], other: [0, 3] },
    parent: { vocabulary: 2, values: ['div', 'p'], content: [0, 2], other: [4, 2] },
    manifest: MANIFEST,
  };
}

describe('mss naive Bayes', () => {
  test('P(content | trigram, parent) with add-one smoothing, computed by hand', () => {
    const model = parseMssModel(handModel());
    const tokens = { form: ['a', 'b', 'c'], parent: ['p', 'div', 'p'], length: 3 } as MssTokens;
    const p = contentProbabilities(model, tokens);
    // Token 0, "a b c" in <p>: prior 2/6; trigram (2+1)/(2+4) ÷ (0+1)/(6+4) = 5;
    // parent (2+1)/(2+3) ÷ (2+1)/(6+3) = 1.8; odds 1/3 · 5 · 1.8 = 3, p = 3/4.
    assert.ok(Math.abs(p[0] - 0.75) < 1e-12, String(p[0]));
    // Token 1, "b c </s>" unseen, in <div>: trigram (0+1)/6 ÷ (0+1)/10 = 5/3;
    // parent (0+1)/(2+3) ÷ (4+1)/(6+3) = 0.36; odds 1/3 · 5/3 · 0.36 = 0.2, p = 1/6.
    assert.ok(Math.abs(p[1] - 1 / 6) < 1e-12, String(p[1]));
    // Token 2, "c </s> </s>" unseen, in <p>: odds 1/3 · 5/3 · 1.8 = 1, p = 1/2 (score 0).
    assert.ok(Math.abs(p[2] - 0.5) < 1e-12, String(p[2]));
  });

  test('a file of another format or version, or without tokens of a class, is refused', () => {
    assert.throws(() => parseMssModel({ ...handModel(), format: 'x' }), /not a pith-mss-model/);
    assert.throws(() => parseMssModel({ ...handModel(), formatVersion: 9 }), /format version 9/);
    assert.throws(() => parseMssModel({ ...handModel(), contentTokens: 0 }), /both classes/);
    const broken = handModel();
    broken.trigram.content = [1];
    assert.throws(() => parseMssModel(broken), /trigram is malformed/);
  });
});

describe('maximum subsequence', () => {
  test('the run with the largest sum; the earliest on a tie; zeros at its ends left out', () => {
    // [−1, 2, −1, 3, −5, 4]: 2 − 1 + 3 = 4 at [1, 4) ties 4 at [5, 6): the earliest wins.
    assert.deepEqual(maximumSubsequence([-1, 2, -1, 3, -5, 4]), { start: 1, end: 4, sum: 4 });
    assert.deepEqual(maximumSubsequence([0, 1, 0]), { start: 1, end: 2, sum: 1 });
    assert.deepEqual(maximumSubsequence([-0.5, -0.1]), { start: 0, end: 0, sum: 0 });
    assert.deepEqual(maximumSubsequence([]), { start: 0, end: 0, sum: 0 });
  });

  test('property: no contiguous run has a larger sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 40 }), (values) => {
        const best = maximumSubsequence(values);
        let sum = 0;
        for (let i = best.start; i < best.end; i++) sum += values[i];
        assert.equal(sum, best.sum);
        for (let i = 0; i < values.length; i++) {
          let run = 0;
          for (let j = i; j < values.length; j++) {
            run += values[j];
            assert.ok(run <= best.sum);
          }
        }
      }),
    );
  });
});

describe('mss extractor', () => {
  test('keeps the maximum-scoring run of tokens: the paragraphs, not the menu or the footer', () => {
    // Parent tags alone decide (no trigram is known): words in <p> are content, the rest not.
    const model = parseMssModel({
      ...handModel(),
      contentTokens: 10,
      otherTokens: 10,
      trigram: { vocabulary: 0, values: [], content: [], other: [] },
      parent: {
        vocabulary: 5,
        values: ['a', 'body', 'div', 'p', 'ul'],
        content: [0, 2, 0, 8, 0],
        other: [4, 2, 2, 0, 2],
      },
    });
    const html =
      '<body><ul><li><a>Home</a></li><li><a>News</a></li></ul><p>Sheep cross the river at dawn.</p>' +
      '<p>The shepherd follows them.</p><div>Footer text</div></body>';
    const extraction = mss.extract(parseHtml(html), { model }, {});
    assert.equal(
      formatExtraction(extraction, 'text', {}).replace(/\s+/g, ' ').trim(),
      'Sheep cross the river at dawn. The shepherd follows them.',
    );
    assert.equal(extraction.diagnostics.model.path, null);
    assert.equal(extraction.diagnostics.segmentWords, 10); // 6 + 4 words
    // A larger offset than every probability: nothing scores above zero, nothing is kept.
    const none = mss.extract(parseHtml(html), { model, offset: 1 }, {});
    assert.equal(formatExtraction(none, 'text', {}).trim(), '');
    assert.equal(none.diagnostics.segment.end - none.diagnostics.segment.start, 0);
  });

  test('the shipped model loads and extracts', async () => {
    await loadShippedModels(['mss']);
    const result = extract(
      `<body><div><a href="/">Home</a> | <a href="/n">News</a></div><p>${'The sheep crossed the river at dawn, and the shepherd followed it, counting every stone. '.repeat(8)}</p></body>`,
      { extractor: 'mss', format: 'text' },
    );
    assert.match(result.content, /The sheep crossed the river/);
  });
});

describe('mss training labels', () => {
  test('words in a matching block of ≥ 3 with the gold are content; tags between content words too', () => {
    const html = '<body><a>Home</a><p>Sheep cross the <b>river</b> today.</p><p>Home</p></body>';
    const labelled = labelTokens({
      id: 'x',
      html: new TextEncoder().encode(html),
      gold: { text: 'Sheep cross the river today.' },
    });
    assert.ok(labelled);
    const content = labelled.forms.filter((_, i) => labelled.labels[i] === 1);
    // The two "Home" are not in the gold; the <b> tags sit between content words, the <p> and
    // </p> around the sentence do not.
    assert.deepEqual(content, ['sheep', 'cross', 'the', '<b>', 'river', '</b>', 'todai']);
  });
});
