import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import { timeSpan } from './options.js';

interface ServeCommandOptions {
  host: string;
  port: number;
  maxBody: number;
  timeout: number;
  requestTimeout: number;
  concurrency: number;
  maxHeap?: number;
  queue: number;
  maxBatch: number;
  apiKeyFile?: string;
  rateLimit?: number;
  rateWindow: number;
  log?: boolean;
  jobsOut?: string;
  warcDir?: string;
  redis?: string;
  jobsQueue: string;
  maxConnections: number;
  sendTimeout: number;
  maxAnswer: number;
  maxUnsent: number;
  allowHost: string[];
  authFailures: number;
  jobsMax: number;
  jobsMaxBytes: number;
  jobMaxBytes: number;
  jobsRetention: number;
  jobsShared?: boolean;
}

/** The keys of `--api-key-file`: a regular file, one key a line. */
function readApiKeys(path: string, parse: (text: string) => string[]): { keys: string[]; warning?: string } {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : 'cannot read it';
    throw new Error(`--api-key-file ${path}: ${why}`);
  }
  if (!stats.isFile()) throw new Error(`--api-key-file ${path}: not a regular file`);
  let keys: string[];
  try {
    keys = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`--api-key-file ${path}: ${(error as Error).message}`);
  }
  const warning =
    (stats.mode & 0o044) !== 0 ? `${path} is readable by other users (chmod 600 ${path})` : undefined;
  return { keys, ...(warning ? { warning } : {}) };
}

function wholeNumber(min: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min)
      throw new InvalidArgumentError(`expected a whole number ≥ ${min}`);
    return parsed;
  };
}

const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  kb: 1024,
  k: 1024,
  mb: 1024 ** 2,
  m: 1024 ** 2,
};

/** `10mb`, `512kb`, `2m` or a number of bytes. */
function byteSize(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  const name = match?.[2].toLowerCase() ?? '';
  const unit = Object.hasOwn(SIZE_UNITS, name) ? SIZE_UNITS[name] : undefined;
  if (!match || unit === undefined)
    throw new InvalidArgumentError('expected a size such as 10mb, 512kb or 1048576');
  const bytes = Math.floor(Number(match[1]) * unit);
  if (bytes < 1) throw new InvalidArgumentError('expected a size of at least 1 byte');
  return bytes;
}

/** `15000` (ms) or `15s`. */
function duration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/i.exec(value.trim());
  if (!match) throw new InvalidArgumentError('expected milliseconds (15000) or seconds (15s)');
  const ms = Math.round(Number(match[1]) * (match[2]?.toLowerCase() === 's' ? 1000 : 1));
  if (ms < 1) throw new InvalidArgumentError('expected at least 1 ms');
  return ms;
}

/** Builds `pith serve`. */
export function serveCommand(): Command {
  const cores = Math.max(1, availableParallelism());
  return new Command('serve')
    .description(
      'Run the HTTP service and its web page.\n\n' +
        'Open the printed address in a browser: paste a page or a URL, pick an extractor, and see what was ' +
        'kept. Programs use the JSON API (POST /v1/extract, POST /v1/extract/batch, GET /v1/extractors, ' +
        'GET /healthz, GET /metrics), described at /openapi.json.\n\n' +
        'Pages are extracted in worker threads. Past --concurrency pages at once, up to --queue more wait; ' +
        'beyond that the server answers 503 with Retry-After. URLs are fetched only from public addresses.',
    )
    .addOption(
      new Option(
        '--host <address>',
        'address to listen on; 0.0.0.0 opens the server to the network (then use --api-key-file)',
      ).default('127.0.0.1'),
    )
    .addOption(
      new Option('-p, --port <n>', 'port to listen on; 0 picks a free one')
        .argParser(wholeNumber(0))
        .default(8080),
    )
    .addOption(
      new Option(
        '--max-body <size>',
        'largest request body, and largest page fetched from a URL; larger gets 413',
      )
        .argParser(byteSize)
        .default(10 * 1024 * 1024, '10mb'),
    )
    .addOption(
      new Option(
        '--timeout <ms>',
        'time allowed per page, fetching and waiting included (15000 or 15s); then 504',
      )
        .argParser(duration)
        .default(15_000, '15s'),
    )
    .addOption(
      new Option(
        '--request-timeout <ms>',
        'time a client has to send its whole request, headers and body (60000 or 60s); then 408',
      )
        .argParser(duration)
        .default(60_000, '60s'),
    )
    .addOption(
      new Option('--concurrency <n>', 'pages extracted at once, one worker thread each')
        .argParser(wholeNumber(1))
        .default(cores, `${cores}, the CPU cores`),
    )
    .addOption(
      new Option(
        '--max-heap <mb>',
        "heap limit of each worker thread, MB: keeps the server's memory flat over time; a page that needs more fails alone, WORKER_FAILED (default: 384)",
      ).argParser(wholeNumber(16)),
    )
    .addOption(
      new Option('--queue <n>', 'pages that may wait for a worker; beyond that, 503 with Retry-After')
        .argParser(wholeNumber(0))
        .default(64),
    )
    .addOption(
      new Option('--max-batch <n>', 'most pages in one POST /v1/extract/batch')
        .argParser(wholeNumber(1))
        .default(100),
    )
    .addOption(
      new Option(
        '--api-key-file <file>',
        'require an API key (Authorization: Bearer KEY) from the keys in FILE, one a line; the web page, /healthz and /openapi.json stay open',
      ),
    )
    .addOption(
      new Option(
        '--rate-limit <n>',
        'requests a client (its API key, else its address) may make per --rate-window; then 429 with Retry-After (default: no limit)',
      ).argParser(wholeNumber(1)),
    )
    .addOption(
      new Option('--rate-window <ms>', 'the window of --rate-limit (60000 or 60s)')
        .argParser(duration)
        .default(60_000, '60s'),
    )
    .addOption(
      new Option(
        '--max-connections <n>',
        'connections open at once (keep-alive ones included); past it a new connection is closed at once',
      )
        .argParser(wholeNumber(1))
        .default(512),
    )
    .addOption(
      new Option(
        '--send-timeout <ms>',
        'time a client has to take an answer (a batch: each line) once it is ready (30000 or 30s); then the connection is closed',
      )
        .argParser(duration)
        .default(30_000, '30s'),
    )
    .addOption(
      new Option(
        '--max-answer <size>',
        'largest answer; larger is a 422 ANSWER_TOO_LARGE (include=view,html,markdown,text on a 10 MB page is about 50 MB)',
      )
        .argParser(byteSize)
        .default(32 * 1024 * 1024, '32mb'),
    )
    .addOption(
      new Option(
        '--max-unsent <size>',
        'bytes of answers not yet taken by their clients the server holds in all; past it, 503 with Retry-After',
      )
        .argParser(byteSize)
        .default(256 * 1024 * 1024, '256mb'),
    )
    .addOption(
      new Option(
        '--allow-host <name>',
        'a host name to answer to besides localhost, 127.0.0.1 and [::1] (repeat it; * for any): on a loopback address only these are answered, against DNS rebinding',
      )
        .argParser((value: string, previous: string[]) => [...previous, value])
        .default([], 'none'),
    )
    .addOption(
      new Option(
        '--auth-failures <n>',
        'requests with a key that is not valid one address may make per minute; then 429 for the rest of the minute (0: no limit)',
      )
        .argParser(wholeNumber(0))
        .default(10),
    )
    .option('--log', 'log one JSON line per request to standard output')
    .option(
      '--jobs-out <dir>',
      'enable asynchronous jobs (POST /v1/jobs) on the pith queue, their outputs in DIR (run pith worker on the same queue)',
    )
    .option(
      '--warc-dir <dir>',
      'the one directory from which jobs may name archives (default: no archive jobs)',
    )
    .option('--redis <url>', "the queue's Redis (default: $PITH_REDIS_URL, else redis://127.0.0.1:6379)")
    .option('--jobs-queue <name>', 'the queue jobs go to', 'pith')
    .addOption(
      new Option(
        '--jobs-max <n>',
        'jobs one client (API key, else address) may keep in Redis, running or finished and not yet removed; then 429 QUOTA_EXCEEDED',
      )
        .argParser(wholeNumber(1))
        .default(1000),
    )
    .addOption(
      new Option(
        '--jobs-max-bytes <size>',
        "bytes of job payload one client's jobs may keep in Redis; then 429 QUOTA_EXCEEDED",
      )
        .argParser(byteSize)
        .default(64 * 1024 * 1024, '64mb'),
    )
    .addOption(
      new Option(
        '--job-max-bytes <size>',
        "one job's payload (its URLs and settings as JSON); larger gets 413 JOB_TOO_LARGE",
      )
        .argParser(byteSize)
        .default(1024 * 1024, '1mb'),
    )
    .addOption(
      new Option(
        '--jobs-retention <time>',
        'how long a finished job (completed or failed) stays in Redis, and can be read, after it finishes (7d, 12h, 30m); its output file stays',
      )
        .argParser(timeSpan)
        .default(7 * 86_400_000, '7d'),
    )
    .option(
      '--jobs-shared',
      'one space of jobs for all clients: any client finds and reads any job (default: each client its own)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  pith serve                       # then open http://127.0.0.1:8080\n' +
        '  pith serve --port 3000 --concurrency 4 --timeout 30s\n' +
        '  pith serve --host 0.0.0.0 --api-key-file keys.txt --rate-limit 120   # beyond this machine\n' +
        "  curl -s localhost:8080/v1/extract -H 'content-type: application/json' \\\n" +
        '       -d \'{"url": "https://example.com/", "format": "text"}\'\n' +
        '  curl -s --data-binary @page.html -H "content-type: text/html" "localhost:8080/v1/extract?format=text"\n',
    )
    .action(async (options: ServeCommandOptions, command: Command) => {
      if (options.maxAnswer > options.maxUnsent) {
        command.error(
          `error: --max-answer (${options.maxAnswer} bytes) is over --max-unsent (${options.maxUnsent} bytes): no answer that large could be sent`,
          { exitCode: 2, code: 'pith.maxAnswer' },
        );
      }
      // Loaded here so that `pith extract` does not pay for the HTTP framework.
      const { createServer, parseApiKeys, startupWarnings } = await import('../server/index.js');
      const warn = (message: string) => process.stderr.write(`pith serve: warning: ${message}\n`);
      let apiKeys: string[] | undefined;
      if (options.apiKeyFile !== undefined) {
        let read: ReturnType<typeof readApiKeys>;
        try {
          read = readApiKeys(options.apiKeyFile, parseApiKeys);
        } catch (error) {
          command.error(`error: ${(error as Error).message}`, { exitCode: 2, code: 'pith.apiKeyFile' });
        }
        apiKeys = read.keys;
        if (read.warning) warn(read.warning);
      }
      let jobs: import('../queue/index.js').JobService | undefined;
      if (options.jobsOut !== undefined) {
        const { JobService, redisUrl } = await import('../queue/index.js');
        jobs = new JobService({
          redis: redisUrl(options.redis),
          queue: options.jobsQueue,
          out: options.jobsOut,
          ...(options.warcDir ? { warcDirectory: options.warcDir } : {}),
          // The workers fetch as this server would: public addresses only.
          fetch: {
            allowPrivate: false,
            timeoutMs: options.timeout,
            perHost: 2,
            delayMs: 1000,
            retries: 3,
            robots: true,
            concurrency: 8,
          },
          timeoutMs: options.timeout,
          maxBytes: options.maxBody,
          maxJobBytes: options.jobMaxBytes,
          quota: { maxJobs: options.jobsMax, maxBytes: options.jobsMaxBytes },
          retentionMs: options.jobsRetention,
          shared: options.jobsShared === true,
        });
      }
      const server = createServer({
        host: options.host,
        port: options.port,
        maxBodyBytes: options.maxBody,
        timeoutMs: options.timeout,
        requestTimeoutMs: options.requestTimeout,
        concurrency: options.concurrency,
        ...(options.maxHeap ? { maxHeapMb: options.maxHeap } : {}),
        queue: options.queue,
        maxBatch: options.maxBatch,
        ...(apiKeys ? { apiKeys } : {}),
        ...(options.rateLimit ? { rateLimit: { max: options.rateLimit, windowMs: options.rateWindow } } : {}),
        log: options.log === true,
        ...(jobs ? { jobs } : {}),
        maxConnections: options.maxConnections,
        sendTimeoutMs: options.sendTimeout,
        maxAnswerBytes: options.maxAnswer,
        maxUnsentBytes: options.maxUnsent,
        allowedHosts: options.allowHost,
        authFailuresPerMinute: options.authFailures,
      });
      const address = await server.listen();
      const access = [
        apiKeys ? `${apiKeys.length} API key${apiKeys.length === 1 ? '' : 's'}` : 'no API key',
        options.rateLimit
          ? `${options.rateLimit} requests per ${options.rateWindow / 1000} s per client`
          : 'no rate limit',
      ].join(', ');
      process.stderr.write(
        `pith serve: listening on ${address} (${options.concurrency} workers, queue ${options.queue}; ${access}); Ctrl+C stops it\n`,
      );
      for (const warning of startupWarnings({
        host: options.host,
        apiKeys: apiKeys !== undefined,
        rateLimit: options.rateLimit !== undefined,
      })) {
        warn(warning);
      }
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      process.stderr.write('pith serve: stopping\n');
      await server.close();
    });
}
