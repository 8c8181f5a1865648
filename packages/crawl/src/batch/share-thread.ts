/**
 * A share's thread of `pith warc --readers` (shares.ts): a whole run over its inputs with its own
 * pool, whose part files are encoded here and handed to the coordinator, which writes them and
 * keeps this share's state in the run's checkpoint.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PithError } from 'pith';
import { encodeRecords } from '../output/index.js';
import { archiveSource } from './archive-source.js';
import { PagePool } from './pool.js';
import { dropBelowQuality, runBatch } from './run.js';
import type { CoordinatorMessage, ShareMessage, ShareTask } from './shares.js';

if (!parentPort) throw new Error('share-thread.ts runs in a worker thread');
const port: MessagePort = parentPort;
const task = workerData as ShareTask;
const send = (message: ShareMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const stop = new AbortController();
/** The coordinator's acknowledgements of saved states, in order (one at a time: parts are written in turn). */
const waiting: (() => void)[] = [];
port.on('message', (message: CoordinatorMessage) => {
  if (message.kind === 'stop') stop.abort();
  else waiting.shift()?.();
});

/** The share's run (not a top-level await: from source, tsx may load this module through its require hook). */
async function runShare(): Promise<void> {
  const pool = new PagePool({
    threads: task.threads,
    ...(task.maxHeapMb ? { maxHeapMb: task.maxHeapMb } : {}),
  });
  try {
    const outcome = await runBatch({
      source: archiveSource(task.inputs, {
        settings: task.settings,
        maxRecordBytes: task.maxRecordBytes,
        ...(task.share ? { share: task.share } : {}),
      }),
      pool,
      out: '',
      format: task.format,
      identity: null,
      ordered: task.ordered,
      ...(task.partRecords === undefined ? {} : { partRecords: task.partRecords }),
      ...(task.dropBelowQuality ? { drop: dropBelowQuality } : {}),
      signal: stop.signal,
      sink: async (records) => {
        const bytes = await encodeRecords(records, task.format);
        const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
        send({ kind: 'part', bytes }, owned && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : []);
      },
      store: {
        load: async () => task.state,
        save: (state) =>
          new Promise<void>((resolve) => {
            waiting.push(resolve);
            send({ kind: 'state', state });
          }),
      },
      onProgress: (progress) => send({ kind: 'progress', progress }),
    });
    send({ kind: 'done', finished: outcome.finished, fromBytes: outcome.thisRun.fromBytes });
  } catch (error) {
    const code = error instanceof PithError ? error.code : 'INTERNAL';
    send({ kind: 'error', code, message: error instanceof Error ? error.message : String(error) });
  } finally {
    await pool.close();
    port.close();
  }
}

void runShare();
