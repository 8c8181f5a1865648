import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isPithError } from '../../../packages/pith/src/errors.js';
import {
  averageFontSize,
  averagesOf,
  factorValue,
  findMainBlock,
  linkDensityOf,
  meetsMinimumConditions,
  resolveOptions,
} from '../../../packages/pith/src/extractors/vce/index.js';
import { handBlock, handTree } from './helpers.js';

const OPTIONS = resolveOptions({
  minTextRatio: 1,
  minWidthRatio: 1,
  minHeightRatio: 0,
  maxLinkDensityRatio: 0,
  denominatorEpsilon: 0.05,
  relativeTop: true,
});

describe('FactorValue', () => {
  test('the paper’s formula (1) on numbers worked out by hand', () => {
    // text 500, width 600, 20px text, top 200, height 600 on a 1000px page: bottom 200;
    // link density 50/500 = 0.1, 3 repeats × top 200/1000 = 0.6, ε 0.05
    const block = handBlock({
      id: 0,
      textLength: 500,
      linkTextLength: 50,
      fontWeight: 500 * 20,
      width: 600,
      y: 200,
      height: 600,
      repeatedPatterns: 3,
    });
    const expected = (500 * 600 * 20 * 200) / (0.1 + 3 * 0.2 + 0.05);
    assert.equal(factorValue(block, 1000, OPTIONS), expected);
    // Top in px instead of a share of the page.
    assert.equal(
      factorValue(block, 1000, { ...OPTIONS, relativeTop: false }),
      (500 * 600 * 20 * 200) / (0.1 + 3 * 200 + 0.05),
    );
  });

  test('zero denominator: no links, no repeats → the denominator is ε', () => {
    const block = handBlock({ id: 0, textLength: 100, width: 100, y: 0, height: 100 });
    assert.equal(factorValue(block, 1000, OPTIONS), (100 * 100 * 16 * 900) / 0.05);
    // With ε = 0 the value is the largest finite number, never Infinity or NaN.
    assert.equal(factorValue(block, 1000, { ...OPTIONS, denominatorEpsilon: 0 }), Number.MAX_VALUE);
  });

  test('a block touching the bottom of the page, or without text, scores 0', () => {
    assert.equal(factorValue(handBlock({ id: 0, textLength: 100, y: 900, height: 100 }), 1000, OPTIONS), 0);
    assert.equal(factorValue(handBlock({ id: 0, textLength: 0 }), 1000, OPTIONS), 0);
  });

  test('more text, width, font or bottom never lowers it; more links or repeats never raise it', () => {
    const arbitraryBlock = fc.record({
      textLength: fc.integer({ min: 1, max: 5000 }),
      linkTextLength: fc.integer({ min: 0, max: 5000 }),
      width: fc.integer({ min: 1, max: 1400 }),
      y: fc.integer({ min: 0, max: 3000 }),
      height: fc.integer({ min: 1, max: 3000 }),
      repeatedPatterns: fc.integer({ min: 0, max: 20 }),
    });
    fc.assert(
      fc.property(arbitraryBlock, fc.integer({ min: 1, max: 500 }), (fields, more) => {
        const link = Math.min(fields.linkTextLength, fields.textLength);
        const block = handBlock({
          id: 0,
          ...fields,
          linkTextLength: link,
          fontWeight: 16 * fields.textLength,
        });
        const page = 7000;
        const value = factorValue(block, page, OPTIONS);
        const wider = factorValue({ ...block, width: block.width + more }, page, OPTIONS);
        const repeated = factorValue(
          { ...block, repeatedPatterns: block.repeatedPatterns + 1 },
          page,
          OPTIONS,
        );
        return value >= 0 && Number.isFinite(value) && wider >= value && repeated <= value;
      }),
    );
  });

  test('link density and average font size of a block', () => {
    const block = handBlock({ id: 0, textLength: 40, linkTextLength: 10, fontWeight: 20 * 32 + 20 * 16 });
    assert.equal(linkDensityOf(block), 0.25);
    assert.equal(averageFontSize(block), 24);
    assert.equal(linkDensityOf(handBlock({ id: 0, textLength: 0 })), 0);
    assert.equal(averageFontSize(handBlock({ id: 0, textLength: 0, fontSize: 13 })), 13);
  });
});

describe('minimum conditions and FindMainBlock', () => {
  // Three blocks with text: averages text 300, width 400, height 300, link density 60/900.
  const blocks = [
    handBlock({ id: 0, textLength: 100, width: 200, height: 100, y: 0 }),
    handBlock({ id: 1, textLength: 500, linkTextLength: 10, width: 600, height: 500, y: 100 }),
    handBlock({ id: 2, textLength: 300, linkTextLength: 50, width: 400, height: 300, y: 700 }),
    handBlock({ id: 3, textLength: 0, width: 1000, height: 10, y: 1990 }),
  ];
  const tree = handTree(blocks);
  const averages = averagesOf(tree.general);

  test('averages over the blocks that hold text', () => {
    assert.deepEqual(averages, {
      textLength: 300,
      linkDensity: 60 / 900,
      width: 400,
      height: 300,
      blocks: 3,
    });
  });

  test('a candidate needs at least the average text and width (× their ratios)', () => {
    assert.equal(meetsMinimumConditions(blocks[0], averages, OPTIONS), false);
    assert.equal(meetsMinimumConditions(blocks[1], averages, OPTIONS), true);
    assert.equal(meetsMinimumConditions(blocks[2], averages, OPTIONS), true, 'exactly the averages');
    assert.equal(meetsMinimumConditions(blocks[3], averages, OPTIONS), false, 'no text, never');
    assert.equal(meetsMinimumConditions(blocks[2], averages, { ...OPTIONS, minTextRatio: 1.01 }), false);
    assert.equal(
      meetsMinimumConditions(blocks[0], averages, { ...OPTIONS, minTextRatio: 0, minWidthRatio: 0 }),
      true,
    );
    assert.equal(meetsMinimumConditions(blocks[2], averages, { ...OPTIONS, minHeightRatio: 1.5 }), false);
  });

  test('the link density condition, when enabled, compares with the page’s', () => {
    // block 2: 50/300 = 0.167 > 1 × 0.0667
    assert.equal(meetsMinimumConditions(blocks[2], averages, { ...OPTIONS, maxLinkDensityRatio: 1 }), false);
    assert.equal(meetsMinimumConditions(blocks[2], averages, { ...OPTIONS, maxLinkDensityRatio: 3 }), true);
  });

  test('the highest FactorValue among candidates wins', () => {
    const found = findMainBlock(tree, OPTIONS);
    assert.deepEqual(found.candidates, [1, 2]);
    // block 1: 500 × 600 × 16 × (2000 − 600) / (0.02 + 0.05); block 2: 300 × 400 × 16 × 1000 / (0.1667 + 0.05)
    assert.equal(found.main, 1);
    assert.equal(found.factors[0], 0, 'not a candidate: no value');
  });

  test('ties go to the first block in pre-order', () => {
    const twin = [
      handBlock({ id: 0, textLength: 100, width: 100, height: 100, y: 0 }),
      handBlock({ id: 1, textLength: 100, width: 100, height: 100, y: 0 }),
    ];
    assert.equal(findMainBlock(handTree(twin), OPTIONS).main, 0);
  });

  test('no candidate: the best FactorValue over all blocks with text, flagged as a fallback', () => {
    const strict = { ...OPTIONS, minTextRatio: 10 };
    const found = findMainBlock(tree, strict);
    assert.deepEqual(found.candidates, []);
    assert.equal(found.fallback, true);
    assert.equal(found.main, 1);
  });

  test('a page without text has no main block', () => {
    const found = findMainBlock(handTree([handBlock({ id: 0, textLength: 0 })]), OPTIONS);
    assert.equal(found.main, -1);
    assert.equal(found.fallback, false);
  });
});

test('options are checked: a negative or non-numeric threshold is a BAD_OPTION', () => {
  for (const bad of [
    { distanceThreshold: -1 },
    { denominatorEpsilon: Number.NaN },
    { inlineBlocks: 'yes' },
  ]) {
    assert.throws(
      () => resolveOptions(bad as never),
      (error) => isPithError(error) && error.code === 'BAD_OPTION',
    );
  }
});
