import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { int32Of, listOf } from '../../packages/pith/src/dom/index.js';
import { stagesChecked } from '../helpers.js';

describe('copies of per-line values (listOf, int32Of)', () => {
  test('equal Array.from and Int32Array.from', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 300 }),
        (values) => {
          assert.deepEqual(listOf(Int32Array.from(values), 'x'), values);
          assert.deepEqual(int32Of(values, 'x'), Int32Array.from(values));
        },
      ),
    );
  });

  test('check the deadline every 65,536 values (a page of a million lines; fuzz seed 203, page 6384)', () => {
    const values = new Float64Array(1_000_000);
    assert.equal(stagesChecked(() => listOf(values, 'ttr')).get('ttr'), 15);
    assert.equal(stagesChecked(() => int32Of(values, 'ttr')).get('ttr'), 15);
    assert.equal(stagesChecked(() => listOf(new Float64Array(65_536), 'ttr')).get('ttr'), undefined);
  });
});
