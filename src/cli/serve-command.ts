import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';

interface ServeCommandOptions {
  host: string;
  port: number;
  maxBody: number;
  timeout: number;
  concurrency: number;
  queue: number;
  maxBatch: number;
  log?: boolean;
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
  const unit = SIZE_UNITS[match?.[2].toLowerCase() ?? 'x'];
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
        'address to listen on; 0.0.0.0 opens the server to the network (it has no authentication)',
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
      new Option('--concurrency <n>', 'pages extracted at once, one worker thread each')
        .argParser(wholeNumber(1))
        .default(cores, `${cores}, the CPU cores`),
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
    .option('--log', 'log one JSON line per request to standard output')
    .addHelpText(
      'after',
      '\nExamples:\n  pith serve                       # then open http://127.0.0.1:8080\n' +
        '  pith serve --port 3000 --concurrency 4 --timeout 30s\n' +
        "  curl -s localhost:8080/v1/extract -H 'content-type: application/json' \\\n" +
        '       -d \'{"url": "https://example.com/", "format": "text"}\'\n' +
        '  curl -s --data-binary @page.html -H "content-type: text/html" "localhost:8080/v1/extract?format=text"\n',
    )
    .action(async (options: ServeCommandOptions) => {
      // Loaded here so that `pith extract` does not pay for the HTTP framework.
      const { createServer } = await import('../server/index.js');
      const server = createServer({
        host: options.host,
        port: options.port,
        maxBodyBytes: options.maxBody,
        timeoutMs: options.timeout,
        concurrency: options.concurrency,
        queue: options.queue,
        maxBatch: options.maxBatch,
        log: options.log === true,
      });
      const address = await server.listen();
      process.stderr.write(
        `pith serve: listening on ${address} (${options.concurrency} workers, queue ${options.queue}); Ctrl+C stops it\n`,
      );
      if (options.host !== '127.0.0.1' && options.host !== 'localhost' && options.host !== '::1') {
        process.stderr.write(
          'pith serve: warning: reachable from the network, and the API has no authentication\n',
        );
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
