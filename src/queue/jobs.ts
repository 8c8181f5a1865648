/**
 * What a queue job is: its data (the input, the page settings, the output format), its id and its
 * output's name. Both are derived from the data and pith's version, so the same input submitted
 * twice with the same options is one job (BullMQ keeps one job per id) and one output file.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PageSettings } from '../batch/index.js';
import type { ByteRange } from '../input/warc/index.js';
import { extensionOf, type OutputFormat } from '../output/index.js';

/** How a `urls` job fetches its pages (the polite fetcher's options that can travel in a job). */
export interface JobFetchOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  perHost: number;
  delayMs: number;
  retries: number;
  robots: boolean;
  userAgent?: string;
  /** Pages fetched at once, over all hosts. */
  concurrency: number;
}

interface CommonJobData {
  /** pith's version when submitted (part of the id: a new version redoes the work). */
  version: string;
  /** The results directory (absolute, on the workers' shared file system). */
  out: string;
  format: OutputFormat;
  settings: PageSettings;
  /** Records per part written to the output file (memory bound of a job). */
  partRecords: number;
  /** Records in the order the pages finish (`--unordered`); absent: input order, as `pith warc`. */
  ordered?: false;
  /** Records flagged below `settings.minQuality` are left out (`--below-quality drop`); absent: kept, flagged. */
  dropBelowQuality?: true;
  /**
   * Who submitted it through `pith serve` (a digest of the API key, `open` without keys, `shared`
   * when clients share their jobs): part of the id, so one client's job is never another's, and
   * the service shows a job to its owner only. Absent: submitted by `pith queue add`.
   */
  owner?: string;
}

/** One archive file, read whole. The file is named by its absolute path on the workers' shared file system. */
export interface WarcJobData extends CommonJobData {
  kind: 'warc';
  file: string;
  /**
   * How records and errors name the archive (`warcFile`): its name inside the service's archive
   * directory, for a job submitted over HTTP (no server path reaches a client). Absent: the file.
   */
  name?: string;
  /** Size and modification time when submitted: a changed file is another job. */
  size: number;
  mtimeMs: number;
  /** Only the records of these bytes (`pith queue add warc --split-bytes`); absent: the whole file. */
  range?: ByteRange;
}

/** A batch of page URLs, fetched politely. */
export interface UrlsJobData extends CommonJobData {
  kind: 'urls';
  urls: string[];
  fetch: JobFetchOptions;
}

/**
 * One feed (RSS, Atom, RDF, JSON Feed), read and its item pages fetched politely, as `pith feed`
 * does. A feed changes: `round` (the submitter's hour by default) is part of the id, so the same
 * feed submitted twice in one round is one job, and submitted in the next round is read again.
 */
export interface FeedJobData extends CommonJobData {
  kind: 'feed';
  feed: string;
  round: string;
  fetch: JobFetchOptions;
}

export type QueueJobData = WarcJobData | UrlsJobData | FeedJobData;

/** What a job returns when it completes (kept by BullMQ with the job; `pith queue status` sums it). */
export interface QueueJobResult {
  /** The output file's name in the results store. */
  output: string;
  pages: number;
  ok: number;
  failed: Record<string, number>;
  skipped: Record<string, number>;
  /** The worker that ran it. */
  worker: string;
  /** Time spent on the job, ms. */
  ms: number;
  /** The output was already complete (a duplicate run): nothing was done. */
  alreadyDone?: boolean;
}

/** The job's input, for people: the archive file, or how many URLs. */
export function jobInput(data: QueueJobData): string {
  if (data.kind === 'warc') {
    const file = data.name ?? data.file;
    return data.range ? `${file} bytes ${data.range.start}-${data.range.end}` : file;
  }
  if (data.kind === 'feed') return `feed ${data.feed} (round ${data.round})`;
  // Anything else in the queue may be a job written there by hand (refused by the workers): status still shows it.
  return Array.isArray(data.urls) ? `${data.urls.length} URLs` : '(not a pith job)';
}

/** Keys sorted at every level: one string per value, whatever the order it was built in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function digest(data: QueueJobData): string {
  return createHash('sha256').update(canonicalJson(data)).digest('hex').slice(0, 32);
}

/** The job id: the kind and a hash of everything the output depends on (input, options, version). */
export function jobId(data: QueueJobData): string {
  return `${data.kind}-${digest(data)}`;
}

/** The output file's name: readable (the archive's name) and unique (the job's hash). */
export function outputName(data: QueueJobData): string {
  const hash = digest(data).slice(0, 16);
  return `${outputStem(data).replace(/[^\w.-]+/g, '_')}.${hash}.${extensionOf(data.format)}`;
}

function outputStem(data: QueueJobData): string {
  if (data.kind === 'warc') {
    const stem = path.basename(data.file).replace(/\.(w?arc)(\.gz)?$/i, '');
    return data.range ? `${stem}.${data.range.start}-${data.range.end}` : stem;
  }
  if (data.kind === 'feed') return `feed-${URL.canParse(data.feed) ? new URL(data.feed).hostname : 'file'}`;
  return 'urls';
}

/**
 * The state file of a feed's conditional-GET validators in the results store: one per feed URL,
 * shared by its rounds (each round fetches what changed since the last one written).
 */
export function feedStateName(feed: string): string {
  return `feed-${createHash('sha256').update(feed).digest('hex').slice(0, 16)}.json`;
}
