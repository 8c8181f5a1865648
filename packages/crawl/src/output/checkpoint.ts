/**
 * What a run has done, on disk, so that a run stopped at any moment (Ctrl-C, kill -9, a machine
 * lost) starts again where it stopped, without writing a record twice or losing one.
 *
 * Every item a run reads (a page, or a record it skips) gets a sequence number; it is done when
 * its record is in a part file that has been renamed into place (skips: as soon as they are
 * counted). The checkpoint, rewritten atomically after every part file, holds a resume point (an
 * item's input and position: reading restarts there) and the done sequence numbers from it on, as
 * ranges. A resumed run reads from the resume point, numbers items the same way, and passes over
 * the done ones. Part files numbered past the checkpoint's count were written after it: removed.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './files.js';

export const CHECKPOINT_FILE = '_checkpoint.json';
const CHECKPOINT_VERSION = 1;

/** A place in the inputs: input number and where the item starts in it. */
export interface ResumePoint {
  seq: number;
  input: number;
  position: { offset: number; skip: number };
}

/** The totals of a run (over all its resumed parts). */
export interface RunCounts {
  /** Pages extracted (records written), ok or failed. */
  pages: number;
  ok: number;
  /** Failed pages by error code. */
  failed: Record<string, number>;
  /** Records that are not pages, by reason. */
  skipped: Record<string, number>;
}

export function emptyCounts(): RunCounts {
  return { pages: 0, ok: 0, failed: {}, skipped: {} };
}

/** What identifies a run: a checkpoint is only resumed by a run over the same inputs with the same options. */
export interface RunIdentity {
  inputs: { path: string; size: number; mtimeMs: number }[];
  /** The options that change the output, as a canonical string. */
  options: string;
}

export interface CheckpointState {
  version: number;
  identity: RunIdentity;
  /** Part files written: part-000000 up to parts − 1. */
  parts: number;
  /** Where to read from; null when the run has read nothing yet. */
  from: ResumePoint | null;
  /** Done sequence numbers at or after `from.seq`, as [start, end) ranges. */
  done: [number, number][];
  counts: RunCounts;
  finished: boolean;
  /**
   * `pith warc --readers N`: each share's own state (its `from` and `done` number its own items);
   * the fields above are then the totals, with `from` null.
   */
  shares?: Omit<CheckpointState, 'version' | 'identity' | 'shares'>[];
}

export async function readCheckpoint(file: string): Promise<CheckpointState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const state = JSON.parse(text) as CheckpointState;
  if (state.version !== CHECKPOINT_VERSION)
    throw new Error(`${file}: checkpoint version ${state.version} is not ${CHECKPOINT_VERSION}`);
  return state;
}

export async function writeCheckpoint(file: string, state: Omit<CheckpointState, 'version'>): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify({ version: CHECKPOINT_VERSION, ...state })}\n`);
}

/** Why a checkpoint does not belong to this run, or undefined when it does. */
export function identityMismatch(saved: RunIdentity, current: RunIdentity): string | undefined {
  if (saved.options !== current.options) return 'it was made with other options';
  if (saved.inputs.length !== current.inputs.length) return 'it was made over other inputs';
  for (const [index, input] of saved.inputs.entries()) {
    const now = current.inputs[index];
    if (input.path !== now.path) return `its input ${index + 1} was ${input.path}`;
    if (input.size !== now.size || input.mtimeMs !== now.mtimeMs) return `${input.path} has changed since`;
  }
  return undefined;
}

/**
 * A set of sequence numbers kept as sorted [start, end) ranges: items finish nearly in order, so
 * a few ranges hold millions of done items.
 */
export class SequenceSet {
  #ranges: [number, number][];

  constructor(ranges: readonly [number, number][] = []) {
    this.#ranges = ranges.map(([start, end]) => [start, end]);
  }

  has(seq: number): boolean {
    const index = this.#find(seq);
    return index >= 0 && this.#ranges[index][0] <= seq && seq < this.#ranges[index][1];
  }

  add(seq: number): void {
    const index = this.#find(seq);
    const ranges = this.#ranges;
    if (index >= 0 && seq < ranges[index][1]) return;
    const joinsLeft = index >= 0 && ranges[index][1] === seq;
    const joinsRight = index + 1 < ranges.length && ranges[index + 1][0] === seq + 1;
    if (joinsLeft && joinsRight) {
      ranges[index][1] = ranges[index + 1][1];
      ranges.splice(index + 1, 1);
    } else if (joinsLeft) ranges[index][1] = seq + 1;
    else if (joinsRight) ranges[index + 1][0] = seq;
    else ranges.splice(index + 1, 0, [seq, seq + 1]);
  }

  /** The smallest number ≥ `from` not in the set. */
  firstMissing(from: number): number {
    const index = this.#find(from);
    if (index >= 0 && from < this.#ranges[index][1]) return this.#ranges[index][1];
    return from;
  }

  /** The ranges from `from` on (cut at `from`). */
  rangesFrom(from: number): [number, number][] {
    const out: [number, number][] = [];
    for (const [start, end] of this.#ranges) {
      if (end <= from) continue;
      out.push([Math.max(start, from), end]);
    }
    return out;
  }

  /** Forgets everything below `seq`. */
  dropBelow(seq: number): void {
    this.#ranges = this.rangesFrom(seq);
  }

  /** Index of the last range starting at or before `seq`, or -1. */
  #find(seq: number): number {
    let low = 0;
    let high = this.#ranges.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.#ranges[middle][0] <= seq) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }
}
