/**
 * An archive source read on a thread of its own (source-thread.ts): reading and inflating, the
 * serial part of a run, leave the thread that hands pages to the pool and writes records. A queue
 * worker runs several jobs at once on one thread; each job's archive is read on its own thread, as
 * each share of `pith warc --readers` is.
 */
import { startThread } from '@pith/tools';
import { PithError } from 'pith';
import type { ResumePoint } from '../output/index.js';
import type { ArchiveSourceOptions } from './archive-source.js';
import type { BatchSource, SourceItem } from './run.js';

/** What the reading thread is given. */
export interface ArchiveThreadTask {
  inputs: readonly string[];
  /** The source's options (no standard input: a thread does not read this one's). */
  options: ArchiveSourceOptions;
  from: ResumePoint | null;
}

/** The reading thread's messages: items in file order, then the end or an error. */
export type ReaderMessage =
  | { kind: 'items'; items: SourceItem[] }
  | { kind: 'end' }
  | { kind: 'error'; code: string; message: string };

/** `archiveSource` with the same items, read on its own thread; stopping the run ends the thread. */
export function archiveSourceInThread(inputs: readonly string[], options: ArchiveSourceOptions): BatchSource {
  if (inputs.includes('-')) throw new Error('standard input is read on the thread that owns it');
  return async function* (from: ResumePoint | null): AsyncGenerator<SourceItem> {
    const task: ArchiveThreadTask = { inputs, options, from };
    const worker = startSourceThread(task);
    const waiting: ReaderMessage[] = [];
    let wake: (() => void) | undefined;
    const arrive = (message: ReaderMessage) => {
      waiting.push(message);
      wake?.();
    };
    worker.on('message', arrive);
    worker.on('error', (error: Error) => arrive({ kind: 'error', code: 'INTERNAL', message: error.message }));
    worker.on('exit', (code) =>
      arrive({
        kind: 'error',
        code: 'INTERNAL',
        message: `the reading thread exited (${code}) before its end`,
      }),
    );
    try {
      for (;;) {
        while (waiting.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const message = waiting.shift() as ReaderMessage;
        if (message.kind === 'end') return;
        if (message.kind === 'error') throw new PithError(message.code as never, message.message);
        // One more batch may be read while these go to the pool.
        worker.postMessage('more');
        yield* message.items;
      }
    } finally {
      await worker.terminate();
    }
  };
}

/** The reading thread (from source too: startThread loads TypeScript through tsx). */
function startSourceThread(task: ArchiveThreadTask) {
  const fromSource = /\.ts(\?|$)/.test(import.meta.url);
  return startThread(new URL(`./source-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url), {
    workerData: task,
  });
}
