import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, Option } from 'commander';
import { PithError } from '../index.js';
import {
  DEFAULT_WORKER_JOB_BYTES,
  type JobPolicy,
  PithQueue,
  QueueWorker,
  redisUrl,
  resolvePolicy,
  WorkerMetrics,
} from '../queue/index.js';
import { nonNegative } from './batch-options.js';
import { byteSize, positiveInteger } from './options.js';
import { addQueueOptions } from './queue-command.js';

interface WorkerCommandOptions {
  redis?: string;
  queue: string;
  concurrency: number;
  workers: number;
  name?: string;
  metricsPort?: number;
  metricsHost: string;
  shutdownGrace: number;
  lockDuration: number;
  stalledInterval?: number;
  pageWorker?: URL;
  inputRoot: string[];
  outputRoot: string;
  allowPrivate?: boolean;
  maxJobBytes: number;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Builds `pith worker`. */
export function workerCommand(): Command {
  return addQueueOptions(new Command('worker'))
    .description(
      'Run the jobs of a pith queue (see pith queue add) until stopped: each job through the same ' +
        'pipeline as pith warc / pith feed on the worker-thread pool, its records in one output file ' +
        'written whole. Start one per machine; a worker that dies (kill -9, a lost machine) has its ' +
        'jobs taken over by the others once its locks expire; Redis may go away and come back.',
    )
    .requiredOption(
      '--output-root <dir>',
      'the directory this worker writes under: a job whose results directory is elsewhere is refused (OUTPUT_NOT_ALLOWED)',
    )
    .option(
      '--input-root <dir>',
      'a directory this worker reads archives from (repeatable): an archive job elsewhere is refused (INPUT_NOT_ALLOWED); none: no archive job runs',
      collect,
      [] as string[],
    )
    .option(
      '--allow-private',
      'let URL and feed jobs reach private, loopback and link-local addresses (else a job that asks is refused: PRIVATE_NOT_ALLOWED)',
    )
    .addOption(
      new Option(
        '--max-job-bytes <size>',
        'largest job payload (its data as JSON) this worker runs (JOB_TOO_LARGE)',
      )
        .argParser(byteSize)
        .default(DEFAULT_WORKER_JOB_BYTES, '16M'),
    )
    .option('--concurrency <n>', 'jobs run at once', positiveInteger, 1)
    .addOption(
      new Option('-w, --workers <n>', 'worker threads extracting pages, shared by the jobs')
        .argParser(positiveInteger)
        .default(availableParallelism(), `one per core, ${availableParallelism()} here`),
    )
    .option('--name <name>', "this worker's name in pith queue status (default host:pid)")
    .option('--metrics-port <port>', 'serve Prometheus metrics on GET /metrics at this port', nonNegative)
    .option(
      '--metrics-host <host>',
      'address of the metrics listener (they need no key: 0.0.0.0 opens them to every interface)',
      '127.0.0.1',
    )
    .option(
      '--shutdown-grace <ms>',
      'on SIGTERM/SIGINT, time running jobs have to finish before they are handed back',
      nonNegative,
      30_000,
    )
    .option(
      '--lock-duration <ms>',
      "a job's lock: a dead worker's job goes to another worker after this",
      positiveInteger,
      30_000,
    )
    .addOption(
      new Option('--stalled-interval <ms>', 'how often dead workers are looked for (default: half the lock)')
        .argParser(positiveInteger)
        .hideHelp(),
    )
    .addOption(
      new Option('--page-worker <module>', 'tests: the module the extraction threads run')
        .argParser((file: string) => pathToFileURL(path.resolve(file)))
        .hideHelp(),
    )
    .addHelpText(
      'after',
      '\nA job is trusted in nothing: the worker checks every one (its fields, with the rules of\n' +
        "pith serve's /v1/jobs) against its own flags before it reads, writes or fetches anything; a job\n" +
        'that fails the checks is a dead letter with its code (BAD_JOB, BAD_OPTION, UNKNOWN_EXTRACTOR,\n' +
        'JOB_TOO_LARGE, INPUT_NOT_ALLOWED, OUTPUT_NOT_ALLOWED, PRIVATE_NOT_ALLOWED).\n\n' +
        'SIGTERM or SIGINT: no new job; running jobs finish within --shutdown-grace, then are handed\n' +
        'back to the queue; a second signal hands them back at once. Redis gone: after 10 s more the\n' +
        'jobs are abandoned (another worker takes them over once Redis is back). Exit status 0.\n\n' +
        'Examples:\n  PITH_REDIS_URL=redis://queue.internal:6379 pith worker --input-root /data/cc --output-root /data/out --concurrency 2 --metrics-port 9464\n' +
        '  pith worker --redis redis://10.0.0.5:6379 --output-root /data/out --workers 16 --concurrency 4',
    )
    .action(async (options: WorkerCommandOptions) => {
      process.exitCode = await runWorker(options);
    });
}

/** The worker's policy from its flags: its roots must be directories that exist. */
async function policyOf(options: WorkerCommandOptions): Promise<JobPolicy> {
  for (const [flag, dir] of [
    ...options.inputRoot.map((root) => ['--input-root', root]),
    ['--output-root', options.outputRoot],
  ]) {
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) throw new PithError('BAD_OPTION', `${flag} ${dir}: not a directory`);
  }
  return resolvePolicy({
    inputRoots: options.inputRoot,
    outputRoot: options.outputRoot,
    allowPrivate: options.allowPrivate === true,
    maxJobBytes: options.maxJobBytes,
  });
}

async function runWorker(options: WorkerCommandOptions): Promise<number> {
  const url = redisUrl(options.redis);
  const log = (line: string) => process.stderr.write(`pith worker: ${line}\n`);
  const policy = await policyOf(options);
  // Metrics only when asked: their collectors (GC and event-loop observers, a second Redis
  // connection for the queue's depth) are not free.
  const depth =
    options.metricsPort === undefined ? undefined : new PithQueue(url, options.queue, { lasting: true });
  const metrics = depth ? new WorkerMetrics(() => depth.counts()) : undefined;
  const worker = new QueueWorker({
    redis: url,
    queue: options.queue,
    policy,
    concurrency: options.concurrency,
    threads: options.workers,
    ...(options.name ? { name: options.name } : {}),
    lockDurationMs: options.lockDuration,
    ...(options.stalledInterval ? { stalledIntervalMs: options.stalledInterval } : {}),
    ...(options.pageWorker ? { pageWorker: options.pageWorker } : {}),
    ...(metrics ? { metrics } : {}),
    log,
  });
  const server =
    options.metricsPort === undefined
      ? undefined
      : await metrics?.serve(options.metricsPort, options.metricsHost);
  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    const onSignal = (signal: string) => {
      if (stopping) {
        log(`${signal} again: handing the running jobs back`);
        worker.handBack();
        return;
      }
      stopping = true;
      log(
        `${signal}: no new job; running jobs finish within ${options.shutdownGrace} ms, then are handed back`,
      );
      void worker.stop(options.shutdownGrace).then(
        () => resolve(),
        (error: unknown) => {
          log(`stopping: ${String(error)}`);
          resolve();
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
  // Redis may be away at start (the worker waits for it): a signal then stops the wait too.
  if (await Promise.race([worker.start().then(() => true), stopped.then(() => false)])) {
    const address = server?.address();
    log(
      `${worker.name} on queue ${options.queue} at ${url}: ${options.concurrency} jobs at once, ${worker.threads} threads` +
        (address && typeof address === 'object'
          ? `, metrics on ${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
          : '') +
        `; reads archives under ${policy.inputRoots.length > 0 ? policy.inputRoots.join(', ') : 'no directory'}, writes under ${policy.outputRoot}${policy.allowPrivate ? ', fetches private addresses' : ''}`,
    );
  }
  await stopped;
  server?.close();
  const shortly = () => new Promise((resolve) => setTimeout(resolve, 2000).unref());
  await Promise.race([depth?.close().catch(() => undefined), shortly()]);
  log('stopped');
  // With Redis gone for good, a connection that never came up keeps reconnecting (ioredis lets go of
  // it only once connected): the worker is stopped, so the process ends even then.
  setTimeout(() => process.exit(), 2000).unref();
  return 0;
}
