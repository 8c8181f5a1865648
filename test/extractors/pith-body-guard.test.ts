/**
 * Never a footer for a body (issue 37, item 3): the body guard (body-guard.ts) answers with the
 * recall mode when the block model's answer is tiny beside it and it reads as a body, and with the
 * heuristic region joined to the answer, or else the loose mode, when the answer is no body at all
 * and that is; also where the block model kept no block (the heuristic region answering).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import {
  boilerplateTextShare,
  guardBody,
  guardFooterText,
  guardWanted,
  paragraphsWanted,
  readsAsFooterText,
} from '../../packages/pith/src/extractors/pith/body-guard.js';
import {
  CHOICE_FEATURE_NAMES,
  CHOICE_WIDTH,
} from '../../packages/pith/src/extractors/pith/choice-features.js';
import type { PithDiagnostics } from '../../packages/pith/src/extractors/pith/index.js';
import { textFeatures } from '../../packages/pith/src/extractors/pith/text-features.js';
import { extract } from '../../packages/pith/src/index.js';
import { useModelFiles } from '../../packages/tools/src/index.js';
import { pageDigest, readHeldOut } from '../../packages/workbench/src/eval/runs/index.js';
import { REPO_ROOT } from '../helpers.js';

const column = (name: string) => CHOICE_FEATURE_NAMES.indexOf(`c:${name}`);

interface BodyRow {
  words: number;
  sentenceShare: number;
  footerShare: number;
}

/** A share as the rows store it (float32), so a property compares what the guard reads. */
const storedShare = fc.double({ min: 0, max: 1, noNaN: true }).map(Math.fround);
/** Any body candidate's row. */
const anyBodyRow = fc.record({
  words: fc.integer({ min: 0, max: 5000 }),
  sentenceShare: storedShare,
  footerShare: storedShare,
});

/** Choice rows of the answer ('balanced', its words) and of each body candidate named. */
function rows(answer: { words: number }, ...bodies: BodyRow[]) {
  const values = new Float32Array((1 + bodies.length) * CHOICE_WIDTH);
  values[column('logWords')] = Math.log1p(answer.words);
  bodies.forEach((body, index) => {
    const at = (1 + index) * CHOICE_WIDTH;
    values[at + column('logWords')] = Math.log1p(body.words);
    values[at + column('sentenceShare')] = body.sentenceShare;
    values[at + column('footerShare')] = body.footerShare;
  });
  return values;
}

describe('body guard', () => {
  test('the recall mode answers when the answer is tiny beside it and it reads as a body', () => {
    const body = { words: 1000, sentenceShare: 0.8, footerShare: 0 };
    assert.equal(guardBody(rows({ words: 150 }, body), ['balanced', 'recall']).chosen, 1);
    assert.equal(guardBody(rows({ words: 250 }, body), ['balanced', 'recall']).chosen, 0);
    // A recall mode that is itself a footer, or not prose, is no body.
    assert.equal(
      guardBody(rows({ words: 150 }, { ...body, footerShare: 0.6 }), ['balanced', 'recall']).chosen,
      0,
    );
    assert.equal(
      guardBody(rows({ words: 150 }, { ...body, sentenceShare: 0.1 }), ['balanced', 'recall']).chosen,
      0,
    );
    // Without a recall candidate the answer stays.
    assert.equal(guardBody(rows({ words: 10 }, body), ['balanced', 'heuristic']).chosen, 0);
  });

  test('the region joined to the answer answers only where the answer is no body at all', () => {
    // WCXB dev 0625's shape: 13 words kept, the region with them 115 words, 0.28 of them prose.
    const region = { words: 115, sentenceShare: 0.28, footerShare: 0 };
    const recall = { words: 53, sentenceShare: 0.06, footerShare: 0 };
    const names = ['balanced', 'recall', 'union'];
    assert.equal(guardBody(rows({ words: 13 }, recall, region), names).chosen, 2);
    // An answer of 50 words or more is left alone, however large the region (L3S-GN1 f5a46a81).
    assert.equal(guardBody(rows({ words: 281 }, recall, { ...region, words: 2738 }), names).chosen, 0);
    assert.equal(guardBody(rows({ words: 60 }, recall, { ...region, words: 1000 }), names).chosen, 0);
    // A region that is a footer, or not prose at all, is no body.
    assert.equal(guardBody(rows({ words: 13 }, recall, { ...region, footerShare: 0.6 }), names).chosen, 0);
    assert.equal(guardBody(rows({ words: 13 }, recall, { ...region, sentenceShare: 0.1 }), names).chosen, 0);
    // The recall mode, the model's own evidence, goes first when both read as a body.
    const body = { words: 1000, sentenceShare: 0.8, footerShare: 0 };
    assert.equal(guardBody(rows({ words: 13 }, body, region), names).chosen, 1);
  });

  test('the loose mode answers where the answer is no body at all and it is a body five times larger', () => {
    // WCXB dev 0589's shape (huel.com, a product page): 45 words kept, the loose mode 272, 0.89 prose.
    const loose = { words: 272, sentenceShare: 0.89, footerShare: 0.02 };
    const recall = { words: 110, sentenceShare: 0.91, footerShare: 0.05 };
    const names = ['balanced', 'recall', 'loose'];
    assert.equal(guardBody(rows({ words: 45 }, recall, loose), names).chosen, 2);
    // An answer of 50 words or more that is prose is left alone (newspaper-fulltext lifebuzz.com1: 0.50 → 0.24),
    // here where the recall mode does not grow (looseGrown, below)…
    const longer = rows({ words: 60 }, { ...recall, words: 80 }, { ...loose, words: 1000 });
    longer[column('sentenceShare')] = 0.8;
    assert.equal(guardBody(longer, names).chosen, 0);
    // …and where it does, lifebuzz.com1's rows (its fold model: 65 words kept, the recall mode 172, the
    // loose mode 372, wholly under boilerplate cues, the page's rails): left alone by looseGrown's bound.
    const rails = rows({ words: 65 }, { ...recall, words: 172 }, { ...loose, words: 372 });
    rails[column('sentenceShare')] = 1;
    rails[2 * CHOICE_WIDTH + column('boilerplateCueShare')] = 1;
    assert.equal(guardBody(rails, names).chosen, 0);
    // Not 2.5 times the answer (looseNear's growth, below), a footer, or no prose: no body.
    assert.equal(guardBody(rows({ words: 45 }, recall, { ...loose, words: 110 }), names).chosen, 0);
    assert.equal(guardBody(rows({ words: 45 }, recall, { ...loose, footerShare: 0.6 }), names).chosen, 0);
    // The extractor builds the loose mode only where it may answer.
    assert.equal(guardWanted(45, { recall: 110, loose: 272, region: 0 }).loose, true);
    // looseNear reads it at under 0.4 of its words where the answer is no body (with the slack: 0.6).
    assert.equal(guardWanted(45, { recall: 110, loose: 140, region: 0 }).loose, true);
    assert.equal(guardWanted(45, { recall: 110, loose: 70, region: 0 }).loose, false);
    // Beside a short body, only where the recall mode grows too (looseGrown: 1.5 times, with the slack 1).
    assert.equal(guardWanted(60, { recall: 59, loose: 140, region: 0 }).loose, false);
    assert.equal(guardWanted(60, { recall: 60, loose: 140, region: 0 }).loose, true);
  });

  test('where the answer is no body, the loose mode goes first and needs no prose (looseFirst)', () => {
    // WCXB dev 2923's shape (wayfair.com, a grid of sofas): 4 words kept; the recall mode, one sofa's
    // description (388 words, all prose), is itself a tenth of the loose mode's 3,800 (recall 0.06 → 0.55).
    const names = ['balanced', 'recall', 'loose'];
    const recall = { words: 388, sentenceShare: 1, footerShare: 0 };
    const grid = { words: 3800, sentenceShare: 0.69, footerShare: 0 };
    assert.equal(guardBody(rows({ words: 4 }, recall, grid), names).chosen, 2);
    assert.equal(guardBody(rows({ words: 4 }, recall, grid), names).rule, 'looseFirst');
    // CleanEval 750's shape: 6 words kept, the loose mode 142 words in short lines, no sentence at all.
    const lines = { words: 142, sentenceShare: 0, footerShare: 0 };
    assert.equal(guardBody(rows({ words: 6 }, { ...recall, words: 40 }, lines), names).chosen, 2);
    // Beside an answer of 50 words or more the loose mode still needs prose and a non-prose answer.
    assert.equal(
      guardBody(rows({ words: 60 }, { ...recall, words: 100 }, { ...lines, words: 1000 }), names).chosen,
      0,
    );
  });

  test('an answer of no prose gives way to a loose mode five times larger that is (notProse)', () => {
    // WCXB dev 3011's shape (npr.org's science section): 330 words kept, 0.09 of them in sentences (photo
    // credits, titles); the loose mode 2,291 words, 0.50 prose (recall 0.13 → 0.87).
    const names = ['balanced', 'recall', 'loose'];
    const recall = { words: 1203, sentenceShare: 0.24, footerShare: 0 };
    const section = { words: 2291, sentenceShare: 0.5, footerShare: 0 };
    const answer = (sentenceShare: number) => {
      const values = rows({ words: 330 }, recall, section);
      values[column('sentenceShare')] = sentenceShare;
      return values;
    };
    assert.deepEqual(guardBody(answer(0.09), names), { chosen: 2, rule: 'notProse' });
    // An answer that is prose stays (newspaper-fulltext lifebuzz.com1: a right answer of ~100 words);
    // here more prose than the loose mode, which looseLong would otherwise read beside 330 words.
    assert.equal(guardBody(answer(0.6), names).chosen, 0);
    // A loose mode that is no prose either is no body beside a longer answer.
    const values = rows({ words: 330 }, recall, { ...section, sentenceShare: 0.1 });
    assert.equal(guardBody(values, names).chosen, 0);
  });

  test('a candidate under footer cues reads as a body where the answer is as much under them', () => {
    // WCXB dev 4627's shape (ghorba.org's trails, under one footer-named wrapper): 18 words kept, the
    // loose mode 115 words, both wholly under the wrapper.
    const names = ['balanced', 'recall', 'loose'];
    const loose = { words: 115, sentenceShare: 0.16, footerShare: 1 };
    const recall = { words: 39, sentenceShare: 0.46, footerShare: 1 };
    const answer = (footerShare: number) => {
      const values = rows({ words: 18 }, recall, loose);
      values[column('footerShare')] = footerShare;
      return values;
    };
    assert.equal(guardBody(answer(1), names).chosen, 2);
    // An answer outside the footer keeps the bound: a footer is no body beside it.
    assert.equal(guardBody(answer(0), names).chosen, 0);
  });

  test('where the answer is no body, a loose mode that is prose answers at 2.5 times it (looseNear)', () => {
    // WCXB dev 0605's shape (cocorepublic.com.au, a sofa's product page): 40 words kept, the loose mode
    // 148 words (delivery, concierge, showrooms), 0.77 of them prose: 3.7 times (F1 0.20 → 0.55).
    const names = ['balanced', 'recall', 'loose'];
    const recall = { words: 40, sentenceShare: 0.64, footerShare: 0 };
    const loose = { words: 148, sentenceShare: 0.77, footerShare: 0 };
    assert.deepEqual(guardBody(rows({ words: 40 }, recall, loose), names), { chosen: 2, rule: 'looseNear' });
    // WCXB dev 3039's shape (bhphotovideo.com, a product): 39 words kept and right; the loose mode 140
    // words of links and specs, 0.09 prose: no body, the answer stays.
    assert.equal(
      guardBody(rows({ words: 39 }, recall, { ...loose, words: 140, sentenceShare: 0.09 }), names).chosen,
      0,
    );
    // A loose mode mostly under boilerplate cues (share, related, navigation) is no body at this growth
    // (trafilatura-eval seelenradio.de.leo's shape: a right answer of 49 words beside 102 of share and
    // related-post text, 0.7 of them under such cues).
    const rails = rows({ words: 49 }, recall, { ...loose, words: 160, sentenceShare: 0.3 });
    rails[2 * CHOICE_WIDTH + column('boilerplateCueShare')] = 0.7;
    assert.equal(guardBody(rails, names).chosen, 0);
    rails[2 * CHOICE_WIDTH + column('boilerplateCueShare')] = 0.35;
    assert.equal(guardBody(rails, names).chosen, 2);
    // Under 2.5 times (WCXB dev 0635: 48 words beside 80) the answer stays.
    assert.equal(guardBody(rows({ words: 48 }, recall, { ...loose, words: 80 }), names).chosen, 0);
    // An answer of 50 words or more is left to the fifth unless the recall mode grows (looseGrown, below).
    assert.equal(guardBody(rows({ words: 195 }, recall, { ...loose, words: 522 }), names).chosen, 0);
  });

  test('beside a short answer that is a body, the loose mode answers at 2.5 times it where the recall mode grows (looseGrown)', () => {
    const names = ['balanced', 'recall', 'loose'];
    // WCXB dev 0562's rows (old.reddit.com, a thread; its fold model): 198 words kept, part of the
    // comments; the recall mode 363 (1.8 times), the loose mode 528, 0.85 of them prose (F1 0.32 → 0.59).
    const thread = (recallWords: number) =>
      rows(
        { words: 198 },
        { words: recallWords, sentenceShare: 0.85, footerShare: 0 },
        { words: 528, sentenceShare: 0.852, footerShare: 0 },
      );
    assert.deepEqual(guardBody(thread(363), names), { chosen: 2, rule: 'looseGrown' });
    // WCXB dev 0546's rows: a right answer of 66 words, the recall mode 87 (1.3 times), the loose mode
    // 213 of prose (F1 0.58 → 0.45 when it answered): the model's own evidence does not grow, the answer stays.
    const page = rows(
      { words: 66 },
      { words: 87, sentenceShare: 0.9, footerShare: 0 },
      { words: 213, sentenceShare: 0.906, footerShare: 0 },
    );
    assert.equal(guardBody(page, names).chosen, 0);
    // The recall mode at 1.5 times the answer is enough; without a recall row the rule cannot look.
    assert.equal(guardBody(thread(297), names).chosen, 2);
    assert.equal(guardBody(thread(296), names).chosen, 0);
    assert.equal(guardBody(thread(363).slice(0, CHOICE_WIDTH * 2), ['balanced', 'loose']).chosen, 0);
    // At 300 words and more looseGrown does not look: looseLong does (below), where the loose mode is
    // at least as much prose as the answer.
    const long = rows(
      { words: 300 },
      { words: 600, sentenceShare: 0.9, footerShare: 0 },
      { words: 1400, sentenceShare: 0.9, footerShare: 0 },
    );
    long[column('sentenceShare')] = 0.8;
    assert.equal(guardBody(long, names).rule, 'looseLong');
    long[column('sentenceShare')] = 0.95;
    assert.equal(guardBody(long, names).chosen, 0);
    // The extractor builds both candidates only where the counts before building allow it.
    assert.deepEqual(guardWanted(198, { recall: 363, loose: 528, region: 0 }), {
      recall: true,
      union: false,
      loose: true,
      paragraphs: true,
    });
    assert.deepEqual(guardWanted(198, { recall: 190, loose: 528, region: 0 }), {
      recall: false,
      union: false,
      loose: false,
      paragraphs: false,
    });
  });

  test("beside a short answer that is a body, the paragraph scorer's element answers at 2.5 times it where the recall mode grows and it holds the answer (paragraphsGrown)", () => {
    const names = ['balanced', 'recall', 'loose', 'paragraphs'];
    // WCXB dev 4020's rows (a tutorial; its fold model): 113 words kept, the opening paragraphs and the
    // module headings; the recall mode 208 (1.8 times); the loose mode 338, wholly under boilerplate cues
    // as the answer is (looseGrown's bound keeps it out); the paragraph scorer's element 802 words, 0.82
    // prose, holding 0.96 of the answer's words (F1 0.19 → 0.86).
    const tutorial = (
      paragraphs: { words: number; sentenceShare: number; held: number },
      recallWords = 208,
    ) => {
      const values = rows(
        { words: 113 },
        { words: recallWords, sentenceShare: 0.8, footerShare: 0 },
        { words: 338, sentenceShare: 0.886, footerShare: 0 },
        { words: paragraphs.words, sentenceShare: paragraphs.sentenceShare, footerShare: 0 },
      );
      values[column('sentenceShare')] = 0.761;
      for (const row of [0, 1, 2, 3]) values[row * CHOICE_WIDTH + column('boilerplateCueShare')] = 1;
      // The row's overlap with the answer: the F1 of their words, 2 × held × 113 / (113 + words).
      values[3 * CHOICE_WIDTH + column('overlapBalanced')] =
        (2 * paragraphs.held * 113) / (113 + paragraphs.words);
      return values;
    };
    const element = { words: 802, sentenceShare: 0.82, held: 0.96 };
    assert.deepEqual(guardBody(tutorial(element), names), { chosen: 3, rule: 'paragraphsGrown' });
    // An element that holds another text than the answer (a page's comments, another story) is no body
    // of it: L3S-GN1 f5a46a81's shape, a right answer beside comments ten times its size.
    assert.equal(guardBody(tutorial({ ...element, held: 0 }), names).chosen, 0);
    assert.equal(guardBody(tutorial({ ...element, held: 0.7 }), names).chosen, 0);
    // Where the recall mode does not grow (WCXB dev 4053: 1.34 times), the answer stays.
    assert.equal(guardBody(tutorial(element, 150), names).chosen, 0);
    // Under 2.5 times the answer, or no prose: the answer stays.
    assert.equal(guardBody(tutorial({ ...element, words: 280 }), names).chosen, 0);
    assert.equal(guardBody(tutorial({ ...element, sentenceShare: 0.1 }), names).chosen, 0);
    // Beside an answer that is no body at all, the rule does not look (the loose mode's rules do); nor
    // beside a long one (the shipped model's WCXB dev 4694 and 0578, 1,473 and 728 words kept: the
    // element held the answer and the page's reviews or more posts, F1 0.67 → 0.27, 0.75 → 0.47).
    for (const words of [40, 300]) {
      const other = tutorial({ ...element, words: 3000, held: 1 }, 3 * words);
      other[column('logWords')] = Math.log1p(words);
      other[3 * CHOICE_WIDTH + column('overlapBalanced')] = (2 * words) / (words + 3000);
      assert.notEqual(guardBody(other, names).rule, 'paragraphsGrown');
    }
    // The extractor scores the paragraphs only where the recall blocks have 1.5 times the answer's
    // words, and builds the candidate only where it could be 2.5 times the answer.
    assert.equal(guardWanted(113, { recall: 208, loose: 338, region: 0 }).paragraphs, true);
    assert.equal(guardWanted(113, { recall: 150, loose: 338, region: 0 }).paragraphs, false);
    assert.equal(guardWanted(40, { recall: 208, loose: 338, region: 0 }).paragraphs, false);
    assert.equal(guardWanted(300, { recall: 900, loose: 1000, region: 0 }).paragraphs, false);
    assert.equal(paragraphsWanted(113, 802), true);
    assert.equal(paragraphsWanted(113, 150), false);
  });

  test('beside a long answer, the loose mode answers at twice it where the recall mode grows and it is as much prose (looseLong)', () => {
    const names = ['balanced', 'recall', 'loose'];
    /** Rows of an answer, its recall and loose modes: [words, sentence share] each (no footer). */
    const page = (answer: [number, number], recall: [number, number], loose: [number, number]) => {
      const values = rows(
        { words: answer[0] },
        { words: recall[0], sentenceShare: recall[1], footerShare: 0 },
        { words: loose[0], sentenceShare: loose[1], footerShare: 0 },
      );
      values[column('sentenceShare')] = answer[1];
      return values;
    };
    // CleanEval 563's rows (a physics blog's post and its readers' comments; its fold model): 2,812 words
    // kept, the post and the first comments; the recall mode 4,354 (1.5 times), the loose mode 5,749 (2.0
    // times), 0.90 prose against the answer's 0.86 (F1 0.59 → 0.92: CleanEval's gold keeps the comments).
    assert.deepEqual(guardBody(page([2812, 0.856], [4354, 0.895], [5749, 0.901]), names), {
      chosen: 2,
      rule: 'looseLong',
    });
    // CleanEval 104's (macdailynews.com, a story and its comments): 1,904 words kept, 0.13 prose; the loose
    // mode 3.1 times, 0.57 prose (0.24 → 0.80). 615's: 352 words, the loose mode 2.2 times (0.42 → 0.62).
    assert.equal(guardBody(page([1904, 0.128], [3766, 0.448], [5842, 0.574]), names).chosen, 2);
    assert.equal(guardBody(page([352, 0.642], [599, 0.753], [783, 0.741]), names).chosen, 2);
    // L3S-GN1 756ff125's rows: a right answer of 646 words, the loose mode 4.0 times of prose, but the
    // recall mode 1.28 times: the model's own evidence does not grow, the answer stays.
    assert.equal(guardBody(page([646, 0.799], [826, 0.824], [2562, 0.939]), names).chosen, 0);
    // A loose mode less prose than the answer stays out (WCXB dev 0005's shape: 1,540 words kept, 0.90
    // prose; the loose mode 2.9 times, 0.79: a rail of linked titles around the story).
    assert.equal(guardBody(page([1540, 0.9], [3835, 0.9], [4512, 0.79]), names).chosen, 0);
    // Under twice the answer, or without the recall mode's growth, the answer stays.
    assert.equal(guardBody(page([2812, 0.856], [4354, 0.895], [5625, 0.901]), names).chosen, 2);
    assert.equal(guardBody(page([2812, 0.856], [4354, 0.895], [5624, 0.901]), names).chosen, 0);
    assert.equal(guardBody(page([2812, 0.856], [4217, 0.895], [5749, 0.901]), names).chosen, 0);
    // A loose mode mostly under boilerplate cues is no body at this growth either.
    const rails = page([2812, 0.856], [4354, 0.895], [5749, 0.901]);
    rails[2 * CHOICE_WIDTH + column('boilerplateCueShare')] = 0.6;
    assert.equal(guardBody(rails, names).chosen, 0);
    // The extractor builds both candidates where the counts before building allow it (with the slack).
    assert.deepEqual(guardWanted(2812, { recall: 4354, loose: 5749, region: 0 }), {
      recall: true,
      union: false,
      loose: true,
      paragraphs: false,
    });
    assert.deepEqual(guardWanted(2812, { recall: 2800, loose: 5749, region: 0 }), {
      recall: false,
      union: false,
      loose: false,
      paragraphs: false,
    });
  });

  test('where the answer is no body, the region joined to it answers at 2.5 times it (unionNear)', () => {
    // CleanEval 724's rows (a 404 page; its fold model): 12 words kept, the recall and loose modes the
    // same 12; the heuristic region joined to them 58 words, 0.21 of them in sentences: the page's whole
    // text, which the gold keeps (55 words; F1 0.36 → 1.00). The fifth (union) needs 61 words.
    const names = ['balanced', 'recall', 'union', 'loose'];
    const answer = { words: 12, sentenceShare: 1, footerShare: 0 };
    const page = (regionWords: number) => {
      const values = rows(
        answer,
        answer,
        { words: regionWords, sentenceShare: 0.206, footerShare: 0 },
        answer,
      );
      values[column('sentenceShare')] = 1;
      return values;
    };
    assert.deepEqual(guardBody(page(58), names), { chosen: 2, rule: 'unionNear' });
    // Under 2.5 times the answer, or under 50 words, the answer stays.
    assert.equal(guardBody(page(30), names).chosen, 0);
    assert.equal(
      guardBody(
        rows({ words: 19 }, answer, { words: 49, sentenceShare: 0.5, footerShare: 0 }),
        names.slice(0, 3),
      ).chosen,
      0,
    );
    // A region mostly under boilerplate cues (navigation, related) is no body at this growth.
    const rails = page(58);
    rails[2 * CHOICE_WIDTH + column('boilerplateCueShare')] = 0.6;
    assert.equal(guardBody(rails, names).chosen, 0);
    // The extractor builds the union where the region with the answer is 2.5 times it (with the slack).
    assert.equal(guardWanted(12, { recall: 12, loose: 12, region: 46 }).union, true);
    assert.equal(guardWanted(12, { recall: 12, loose: 12, region: 5 }).union, false);
  });

  test('beside an answer that is no prose, a loose mode of prose four times it answers, its footer cues read in its text (notProse)', () => {
    // WCXB dev 0614's rows (ebay.com, an item's page; its fold model): 249 words kept, the seller's and
    // shipping's lines, 0.11 prose, 0.73 under footer cues; the loose mode 1,017 words (4.1 times), 0.68
    // prose, 0.89 under the same cues, its text the item's description (F1 0.20 → 0.56).
    const names = ['balanced', 'recall', 'loose'];
    const values = rows(
      { words: 249 },
      { words: 428, sentenceShare: 0.591, footerShare: 0.811 },
      { words: 1017, sentenceShare: 0.682, footerShare: 0.886 },
    );
    values[column('sentenceShare')] = 0.112;
    values[column('footerShare')] = 0.731;
    const item = textFeatures(
      [
        'Condition:',
        'Other people bought this. 1 has already sold.',
        'May not ship to Bulgaria. Read item description or contact seller for shipping options.',
        'Located in: Franconia, New Hampshire, United States',
        'Seller does not accept returns. See details- for more information about returns',
        'Get the item you ordered or your money back.',
      ].join('\n'),
      null,
    );
    assert.ok(boilerplateTextShare(item) <= 0.3);
    assert.deepEqual(
      guardBody(values, names, () => item),
      { chosen: 2, rule: 'notProse' },
    );
    // Without the text the cue keeps it out; a text of footer lines too.
    assert.equal(guardBody(values, names).chosen, 0);
    const footer = textFeatures('© 2024 Example Ltd. All rights reserved.\nCall us: (555) 123-4567', null);
    assert.equal(guardBody(values, names, () => footer).chosen, 0);
    // Under four times the answer, or beside an answer that is prose, the answer stays.
    const near = values.slice();
    near[2 * CHOICE_WIDTH + column('logWords')] = Math.log1p(990);
    assert.equal(guardBody(near, names, () => item).chosen, 0);
    const prose = values.slice();
    prose[column('sentenceShare')] = 0.5;
    assert.equal(guardBody(prose, names, () => item).chosen, 0);
  });

  test("footer cues over the bound are read again in the loose mode's text where the answer is no body (footerByText)", () => {
    // WCXB dev 1371's shape (louiestuxshop.com's shoes, a listing): 20 words kept; the loose mode, 136
    // words, the shoes and their prices, has 0.83 of its words under a `section-bottom` wrapper (a
    // footer cue), no line of contact, copyright, cookie or navigation text (F1 0.23 → 0.86).
    const names = ['balanced', 'recall', 'loose'];
    const recall = { words: 20, sentenceShare: 1, footerShare: 0 };
    const loose = { words: 136, sentenceShare: 0.15, footerShare: 0.83 };
    const values = rows({ words: 20 }, recall, loose);
    const shoes = textFeatures(
      [
        'Formal Shoe Gallery',
        "Louie's Tux Shop offers the best selection of shoes for your rental. Complimentary socks are included with every shoe rental.",
        'Classic Black Tie Individual Rental Price - $30.00 i',
        'With Rental Package - $20.00',
        'Black Miami Slip On Individual Rental Price - $30.00 i',
        'With Rental Package - $25.00',
        'Saddle Brown Monaco Individual Rental Price - $30.00 i',
        'With Rental Package - $25.00',
      ].join('\n'),
      null,
    );
    assert.equal(boilerplateTextShare(shoes), 0);
    // Without the text the cue keeps it out, as before.
    assert.equal(guardBody(values, names).chosen, 0);
    assert.deepEqual(
      guardBody(values, names, () => shoes),
      { chosen: 2, rule: 'looseFirst' },
    );
    // A loose mode whose text is a footer's stays out.
    const footer = textFeatures(
      [
        "© 2024 Louie's Tux Shop. All rights reserved.",
        'Call us: (555) 123-4567 · Email: info@example.com',
        'Privacy Policy | Terms of Use | Contact',
      ].join('\n'),
      null,
    );
    assert.ok(boilerplateTextShare(footer) > 0.3);
    assert.equal(guardBody(values, names, () => footer).chosen, 0);
    // Beside an answer of 50 words or more that is prose the text is not read: the cue decides (beside one
    // that is no prose, notProse reads it: WCXB dev 0614, above).
    let read = 0;
    const counted = () => {
      read++;
      return shoes;
    };
    const longer = rows({ words: 60 }, recall, { ...loose, words: 1000, sentenceShare: 0.5 });
    longer[column('sentenceShare')] = 0.5;
    assert.equal(guardBody(longer, names, counted).chosen, 0);
    assert.equal(read, 0);
  });

  test('it only ever answers with more words: twice the answer at least (2.5 beside a short one)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        anyBodyRow,
        anyBodyRow,
        anyBodyRow,
        (answer, recall, union, loose) => {
          const { chosen } = guardBody(rows({ words: answer }, recall, union, loose), [
            'balanced',
            'recall',
            'union',
            'loose',
          ]);
          const words = [answer, recall.words, union.words, loose.words][chosen];
          // These answers have no sentences: notProse answers at four times (NOT_PROSE_TINY_SHARE);
          // looseNear, looseGrown and unionNear at 2.5 times, beside an answer under 300 words;
          // looseLong at twice a longer one.
          const growth = answer < 300 ? 2.5 : 2;
          return chosen === 0 || words > growth * answer * 0.999;
        },
      ),
    );
  });

  test('a candidate with more footer than the bound and than the answer never answers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        storedShare,
        anyBodyRow,
        anyBodyRow,
        (answer, answerFooter, recall, loose) => {
          const values = rows({ words: answer }, recall, loose);
          values[column('footerShare')] = answerFooter;
          const { chosen } = guardBody(values, ['balanced', 'recall', 'loose']);
          const bound = Math.max(0.3, answerFooter);
          return chosen === 0 || [recall, loose][chosen - 1].footerShare <= bound;
        },
      ),
    );
  });

  test('over the footer bound, only the loose mode beside an answer that is no body or no prose answers, and only by its text', () => {
    const text = fc.constantFrom(
      textFeatures('Formal Shoe Gallery\nWith Rental Package - $20.00', null),
      textFeatures('© 2024 Example Ltd. All rights reserved.\nCall us: (555) 123-4567', null),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        storedShare,
        anyBodyRow,
        anyBodyRow,
        text,
        (answer, answerShare, recall, loose, features) => {
          const names = ['balanced', 'recall', 'loose'];
          const values = rows({ words: answer }, recall, loose);
          values[column('sentenceShare')] = answerShare;
          const { chosen } = guardBody(values, names, () => features);
          if (chosen === 0 || [recall, loose][chosen - 1].footerShare <= 0.3) return true;
          return chosen === 2 && (answer < 50 || answerShare < 0.2) && boilerplateTextShare(features) <= 0.3;
        },
      ),
    );
  });

  // WCXB dev 0649 (newegg.com's graphics cards, a listing): the block model of 0.3.7 kept 194 words (two
  // products and a buying guide's heading) and the guard answered with the recall mode's listing (gold 580
  // words). The model retrained with the whole-word cues keeps the listing itself (in sample: it trained on
  // this page), so the guard no longer answers here; its logic is held by the shaped rows above. The page
  // stays as what a user sees: the listing, whichever stage finds it.
  const page = join(REPO_ROOT, '.cache', 'datasets', 'wcxb-dev', 'dev', 'html', '0649.html.gz');
  test('a real page: the listing, not a fifth of it (WCXB dev 0649)', { skip: !existsSync(page) }, () => {
    const html = gunzipSync(readFileSync(page));
    const options = {
      url: 'https://www.newegg.com/GPUs-Video-Graphics-Cards/SubCategory/ID-48',
      format: 'text' as const,
      limits: { timeoutMs: 600_000 },
    };
    const { content } = extract(html, options);
    const products = content.match(/Graphics Card/g)?.length ?? 0;
    assert.ok(products >= 20, `${products} products`);
    assert.match(content, /SAPPHIRE NITRO\+ Radeon RX 9070 XT/);
  });

  // WCXB dev 0625 (zalando.co.uk, a jacket's product page): the block model of 0.3.7 kept 13 words (the
  // name, a delivery line) and the guard answered with the heuristic region joined to them (price,
  // delivery, material and details; gold 137 words). As with 0649, the retrained model keeps them itself.
  const product = join(REPO_ROOT, '.cache', 'datasets', 'wcxb-dev', 'dev', 'html', '0625.html.gz');
  test('a real page: the product, not its name (WCXB dev 0625)', { skip: !existsSync(product) }, () => {
    const html = gunzipSync(readFileSync(product));
    const options = {
      url: 'https://www.zalando.co.uk/bershka-faux-leather-jacket-black-bej22t0pl-q11.html',
      format: 'text' as const,
      limits: { timeoutMs: 600_000 },
    };
    const { content } = extract(html, options);
    assert.match(content, /Outer fabric material/);
    assert.match(content, /Article number/);
    assert.match(content, /Faux leather jacket - black/);
  });

  // Pages the shipped block model was trained on: each is read with the block fold model that did
  // not see its site (`pith train blocks --folds 5`'s held-out file in .cache/train/blocks), as a
  // page of a site it never saw. Skipped where the dataset or the fold models are absent.
  const heldOutFile = join(REPO_ROOT, '.cache', 'train', 'blocks', 'folds-5-by-site.json');
  const heldOutPage = (id: string) =>
    join(REPO_ROOT, '.cache', 'datasets', 'wcxb-dev', 'dev', 'html', `${id}.html.gz`);
  const guardedHeldOut = async (id: string, url: string) => {
    await useModelFiles();
    const html = gunzipSync(readFileSync(heldOutPage(id)));
    const model = readHeldOut(heldOutFile).modelFor(pageDigest(html));
    const options = { url, format: 'text' as const, limits: { timeoutMs: 600_000 } };
    const run = (bodyGuard: boolean) => extract(html, { ...options, extractorOptions: { model, bodyGuard } });
    return { guarded: run(true), bare: run(false) };
  };
  const heldOutSkip = (id: string) => !existsSync(heldOutPage(id)) || !existsSync(heldOutFile);

  // WCXB dev 0631 (iherb.com, a product page): the fold model keeps no block; the heuristic
  // region is empty; the recall mode (119 words) holds the product's description (F1 0 → 0.56).
  test('a real page where the model keeps no block: the loose mode, not nothing (WCXB dev 0631)', {
    skip: heldOutSkip('0631'),
  }, async () => {
    const { guarded, bare } = await guardedHeldOut(
      '0631',
      'https://bg.iherb.com/pr/almondina-toastees-toasted-almond-thins-cranberry-almond-5-25-oz-149-g-discontinued-item/61856',
    );
    const diagnostics = guarded.extraction.diagnostics as PithDiagnostics;
    assert.equal(diagnostics.decidedBy, 'heuristic');
    assert.doesNotMatch(bare.content, /grandma Dina/);
    assert.match(guarded.content, /grandma Dina's original secret family recipe/);
    // The loose mode (looseFirst), 223 words: the recall mode's 73 were a fourth of the body (F1 0.33 → 0.56).
    assert.deepEqual(diagnostics.bodyGuard, { answer: 'loose' });
  });

  // WCXB dev 2923 (wayfair.com's sofas, a collection): the fold model keeps no block; the recall mode is
  // one sofa's description (388 words), the loose mode the grid (3,800 words): F1 0.11 → 0.71.
  test('a real page where the recall mode is a tenth of the body: the loose mode (WCXB dev 2923)', {
    skip: heldOutSkip('2923'),
  }, async () => {
    const { guarded } = await guardedHeldOut(
      '2923',
      'https://www.wayfair.com/furniture/sb0/sofas-c413892.html',
    );
    assert.match(guarded.content, /Sincere in its styling, this sofa marries classic function/);
    assert.match(guarded.content, /Rated 4\.5 out of 5 stars/);
    assert.deepEqual((guarded.extraction.diagnostics as PithDiagnostics).bodyGuard, { answer: 'loose' });
  });

  /**
   * Real pages where the guard answers with the loose mode: a text the bare answer lacks
   * (`notInBare`), or one it has (`inBare`), and what the guarded answer holds (`inGuarded`).
   */
  const looseAnswers: {
    id: string;
    url: string;
    title: string;
    notInBare?: RegExp;
    inBare?: RegExp;
    inGuarded: RegExp[];
  }[] = [
    // npr.org's science section, a listing: the fold model keeps 330 words of photo captions and
    // credits, no prose; the loose mode (2,291 words, half prose) holds the stories' titles and
    // teasers (F1 0.21 → 0.80).
    {
      id: '3011',
      url: 'https://www.npr.org/sections/science/',
      title: 'whose answer is no prose: the loose mode',
      notInBare: /Teen sleep is getting wrecked by more than just phones/,
      inGuarded: [/Teen sleep is getting wrecked by more than just phones/],
    },
    // shop.bombas.com, a product page: the fold model keeps a newsletter's consent line (22 words:
    // email, consent, privacy policy). Session 7's footer-text rule answered with the recall mode (F1
    // 0.06 → 0.18); the whole page sits under a footer-named wrapper, so the loose mode (156 words,
    // 0.81 of them under it, no more than the answer's 1.0) now reads as a body and answers first
    // (looseFirst; F1 0.18 → 0.20).
    {
      id: '0582',
      url: 'https://shop.bombas.com/products/mens-quarter-socks',
      title: 'whose answer is a footer: the body under the same footer cue',
      inBare: /^By providing my email/,
      inGuarded: [/Just enough cush for your everyday shoes/],
    },
    // ghorba.org's trails, a listing: the answer (18 words) and the loose mode (115 words, the trails
    // with their difficulty and length) both sit wholly under a footer-named wrapper; the footer cue
    // says nothing there, and the loose mode answers (F1 0.23 → 0.89).
    {
      id: '4627',
      url: 'https://www.ghorba.org/trails/',
      title: 'wholly under a footer-named wrapper: the loose mode',
      notInBare: /Anthills MTB/,
      inGuarded: [/Anthills MTB/, /Difficulty: Intermediate to advanced/],
    },
    // huel.com, a product page: the fold model keeps 45 words (one paragraph); the loose mode (272
    // words, 0.89 of them prose) holds how to use it and more (F1 0.15 → 0.40).
    {
      id: '0589',
      url: 'https://huel.com/products/huel-black-edition',
      title: 'with no body kept: the loose mode',
      inBare: /This shake delivers 40g of protein/,
      notInBare: /How to use Black Edition/,
      inGuarded: [/How to use Black Edition/, /Add two scoops of Black Edition powder/],
    },
    // cocorepublic.com.au, a sofa's product page: the fold model keeps 40 words (the headings of empty
    // tabs, a warranty line); the loose mode (148 words, 0.77 prose: 3.7 times, under the fifth's
    // five) holds delivery, concierge and showrooms (looseNear; F1 0.20 → 0.55).
    {
      id: '0605',
      url: 'https://www.cocorepublic.com.au/345808-atelier-sofa.html',
      title: 'with no body kept, the loose mode under five times it: looseNear',
      notInBare: /Experience seamless white-glove delivery/,
      inGuarded: [/Experience seamless white-glove delivery/],
    },
    // lttlabs.com, a keyboard's product page: the fold model keeps 45 words; the loose mode (218
    // words, 4.8 times, 0.46 prose) holds the box's contents and the measurements (F1 0.11 → 0.56).
    {
      id: '4168',
      url: 'https://www.lttlabs.com/products/keyboards/keychron-k2-wireless-mechanical-keyboard-version-2',
      title: 'with no body kept, the loose mode 4.8 times it: looseNear',
      notInBare: /Keycap Puller/,
      inGuarded: [/Keycap Puller/, /Switch Plate Material/],
    },
    // old.reddit.com, a thread: the fold model keeps 198 words (the title and the comments' first
    // branch); the recall mode has 1.8 times them, the loose mode 528 words, the thread's other
    // comments (looseGrown; F1 0.32 → 0.59).
    {
      id: '0562',
      url: 'https://old.reddit.com/r/science/comments/1rku5x9/fully_functional_hair_follicles_have_been_grown/',
      title: 'with a short answer whose recall mode grows: the loose mode',
      notInBare: /potential cure for tinnitus/,
      inGuarded: [/potential cure for tinnitus/],
    },
    // ebay.com, a coin's page: the fold model keeps 249 words of seller and shipping lines (0.11
    // prose); the loose mode (4.1 times, 0.68 prose) holds the seller's story and the buyers' reviews,
    // under the same footer cues as the answer but with no footer line in its text (notProse at four
    // times, footerByText; F1 0.20 → 0.56).
    {
      id: '0614',
      url: 'https://www.ebay.com/itm/365999454668',
      title: 'whose answer is no prose, the body four times it under footer cues: the loose mode',
      notInBare: /Founded by coin experts and history buffs/,
      inGuarded: [/Founded by coin experts and history buffs/],
    },
    // louiestuxshop.com's shoes, a listing: the fold model keeps one sentence (20 words); the loose
    // mode, the shoes and their prices (136 words), sits under `section-bottom`, a footer cue (0.83 of
    // its words), and its text has no footer line: footerByText (F1 0.23 → 0.86).
    {
      id: '1371',
      url: 'https://www.louiestuxshop.com/tuxedo-shoes',
      title: 'whose body sits under a footer-like class: the loose mode by its text',
      notInBare: /Saddle Brown Monaco/,
      inGuarded: [/Saddle Brown Monaco Individual Rental Price/],
    },
  ];
  for (const { id, url, title, notInBare, inBare, inGuarded } of looseAnswers) {
    test(`a real page ${title} (WCXB dev ${id})`, { skip: heldOutSkip(id) }, async () => {
      const { guarded, bare } = await guardedHeldOut(id, url);
      if (inBare) assert.match(bare.content, inBare);
      if (notInBare) assert.doesNotMatch(bare.content, notInBare);
      for (const text of inGuarded) assert.match(guarded.content, text);
      assert.deepEqual((guarded.extraction.diagnostics as PithDiagnostics).bodyGuard, { answer: 'loose' });
    });
  }

  // WCXB dev 4020 (geeksforgeeks.org, a tutorial): the fold model keeps 113 words, the opening paragraphs
  // and the module headings, and drops the lists and short lines under them; the recall mode has 1.8
  // times them, the loose mode lies wholly under boilerplate cues (as the answer does); the paragraph
  // scorer's element holds the tutorial (paragraphsGrown: F1 0.19 → 0.86).
  test("a real page whose body is the paragraph scorer's element around the answer (WCXB dev 4020)", {
    skip: heldOutSkip('4020'),
  }, async () => {
    const { guarded, bare } = await guardedHeldOut(
      '4020',
      'https://www.geeksforgeeks.org/machine-learning/machine-learning/',
    );
    assert.doesNotMatch(bare.content, /Used when the output is a "yes or no" type answer/);
    assert.match(guarded.content, /Used when the output is a "yes or no" type answer/);
    assert.match(guarded.content, /Machine learning is a branch of Artificial Intelligence/);
    assert.deepEqual((guarded.extraction.diagnostics as PithDiagnostics).bodyGuard, { answer: 'paragraphs' });
  });

  // WCXB dev 4437 (a listing): the fold model keeps 47 words; the loose mode (185 words, 0.47 prose)
  // would answer by looseNear (F1 0.78), but the listing profile's 17 items are the answer (F1 0.79):
  // looseNear, the guard's last rule, gives way to the listing profile.
  test('a real page where the listing profile answers before looseNear (WCXB dev 4437)', {
    skip: heldOutSkip('4437'),
  }, async () => {
    await useModelFiles();
    const html = gunzipSync(readFileSync(heldOutPage('4437')));
    const model = readHeldOut(heldOutFile).modelFor(pageDigest(html));
    const { extraction } = extract(html, {
      format: 'text',
      extractorOptions: { model },
      limits: { timeoutMs: 600_000 },
    });
    const diagnostics = extraction.diagnostics as PithDiagnostics;
    assert.equal(diagnostics.listing?.items, 17);
    assert.equal(diagnostics.bodyGuard, undefined);
  });
});

/**
 * The footer-text rule (body-guard.ts, guardFooterText): an answer whose text reads as a footer's
 * (contact, copyright, cookie, navigation lines) but is not tiny beside the body gives way to the
 * first candidate whose text reads as a body. Shaped like WCXB dev 0582 (shop.bombas.com): the
 * block model kept a newsletter's consent line, the body (a product's words) sits under the same
 * footer-like wrapper as the line, so the class and landmark cues cannot tell them apart.
 */
describe('body guard: never a footer text for a body', () => {
  const footer = [
    'Sign up for our newsletter',
    'By providing my email, I am consenting to receive emails and email-based advertising.',
    'Contact us: Tel +44 20 7946 0958, Fax +44 20 7946 0959',
    '© 2025 Example Socks Ltd. All rights reserved.',
    'Privacy policy and cookie settings',
    'Customer service: phone us Monday to Friday, 9am to 5pm, or write to our address',
    'Imprint · Terms · Returns · Shipping',
  ].join('\n');
  const prose = [
    'Our midweight socks have just enough cushion for your everyday shoes, and a seamless toe.',
    'The blend of cotton and polyester keeps feet dry on long days, and the arch support holds the fit.',
    'Every pair you buy means a pair is given to someone experiencing homelessness in your area.',
    'They come in twelve colours, from a quiet grey to a bright orange that will not fade in the wash.',
    'Machine wash cold and tumble dry low; each pair is made to last for years of daily wear.',
  ].join('\n');
  const wordCount = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;
  const names = ['balanced', 'recall', 'loose', 'union'];
  /** Rows and text features of the answer and of recall, loose and union (each a text or absent; union is never read). */
  function page(answer: string, bodies: Record<string, string | undefined>) {
    const list = [answer, bodies.recall, bodies.loose, bodies.union];
    const values = new Float32Array(list.length * CHOICE_WIDTH);
    list.forEach((text, index) => {
      values[index * CHOICE_WIDTH + column('logWords')] = Math.log1p(text ? wordCount(text) : 0);
    });
    return {
      rows: values,
      texts: list.map((text) => (text === undefined ? undefined : textFeatures(text, null))),
    };
  }

  // The body keeps the footer under it: 241 words, 0.27 of them boilerplate; the answer 65 words.
  const body = `${prose}\n${prose}\n${footer}`;
  test('a footer answer gives way to a body candidate that is not five times larger', () => {
    const { rows, texts } = page(footer, { loose: body });
    assert.ok(wordCount(body) < 5 * wordCount(footer), 'not tiny: the guard of session 6 leaves it');
    assert.equal(guardBody(rows, names).chosen, 0);
    assert.equal(guardFooterText(rows, names, texts).chosen, 2);
  });

  test('the recall mode goes first; a candidate that is the footer again, or no prose, is no body', () => {
    let shaped = page(footer, { recall: body, loose: `${body}\n${prose}` });
    assert.equal(guardFooterText(shaped.rows, names, shaped.texts).chosen, 1);
    // The heuristic region joined to the answer is not read (its words would have the answer's text read on most pages).
    shaped = page(footer, { union: body });
    assert.equal(guardFooterText(shaped.rows, names, shaped.texts).chosen, 0);
    // The same footer twice over: mostly boilerplate.
    shaped = page(footer, { loose: `${footer}\n${footer}\n${footer}` });
    assert.equal(guardFooterText(shaped.rows, names, shaped.texts).chosen, 0);
    // A menu of links: no sentences.
    const menu = Array.from({ length: 40 }, (_, index) => `Socks for walking ${index}`).join('\n');
    shaped = page(footer, { loose: menu });
    assert.equal(guardFooterText(shaped.rows, names, shaped.texts).chosen, 0);
  });

  test('an answer that is prose stays, whatever a candidate holds', () => {
    const { rows, texts } = page(prose, { loose: `${prose}\n${prose}\n${prose}` });
    assert.equal(guardFooterText(rows, names, texts).chosen, 0);
    // One consent line in a body does not make a footer (WCXB dev 0639: 22 of 74 words).
    const listing = `${prose}\n${footer.split('\n')[1]}`;
    const shaped = page(listing, { loose: `${prose}\n${prose}\n${prose}` });
    assert.ok(!readsAsFooterText(textFeatures(listing, null)));
    assert.equal(guardFooterText(shaped.rows, names, shaped.texts).chosen, 0);
  });

  test("a body of exactly twice the answer's words is at least twice it (the float32 row read as a whole count)", () => {
    // fast-check's counterexample: 93 words of footer lines, 186 of prose; the rows' float32 log1p read
    // them back as 93.0000117 and 186.000009, and 186.000009 < 2 × 93.0000117.
    const lines = footer.split('\n');
    const answer = [3, 1, 0, 0, 2, 1, 6, 0, 2, 1].map((index) => lines[index]).join('\n');
    const sentences = prose.split('\n');
    const candidate = [0, 1, 4, 2, 2, 1, 3, 4, 0, 0, 0].map((index) => sentences[index]).join('\n');
    assert.equal(wordCount(candidate), 2 * wordCount(answer));
    const { rows, texts } = page(answer, { recall: candidate });
    assert.equal(guardFooterText(rows, names, texts).chosen, 1);
  });

  const linesOf = (lines: string[]) =>
    fc.array(fc.constantFrom(...lines), { minLength: 1, maxLength: 30 }).map((list) => list.join('\n'));
  const mixed = linesOf([...footer.split('\n'), ...prose.split('\n')]);
  // Footer-only answers and prose-only candidates often, so that both sides of the rule are met.
  const answerOf = fc.oneof(linesOf(footer.split('\n')), mixed);
  const candidateOf = fc.oneof(linesOf(prose.split('\n')), mixed);
  test('a clear body never loses to a footer answer; an answer that is a body is never replaced', () => {
    fc.assert(
      fc.property(answerOf, candidateOf, fc.constantFrom('recall', 'loose'), (answer, candidate, slot) => {
        const { rows, texts } = page(answer, { [slot]: candidate });
        const { chosen } = guardFooterText(rows, names, texts);
        const answerText = texts[0] as Float32Array;
        const candidateText = texts[names.indexOf(slot)] as Float32Array;
        const clearBody =
          boilerplateTextShare(candidateText) === 0 &&
          wordCount(candidate) >= Math.max(50, 2 * wordCount(answer));
        const footerAnswer = readsAsFooterText(answerText);
        if (footerAnswer && clearBody) return chosen === names.indexOf(slot);
        // An answer under half boilerplate of every kind is a body: it stays.
        if (!footerAnswer) return chosen === 0;
        return true;
      }),
    );
  });
});
