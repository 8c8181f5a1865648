/**
 * What the queue tests share: a real redis-server on a free local port with its own temporary
 * directory (AOF on, fsync on every write), stopped and started again at will; pith workers and
 * commands as child processes; test archives; the records of a results directory.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { compress, pageRecords, warcinfo } from '../../bench/warc/archive.js';
import { datasetPagesForArchive } from '../../bench/warc/build-archive.js';
import { REPO_ROOT, SAMPLE_DIR } from '../helpers.js';

export const REDIS_SERVER = process.env.PITH_TEST_REDIS_SERVER ?? 'redis-server';
export const HAS_REDIS = spawnSync(REDIS_SERVER, ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/** Resolves when `child` writes a line matching `pattern` (stdout or stderr), rejects if it exits first. */
function waitForOutput(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${what} exited (${code}) before ${pattern}: ${seen.slice(-2000)}`)),
    );
  });
}

export class RedisServer {
  readonly port: number;
  readonly dir: string;
  #child: ChildProcess | undefined;

  private constructor(port: number, dir: string) {
    this.port = port;
    this.dir = dir;
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), mkdtempSync(join(tmpdir(), 'pith-redis-')));
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again), on the same port and data directory: what it had is read back from the AOF. */
  async restart(): Promise<void> {
    const child = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#child = child;
    await waitForOutput(child, /Ready to accept connections/, 'redis-server');
  }

  /** Stops the server (SIGTERM: it finishes writing its AOF). */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface PithProcess {
  child: ChildProcess;
  /** All its stderr so far. */
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when its stderr matches. */
  waitFor(pattern: RegExp): Promise<void>;
}

/** Starts `pith ARGS` from source. */
export function startPith(args: readonly string[]): PithProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', PITH_REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
 * back within seconds); resolves once it is connected.
 */
export async function startWorker(
  redis: RedisServer,
  name: string,
  extra: readonly string[] = [],
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
    ...extra,
  ]);
  await worker.waitFor(/on queue/);
  return worker;
}

export interface OutRecord {
  url: string;
  ok: boolean;
  warcOffset: number;
  errorCode: string | null;
}

/** An archive of the shared sample's pages, `copies` times over with distinct URLs: the file and its page count. */
export async function sampleArchive(
  copies: number,
  name = 'sample.warc.gz',
): Promise<{ file: string; pages: number }> {
  const pages = await datasetPagesForArchive(SAMPLE_DIR);
  const records: Buffer[] = [warcinfo('test')];
  let count = 0;
  for (let copy = 0; copy < copies; copy++) {
    for (const page of pages) {
      records.push(...pageRecords(`${page.url}${copy ? `?copy=${copy}` : ''}`, page.html));
      count++;
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

/** Polls `check` until it returns a value (not undefined); no time limit of its own (the test runner's applies). */
export async function until<T>(check: () => Promise<T | undefined>, everyMs = 200): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
