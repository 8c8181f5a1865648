/**
 * Runs of sibling shapes that repeat with period 1, 2 or 3: the skeleton of comments written as
 * repeated blocks (a text block, then "Posted by …"). Pure over arrays, so it can be checked
 * against its definition apart from any page.
 */

/** A run: `periods` repetitions of the `period` shapes starting at `start`. */
export interface PeriodicSpan {
  start: number;
  period: number;
  periods: number;
}

/**
 * For each period 1, 2, 3 in turn, left to right: the longest run from `index` whose shapes
 * repeat with the period, kept when it spans at least two periods, its first period holds
 * `period` distinct shapes and all of them are usable; the scan then goes on after it.
 * Linear in the number of shapes for each period.
 */
export function periodicSpans(shapes: readonly string[], usable: readonly boolean[]): PeriodicSpan[] {
  const spans: PeriodicSpan[] = [];
  const count = shapes.length;
  for (let period = 1; period <= 3; period++) {
    let index = 0;
    while (index + 2 * period <= count) {
      let length = 0;
      while (
        index + length + period < count &&
        shapes[index + length] === shapes[index + length + period] &&
        usable[index + length]
      )
        length++;
      const periods = Math.floor((length + period) / period);
      if (periods >= 2 && firstPeriodQualifies(shapes, usable, index, period)) {
        spans.push({ start: index, period, periods });
        index += periods * period;
      } else {
        // A start inside a rejected run ends where that run ends, and its first period is a
        // rotation of this one's, so none can pass: skip past the run. Restarting at index + 1
        // was quadratic on thousands of identical siblings (fuzz seed 205, page 1845).
        index += length + 1;
      }
    }
  }
  return spans;
}

function firstPeriodQualifies(
  shapes: readonly string[],
  usable: readonly boolean[],
  index: number,
  period: number,
): boolean {
  for (let i = index; i < index + period; i++) {
    if (!usable[i]) return false;
    for (let j = index; j < i; j++) if (shapes[j] === shapes[i]) return false;
  }
  return true;
}
