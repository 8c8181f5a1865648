import { stat } from 'node:fs/promises';
import {
  archiveSource,
  BatchError,
  type BatchOutcome,
  PagePool,
  runBatch,
  runShares,
} from '@pith/crawl/batch';
import { encodeRecords, type PageRecord } from '@pith/crawl/output';
import { DEFAULT_MAX_RECORD_BYTES } from '@pith/crawl/warc';
import { Command, Option } from 'commander';
import { PithError } from 'pith';
import {
  addBatchOptions,
  type BatchCommandOptions,
  belowQualityDrop,
  createBatchProgress,
  outputIdentity,
  pageSettings,
  printSummary,
  runVerdict,
  stopOnInterrupt,
} from './batch-options.js';
import { positiveInteger } from './options.js';

interface WarcCommandOptions extends BatchCommandOptions {
  restart?: boolean;
  readers: number;
}

/** Builds `pith warc`. */
export function warcCommand(): Command {
  const command = new Command('warc')
    .description(
      'Extract every HTML page of web archives (WARC 1.0/1.1, ARC; plain, gzipped per record as ' +
        'Common Crawl writes them, or gzipped whole) on all cores, into dataset files: JSON Lines ' +
        '(plain, .gz, .zst) or Parquet, one record per page, in part files of --part-records each.\n\n' +
        'A run stopped at any moment (Ctrl-C, kill -9) resumes where it stopped when run again with ' +
        'the same inputs and options: no record is written twice or lost.',
    )
    .argument('<archives...>', 'WARC/ARC files, or - for standard input');
  addBatchOptions(command)
    .option('--restart', 'ignore the checkpoint in --out and start again')
    .addOption(
      new Option(
        '--readers <n>',
        'readers at once, each a thread with its share of the archives and of --workers: reading, ' +
          'inflating and writing then use every core too (given fewer archives than readers, each ' +
          'reader reads every archive and keeps its share of the records). Records are in input ' +
          'order within each share, and the shares interleave',
      )
        .argParser(positiveInteger)
        .default(1),
    )
    .addHelpText(
      'after',
      '\nEach record: url, warcFile/warcOffset/warcSkip/warcRecordId/warcDate, httpStatus, ok/errorCode,\n' +
        'title, authors, published, modified, language (declared), detectedLanguage (from the text),\n' +
        'pageType, tags, quality, the content (text, markdown, html), extractor, encoding, bytes, ms,\n' +
        'diagnostics. Records that are not HTML pages (requests, metadata, redirects, images…) are\n' +
        'counted by reason in the summary.\n\n' +
        'Exit status: 0 the run finished and wrote records (failed pages are records with their error\n' +
        'code), 1 an input is no archive (CORRUPT_INPUT: no record found in it), no record was\n' +
        'written (the summary says why), the run was stopped, or the output is unreadable; 2 usage error.\n\n' +
        '-o - writes the records to standard output as JSON Lines (plain, or --output jsonl.zst),\n' +
        'without part files or a checkpoint.\n\n' +
        'Examples:\n  pith warc CC-MAIN-2024-22-00000.warc.gz -o out/ --content text,markdown\n' +
        "  pith warc file.warc.gz -o - --content text | jq -r '.title'\n" +
        '  pith warc crawl/*.warc.gz -o out/ --output parquet --workers 8\n' +
        '  pith warc crawl/*.warc.gz -o out/ --readers 2 --workers 2   # reading on two cores too\n' +
        '  curl -s https://…/file.warc.gz | pith warc - -o out/',
    )
    .action(async (archives: string[], options: WarcCommandOptions) => {
      process.exitCode = await runWarc(archives, options);
    });
  return command;
}

async function runWarc(archives: string[], options: WarcCommandOptions): Promise<number> {
  const inputs: { path: string; size: number; mtimeMs: number }[] = [];
  for (const path of archives) {
    if (path === '-') {
      inputs.push({ path, size: 0, mtimeMs: 0 });
      continue;
    }
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new PithError('BAD_OPTION', `${path}: not a readable file`);
    inputs.push({ path, size: info.size, mtimeMs: Math.round(info.mtimeMs) });
  }
  const settings = pageSettings(options);
  const readers = options.readers;
  if (readers > 1 && (options.out === '-' || archives.includes('-')))
    throw new PithError(
      'BAD_OPTION',
      '--readers: standard input and -o - are read and written by one reader',
    );
  // `-o -`: JSON Lines on standard output, part by part (no part files, no checkpoint). Refused
  // before the pool and the interrupt handler exist: either would keep the process alive.
  const toStdout = options.out === '-';
  if (toStdout && options.output === 'parquet')
    throw new PithError('BAD_OPTION', '-o - writes JSON Lines: Parquet needs --out DIR');
  const pool =
    readers > 1 ? undefined : new PagePool({ threads: options.workers, maxHeapMb: options.maxHeap });
  const totalBytes = inputs.reduce((sum, input) => sum + input.size, 0);
  const progress = createBatchProgress(options.progress, totalBytes);
  const interrupt = stopOnInterrupt('warc');
  const started = performance.now();
  let bytesRead = 0;
  const stdoutFormat = options.output === 'jsonl.gz' ? 'jsonl' : options.output;
  try {
    const maxRecordBytes = Math.max(DEFAULT_MAX_RECORD_BYTES, options.maxBytes);
    const onProgress = (update: { bytesRead: number } & Parameters<typeof progress.update>[0]) => {
      bytesRead = update.bytesRead;
      progress.update(update);
    };
    const outcome: BatchOutcome = pool
      ? await runBatch({
          ...(toStdout
            ? {
                sink: async (records: readonly PageRecord[]) => {
                  const bytes = await encodeRecords(records, stdoutFormat);
                  await new Promise<void>((resolve, reject) =>
                    process.stdout.write(bytes, (error) => (error ? reject(error) : resolve())),
                  );
                },
              }
            : {}),
          source: archiveSource(archives, { settings, maxRecordBytes }),
          pool,
          out: options.out,
          format: options.output,
          drop: belowQualityDrop(options),
          identity: toStdout ? null : { inputs, options: outputIdentity(options) },
          ordered: !options.unordered,
          partRecords: options.partRecords,
          restart: options.restart && !toStdout,
          signal: interrupt.signal,
          onProgress,
        })
      : await runShares({
          inputs: archives,
          readers,
          threads: options.workers,
          maxHeapMb: options.maxHeap,
          settings,
          maxRecordBytes,
          out: options.out,
          format: options.output,
          // The shares are part of what the checkpoint resumes: another count splits the inputs otherwise.
          identity: { inputs, options: outputIdentity(options, { readers }) },
          ordered: !options.unordered,
          partRecords: options.partRecords,
          dropBelowQuality: belowQualityDrop(options) !== undefined,
          restart: options.restart === true,
          signal: interrupt.signal,
          onProgress,
        });
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    const read = (outcome.finished ? totalBytes : bytesRead) - outcome.thisRun.fromBytes;
    printSummary('warc', options.out, outcome, seconds, read);
    const verdict = runVerdict('warc', outcome);
    if (verdict.why) process.stderr.write(`${verdict.why}\n`);
    return verdict.status;
  } catch (error) {
    progress.stop();
    if (error instanceof BatchError) throw new PithError('BAD_OPTION', error.message);
    throw error;
  } finally {
    interrupt.dispose();
    await pool?.close();
  }
}
