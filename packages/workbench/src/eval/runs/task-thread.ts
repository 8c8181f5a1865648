/**
 * The bench's task module, run on the threads of @pith/tools' pool: `setup` gets the
 * {@link TaskSettings}, then one task at a time.
 */
import { useModelFiles } from '@pith/tools';
import { describeError, type Task, type TaskResult, TaskRunner, type TaskSettings } from './task.js';

let runner: TaskRunner | undefined;

/** Held-out models are files named by path; every shipped model ready for extract(). */
export async function setup(settings: TaskSettings): Promise<void> {
  await useModelFiles();
  runner = new TaskRunner(settings);
}

export default async function runTask(task: Task): Promise<TaskResult> {
  try {
    return await (runner as TaskRunner).run(task);
  } catch (error) {
    // Scoring itself failed: report it as a failure of this page, keep the worker.
    return { id: task.id, failed: true, error: describeError(error), ms: 0, cached: false, scores: {} };
  }
}
