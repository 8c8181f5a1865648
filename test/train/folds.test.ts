import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  type GroupedItem,
  groupedFolds,
  groupItems,
  stratifiedFolds,
} from '../../packages/workbench/src/train/index.js';

const item = (stratum: string, ...keys: string[]): GroupedItem => ({ keys, stratum });

describe('cross-validation folds by group', () => {
  test('items sharing a key are one group, transitively; items without keys are alone', () => {
    const groups = groupItems([
      item('a', 'site:x'),
      item('a'),
      item('b', 'site:y', 'bytes:1'),
      item('b', 'site:x', 'bytes:1'),
      item('a', 'site:z'),
      item('a'),
    ]);
    // 0, 2 and 3 are tied (x via 3, and 3 to 2 by bytes); the rest are alone. Numbered in order.
    assert.deepEqual([...groups], [0, 1, 0, 0, 2, 3]);
  });

  test('a site never straddles folds, and a dataset of many sites is spread evenly', () => {
    const items: GroupedItem[] = [];
    for (let site = 0; site < 40; site++) {
      for (let page = 0; page <= site % 4; page++) items.push(item('big', `site:${site}`));
    }
    for (let site = 0; site < 4; site++)
      for (let page = 0; page < 10; page++) items.push(item('small', `site:s${site}`));
    const fold = groupedFolds(items, 5, 1);
    const foldOfSite = new Map<string, number>();
    items.forEach((it, i) => {
      const key = it.keys[0];
      assert.equal(foldOfSite.get(key) ?? fold[i], fold[i], `${key} in one fold`);
      foldOfSite.set(key, fold[i]);
    });
    const counts = (stratum: string) => {
      const out = new Array(5).fill(0);
      items.forEach((it, i) => {
        if (it.stratum === stratum) out[fold[i]]++;
      });
      return out;
    };
    const big = counts('big');
    assert.ok(Math.max(...big) - Math.min(...big) <= 4, `big spread ${big}`);
    // Four sites of ten pages: four folds get one each.
    assert.deepEqual(counts('small').sort(), [0, 10, 10, 10, 10]);
    assert.deepEqual(groupedFolds(items, 5, 1), fold, 'seeded: the same folds again');
  });

  test('property: every group lands in one fold, every fold index is in range', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ site: fc.integer({ min: 0, max: 12 }), stratum: fc.constantFrom('a', 'b', 'c') }),
          {
            minLength: 1,
            maxLength: 80,
          },
        ),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 0, max: 1000 }),
        (rows, k, seed) => {
          const items = rows.map((r) => item(r.stratum, `site:${r.site}`));
          const fold = groupedFolds(items, k, seed);
          const bySite = new Map<number, number>();
          rows.forEach((r, i) => {
            assert.ok(fold[i] >= 0 && fold[i] < k);
            assert.equal(bySite.get(r.site) ?? fold[i], fold[i]);
            bySite.set(r.site, fold[i]);
          });
        },
      ),
    );
  });

  test('stratified folds ignore groups and deal each stratum round-robin', () => {
    const items = Array.from({ length: 12 }, (_, i) => item(i < 6 ? 'a' : 'b', 'site:same'));
    const fold = stratifiedFolds(items, 3, 7);
    const a = [0, 0, 0];
    fold.forEach((f, i) => {
      if (i < 6) a[f]++;
    });
    assert.deepEqual(a, [2, 2, 2]);
    assert.throws(() => groupedFolds(items, 1, 1), /folds must be/);
  });
});
