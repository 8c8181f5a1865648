/**
 * Relative dates ("15 hours, 6 mins ago") resolved against a date the page gives (src/metadata/dates.ts
 * parseRelativeDate), on texts of a real page of the shared samples (L3S-GN1
 * 693c707d-eeab-4486-97d0-2f3d286d1a0e, nintendolife.com, whose dateline reads "16th Jan 2008, 09:28am").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MAYBE_RELATIVE_DATE, RELATIVE_DATE_CUE } from '../../packages/pith/src/metadata/dates.js';
import { parseDate, parseRelativeDate } from '../../packages/pith/src/metadata/index.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const REFERENCE = parseDate('16th Jan 2008, 09:28am', NOW) as string;
/** The same dateline with its time, as a page's `<time datetime>` would give it. */
const REFERENCE_TIME = '2008-01-16T09:28:00Z';

describe('relative dates against the date the page gives', () => {
  it("the page's own dateline is the reference", () => {
    assert.equal(REFERENCE.slice(0, 10), '2008-01-16');
  });

  it('against a day without a time, a span under a day names that day', () => {
    assert.equal(parseRelativeDate('58 mins ago', REFERENCE, NOW), '2008-01-16');
    assert.equal(parseRelativeDate('Nintendo.com / 15 hours, 6 mins ago', REFERENCE, NOW), '2008-01-16');
    assert.equal(parseRelativeDate('Gonintendo.com / 1 day, 14 hours ago', REFERENCE, NOW), '2008-01-15');
  });

  it('every part of a span counts, not its last alone', () => {
    // 38 hours before 09:28 on the 16th; the last part alone (14 hours) would say the 15th.
    assert.equal(
      parseRelativeDate('Gonintendo.com / 1 day, 14 hours ago', REFERENCE_TIME, NOW),
      '2008-01-14',
    );
    // 15 h 06 before it; the last part alone (6 minutes) would say the 16th.
    assert.equal(parseRelativeDate('Nintendo.com / 15 hours, 6 mins ago', REFERENCE_TIME, NOW), '2008-01-15');
    assert.equal(parseRelativeDate('58 mins ago', REFERENCE_TIME, NOW), '2008-01-16');
  });

  it('a text without a relative date gives none', () => {
    assert.equal(parseRelativeDate('Famitsu - Top 3 Software Sales For 2007', REFERENCE, NOW), undefined);
  });
});

describe("the page scan's fast first test for a relative date's cue", () => {
  const words = [
    'ago',
    'VOR',
    'il y a',
    'Hace',
    'há',
    'Gestern',
    'ИГÅR',
    'назад',
    'Вчера',
    'today',
    'x',
    '3',
    ' ',
    '-',
  ];
  it('never turns away a text the cue matches (texts of cue words, letters and signs)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 3 })), { maxLength: 8 }),
        (parts) => {
          const text = parts.join('');
          assert.ok(!RELATIVE_DATE_CUE.test(text) || MAYBE_RELATIVE_DATE.test(text), text);
        },
      ),
    );
  });

  it('lets through what the cue then refuses (a word inside a word), and refuses what has no cue word', () => {
    assert.equal(MAYBE_RELATIVE_DATE.test('Chicago'), true);
    assert.equal(RELATIVE_DATE_CUE.test('Chicago'), false);
    assert.equal(MAYBE_RELATIVE_DATE.test('12 comments'), false);
  });
});
