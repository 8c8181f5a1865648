/**
 * The maximum subsequence: the contiguous run of scores with the largest sum (Kadane's algorithm,
 * linear time). MSS keeps the tokens of that run.
 */
import { tick } from '../../dom/index.js';

export interface MaximumSubsequence {
  /** First index of the run, and one past its last; `start === end` when no run has a positive sum. */
  start: number;
  end: number;
  /** The run's sum (0 when empty). */
  sum: number;
}

/**
 * The contiguous run with the largest positive sum; on ties the earliest run, and the shortest
 * of those (a run never starts or ends on a zero it could leave out). Empty when every score is
 * ≤ 0.
 */
export function maximumSubsequence(scores: ArrayLike<number>): MaximumSubsequence {
  let best: MaximumSubsequence = { start: 0, end: 0, sum: 0 };
  let runStart = 0;
  let runSum = 0;
  for (let i = 0; i < scores.length; i++) {
    tick('mss');
    if (runSum <= 0) {
      // A run with a sum ≤ 0 can only lower what follows: start afresh here.
      runStart = i;
      runSum = 0;
    }
    runSum += scores[i];
    if (runSum > best.sum) best = { start: runStart, end: i + 1, sum: runSum };
  }
  return best;
}
