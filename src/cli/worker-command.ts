import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, Option } from 'commander';
import { PithQueue, QueueWorker, redisUrl, WorkerMetrics } from '../queue/index.js';
import { nonNegative } from './batch-options.js';
import { positiveInteger } from './options.js';
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
    .option('--concurrency <n>', 'jobs run at once', positiveInteger, 1)
    .addOption(
      new Option('-w, --workers <n>', 'worker threads extracting pages, shared by the jobs')
        .argParser(positiveInteger)
        .default(availableParallelism(), `one per core, ${availableParallelism()} here`),
    )
    .option('--name <name>', "this worker's name in pith queue status (default host:pid)")
    .option('--metrics-port <port>', 'serve Prometheus metrics on GET /metrics at this port', nonNegative)
    .option('--metrics-host <host>', 'address of the metrics listener', '0.0.0.0')
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
      '\nSIGTERM or SIGINT: no new job; running jobs finish within --shutdown-grace, then are handed\n' +
        'back to the queue; a second signal hands them back at once. Redis gone: after 10 s more the\n' +
        'jobs are abandoned (another worker takes them over once Redis is back). Exit status 0.\n\n' +
        'Examples:\n  PITH_REDIS_URL=redis://queue.internal:6379 pith worker --concurrency 2 --metrics-port 9464\n' +
        '  pith worker --redis redis://10.0.0.5:6379 --workers 16 --concurrency 4',
    )
    .action(async (options: WorkerCommandOptions) => {
      process.exitCode = await runWorker(options);
    });
}

async function runWorker(options: WorkerCommandOptions): Promise<number> {
  const url = redisUrl(options.redis);
  const log = (line: string) => process.stderr.write(`pith worker: ${line}\n`);
  // Metrics only when asked: their collectors (GC and event-loop observers, a second Redis
  // connection for the queue's depth) are not free.
  const depth =
    options.metricsPort === undefined ? undefined : new PithQueue(url, options.queue, { lasting: true });
  const metrics = depth ? new WorkerMetrics(() => depth.counts()) : undefined;
  const worker = new QueueWorker({
    redis: url,
    queue: options.queue,
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
        (address && typeof address === 'object' ? `, metrics on port ${address.port}` : ''),
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
