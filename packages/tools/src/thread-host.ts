/**
 * What runs in each thread of a {@link ThreadPool}: loads the task module, runs its `setup(data)` once,
 * says it is ready, then runs one task at a time with the module's default export. A task that throws
 * is answered as `failed`: the thread goes on. Nothing imports this module but the thread's bootstrap:
 * importing it elsewhere would serve tasks twice.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface HostWorkerData {
  /** URL of the task module. */
  module: string;
  /** For the module's `setup`. */
  data: unknown;
}

export interface HostTask<Task> {
  id: number;
  task: Task;
}

export type HostMessage<Result> =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; value: Result }
  | { kind: 'failed'; id: number; message: string };

/** A task module: its default export runs one task; `setup` runs once per thread before any. */
interface TaskModule {
  default: (task: unknown) => unknown;
  setup?: (data: unknown) => unknown;
}

/** The mark of a result made by `moved()` (thread-pool.ts): a registered symbol, the same in every copy of the module. */
const MOVED = Symbol.for('pith.thread-pool.moved');

interface Moved {
  [MOVED]: true;
  value: unknown;
  transfer: readonly ArrayBuffer[];
}

function isMoved(value: unknown): value is Moved {
  return typeof value === 'object' && value !== null && MOVED in value;
}

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const { module, data } = workerData as HostWorkerData;
  const taskModule = (await import(module)) as TaskModule;
  await taskModule.setup?.(data);
  port.on('message', async ({ id, task }: HostTask<unknown>) => {
    let answer: HostMessage<unknown>;
    let transfer: readonly ArrayBuffer[] = [];
    try {
      const value = await taskModule.default(task);
      if (isMoved(value)) transfer = value.transfer;
      answer = { kind: 'done', id, value: isMoved(value) ? value.value : value };
    } catch (error) {
      answer = { kind: 'failed', id, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer, [...transfer]);
  });
  port.postMessage({ kind: 'ready' } satisfies HostMessage<unknown>);
}

void serve().catch((error: unknown) => {
  // A module that does not load or set up: the thread dies before it is ready.
  setImmediate(() => {
    throw error;
  });
});
