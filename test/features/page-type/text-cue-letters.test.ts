/**
 * `textMask` answers 0 without the pattern for a short text with no letter a–z after lower-casing
 * (issue 38, s52-features). That rests on two facts, checked here: no `TEXT_CUES` phrase matches a
 * text without such a letter, and only A–Z, a–z, U+0130 and U+212A lower-case to one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { combinedPattern, cueMask, TEXT_CUES } from '../../../packages/pith/src/features/page-type/cues.js';

const pattern = combinedPattern(TEXT_CUES);

test('only A–Z, a–z, İ and the Kelvin sign lower-case to a text holding a–z', () => {
  const found: number[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (/[a-z]/.test(String.fromCodePoint(code).toLowerCase())) found.push(code);
  }
  const expected = [];
  for (let code = 0x41; code <= 0x5a; code++) expected.push(code);
  for (let code = 0x61; code <= 0x7a; code++) expected.push(code);
  expected.push(0x130, 0x212a);
  assert.deepEqual(found, expected);
});

test('no text cue matches a short text without a letter a–z', () => {
  // Digits, separators, symbols, spaces and other scripts: what menus, counters and pagers hold.
  const unit = fc.constantFrom(
    ...'0123456789 .,:;/|-_()[]{}#$%&*+=!?@^~`\'"<>\\\t\n\u00a0·»«—–…€£¥©®中文字あ한ЖжφΣ'.split(''),
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 48 }), (units) => {
      assert.equal(cueMask(pattern, TEXT_CUES.length, units.join('').trim().toLowerCase()), 0);
    }),
    { numRuns: 5000 },
  );
  for (const text of ['', '1', '12 / 30', '© 2024', '»', '|', '—', '3 · 4']) {
    assert.equal(cueMask(pattern, TEXT_CUES.length, text), 0);
  }
});
