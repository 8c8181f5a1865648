/**
 * What the queue tests share: pith workers and commands as child processes, test archives, the
 * records of a results directory. The real redis-server is bench/queue/redis-server.ts's.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type RedisServer, waitForOutput } from '../../bench/queue/redis-server.js';
import { compress, pageRecords, warcinfo } from '../../bench/warc/archive.js';
import { datasetPagesForArchive } from '../../bench/warc/build-archive.js';
import { JobService, type JobView, type PithQueue } from '../../packages/crawl/src/queue/index.js';
import { PITH_ARGV, PITH_SOURCE_ARGV, REPO_ROOT, SAMPLE_DIR } from '../helpers.js';

export interface PithProcess {
  child: ChildProcess;
  /** All its stderr so far. */
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when its stderr matches. */
  waitFor(pattern: RegExp): Promise<void>;
}

/** The pith processes this test file started that have not exited. */
const running = new Set<ChildProcess>();

/**
 * Kills the pith processes still running (a failed or cancelled test never reached its own
 * cleanup: its workers would outlive the run). Each queue suite's `after` calls it; the test
 * process's exit does too, and scripts/run-tests.mjs kills whatever its process group still holds.
 */
export async function killAll(): Promise<void> {
  const left = [...running];
  const exited = left.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of left) child.kill('SIGKILL');
  await Promise.all(exited);
}
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `pith ARGS` (from source when it loads a test's TypeScript thread module with --page-worker). */
export function startPith(args: readonly string[]): PithProcess {
  const child = spawn(
    process.execPath,
    [...(args.includes('--page-worker') ? PITH_SOURCE_ARGV : PITH_ARGV), ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', PITH_REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stderr: () => stderr,
    exited,
    waitFor: (pattern) => (pattern.test(stderr) ? Promise.resolve() : waitForOutput(child, pattern, 'pith')),
  };
}

/** Runs `pith ARGS` to its end: exit code, stdout, stderr. */
export async function pith(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const process_ = startPith(args);
  let stdout = '';
  process_.child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  const { code } = await process_.exited;
  return { code, stdout, stderr: process_.stderr() };
}

/**
 * Starts a worker on `redis` with short lock and stall-check times (a killed worker's job is taken
 * back within seconds); resolves once it is connected. It reads and writes under the temporary
 * directory, where the tests keep their archives and outputs (`roots` replaces that).
 */
export async function startWorker(
  redis: RedisServer,
  name: string,
  extra: readonly string[] = [],
  roots: readonly string[] = ['--input-root', tmpdir(), '--output-root', tmpdir()],
): Promise<PithProcess> {
  const worker = startPith([
    'worker',
    '--redis',
    redis.url,
    '--name',
    name,
    '--workers',
    '1',
    '--lock-duration',
    '3000',
    '--stalled-interval',
    '1000',
    ...roots,
    ...extra,
  ]);
  await worker.waitFor(/on queue/);
  return worker;
}

/**
 * The job service `pith serve --jobs-out OUT` runs, on `redis`: URL jobs fetch public addresses
 * only (no retries, no delay), archives are named inside `warcDirectory`, a long page budget.
 */
export function testJobService(redis: string, out: string, warcDirectory?: string): JobService {
  return new JobService({
    redis,
    queue: 'pith',
    out,
    ...(warcDirectory ? { warcDirectory } : {}),
    fetch: {
      allowPrivate: false,
      timeoutMs: 10_000,
      perHost: 2,
      delayMs: 0,
      retries: 0,
      robots: true,
      concurrency: 4,
    },
    timeoutMs: 300_000,
    maxBytes: 16 * 1024 * 1024,
  });
}

export interface OutRecord {
  url: string;
  ok: boolean;
  warcOffset: number;
  errorCode: string | null;
}

/**
 * An archive of the shared sample's pages, `copies` times over with distinct URLs: the file and its
 * page count. `extraUrls`: pages (the first page's HTML) at these URLs after the first page, e.g.
 * the URL a test worker module dies on.
 */
export async function sampleArchive(
  copies: number,
  name = 'sample.warc.gz',
  extraUrls: readonly string[] = [],
): Promise<{ file: string; pages: number }> {
  const pages = await datasetPagesForArchive(SAMPLE_DIR);
  const records: Buffer[] = [warcinfo('test')];
  let count = 0;
  for (let copy = 0; copy < copies; copy++) {
    for (const page of pages) {
      records.push(...pageRecords(`${page.url}${copy ? `?copy=${copy}` : ''}`, page.html));
      count++;
      if (count === 1) {
        for (const url of extraUrls) records.push(...pageRecords(url, page.html));
        count += extraUrls.length;
      }
    }
  }
  const file = join(mkdtempSync(join(tmpdir(), 'pith-queue-warc-')), name);
  writeFileSync(file, Buffer.concat(compress(records, 'record')));
  return { file, pages: count };
}

/** The complete output files of a results directory (temporary files left out). */
export function outputFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

/** The records of one output file (JSON Lines, gzipped). */
export function readOutput(file: string): OutRecord[] {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as OutRecord);
}

/** Asserts that `records` hold each page of the archive exactly once. */
export function assertEachOnce(records: readonly OutRecord[], pages: number): void {
  const offsets = new Set<number>();
  for (const record of records) {
    assert.ok(!offsets.has(record.warcOffset), `record at ${record.warcOffset} written twice`);
    offsets.add(record.warcOffset);
  }
  assert.equal(records.length, pages);
}

/** Generous per-page budget: the machine may be busy, and no page may time out in a comparison. */
export const SLOW_MACHINE = ['--timeout', '300000'];

/** `pith queue add ARGS --json` on `redis` (with SLOW_MACHINE's budget): what it added. */
export async function addJobs(
  redis: RedisServer,
  args: readonly string[],
): Promise<{ added: number; existing: number; ids: string[] }> {
  const run = await pith(['queue', 'add', ...args, '--redis', redis.url, '--json', ...SLOW_MACHINE]);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as { added: number; existing: number; ids: string[] };
}

/** Resolves with the job once it is completed or failed. */
export function settledJob(queue: PithQueue, id: string): Promise<JobView> {
  return until(async () => {
    const job = await queue.job(id);
    return job && (job.state === 'completed' || job.state === 'failed') ? job : undefined;
  });
}

/** Polls `check` until it returns a value (not undefined); no time limit of its own (the test runner's applies). */
export async function until<T>(check: () => Promise<T | undefined>, everyMs = 200): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export { HAS_REDIS, RedisServer } from '../../bench/queue/redis-server.js';
