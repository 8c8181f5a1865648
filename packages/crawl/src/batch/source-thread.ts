/**
 * The thread of `readInThread` (archive-thread.ts): an archive source read here, its items handed
 * to the run's thread in batches, their bodies moved rather than copied. At most `credit` batches
 * wait unread: the run's window holds the reading back, as it does a source on its own thread.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PithError } from 'pith';
import { archiveSource } from './archive-source.js';
import type { ArchiveThreadTask, ReaderMessage } from './archive-thread.js';
import type { SourceItem } from './run.js';

if (!parentPort) throw new Error('source-thread.ts runs in a worker thread');
const port: MessagePort = parentPort;
const task = workerData as ArchiveThreadTask;
/** Items a batch holds at most, and body bytes after which it goes at once. */
const BATCH_ITEMS = 16;
const BATCH_BYTES = 4 * 1024 * 1024;

let credit = 2;
let wake: (() => void) | undefined;
port.on('message', () => {
  credit++;
  wake?.();
});

async function send(items: SourceItem[]): Promise<void> {
  while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
  credit--;
  const transfer: ArrayBuffer[] = [];
  for (const item of items) {
    if (item.kind !== 'page') continue;
    // A body the source keeps, or a view of a larger buffer (which would take all of it along),
    // goes as its own copy.
    const { body } = item.task;
    const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    const owned = item.transfer && whole && body.buffer instanceof ArrayBuffer ? body : body.slice();
    item.task = { ...item.task, body: owned };
    item.transfer = true;
    transfer.push(owned.buffer as ArrayBuffer);
  }
  port.postMessage({ kind: 'items', items } satisfies ReaderMessage, transfer);
}

/** Not a top-level await: from source, tsx may load this module through its require hook. */
async function read(): Promise<void> {
  try {
    let batch: SourceItem[] = [];
    let bytes = 0;
    for await (const item of archiveSource(task.inputs, task.options)(task.from)) {
      batch.push(item);
      if (item.kind === 'page') bytes += item.task.body.byteLength;
      if (batch.length < BATCH_ITEMS && bytes < BATCH_BYTES) continue;
      await send(batch);
      batch = [];
      bytes = 0;
    }
    if (batch.length > 0) await send(batch);
    port.postMessage({ kind: 'end' } satisfies ReaderMessage);
  } catch (error) {
    const code = error instanceof PithError ? error.code : 'INTERNAL';
    port.postMessage({
      kind: 'error',
      code,
      message: error instanceof Error ? error.message : String(error),
    } satisfies ReaderMessage);
  } finally {
    port.close();
  }
}

void read();
