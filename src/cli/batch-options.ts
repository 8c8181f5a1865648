/**
 * What `pith warc` and `pith feed` share: the output and extraction flags, the progress line
 * (records/s, MB/s), Ctrl-C handling and the final summary.
 */
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  type BatchOptions,
  type BatchOutcome,
  type BatchProgress,
  DEFAULT_THREAD_HEAP_MB,
  dropBelowQuality,
  type PageSettings,
} from '../batch/index.js';
import { PithError } from '../index.js';
import {
  OUTPUT_FORMATS,
  type OutputFormat,
  RECORD_CONTENT_FORMATS,
  type RecordContentFormat,
} from '../output/index.js';
import {
  addChunkOptions,
  BELOW_QUALITY_CHOICES,
  type BelowQuality,
  type ChunkFlags,
  collectOption,
  positiveInteger,
  qualityThreshold,
} from './options.js';

/** The flags that say what each record holds (shared by the batch commands and `pith queue add`). */
export interface RecordCommandOptions extends ChunkFlags {
  output: OutputFormat;
  content: RecordContentFormat[];
  extractor: string;
  option: Record<string, unknown>;
  partRecords: number;
  timeout: number;
  maxBytes: number;
  links: boolean;
  images: boolean;
  noop?: boolean;
  /** Records under it get `belowQuality: true` (`--min-quality`). */
  minQuality?: number;
  /** What becomes of them: flagged or dropped. */
  belowQuality: BelowQuality;
  unordered?: boolean;
}

export interface BatchCommandOptions extends RecordCommandOptions {
  out: string;
  workers: number;
  /** Heap limit of each worker thread, MB. */
  maxHeap: number;
  progress: boolean;
}

/** How pages are fetched politely (`pith feed`, `pith queue add urls`). */
export interface FetchCommandOptions {
  allowPrivate?: boolean;
  fetchTimeout: number;
  perHost: number;
  delay: number;
  retries: number;
  concurrency: number;
  robots: boolean;
  userAgent?: string;
}

function contentFormats(value: string): RecordContentFormat[] {
  const formats = value.split(',').map((format) => format.trim());
  for (const format of formats) {
    if (!RECORD_CONTENT_FORMATS.includes(format as RecordContentFormat)) {
      throw new InvalidArgumentError(
        `expected a comma-separated list of ${RECORD_CONTENT_FORMATS.join(', ')}`,
      );
    }
  }
  return [...new Set(formats)] as RecordContentFormat[];
}

/** Adds the flags every batch command has. */
export function addBatchOptions(command: Command): Command {
  command.requiredOption('-o, --out <dir>', 'output directory: part files, and the checkpoint of the run');
  return addRecordOptions(command)
    .addOption(
      new Option('-w, --workers <n>', 'worker threads')
        .argParser(positiveInteger)
        .default(availableParallelism(), `one per core, ${availableParallelism()} here`),
    )
    .option(
      '--max-heap <mb>',
      "heap limit of each worker thread, MB: bounds a thread's memory over a long run (a page that needs more fails alone, WORKER_FAILED)",
      positiveInteger,
      DEFAULT_THREAD_HEAP_MB,
    )
    .option('--no-progress', 'no progress line, even on a terminal');
}

/** Adds the flags that say which records are written and what each holds (the batch commands and `pith queue add`). */
export function addRecordOptions(command: Command): Command {
  command
    .addOption(
      new Option('--output <format>', 'output file format').choices([...OUTPUT_FORMATS]).default('jsonl.gz'),
    )
    .option(
      '-c, --content <formats>',
      `content formats in each record, comma-separated (${RECORD_CONTENT_FORMATS.join(', ')})`,
      contentFormats,
      ['text'] as RecordContentFormat[],
    )
    .option('-e, --extractor <name>', 'extraction algorithm (see pith extract --help)', 'pith')
    .option('--option <name=value>', 'an extractor parameter (repeatable)', collectOption, {})
    .option('--part-records <n>', 'records per output part', positiveInteger, 1000)
    .option('--timeout <ms>', 'time budget per page', positiveInteger, 10_000)
    .option('--max-bytes <n>', 'largest page accepted, in bytes', positiveInteger, 16 * 1024 * 1024)
    .option('--no-links', 'keep link text but not link targets in markdown and html content')
    .option('--no-images', 'leave images out of markdown and html content')
    .option('--unordered', 'write records as pages finish, not in input order (a slow page holds nothing up)')
    .option(
      '--min-quality <q>',
      "records whose quality (pith's expected F1, 0–1) is under q are flagged (belowQuality: true) or dropped (--below-quality drop)",
      qualityThreshold,
    )
    .addOption(
      new Option('--below-quality <action>', 'what to do with records under --min-quality')
        .choices([...BELOW_QUALITY_CHOICES])
        .default('flag'),
    );
  return addChunkOptions(
    command,
    "one record per chunk of the body's Markdown (for retrieval): the page's fields, then the chunk's (JSON Lines only)",
  ).addOption(new Option('--noop', 'benchmark: read and write, but do not extract').hideHelp());
}

/** Adds the flags of polite fetching. */
export function addFetchOptions(command: Command, what: string): Command {
  return command
    .option('--allow-private', 'let fetches reach private, loopback and link-local addresses')
    .option(
      '--fetch-timeout <ms>',
      'time budget of one fetch (a slow host fails its page)',
      positiveInteger,
      15_000,
    )
    .option('--per-host <n>', 'requests in flight to one host, at most', positiveInteger, 2)
    .option(
      '--delay <ms>',
      "time between two requests to one host (or the site's Crawl-delay)",
      nonNegative,
      1000,
    )
    .option('--retries <n>', 'retries after 429, 5xx or a broken connection', nonNegative, 3)
    .option('--concurrency <n>', `${what} fetched at once, over all hosts`, positiveInteger, 8)
    .option('--no-robots', 'do not read robots.txt (only for your own sites)')
    .option('--user-agent <ua>', 'the User-Agent header');
}

export function nonNegative(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new PithError('BAD_OPTION', 'expected a whole number ≥ 0');
  return parsed;
}

export function pageSettings(options: RecordCommandOptions): PageSettings {
  return {
    formats: options.content,
    extractor: options.extractor,
    extractorOptions: options.option,
    timeoutMs: options.timeout,
    maxBytes: options.maxBytes,
    links: options.links,
    images: options.images,
    ...(options.minQuality === undefined ? {} : { minQuality: options.minQuality }),
    ...(options.noop ? { noop: true } : {}),
    ...(options.chunks ? { chunks: chunkSettings(options) } : {}),
  };
}

/** `--chunks` settings; chunk records are JSON Lines (a Parquet file has one fixed row shape). */
function chunkSettings(options: RecordCommandOptions): NonNullable<PageSettings['chunks']> {
  if (options.output === 'parquet')
    throw new PithError(
      'BAD_OPTION',
      '--chunks writes JSON Lines: choose --output jsonl, jsonl.gz or jsonl.zst',
    );
  return { maxTokens: options.maxTokens, overlap: options.overlap, tokenizer: options.tokenizer };
}

/** `--below-quality drop`: the records under `--min-quality` are not written (counted as skipped). */
export function belowQualityDrop(options: RecordCommandOptions): BatchOptions['drop'] {
  return options.minQuality !== undefined && options.belowQuality === 'drop' ? dropBelowQuality : undefined;
}

/** The options that change the records, as a canonical string (a checkpoint is only resumed with the same). */
export function outputIdentity(options: BatchCommandOptions, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    output: options.output,
    content: options.content,
    extractor: options.extractor,
    option: Object.fromEntries(Object.entries(options.option).sort(([a], [b]) => a.localeCompare(b))),
    ordered: !options.unordered,
    partRecords: options.partRecords,
    timeout: options.timeout,
    maxBytes: options.maxBytes,
    ...(options.chunks ? { chunks: [options.maxTokens, options.overlap, options.tokenizer] } : {}),
    links: options.links,
    images: options.images,
    noop: options.noop === true,
    ...(options.minQuality === undefined
      ? {}
      : { minQuality: options.minQuality, belowQuality: options.belowQuality }),
    ...extra,
  });
}

/** A progress line on a terminal: pages, failed, skipped, pages/s, MB/s. */
export function createBatchProgress(
  enabled: boolean,
  totalBytes: number,
): {
  update(progress: BatchProgress): void;
  stop(): void;
} {
  if (!enabled || !process.stderr.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format:
        totalBytes > 0
          ? ' {bar} {percentage}% | {pages} pages ({failed} failed, {skipped} skipped) | {rate} pages/s | {mbs} MB/s'
          : ' {pages} pages ({failed} failed, {skipped} skipped) | {rate} pages/s | {mbs} MB/s',
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(Math.max(1, totalBytes), 0, { pages: 0, failed: 0, skipped: 0, rate: '0', mbs: '0' });
  return {
    update(progress) {
      const seconds = Math.max(progress.seconds, 0.001);
      bar.update(Math.min(totalBytes, progress.bytesRead), {
        pages: progress.pages,
        failed: progress.failed,
        skipped: progress.skipped,
        rate: (progress.pages / seconds).toFixed(1),
        mbs: (progress.bytesRead / 1e6 / seconds).toFixed(2),
      });
    },
    stop() {
      bar.stop();
    },
  };
}

/** Ctrl-C: the first stops reading and finishes what is in flight; the second quits at once. */
export function stopOnInterrupt(command: string): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(
      `\npith ${command}: stopping after the pages in flight (Ctrl-C again to quit now; the checkpoint resumes either way)\n`,
    );
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

function countsLine(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([key, count]) => `${key} ${count}`)
    .join(', ');
}

/** The final summary: pages, failed by code, skipped by reason, rates. */
export function printSummary(
  command: string,
  out: string,
  outcome: BatchOutcome,
  seconds: number,
  bytes: number,
): void {
  const { counts } = outcome;
  const failed = counts.pages - counts.ok;
  const skipped = Object.values(counts.skipped).reduce((sum, count) => sum + count, 0);
  const lines = [
    `pith ${command}: ${outcome.alreadyFinished ? 'this run had already finished: ' : ''}${counts.pages} pages, ${counts.ok} ok, ${failed} failed${failed > 0 ? ` (${countsLine(counts.failed)})` : ''}`,
    `  skipped ${skipped} records${skipped > 0 ? ` (${countsLine(counts.skipped)})` : ''}`,
  ];
  if (!outcome.alreadyFinished) {
    lines.push(
      `  ${seconds.toFixed(1)} s${outcome.resumed ? ' (resumed)' : ''}, ${(counts.pages / Math.max(seconds, 0.001)).toFixed(1)} pages/s overall, ${(bytes / 1e6 / Math.max(seconds, 0.001)).toFixed(2)} MB/s read`,
    );
  }
  lines.push(
    `  ${outcome.parts} part files in ${out}${outcome.finished ? '' : ' (stopped: run the same command again to resume)'}`,
  );
  process.stderr.write(`${lines.join('\n')}\n`);
}
