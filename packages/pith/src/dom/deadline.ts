import { PithError } from '../errors.js';

/**
 * The time budget of the page being worked on.
 *
 * `extract()` runs synchronously from parse to output, so the budget of the call is
 * ambient: `withDeadline()` sets it for the duration of a synchronous function, and any
 * code below (the parser, every extractor, the feature code, metadata, the formatters)
 * calls `checkDeadline()` between stages and `tick()` inside its loops, without a
 * deadline parameter threaded through every signature. `tick()` costs a decrement and
 * a compare; it reads the clock once every {@link TICKS_PER_CHECK} calls, so a loop of
 * a million nodes reads it a thousand times (docs/decisions.md, "Time budget").
 *
 * Nested budgets take the earlier deadline; leaving `withDeadline()` restores the outer one.
 * Worker threads have their own module instance, so each thread has its own budget.
 */

/** Ticks between two reads of the clock. */
export const TICKS_PER_CHECK = 1024;

let deadlineAt = Number.POSITIVE_INFINITY;
let budgetMs = 0;
let countdown = TICKS_PER_CHECK;
let monitor: ((stage: string, now: number) => void) | undefined;

/**
 * Runs `run` with the deadline `deadline` (a `Date.now()` timestamp; `undefined`: no
 * deadline of its own, the outer one still holds). `budget` is the budget in ms, for the
 * error message.
 */
export function withDeadline<T>(deadline: number | undefined, run: () => T, budget?: number): T {
  const outerAt = deadlineAt;
  const outerBudget = budgetMs;
  if (deadline !== undefined && deadline < deadlineAt) {
    deadlineAt = deadline;
    budgetMs = budget ?? Math.max(0, deadline - Date.now());
  }
  try {
    return run();
  } finally {
    deadlineAt = outerAt;
    budgetMs = outerBudget;
  }
}

/** The deadline in force (`Date.now()` timestamp), or `undefined` when there is none. */
export function currentDeadline(): number | undefined {
  return deadlineAt === Number.POSITIVE_INFINITY ? undefined : deadlineAt;
}

/** Throws PithError('TIMEOUT') when the deadline has passed; `stage` names the work for the message. */
export function checkDeadline(stage: string): void {
  if (deadlineAt === Number.POSITIVE_INFINITY && monitor === undefined) return;
  const now = Date.now();
  monitor?.(stage, now);
  if (now > deadlineAt) throw timeoutError(stage);
}

/**
 * Counts one unit of work (a node, a line, a block…) and checks the deadline every
 * {@link TICKS_PER_CHECK} units. `weight`: what one call costs in units, for loops whose
 * steps are heavier than a node's.
 */
export function tick(stage: string, weight = 1): void {
  countdown -= weight;
  if (countdown > 0) return;
  countdown = TICKS_PER_CHECK;
  checkDeadline(stage);
}

/**
 * For loops over characters (or other steps of a few nanoseconds) by an index: checks the
 * deadline when `index` is a non-zero multiple of 65,536. Cheaper than `tick()` in the tightest
 * loops; not at 0, so that a loop run once per text node does not read the clock per node.
 */
export function tickAt(index: number, stage: string): void {
  if ((index & 0xffff) === 0 && index !== 0) checkDeadline(stage);
}

/** The TIMEOUT error for a budget that ran out during `stage`. */
export function timeoutError(stage: string): PithError {
  const budget = budgetMs > 0 ? ` of ${budgetMs} ms` : '';
  return new PithError('TIMEOUT', `the page ran past its time budget${budget} (in ${stage})`, {
    limit: 'timeoutMs',
  });
}

/**
 * @internal For the fuzzer and tests: called with the stage and the time at every read of
 * the clock, so the longest stretch between two checks can be found. `undefined` removes it.
 */
export function monitorDeadlineChecks(callback: ((stage: string, now: number) => void) | undefined): void {
  monitor = callback;
}

/**
 * `Array.from(values)` with a deadline check every 65,536 values: per-line diagnostics of a page of
 * a million lines are millions of values, copied in one stretch of ~50 ms each otherwise.
 */
export function listOf(values: ArrayLike<number>, stage: string): number[] {
  const out: number[] = [];
  for (let index = 0; index < values.length; index++) {
    tickAt(index, stage);
    out.push(values[index]);
  }
  return out;
}

/** `Int32Array.from(values)` with a deadline check every 65,536 values (as `listOf`). */
export function int32Of(values: ArrayLike<number>, stage: string): Int32Array {
  const out = new Int32Array(values.length);
  for (let index = 0; index < values.length; index++) {
    tickAt(index, stage);
    out[index] = values[index];
  }
  return out;
}
