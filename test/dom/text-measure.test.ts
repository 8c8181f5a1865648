import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isJsSpaceCode, withoutTrailing } from '../../packages/pith/src/dom/index.js';

test("isJsSpaceCode is JavaScript's \\s on every code unit", () => {
  for (let code = 0; code <= 0xffff; code++) {
    assert.equal(isJsSpaceCode(code), /\s/.test(String.fromCharCode(code)), code.toString(16));
  }
});

test('withoutTrailing drops the run at the end as /,+$/ does, in one scan', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(',', '/', '\n', 'a', ' '), { maxLength: 20 }), (pieces) => {
      const text = pieces.join('');
      assert.equal(withoutTrailing(text, 0x2c), text.replace(/,+$/, ''));
      assert.equal(withoutTrailing(text, 0x2f), text.replace(/\/+$/, ''));
      assert.equal(withoutTrailing(text, 0x0a), text.replace(/\n+$/, ''));
    }),
    { numRuns: 3000 },
  );
});
