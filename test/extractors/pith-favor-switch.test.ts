import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NO_FAVOR_SWITCH, switchedFavor } from '../../packages/pith/src/extractors/pith/favor-switch.js';
import { AUTO_FAVOR_SWITCH, type PithDiagnostics } from '../../packages/pith/src/extractors/pith/index.js';
import { TEXT_FEATURE_NAMES, textFeatures } from '../../packages/pith/src/extractors/pith/text-features.js';
import { extract } from '../../packages/pith/src/index.js';
import {
  chooseFavorSwitch,
  type FavorPage,
  favorGain,
  tuneFavorSwitch,
} from '../../packages/workbench/src/train/choice/favor-switch.js';

describe('switchedFavor', () => {
  const rule = { precisionFrom: 0.7, recallBelow: 0.3 };
  test('precision at or above its threshold, recall below its own, balanced between', () => {
    assert.equal(switchedFavor(0.7, rule), 'precision');
    assert.equal(switchedFavor(0.95, rule), 'precision');
    assert.equal(switchedFavor(0.69, rule), 'balanced');
    assert.equal(switchedFavor(0.3, rule), 'balanced');
    assert.equal(switchedFavor(0.29, rule), 'recall');
  });
  test('no switch and an unknown page type answer balanced', () => {
    for (const article of [0, 0.5, 1]) assert.equal(switchedFavor(article, NO_FAVOR_SWITCH), 'balanced');
    assert.equal(switchedFavor(Number.NaN, rule), 'balanced');
  });
});

/** Two articles where precision gains 0.02 each, one non-article where recall gains 0.1, one where it loses 0.05. */
const pages: FavorPage[] = [
  { article: 0.9, f1: { balanced: 0.9, precision: 0.92, recall: 0.85 } },
  { article: 0.8, f1: { balanced: 0.9, precision: 0.92, recall: 0.88 } },
  { article: 0.1, f1: { balanced: 0.6, precision: 0.5, recall: 0.7 } },
  { article: 0.45, f1: { balanced: 0.8, precision: 0.8, recall: 0.75 } },
];

describe('favor switch tuning', () => {
  test('favorGain sums the chosen modes’ gains over balanced', () => {
    // precision on 0.9 and 0.8 (+0.02 +0.02), recall on 0.1 (+0.1), 0.45 balanced (0): 0.14.
    assert.ok(Math.abs(favorGain(pages, { precisionFrom: 0.8, recallBelow: 0.2 }) - 0.14) < 1e-9);
    // recall below 0.5 takes 0.45 too (−0.05): 0.09.
    assert.ok(Math.abs(favorGain(pages, { precisionFrom: 0.8, recallBelow: 0.5 }) - 0.09) < 1e-9);
  });
  test('tuneFavorSwitch finds the thresholds that switch least for the best gain', () => {
    const both = tuneFavorSwitch(pages, 'both');
    // The highest precision threshold that still takes 0.8 is 0.8; the lowest recall threshold above 0.1 is 0.15.
    assert.deepEqual(both.rule, { precisionFrom: 0.8, recallBelow: 0.15 });
    assert.ok(Math.abs(both.gain - 0.14) < 1e-9);
    assert.deepEqual(tuneFavorSwitch(pages, 'precision').rule, { precisionFrom: 0.8, recallBelow: 0 });
    assert.deepEqual(tuneFavorSwitch(pages, 'none').rule, NO_FAVOR_SWITCH);
  });
  test('chooseFavorSwitch keeps no switch when the tuned rule does not carry to the left-out fold', () => {
    // Fold 0: precision wins; fold 1: precision loses on the same kind of page. Inner CV: each side's
    // rule, tuned on one fold, loses on the other, so no family beats 'none'.
    const split: FavorPage[] = [
      { article: 0.9, f1: { balanced: 0.9, precision: 0.95, recall: 0.9 } },
      { article: 0.9, f1: { balanced: 0.9, precision: 0.8, recall: 0.9 } },
    ];
    const chosen = chooseFavorSwitch(split, [0, 1]);
    assert.equal(chosen.family, 'none');
    assert.deepEqual(chosen.rule, NO_FAVOR_SWITCH);
    // Tuned on fold 0 it switches and loses 0.1 on fold 1; tuned on fold 1 it does not switch.
    assert.ok(Math.abs(chosen.innerGain.precision - -0.1) < 1e-9);
  });
  test('chooseFavorSwitch takes a family that wins on every left-out fold', () => {
    const chosen = chooseFavorSwitch([...pages, ...pages], [0, 0, 0, 0, 1, 1, 1, 1]);
    assert.equal(chosen.family, 'both');
    assert.deepEqual(chosen.rule, { precisionFrom: 0.8, recallBelow: 0.15 });
  });
});

describe('textFeatures', () => {
  const value = (values: Float32Array, name: (typeof TEXT_FEATURE_NAMES)[number]) =>
    values[TEXT_FEATURE_NAMES.indexOf(name)];
  const text = [
    'My Title', // 2 words
    'Home', // 1, navigation
    'This is the first sentence of the body, with a comma.', // 11, a sentence
    'Another line here that ends well!', // 6, a sentence
    '© 2020 Acme. All rights reserved.', // 6, copyright (and ends like a sentence)
    'Contact: info@acme.com', // 2, contact
  ].join('\n');
  const values = textFeatures(text, 'my  title');
  test('sentences, positions and the title, by hand', () => {
    assert.ok(Math.abs(value(values, 'sentenceWordShare') - 23 / 28) < 1e-6);
    assert.ok(Math.abs(value(values, 'wordsBeforeFirstSentence') - 3 / 28) < 1e-6);
    assert.ok(Math.abs(value(values, 'wordsAfterLastSentence') - 2 / 28) < 1e-6);
    assert.equal(value(values, 'startsWithTitle'), 1);
    assert.equal(value(values, 'titleLine'), 0);
    assert.ok(Math.abs(value(values, 'meanLineWords') - 28 / 6) < 1e-6);
    assert.equal(value(values, 'shortLineShare'), 0.5);
    // Punctuation: "," "." / "!" / "." "." / ":" "." = 7 over 28 words (the e-mail's dot counts).
    assert.ok(Math.abs(value(values, 'punctuationPerWord') - 7 / 28) < 1e-6);
  });
  test('boilerplate phrasing by kind, in words', () => {
    assert.ok(Math.abs(value(values, 'navigationShare') - 1 / 28) < 1e-6);
    assert.ok(Math.abs(value(values, 'copyrightShare') - 6 / 28) < 1e-6);
    assert.ok(Math.abs(value(values, 'contactShare') - 2 / 28) < 1e-6);
    assert.equal(value(values, 'cookieShare'), 0);
  });
  test('a long paragraph that mentions cookies is prose, not a notice; no title: -1', () => {
    const prose = `${'We baked cookies and wrote about them at length in this paragraph '.repeat(3)}.`;
    const of = textFeatures(prose, null);
    assert.equal(value(of, 'cookieShare'), 0);
    assert.equal(value(of, 'titleLine'), -1);
    assert.equal(value(of, 'startsWithTitle'), 0);
  });
  test('an empty text', () => {
    const of = textFeatures('', 'Title');
    assert.equal(value(of, 'sentenceWordShare'), 0);
    assert.equal(value(of, 'wordsBeforeFirstSentence'), 1);
  });
});

describe("favor: 'auto'", () => {
  /** A shop's listing (article probability 0.03 with the shipped page-type model): recall mode. */
  const items = Array.from(
    { length: 30 },
    (_, n) =>
      `<li class="product"><a href="/p/${n}"><img src="/i/${n}.jpg" alt="">Item ${n}</a><span class="price">$${n}.99</span><button>Add to cart</button></li>`,
  ).join('');
  const listing = `<html><head><title>Shop: shoes</title></head><body><nav><a href="/">Home</a><a href="/cart">Cart</a></nav><h1>Shoes</h1><ul class="products">${items}</ul><footer>© Shop</footer></body></html>`;
  test("answers with the threshold of the mode the page type picks, and as that mode's extraction does", () => {
    const auto = extract(listing, { format: 'text', extractorOptions: { favor: 'auto' } });
    const diagnostics = auto.extraction.diagnostics as PithDiagnostics;
    const mode = switchedFavor(diagnostics.pageType.probabilities.article, AUTO_FAVOR_SWITCH);
    assert.equal(mode, 'recall');
    assert.equal(diagnostics.threshold, 0.35);
    const fixed = extract(listing, { format: 'text', extractorOptions: { favor: mode } });
    assert.equal(auto.content, fixed.content);
  });
});
