import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BatchError, FeedValidators, feedProblem, feedSource, PagePool, runBatch } from '@pith/crawl/batch';
import { PoliteFetcher } from '@pith/crawl/feed';
import { writeFileAtomic } from '@pith/crawl/output';
import { Command } from 'commander';
import { PithError } from 'pith';
import {
  addBatchOptions,
  addFetchOptions,
  type BatchCommandOptions,
  belowQualityDrop,
  createBatchProgress,
  type FetchCommandOptions,
  pageSettings,
  printSummary,
  runVerdict,
  stopOnInterrupt,
} from './batch-options.js';
import { cliMessage } from './messages.js';

interface FeedCommandOptions extends BatchCommandOptions, FetchCommandOptions {
  cache?: string;
}

/** Builds `pith feed`. */
export function feedCommand(): Command {
  const command = new Command('feed')
    .description(
      'Extract the pages of feed items (RSS 0.9x/1.0/2.0, Atom, RDF, JSON Feed) into dataset files, ' +
        'one record per item: the page fetched politely (robots.txt, a per-host limit and delay, ' +
        'retries with backoff on 429/5xx and Retry-After), the item title as the title hint, the ' +
        "feed's date, authors and categories merged with the page's metadata.\n\n" +
        'Conditional GET: validators (ETag, Last-Modified) are kept in --cache, so a second run ' +
        'fetches and writes only what changed; its part files are added beside the earlier ones.',
    )
    .argument('<feeds...>', 'feed URLs or files');
  addFetchOptions(addBatchOptions(command), 'item pages')
    .option('--cache <file>', 'validators for conditional GET (default: OUT/_feed-cache.json)')
    .addHelpText(
      'after',
      '\nItems that are not fetched are counted by reason: robots-disallowed, not-modified, no-link,\n' +
        'duplicate. A feed that cannot be read is one line on stderr with one of five reasons:\n' +
        'feed-unreachable (no answer, a timeout, a 5xx or 429 after the retries, its robots.txt out of\n' +
        'reach), feed-refused (4xx), feed-blocked (a private address: --allow-private), feed-disallowed\n' +
        '(robots.txt), bad-feed (not RSS/Atom/RDF/JSON Feed). An item page that cannot be had is a\n' +
        'record with its error code (FETCH_TIMEOUT, FETCH_TOO_MANY_REDIRECTS, FETCH_BAD_STATUS…) and\n' +
        'its httpStatus when the server answered.\n\n' +
        'Exit status: 0 the run finished and wrote records (or nothing changed since the last run),\n' +
        '1 a feed could not be read, no record was written, the run was stopped, or the output is\n' +
        'unreadable; 2 usage error.\n\n' +
        'Examples:\n  pith feed https://example.com/feed.xml -o out/ --content markdown\n' +
        '  pith feed feeds/*.xml -o out/ --output parquet --per-host 1 --delay 2000',
    )
    .action(async (feeds: string[], options: FeedCommandOptions) => {
      process.exitCode = await runFeed(feeds, options);
    });
  return command;
}

async function runFeed(feeds: string[], options: FeedCommandOptions): Promise<number> {
  const cacheFile = options.cache ?? path.join(options.out, '_feed-cache.json');
  const validators = new FeedValidators(await readFile(cacheFile, 'utf8').catch(() => undefined));
  const saveCache = () => writeFileAtomic(cacheFile, validators.serialize());
  const fetcher = new PoliteFetcher({
    fetch: {
      allowPrivate: options.allowPrivate ?? false,
      timeoutMs: options.fetchTimeout,
      maxBytes: options.maxBytes,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    },
    perHost: options.perHost,
    delayMs: options.delay,
    retries: options.retries,
    robots: options.robots,
    validators: validators.store,
  });
  const settings = pageSettings(options);
  const pool = new PagePool({ threads: options.workers, maxHeapMb: options.maxHeap });
  const progress = createBatchProgress(options.progress, 0);
  const interrupt = stopOnInterrupt('feed');
  const started = performance.now();
  try {
    const outcome = await runBatch({
      source: feedSource(feeds, {
        settings,
        fetcher,
        concurrency: options.concurrency,
        onFeedProblem: (feed, problem) =>
          process.stderr.write(`pith feed: ${feed}: ${feedProblemLine(problem)}\n`),
        onFetched: validators.onFetched,
        onFeedFetched: validators.onFeedFetched,
      }),
      pool,
      out: options.out,
      format: options.output,
      drop: belowQualityDrop(options),
      identity: null,
      ordered: !options.unordered,
      partRecords: options.partRecords,
      signal: interrupt.signal,
      onProgress: (update) => progress.update(update),
      onWritten: async (records) => {
        validators.written(records);
        await saveCache();
      },
    });
    progress.stop();
    if (outcome.finished) {
      validators.finished();
      await saveCache();
    }
    const seconds = (performance.now() - started) / 1000;
    printSummary('feed', options.out, outcome, seconds, 0);
    process.stderr.write(`  ${fetcher.requests} HTTP requests (robots.txt and retries included)\n`);
    const verdict = runVerdict('feed', outcome);
    if (verdict.why) process.stderr.write(`${verdict.why}\n`);
    return verdict.status;
  } catch (error) {
    progress.stop();
    if (error instanceof BatchError) throw new PithError('BAD_OPTION', error.message);
    throw error;
  } finally {
    interrupt.dispose();
    await pool.close();
  }
}

/** A feed that could not be read: which of the four answers (or not a feed), and the error as the CLI words it. */
function feedProblemLine(problem: Error): string {
  return `${feedProblem(problem)}: ${cliMessage(problem)}`;
}
