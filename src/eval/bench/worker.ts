/**
 * The bench worker thread: runs tasks one at a time as the pool sends them.
 * `workerData` holds the {@link TaskSettings}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { useModelFiles } from '../../tools/index.js';
import { describeError, type Task, TaskRunner, type TaskSettings } from './task.js';

// Held-out models are files named by path; every shipped model ready for extract().
const ready = useModelFiles();

const port = parentPort;
if (!port) throw new Error('bench worker: not running in a worker thread');
const runner = new TaskRunner(workerData as TaskSettings);

port.on('message', async (task: Task) => {
  try {
    port.postMessage(await runner.run(task));
  } catch (error) {
    // Scoring itself failed: report it as a failure of this page, keep the worker.
    port.postMessage({
      id: task.id,
      failed: true,
      error: describeError(error),
      ms: 0,
      cached: false,
      scores: {},
    });
  }
});
// Ready once the models are: the pool sends pages only then.
void ready.then(() => port.postMessage({ ready: true }));
