/**
 * A batch run: items from a source (archive records, feed items) → the pool → part files, with a
 * bounded number of pages in flight (memory stays flat whatever the input size), output in input
 * order or as pages finish, and a checkpoint after every part file (see output/checkpoint.ts) so
 * that a run stopped at any moment resumes without a duplicate or a lost record.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  CHECKPOINT_FILE,
  type CheckpointState,
  emptyCounts,
  emptyRecord,
  encodeRecords,
  extensionOf,
  identityMismatch,
  type OutputFormat,
  type PageRecord,
  partName,
  type ResumePoint,
  type RunCounts,
  type RunIdentity,
  readCheckpoint,
  removePartsFrom,
  removeTemporaryFiles,
  SequenceSet,
  writeCheckpoint,
  writeFileAtomic,
} from '../output/index.js';
import type { PagePool } from './pool.js';
import { failedResult } from './result.js';
import type { PageResult, PageTask } from './types.js';

/** One thing a source read: a page to extract, or a record it skips (counted by reason). */
export type SourceItem = {
  /** Which input, and where in it the item starts (a resumed run restarts reading there). */
  input: number;
  position: { offset: number; skip: number };
  /** Bytes of all inputs read so far (for MB/s). */
  bytesRead: number;
} & (
  | {
      kind: 'page';
      task: PageTask;
      /** The record fields the source knows (URL, archive position, feed fields). */
      fields: Partial<PageRecord>;
      /** The task's body owns its memory: move it to the thread instead of copying. */
      transfer?: boolean;
      /** Merges the page's result with what the source knows (feed fields); default: page wins. */
      merge?: (result: PageResult) => Partial<PageRecord>;
    }
  | { kind: 'skip'; reason: string }
  /** A page that could not be had (a fetch that failed): written as a failed record. */
  | { kind: 'failed'; fields: Partial<PageRecord>; code: string; message: string }
);

/** `--below-quality drop`: a record flagged under `--min-quality` is not written (`pith warc`, `pith feed`, queue jobs). */
export function dropBelowQuality(record: PageRecord): string | undefined {
  return record.belowQuality === true ? 'below-min-quality' : undefined;
}

/** Reads items from a resume point (null: from the start). */
export type BatchSource = (from: ResumePoint | null) => AsyncIterable<SourceItem>;

export interface BatchProgress {
  pages: number;
  failed: number;
  skipped: number;
  bytesRead: number;
  seconds: number;
}

export interface BatchOptions {
  source: BatchSource;
  pool: PagePool;
  /** The output directory (with `sink`: not written to). */
  out: string;
  /**
   * Where each part's records go instead of a part file in `out` (a queue job's one output
   * file); `identity` must then be null. A part reaches the sink whole, in order.
   */
  sink?: (records: readonly PageRecord[]) => Promise<void>;
  format: OutputFormat;
  /** What identifies the run, for resuming (null: no checkpoint; part files are added after existing ones). */
  identity: RunIdentity | null;
  /** Output in input order (default) or as pages finish. */
  ordered?: boolean;
  /** Pages in flight at most (default: 4 per thread). */
  window?: number;
  /** Records per part file (default 1000). */
  partRecords?: number;
  /** Ignore an existing checkpoint and start again (its part files are removed). */
  restart?: boolean;
  /** Stops reading; pages in flight are finished and written (Ctrl-C). */
  signal?: AbortSignal;
  onProgress?: (progress: BatchProgress) => void;
  /**
   * A record this returns a reason for is not written (`--min-quality` with `--below-quality
   * drop`): it counts as skipped for that reason, and as done.
   */
  drop?: (record: PageRecord) => string | undefined;
  /** Called after each part file is in place, with its records (dropped ones included: they are done too). */
  onWritten?: (records: readonly PageRecord[]) => void | Promise<void>;
  /**
   * Where the checkpoint is kept instead of a file in `out` (a share of `pith warc --readers`,
   * whose coordinator keeps every share's in one file); needs `sink` (and `identity` null).
   */
  store?: CheckpointStore;
}

/** A run's state, kept elsewhere than its own checkpoint file. */
export interface CheckpointStore {
  load(): Promise<RunState | undefined>;
  /** Called after each part reached the sink: when it resolves, the part's records are done. */
  save(state: RunState): Promise<void>;
}

/** What a checkpoint holds of a run, but what identifies it. */
export type RunState = Omit<CheckpointState, 'version' | 'identity' | 'shares'>;

export interface BatchOutcome {
  counts: RunCounts;
  /** Part files in the directory after the run. */
  parts: number;
  /** This run continued an earlier one. */
  resumed: boolean;
  /** Everything was read (not stopped by the signal). */
  finished: boolean;
  /** The run had finished before: nothing was done. */
  alreadyFinished: boolean;
  /**
   * What this run did itself (a resumed run's counts include the earlier runs'): records written,
   * and where in the inputs (bytes of all inputs before) it started reading.
   */
  thisRun: { pages: number; fromBytes: number };
}

export async function runBatch(options: BatchOptions): Promise<BatchOutcome> {
  if (options.sink && options.identity !== null) throw new BatchError('a run with a sink has no checkpoint');
  if (!options.sink) {
    await mkdir(options.out, { recursive: true });
    await removeTemporaryFiles(options.out);
  }
  const start = await startingState(options);
  if (start.state.finished) {
    return {
      counts: start.state.counts,
      parts: start.state.parts,
      resumed: true,
      finished: true,
      alreadyFinished: true,
      thisRun: { pages: 0, fromBytes: 0 },
    };
  }
  const run = new Run(options, start.state);
  const finished = await run.execute();
  return {
    counts: run.counts,
    parts: run.parts,
    resumed: start.resumed,
    finished,
    alreadyFinished: false,
    thisRun: { pages: run.counts.pages - start.state.counts.pages, fromBytes: run.fromBytes },
  };
}

async function startingState(
  options: BatchOptions,
): Promise<{ state: Omit<CheckpointState, 'version'>; resumed: boolean }> {
  const checkpointFile = path.join(options.out, CHECKPOINT_FILE);
  const fresh = (parts: number) => ({
    state: {
      identity: options.identity ?? { inputs: [], options: '' },
      parts,
      from: null,
      done: [],
      counts: emptyCounts(),
      finished: false,
    },
    resumed: false,
  });
  if (options.store) {
    if (!options.sink) throw new BatchError('a run with a checkpoint store needs a sink');
    const saved = options.restart ? undefined : await options.store.load();
    return saved ? { state: { ...saved, identity: fresh(0).state.identity }, resumed: true } : fresh(0);
  }
  if (options.identity === null) return fresh(options.sink ? 0 : await nextPartNumber(options.out));
  const saved = options.restart ? undefined : await readCheckpoint(checkpointFile);
  if (!saved) {
    // A fresh run owns the directory: part files of another run would be mixed with ours.
    await removePartsFrom(options.out, 0);
    return fresh(0);
  }
  const mismatch = identityMismatch(saved.identity, options.identity);
  if (mismatch) {
    throw new BatchError(
      `${options.out} holds a checkpoint of another run (${mismatch}): use another --out, or --restart to start over`,
    );
  }
  // Parts written after the checkpoint hold records it does not count as done: they are redone.
  await removePartsFrom(options.out, saved.parts);
  return { state: saved, resumed: true };
}

/** A usage problem with the output directory (not a failure of a page). */
export class BatchError extends Error {}

async function nextPartNumber(directory: string): Promise<number> {
  let next = 0;
  for (const name of await readdir(directory)) {
    const match = /^part-(\d+)\./.exec(name);
    if (match) next = Math.max(next, Number(match[1]) + 1);
  }
  return next;
}

interface Finished {
  seq: number;
  record: PageRecord;
}

class Run {
  readonly #options: BatchOptions;
  readonly #checkpointFile: string;
  readonly #done: SequenceSet;
  readonly #from: ResumePoint | null;
  /** Items read and not yet done (pages in flight or waiting in the part buffer), by seq, in read order. */
  readonly #pending = new Map<number, ResumePoint>();
  #lastRead: ResumePoint | null;
  /** Ordered output: pages dispatched, in order, and those finished ahead of their turn. */
  readonly #order: number[] = [];
  readonly #early = new Map<number, PageRecord>();
  #part: Finished[] = [];
  #writing: Promise<void> = Promise.resolve();
  #inFlight = 0;
  #wake: (() => void) | undefined;
  counts: RunCounts;
  parts: number;
  #progress: BatchProgress = { pages: 0, failed: 0, skipped: 0, bytesRead: 0, seconds: 0 };
  #firstBytes: number | undefined;
  readonly #started = performance.now();

  constructor(options: BatchOptions, state: Omit<CheckpointState, 'version'>) {
    this.#options = options;
    this.#checkpointFile = path.join(options.out, CHECKPOINT_FILE);
    this.#done = new SequenceSet(state.done);
    this.#from = state.from;
    this.#lastRead = state.from;
    this.counts = structuredClone(state.counts);
    this.parts = state.parts;
  }

  async execute(): Promise<boolean> {
    const { options } = this;
    const window = Math.max(1, options.window ?? options.pool.threads * 4);
    let seq = this.#from?.seq ?? 0;
    let finished = true;
    for await (const item of options.source(this.#from)) {
      const point: ResumePoint = { seq, input: item.input, position: item.position };
      seq++;
      this.#firstBytes ??= item.bytesRead;
      this.#progress.bytesRead = item.bytesRead;
      if (this.#done.has(point.seq)) continue; // done by an earlier run
      this.#lastRead = point;
      if (item.kind === 'skip') {
        // own-keys: the sources' own skip reasons
        this.counts.skipped[item.reason] = (this.counts.skipped[item.reason] ?? 0) + 1;
        this.#progress.skipped++;
        this.#done.add(point.seq);
        continue;
      }
      this.#pending.set(point.seq, point);
      if (item.kind === 'failed') {
        const record: PageRecord = {
          ...emptyRecord(),
          ...item.fields,
          ...failedResult(item.code, item.message),
        };
        this.#progress.pages++;
        this.#progress.failed++;
        if (this.#options.ordered !== false) this.#order.push(point.seq);
        this.#finish(point.seq, record);
        continue;
      }
      while (this.#inFlight >= window) await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#dispatch(point.seq, item);
      if (options.signal?.aborted) {
        finished = false;
        break;
      }
    }
    while (this.#inFlight > 0) await new Promise<void>((resolve) => (this.#wake = resolve));
    await this.#writing;
    await this.#flush(finished);
    return finished;
  }

  /** Where in the inputs this run started reading (0 unless resumed). */
  get fromBytes(): number {
    return this.#firstBytes ?? 0;
  }

  get options(): BatchOptions {
    return this.#options;
  }

  #dispatch(seq: number, item: Extract<SourceItem, { kind: 'page' }>): void {
    this.#inFlight++;
    if (this.#options.ordered !== false) this.#order.push(seq);
    void this.#options.pool.run(item.task, { transfer: item.transfer }).then((result) => {
      const record: PageRecord = {
        ...emptyRecord(),
        ...item.fields,
        ...result,
        ...(item.merge?.(result) ?? {}),
      };
      this.#progress.pages++;
      if (!record.ok) this.#progress.failed++;
      this.#finish(seq, record);
      this.#inFlight--;
      this.#report();
      const wake = this.#wake;
      this.#wake = undefined;
      wake?.();
    });
  }

  #finish(seq: number, record: PageRecord): void {
    if (this.#options.ordered === false) this.#take({ seq, record });
    else {
      this.#early.set(seq, record);
      while (this.#order.length > 0 && this.#early.has(this.#order[0])) {
        const next = this.#order.shift() as number;
        this.#take({ seq: next, record: this.#early.get(next) as PageRecord });
        this.#early.delete(next);
      }
    }
  }

  #take(finished: Finished): void {
    this.#part.push(finished);
    if (this.#part.length >= (this.#options.partRecords ?? 1000)) {
      const part = this.#part;
      this.#part = [];
      this.#writing = this.#writing.then(() => this.#writePart(part, false));
    }
  }

  async #flush(finished: boolean): Promise<void> {
    const part = this.#part;
    this.#part = [];
    await this.#writePart(part, finished);
  }

  /** Writes one part file, then the checkpoint that counts its records as done. */
  async #writePart(part: Finished[], finished: boolean): Promise<void> {
    const { options } = this;
    const written: Finished[] = [];
    for (const entry of part) {
      const reason = options.drop?.(entry.record);
      if (reason === undefined) written.push(entry);
      // own-keys: the run's own drop reasons
      else this.counts.skipped[reason] = (this.counts.skipped[reason] ?? 0) + 1;
    }
    if (written.length > 0) {
      const records = written.map((entry) => entry.record);
      if (options.sink) await options.sink(records);
      else {
        const bytes = await encodeRecords(records, options.format);
        await writeFileAtomic(
          path.join(options.out, partName(this.parts, extensionOf(options.format))),
          bytes,
        );
      }
      this.parts++;
    }
    if (part.length > 0) {
      await options.onWritten?.(part.map((entry) => entry.record));
      for (const { record } of written) {
        this.counts.pages++;
        if (record.ok) this.counts.ok++;
        else {
          const code = record.errorCode ?? 'INTERNAL';
          // own-keys: pith's own error codes
          this.counts.failed[code] = (this.counts.failed[code] ?? 0) + 1;
        }
      }
      for (const { seq } of part) {
        this.#done.add(seq);
        this.#pending.delete(seq);
      }
    }
    if (options.identity === null && !options.store) return;
    // Resume from the first item not done; when every item read is done, from the last one read
    // (it is done: the resumed run passes over it).
    const first = this.#pending.values().next();
    const from = first.done ? this.#lastRead : first.value;
    if (from) this.#done.dropBelow(from.seq);
    const state: RunState = {
      parts: this.parts,
      from,
      done: from ? this.#done.rangesFrom(from.seq) : [],
      counts: this.counts,
      finished,
    };
    if (options.store) await options.store.save(structuredClone(state));
    else if (options.identity)
      await writeCheckpoint(this.#checkpointFile, { identity: options.identity, ...state });
  }

  #lastReport = 0;
  #report(): void {
    const now = performance.now();
    if (!this.#options.onProgress || now - this.#lastReport < 250) return;
    this.#lastReport = now;
    this.#options.onProgress({ ...this.#progress, seconds: (now - this.#started) / 1000 });
  }
}
