/**
 * `pith warc --readers N`: the archives split into N shares, each read, extracted and encoded by
 * its own thread (share-thread.ts: a whole run with its own pool), so that reading, inflating and
 * encoding, which one run does on one thread, use every core. This thread is the only writer: it
 * numbers the part files the shares hand it and keeps one checkpoint holding every share's state,
 * rewritten after each part, so a run killed at any moment resumes each share where it stopped,
 * without a duplicate or a lost record.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startThread } from '@pith/tools';
import { PithError } from 'pith';
import {
  CHECKPOINT_FILE,
  emptyCounts,
  extensionOf,
  identityMismatch,
  type OutputFormat,
  partName,
  type RunCounts,
  type RunIdentity,
  readCheckpoint,
  removePartsFrom,
  removeTemporaryFiles,
  writeCheckpoint,
  writeFileAtomic,
} from '../output/index.js';
import { BatchError, type BatchOutcome, type BatchProgress, type RunState } from './run.js';
import type { PageSettings } from './types.js';

export interface ShareRunOptions {
  /** Archive files (not standard input: a stream cannot be shared). */
  inputs: readonly string[];
  /**
   * Shares read at once. With at least as many inputs, each share is whole inputs; with fewer, each
   * share reads its part of every input's bytes (`shareCuts`).
   */
  readers: number;
  /** Extraction threads in all (split between the shares, at least one each). */
  threads: number;
  maxHeapMb?: number;
  settings: PageSettings;
  maxRecordBytes: number;
  out: string;
  format: OutputFormat;
  identity: RunIdentity;
  /** Each share's records in its input order (default), or as pages finish. */
  ordered?: boolean;
  partRecords?: number;
  /** `--below-quality drop`. */
  dropBelowQuality?: boolean;
  restart?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: BatchProgress) => void;
}

/** What the coordinator gives a share's thread. */
export interface ShareTask {
  inputs: string[];
  threads: number;
  maxHeapMb?: number;
  settings: PageSettings;
  maxRecordBytes: number;
  format: OutputFormat;
  ordered: boolean;
  partRecords?: number;
  dropBelowQuality: boolean;
  /** Where the share stopped last time (undefined: from its start). */
  state?: RunState;
  /** This share's part of each input, when the shares split bytes rather than inputs. */
  share?: { index: number; of: number };
}

/** Messages of a share's thread: a part's encoded bytes, then the state that counts it as done. */
export type ShareMessage =
  | { kind: 'part'; bytes: Uint8Array }
  | { kind: 'state'; state: RunState }
  | { kind: 'progress'; progress: BatchProgress }
  | { kind: 'done'; finished: boolean; fromBytes: number }
  | { kind: 'error'; code: string; message: string };

/** Messages to a share's thread. */
export type CoordinatorMessage = { kind: 'saved' } | { kind: 'stop' };

/**
 * Splits inputs into at most `readers` shares of about equal bytes (largest first, each to the
 * lightest share), each share's inputs in the given order. Deterministic: a resumed run gets the same.
 */
export function splitInputs(inputs: readonly { path: string; size: number }[], readers: number): number[][] {
  const count = Math.max(1, Math.min(readers, inputs.length));
  const shares = Array.from({ length: count }, () => ({ bytes: 0, inputs: [] as number[] }));
  const bySize = [...inputs.keys()].sort((a, b) => inputs[b].size - inputs[a].size || a - b);
  for (const index of bySize) {
    const lightest = shares.reduce((best, share) => (share.bytes < best.bytes ? share : best));
    lightest.bytes += inputs[index].size;
    lightest.inputs.push(index);
  }
  return shares.map((share) => share.inputs.sort((a, b) => a - b));
}

/** A run of `pith warc` over the shares of its inputs; its outcome is the sum of theirs. */
export async function runShares(options: ShareRunOptions): Promise<BatchOutcome> {
  const sizes = await Promise.all(
    options.inputs.map(async (file) => ({ path: file, size: (await stat(file)).size })),
  );
  // Fewer archives than readers (one 1 GB file and two cores): the shares split each file's bytes.
  const byRange = options.readers > 1 && sizes.length < options.readers;
  const shares = byRange
    ? Array.from({ length: options.readers }, () => [...sizes.keys()])
    : splitInputs(sizes, options.readers);
  await mkdir(options.out, { recursive: true });
  await removeTemporaryFiles(options.out);
  const checkpointFile = path.join(options.out, CHECKPOINT_FILE);
  const saved = options.restart ? undefined : await readCheckpoint(checkpointFile);
  if (saved) {
    const mismatch =
      identityMismatch(saved.identity, options.identity) ??
      (saved.shares?.length === shares.length ? undefined : 'it was made with another number of readers');
    if (mismatch) {
      throw new BatchError(
        `${options.out} holds a checkpoint of another run (${mismatch}): use another --out, or --restart to start over`,
      );
    }
    // Parts written after the checkpoint hold records it does not count as done: they are redone.
    await removePartsFrom(options.out, saved.parts);
  } else await removePartsFrom(options.out, 0);
  const states: (RunState | undefined)[] = shares.map((_, index) => saved?.shares?.[index]);
  const startCounts = sumCounts(states);
  if (saved?.finished) {
    return {
      counts: startCounts,
      parts: saved.parts,
      resumed: true,
      finished: true,
      alreadyFinished: true,
      thisRun: { pages: 0, fromBytes: 0 },
    };
  }
  let parts = saved?.parts ?? 0;
  // Parts and checkpoints are written one at a time, in the order the shares hand them in.
  let writing: Promise<void> = Promise.resolve();
  const progress = shares.map(() => ({ pages: 0, failed: 0, skipped: 0, bytesRead: 0, seconds: 0 }));
  const threadsEach = Math.max(1, Math.round(options.threads / shares.length));
  const workers: Worker[] = [];
  let failure: Error | undefined;
  const stopAll = () => {
    for (const worker of workers) worker.postMessage({ kind: 'stop' } satisfies CoordinatorMessage);
  };
  options.signal?.addEventListener('abort', stopAll, { once: true });
  const commit = (share: number, bytes: Uint8Array | undefined, state: RunState) => async () => {
    if (bytes) {
      await writeFileAtomic(path.join(options.out, partName(parts, extensionOf(options.format))), bytes);
      parts++;
    }
    states[share] = state;
    const all = states.map((each) => each ?? emptyState());
    await writeCheckpoint(checkpointFile, {
      identity: options.identity,
      parts,
      from: null,
      done: [],
      counts: sumCounts(all),
      finished: all.every((each) => each.finished),
      shares: all,
    });
  };
  const runs = shares.map(
    (inputs, share) =>
      new Promise<{ finished: boolean; fromBytes: number }>((resolve, reject) => {
        const task: ShareTask = {
          inputs: inputs.map((index) => options.inputs[index]),
          threads: threadsEach,
          ...(options.maxHeapMb === undefined ? {} : { maxHeapMb: options.maxHeapMb }),
          settings: options.settings,
          maxRecordBytes: options.maxRecordBytes,
          format: options.format,
          ordered: options.ordered !== false,
          ...(options.partRecords === undefined ? {} : { partRecords: options.partRecords }),
          dropBelowQuality: options.dropBelowQuality === true,
          ...(states[share] ? { state: states[share] } : {}),
          ...(byRange ? { share: { index: share, of: shares.length } } : {}),
        };
        const worker = startShareWorker(task);
        workers.push(worker);
        if (options.signal?.aborted) worker.postMessage({ kind: 'stop' } satisfies CoordinatorMessage);
        let held: Uint8Array | undefined;
        let outcome: { finished: boolean; fromBytes: number } | undefined;
        worker.on('message', (message: ShareMessage) => {
          if (message.kind === 'part') held = message.bytes;
          else if (message.kind === 'state') {
            const bytes = held;
            held = undefined;
            writing = writing
              .then(commit(share, bytes, message.state))
              .then(() => worker.postMessage({ kind: 'saved' } satisfies CoordinatorMessage))
              .catch((error: unknown) => {
                // The output cannot be written: every share stops where the checkpoint says.
                failure ??= error instanceof Error ? error : new Error(String(error));
                for (const each of workers) void each.terminate();
              });
          } else if (message.kind === 'progress') {
            progress[share] = message.progress;
            options.onProgress?.(sumProgress(progress));
          } else if (message.kind === 'done') outcome = message;
          else {
            failure ??= new PithError(message.code as never, message.message);
            stopAll();
          }
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (outcome) resolve(outcome);
          else if (failure) resolve({ finished: false, fromBytes: 0 });
          else reject(new Error(`a reader of share ${share + 1} exited (${code}) before its end`));
        });
      }),
  );
  try {
    const ends = await Promise.all(runs);
    await writing;
    if (failure) throw failure;
    const counts = sumCounts(states);
    return {
      counts,
      parts,
      resumed: saved !== undefined,
      finished: ends.every((end) => end.finished),
      alreadyFinished: false,
      thisRun: {
        pages: counts.pages - startCounts.pages,
        fromBytes: ends.reduce((sum, end) => sum + end.fromBytes, 0),
      },
    };
  } finally {
    options.signal?.removeEventListener('abort', stopAll);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

function emptyState(): RunState {
  return { parts: 0, from: null, done: [], counts: emptyCounts(), finished: false };
}

function sumCounts(states: readonly (RunState | undefined)[]): RunCounts {
  const total = emptyCounts();
  for (const state of states) {
    if (!state) continue;
    total.pages += state.counts.pages;
    total.ok += state.counts.ok;
    for (const [code, count] of Object.entries(state.counts.failed)) {
      // own-keys: pith's own error codes
      total.failed[code] = (total.failed[code] ?? 0) + count;
    }
    for (const [reason, count] of Object.entries(state.counts.skipped)) {
      // own-keys: pith's own skip reasons
      total.skipped[reason] = (total.skipped[reason] ?? 0) + count;
    }
  }
  return total;
}

/** The shares' progress as one run's (each share counts the bytes of its own part). */
function sumProgress(progress: readonly BatchProgress[]): BatchProgress {
  return {
    pages: progress.reduce((sum, each) => sum + each.pages, 0),
    failed: progress.reduce((sum, each) => sum + each.failed, 0),
    skipped: progress.reduce((sum, each) => sum + each.skipped, 0),
    bytesRead: progress.reduce((sum, each) => sum + each.bytesRead, 0),
    seconds: progress.reduce((longest, each) => Math.max(longest, each.seconds), 0),
  };
}

/** A share's thread (from source too: startThread loads TypeScript through tsx). */
function startShareWorker(task: ShareTask): Worker {
  const fromSource = /\.ts(\?|$)/.test(import.meta.url);
  return startThread(new URL(`./share-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url), {
    workerData: task,
  });
}
