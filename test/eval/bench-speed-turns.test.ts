/**
 * `pith bench --speed`'s order of work: the extractors take short turns, never two at once, so
 * that a shared machine's drift falls on all of them alike (speedTurns in runs/speed.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { PAGES_PER_TURN, speedTurns } from '../../packages/workbench/src/eval/runs/speed.js';
import { warmUpPages } from '../../packages/workbench/src/eval/runs/speed-types.js';

describe('pith bench --speed: the turns', () => {
  it('25 pages, 3 extractors: warm-up for each, then turns of 10 pages, the first rotating', () => {
    const turns = speedTurns(25, 3).map(
      (t) => `${t.target}:${t.pages.from}-${t.pages.to}${t.pages.timed ? '' : 'w'}`,
    );
    assert.deepEqual(turns, [
      '0:0-10w',
      '1:0-10w',
      '2:0-10w',
      '1:0-10',
      '2:0-10',
      '0:0-10',
      '2:10-20',
      '0:10-20',
      '1:10-20',
      '0:20-25',
      '1:20-25',
      '2:20-25',
    ]);
  });

  it('every extractor warms up first, then times every page exactly once, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 6 }), (pages, targets) => {
        const turns = speedTurns(pages, targets);
        for (let target = 0; target < targets; target++) {
          const own = turns.filter((t) => t.target === target);
          assert.deepEqual(own[0].pages, { from: 0, to: warmUpPages(pages), timed: false });
          assert.ok(own.slice(1).every((t) => t.pages.timed));
          const timed = own
            .slice(1)
            .flatMap((t) => Array.from({ length: t.pages.to - t.pages.from }, (_, i) => t.pages.from + i));
          assert.deepEqual(
            timed,
            Array.from({ length: pages }, (_, i) => i),
          );
          assert.ok(own.slice(1).every((t) => t.pages.to - t.pages.from <= PAGES_PER_TURN));
        }
        // Each range is run by every extractor back to back before the next range starts.
        for (let i = 0; i < turns.length; i += targets) {
          const block = turns.slice(i, i + targets);
          assert.deepEqual(new Set(block.map((t) => t.target)).size, targets);
          assert.ok(block.every((t) => t.pages === block[0].pages));
        }
      }),
    );
  });
});
