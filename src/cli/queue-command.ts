import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import { PithError, VERSION } from '../index.js';
import { archiveRanges } from '../input/warc/index.js';
import {
  DEFAULT_QUEUE,
  type JobFetchOptions,
  JobRefusal,
  PithQueue,
  type QueueJobData,
  type QueueStatus,
  redisUrl,
} from '../queue/index.js';
import {
  addFetchOptions,
  addRecordOptions,
  belowQualityDrop,
  type FetchCommandOptions,
  pageSettings,
  type RecordCommandOptions,
} from './batch-options.js';
import { byteSize, positiveInteger, timeSpan } from './options.js';

interface QueueOptions {
  redis?: string;
  queue: string;
}

interface AddCommandOptions extends QueueOptions, RecordCommandOptions {
  out: string;
  json?: boolean;
  attempts: number;
  backoff: number;
  keepCompleted: number;
  keepFailed?: number;
}

/** `--redis` and `--queue`, on every queue command and on `pith worker`. */
export function addQueueOptions(command: Command): Command {
  return command
    .option('--redis <url>', 'the Redis server (default: $PITH_REDIS_URL, else redis://127.0.0.1:6379)')
    .option('--queue <name>', 'the queue', DEFAULT_QUEUE);
}

/** Builds `pith queue` (add, status, retry-failed, drain). */
export function queueCommand(): Command {
  const command = new Command('queue')
    .description(
      'Jobs for pith workers on other machines, on a BullMQ queue in Redis (see pith worker). A job is ' +
        'one archive file, a batch of URLs or a feed; its id comes from its input, options and pith version, so ' +
        'submitting the same work twice adds nothing. Each job writes one output file to --out (a ' +
        'directory every worker sees at the same path), whole or not at all.',
    )
    .addCommand(addCommand())
    .addCommand(statusCommand())
    .addCommand(
      addQueueOptions(new Command('retry-failed'))
        .description('move the dead letters (jobs failed after their last attempt) back to waiting')
        .action(async (options: QueueOptions) =>
          withQueue(options, async (queue) => {
            const count = await queue.retryFailed();
            process.stdout.write(`${count} failed jobs back to waiting\n`);
          }),
        ),
    )
    .addCommand(
      addQueueOptions(new Command('drain'))
        .description('remove the jobs that wait (running jobs finish; completed and failed ones stay)')
        .action(async (options: QueueOptions) =>
          withQueue(options, async (queue) => {
            const count = await queue.drain();
            process.stdout.write(`${count} waiting jobs removed\n`);
          }),
        ),
    );
  return command;
}

async function withQueue(options: QueueOptions, run: (queue: PithQueue) => Promise<void>): Promise<void> {
  const url = redisUrl(options.redis);
  const queue = new PithQueue(url, options.queue);
  try {
    await run(queue);
  } catch (error) {
    if (error instanceof PithError) throw error;
    // A job the workers would refuse (checks.ts) is not added: the same code, here and now.
    if (error instanceof JobRefusal) throw new PithError('BAD_OPTION', `${error.code}: ${error.message}`);
    throw new PithError('READ_FAILED', `queue ${options.queue} at ${url}: ${(error as Error).message}`);
  } finally {
    await queue.close().catch(() => undefined);
  }
}

function addCommand(): Command {
  const add = new Command('add').description('add jobs');
  const common = (command: Command) =>
    addRecordOptions(
      addQueueOptions(command)
        .requiredOption('-o, --out <dir>', 'results directory, the same path on every worker')
        .option('--attempts <n>', 'attempts before a job is a dead letter', positiveInteger, 3)
        .option('--backoff <ms>', 'first retry delay, doubled at each attempt', positiveInteger, 5000)
        .addOption(
          new Option(
            '--keep-completed <time>',
            'how long a completed job stays in Redis (7d, 12h, 30m): its id keeps a resubmission out until then',
          )
            .argParser(timeSpan)
            .default(7 * 86_400_000, '7d'),
        )
        .option(
          '--keep-failed <time>',
          'how long a dead letter stays in Redis (default: until retry-failed or drain)',
          timeSpan,
        )
        .option('--json', 'print {added, existing, ids} as JSON'),
    );
  add.addCommand(
    common(new Command('warc'))
      .description('one job per archive file (WARC/ARC, as pith warc reads them)')
      .argument('<archives...>', 'archive files, at the same path on every worker')
      .option(
        '--split-bytes <size>',
        'one job per range of about this many bytes of each archive (e.g. 256M), each starting at a ' +
          'record; finding them reads the archive once here. A file gzipped whole is one job',
        byteSize,
      )
      .action(async (archives: string[], options: AddCommandOptions & { splitBytes?: number }) => {
        const jobs: QueueJobData[] = [];
        for (const archive of archives) {
          const file = path.resolve(archive);
          const info = await stat(file).catch(() => undefined);
          if (!info?.isFile()) throw new PithError('BAD_OPTION', `${archive}: not a readable file`);
          const ranges =
            options.splitBytes === undefined ? [] : await archiveRanges(file, options.splitBytes);
          if (ranges.length === 1 && info.size > (options.splitBytes ?? 0)) {
            process.stderr.write(
              `pith queue add: ${archive}: no record starts past its first ${options.splitBytes} bytes ` +
                '(gzipped whole, or one record): one job\n',
            );
          }
          // One range is the whole file: the job without a range (the same id as without --split-bytes).
          for (const range of ranges.length > 1 ? ranges : [undefined]) {
            jobs.push({
              kind: 'warc',
              file,
              size: info.size,
              mtimeMs: Math.round(info.mtimeMs),
              ...(range ? { range } : {}),
              ...jobCommon(options),
            });
          }
        }
        await submit(options, jobs);
      }),
  );
  add.addCommand(
    addFetchOptions(common(new Command('urls')), 'pages')
      .description('jobs of --batch URLs each, from a file of URLs (one a line; # starts a comment)')
      .argument('<file>', 'the URL list')
      .option('--batch <n>', 'URLs per job', positiveInteger, 100)
      .action(async (file: string, options: AddCommandOptions & FetchCommandOptions & { batch: number }) => {
        const urls = await readUrls(file);
        const fetch = jobFetchOptions(options);
        const jobs: QueueJobData[] = [];
        for (let start = 0; start < urls.length; start += options.batch) {
          jobs.push({
            kind: 'urls',
            urls: urls.slice(start, start + options.batch),
            fetch,
            ...jobCommon(options),
          });
        }
        await submit(options, jobs);
      }),
  );
  add.addCommand(
    addFetchOptions(common(new Command('feed')), 'item pages')
      .description(
        'one job per feed (RSS, Atom, RDF, JSON Feed): the feed read and its item pages fetched and ' +
          'extracted, as pith feed does (no conditional GET: each round reads every item)',
      )
      .argument('<feeds...>', 'feed URLs (http or https)')
      .option(
        '--round <label>',
        'a feed is one job per round: submitted again in the same round it adds nothing, in the next it is read again (default: the hour, UTC, e.g. 2026-11-26T14)',
      )
      .action(
        async (feeds: string[], options: AddCommandOptions & FetchCommandOptions & { round?: string }) => {
          for (const feed of feeds) checkHttpUrl(feed, 'the feeds');
          const round = options.round ?? new Date().toISOString().slice(0, 13);
          const fetch = jobFetchOptions(options);
          await submit(
            options,
            feeds.map((feed) => ({ kind: 'feed', feed, round, fetch, ...jobCommon(options) })),
          );
        },
      ),
  );
  return add;
}

/** What every job of a submission shares; the options left at their defaults stay out (job ids unchanged). */
function jobCommon(options: AddCommandOptions) {
  return {
    version: VERSION,
    out: path.resolve(options.out),
    format: options.output,
    settings: pageSettings(options),
    partRecords: options.partRecords,
    ...(options.unordered ? { ordered: false as const } : {}),
    ...(belowQualityDrop(options) ? { dropBelowQuality: true as const } : {}),
  };
}

function jobFetchOptions(options: FetchCommandOptions): JobFetchOptions {
  return {
    allowPrivate: options.allowPrivate ?? false,
    timeoutMs: options.fetchTimeout,
    perHost: options.perHost,
    delayMs: options.delay,
    retries: options.retries,
    robots: options.robots,
    concurrency: options.concurrency,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  };
}

function checkHttpUrl(url: string, where: string): void {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new PithError('BAD_OPTION', `${where}: not an http(s) URL: ${url.slice(0, 200)}`);
  }
}

async function readUrls(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new PithError('BAD_OPTION', `${file}: not a readable file`);
  });
  const urls: string[] = [];
  for (const line of text.split('\n')) {
    const url = line.replace(/#.*/, '').trim();
    if (url === '') continue;
    checkHttpUrl(url, file);
    urls.push(url);
  }
  return urls;
}

async function submit(options: AddCommandOptions, jobs: QueueJobData[]): Promise<void> {
  await withQueue(options, async (queue) => {
    const outcome = await queue.add(jobs, {
      attempts: options.attempts,
      backoffMs: options.backoff,
      retention: { completedMs: options.keepCompleted, failedMs: options.keepFailed ?? null },
    });
    if (options.json) {
      process.stdout.write(`${JSON.stringify(outcome)}\n`);
      return;
    }
    process.stdout.write(
      `${outcome.added} jobs added to ${options.queue}${outcome.existing > 0 ? `, ${outcome.existing} already there (same input, options and version)` : ''}\n`,
    );
  });
}

function statusCommand(): Command {
  return addQueueOptions(new Command('status'))
    .description('jobs by state, records/s, workers, dead letters')
    .option('--json', 'as JSON')
    .action(async (options: QueueOptions & { json?: boolean }) =>
      withQueue(options, async (queue) => {
        const status = await queue.status();
        process.stdout.write(options.json ? `${JSON.stringify(status, null, 2)}\n` : statusText(status));
      }),
    );
}

function statusText(status: QueueStatus): string {
  const { counts, recent } = status;
  const lines = [
    `queue ${status.queue}: ${counts.waiting + counts.prioritized} waiting, ${counts.active} active, ${counts.delayed} delayed (retry backoff), ${counts.completed} completed, ${counts.failed} failed`,
    `last ${recent.jobs} completed jobs: ${recent.pages} pages (${recent.ok} ok)${recent.recordsPerSecond === null ? '' : `, ${recent.recordsPerSecond} records/s`}`,
  ];
  if (status.workers.length > 0) lines.push('workers:');
  for (const worker of status.workers) {
    lines.push(
      `  ${worker.name}${worker.connected ? '' : ' (gone)'}: ${worker.jobs} jobs, ${worker.pages} pages${worker.recordsPerSecond === null ? '' : `, ${worker.recordsPerSecond} records/s`}`,
    );
  }
  if (status.deadLetters.length > 0) lines.push('dead letters (pith queue retry-failed retries them):');
  for (const letter of status.deadLetters) {
    lines.push(`  ${letter.id} ${letter.input} after ${letter.attemptsMade} attempts: ${letter.reason}`);
  }
  return `${lines.join('\n')}\n`;
}
