import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { countCommas, countCommasByUnit } from '../../packages/pith/src/extractors/pith/cues.js';

/** Texts of the heuristic stage's paragraphs (cut from shared dataset pages): Latin, CJK, Arabic. */
const FRAGMENTS = [
  'Heavy rain overnight left several roads under water, and police advised drivers to avoid the valley route.',
  '据新华社报道，当地时间周二，总统在会上表示、将继续推进改革。',
  'قال المتحدث باسم الوزارة، إن المحادثات ستستأنف الأسبوع المقبل،',
  '東京、大阪、名古屋の三都市で，新しい規則が施行された。',
  '\u00a0,,\u00a0',
  '',
  '😀,😀，',
];

test('commas are counted by indexOf as the unit-by-unit scan counts them', () => {
  for (const text of FRAGMENTS) assert.equal(countCommas(text), countCommasByUnit(text), text);
  const unit = fc.constantFrom(
    ',',
    '\uff0c',
    '\u3001',
    '\u060c',
    'a',
    ' ',
    '。',
    '\u00a0',
    '\ud83d',
    '\ude00',
  );
  fc.assert(
    fc.property(
      fc.oneof(
        fc.array(unit, { maxLength: 60 }).map((units) => units.join('')),
        fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 6 }).map((parts) => parts.join(' ')),
        fc.string({ unit: 'binary', maxLength: 80 }),
      ),
      (text) => countCommas(text) === countCommasByUnit(text),
    ),
    { numRuns: 3000 },
  );
});

test('a text of 65,536 units and more is counted unit by unit, the same count', () => {
  const text = `${FRAGMENTS[0]}${FRAGMENTS[1]}${FRAGMENTS[2]}`.repeat(400);
  assert.ok(text.length >= 0x10000);
  assert.equal(countCommas(text), countCommasByUnit(text));
  assert.equal(countCommas(text), 400 * (1 + 3 + 2));
});
