/**
 * queue/: pith on many machines, on BullMQ over Redis. Jobs (one archive file, or a batch of URLs)
 * with ids derived from their input, options and pith's version; the checks every job passes where
 * it is submitted and again in the worker (checks.ts: fields, roots, private addresses); the
 * submitting side (`PithQueue`: add, status, retry the dead letters, drain; per-client quotas);
 * the worker (`QueueWorker`: the batch pipeline, one output file per job in a results store,
 * graceful hand-back); the worker's Prometheus metrics.
 */
export {
  type CheckedJob,
  checkJob,
  checkJobFields,
  DEFAULT_WORKER_JOB_BYTES,
  JOB_LIMITS,
  type JobFieldLimits,
  type JobPolicy,
  JobRefusal,
  type JobRefusalCode,
  jobBytes,
  resolvePolicy,
} from './checks.js';
export {
  type AddOptions,
  type AddOutcome,
  type JobState,
  type JobView,
  PithQueue,
  type QueueStatus,
} from './client.js';
export { DEFAULT_QUEUE, DEFAULT_REDIS_URL, redisUrl } from './connection.js';
export {
  type JobFetchOptions,
  jobId,
  jobInput,
  outputName,
  type QueueJobData,
  type QueueJobResult,
  type UrlsJobData,
  type WarcJobData,
} from './jobs.js';
export { type JobOutcome, WorkerMetrics } from './metrics.js';
export { type JobRequest, JobRequestError, JobService, type JobServiceOptions } from './service.js';
export { DirectoryStore, type OutputWriter, type ResultStore } from './store.js';
export { QueueWorker, type QueueWorkerOptions } from './worker.js';
