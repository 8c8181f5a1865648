/**
 * The metadata's remembered results (issue 42's cost): `parseDate` and `looseKey` keep their last
 * answers, since a page's rules and candidates parse and key the same few values many times. Both
 * are pure functions: what is remembered must be what a fresh call gives, for every argument. And
 * the title rows' letter counts, made without a string per letter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { lettersKey, outputText } from '../../packages/pith/src/dom/index.js';
import { makeTitleKey, titleKey } from '../../packages/pith/src/metadata/candidates.js';
import { letterCount, matchCount } from '../../packages/pith/src/metadata/features.js';
import { parseDate } from '../../packages/pith/src/metadata/index.js';
import { looseKey, normalizeSpace, similarity } from '../../packages/pith/src/metadata/text.js';

const NOW = Date.UTC(2026, 10, 30);

describe('parseDate remembers its answers by value, time and order', () => {
  it('a date after "now" is refused, and accepted once "now" is later (the time is part of what is remembered)', () => {
    assert.equal(parseDate('2027-03-01', NOW), undefined);
    assert.equal(parseDate('2027-03-01', Date.UTC(2028, 0, 1))?.slice(0, 10), '2027-03-01');
    assert.equal(parseDate('2027-03-01', NOW), undefined);
  });

  it('a numeric date is read in the order asked (the order is part of what is remembered)', () => {
    assert.equal(parseDate('05/06/2023', NOW, 'dmy')?.slice(0, 10), '2023-06-05');
    assert.equal(parseDate('05/06/2023', NOW, 'mdy')?.slice(0, 10), '2023-05-06');
    assert.equal(parseDate('05/06/2023', NOW), undefined);
  });

  it('a value remembered without an order is read again in the order asked, when its order matters', () => {
    // The rules parse without an order, the choice's candidates in the page language's: one
    // remembered parse serves both unless the day and month could be either.
    assert.equal(parseDate('07/08/2021', NOW), undefined);
    assert.equal(parseDate('07/08/2021', NOW, 'dmy')?.slice(0, 10), '2021-08-07');
    assert.equal(parseDate('07/08/2021', NOW, 'mdy')?.slice(0, 10), '2021-07-08');
    assert.equal(parseDate('07/08/2021', NOW), undefined);
    for (const order of [undefined, 'dmy', 'mdy'] as const) {
      assert.equal(parseDate('13/06/2023', NOW, order)?.slice(0, 10), '2023-06-13');
      assert.equal(parseDate('Published 5 March 2024', NOW, order)?.slice(0, 10), '2024-03-05');
    }
  });

  it('the same answer asked again, after other values, and for values too long to remember', () => {
    const dateLike = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.integer({ min: 1, max: 31 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1990, max: 2030 }),
        )
        .map(([day, month, year]) => `${day}/${month}/${year}`),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      fc.string().map((text) => `${'x'.repeat(200)} March 3, 2024 ${text}`),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(dateLike, fc.constantFrom(undefined, 'dmy' as const, 'mdy' as const)), {
          minLength: 1,
          maxLength: 40,
        }),
        (values) => {
          const first = values.map(([value, order]) => parseDate(value, NOW, order));
          // Enough other values in between to empty what is remembered, then the same again.
          for (let at = 0; at < 300; at++) parseDate(`${at} March 2020`, NOW);
          const again = values.map(([value, order]) => parseDate(value, NOW, order));
          assert.deepEqual(again, first);
          assert.deepEqual(
            values.map(([value, order]) => parseDate(value, NOW, order)),
            first,
          );
        },
      ),
    );
  });
});

describe('looseKey remembers its keys', () => {
  it('is lettersKey for every string, asked once or again', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 400 }))),
        (values) => {
          for (const value of values) assert.equal(looseKey(value), lettersKey(value));
          for (const value of values) assert.equal(looseKey(value), lettersKey(value));
        },
      ),
    );
  });
});

describe('titleKey remembers its keys', () => {
  it('is the key made afresh for every string, asked once or again, after 300 others', () => {
    const typographic = fc
      .array(
        fc.constantFrom('A', 'a', ' ', '\u00a0', '’', "'", '“', '—', '-', '…', 'ﬁ', '\u200b', 'É', 'e\u0301'),
        {
          maxLength: 20,
        },
      )
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.array(fc.oneof(typographic, fc.string({ unit: 'binary', maxLength: 500 }))), (some) => {
        // Each with a longer and a shorter one beside it: values that begin or end alike.
        const values = some.flatMap((value) => [value, `${value} b`, value.slice(1)]);
        for (const value of values) assert.equal(titleKey(value), makeTitleKey(value));
        for (let at = 0; at < 300; at++) titleKey(`Title ${at}`);
        for (const value of values) assert.equal(titleKey(value), makeTitleKey(value));
      }),
    );
  });
});

describe("letterCount and matchCount (the title rows' letter and word counts)", () => {
  it('count what a match per letter and a split into words count, for any string', () => {
    const words = (text: string, first: RegExp) =>
      text.split(/\s+/).filter((word) => first.test(word)).length;
    // Titles' own pieces: letters of both cases, white space of several kinds, astral capitals, lone surrogates.
    const piece = fc.constantFrom(
      'a',
      'Z',
      'é',
      'É',
      'ß',
      '1',
      '-',
      ' ',
      '  ',
      '\t',
      '\n',
      '\u00a0',
      '\u2003',
      '𝐀',
      '𝐛',
      '\ud835',
      '\udc00',
      '中',
      'ǅ',
    );
    const title = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), title, (a, b, c) => {
        for (const text of [a, b, c, `${a}${b}`, `${a} ${b}`, `${b}\n\t${a}`, `${c} ${a}`]) {
          assert.equal(letterCount(text, false), text.match(/\p{L}/gu)?.length ?? 0);
          assert.equal(letterCount(text, true), text.match(/\p{Lu}/gu)?.length ?? 0);
          assert.equal(matchCount(text, /(?:^|\s)\p{L}/gu), words(text, /^\p{L}/u));
          assert.equal(matchCount(text, /(?:^|\s)\p{Lu}/gu), words(text, /^\p{Lu}/u));
        }
      }),
      { numRuns: 400 },
    );
    // A title with a mathematical capital past U+FFFF and a word after two spaces.
    const example = 'Über  𝐀lgebra: the 𝐁ook of X';
    assert.equal(letterCount(example, false), 21);
    assert.equal(letterCount(example, true), 4);
    assert.equal(matchCount(example, /(?:^|\s)\p{L}/gu), 6);
    assert.equal(matchCount(example, /(?:^|\s)\p{Lu}/gu), 4);
  });
});

/** `similarity` as it was written before its counts were kept per string: one token matched at a time. */
function referenceSimilarity(a: string, b: string): number {
  const ka = looseKey(a);
  const kb = looseKey(b);
  if (ka.length === 0 || kb.length === 0) return 0;
  if (ka === kb) return 1;
  const wordsOf = (value: string) => value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const pairs = (value: string) => {
    const chars = Array.from(value);
    const out: string[] = [];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    if (chars.length === 1) out.push(chars[0]);
    return out;
  };
  let ta: string[] = wordsOf(a);
  let tb: string[] = wordsOf(b);
  if (ta.length <= 2 && tb.length <= 2 && (ka.length > 12 || kb.length > 12)) {
    ta = pairs(ka);
    tb = pairs(kb);
  }
  const counts = new Map<string, number>();
  for (const t of ta) counts.set(t, (counts.get(t) ?? 0) + 1);
  let shared = 0;
  for (const t of tb) {
    const c = counts.get(t);
    if (c) {
      shared++;
      counts.set(t, c - 1);
    }
  }
  return (2 * shared) / (ta.length + tb.length);
}

describe("similarity: the shared tokens counted from each string's kept counts", () => {
  it('is what matching token by token gives, for any pair, asked in any order and again', () => {
    // Titles and their pieces (WCXB dev 0479's, whatever.scalzi.com), repeated words, CJK without spaces.
    const word = fc.constantFrom(
      'Whatever',
      'The',
      'the',
      'Big',
      'Idea',
      'Scalzi',
      'whatever.scalzi.com',
      '|',
      '-',
      'a',
      'A',
      '東京の天気予報は晴れ',
      '天気',
      '2024',
      'é',
      '\u0301',
      '',
    );
    const text = fc.array(word, { maxLength: 8 }).map((words) => words.join(' '));
    const glued = fc.array(word, { maxLength: 6 }).map((words) => words.join(''));
    const value = fc.oneof(text, glued, fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(fc.array(value, { minLength: 2, maxLength: 12 }), (values) => {
        for (const a of values)
          for (const b of values) {
            const expected = referenceSimilarity(a, b);
            assert.ok(Object.is(similarity(a, b), expected), `${JSON.stringify(a)} ${JSON.stringify(b)}`);
          }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the date parser and the space rule skip what cannot change their answer (issue 38, s43-meta)', () => {
  it('a numeric date that opens a value and reads answers without the textual formats; one that does not read falls through to them', () => {
    // The numeric date at 0 is the earliest: a textual one later in the value is not read.
    assert.equal(parseDate('2023-05-01, updated May 3, 2024', NOW), '2023-05-01');
    // The numeric date at 0 is in the future ("now" refuses it): the textual one after it answers.
    assert.equal(parseDate('2099-01-01 or May 3, 2021', NOW), '2021-05-03');
    // An ambiguous numeric date at 0 (no order) does not read: the textual one after it answers.
    assert.equal(parseDate('05/06/2023 — May 3, 2021', NOW), '2021-05-03');
    assert.equal(parseDate('05/06/2023 — May 3, 2021', NOW, 'dmy'), '2023-06-05');
  });

  it('a value without four digits in a row is no date (every format holds a year)', () => {
    for (const value of ['By Jane Doe', 'May 3', '3. Mai', '12/05/23', 'vor 3 Stunden', '123 Main St']) {
      assert.equal(parseDate(value, NOW), undefined, value);
    }
    assert.equal(parseDate('3. Mai 2021', NOW), '2021-05-03');
  });

  it('normalizeSpace equals the two replaces it skips when they would change nothing', () => {
    const before = (value: string) =>
      outputText(value.replace(/[\u200b\u2060\ufeff]/g, '').replace(/\s+/g, ' ')).trim();
    const parts = fc.array(
      fc.constantFrom(
        'a',
        'é',
        ' ',
        '  ',
        '\n',
        '\t',
        '\u00a0',
        '\u2003',
        '\u200b',
        '\u2060',
        '\ufeff',
        '\u0001',
        '\ud800',
        'x y',
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(parts, (list) => {
        const value = list.join('');
        assert.equal(normalizeSpace(value), before(value));
      }),
      { numRuns: 2000 },
    );
  });
});
