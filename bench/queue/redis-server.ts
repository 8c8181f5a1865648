/**
 * A redis-server of our own for the queue's tests and benches: a free local port, its own
 * temporary directory, AOF on (`appendfsync` as asked: `always` for the fault tests, `everysec` as
 * the README advises), `noeviction`; stopped (SIGTERM: it finishes writing its AOF) and started
 * again on the same port and directory, which brings back what it had.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

export const REDIS_SERVER = process.env.PITH_TEST_REDIS_SERVER ?? 'redis-server';
export const HAS_REDIS = spawnSync(REDIS_SERVER, ['--version']).status === 0;

/** The load average, for the record beside a figure. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/** Resolves when `child` writes something matching `pattern`, rejects if it exits first. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
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
  readonly #appendfsync: 'always' | 'everysec';
  #child: ChildProcess | undefined;

  private constructor(port: number, dir: string, appendfsync: 'always' | 'everysec') {
    this.port = port;
    this.dir = dir;
    this.#appendfsync = appendfsync;
  }

  static async start(options: { appendfsync?: 'always' | 'everysec' } = {}): Promise<RedisServer> {
    const dir = mkdtempSync(join(tmpdir(), 'pith-redis-'));
    const server = new RedisServer(await freePort(), dir, options.appendfsync ?? 'always');
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
        ...['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir],
        ...['--appendonly', 'yes', '--appendfsync', this.#appendfsync, '--save', ''],
        ...['--maxmemory-policy', 'noeviction', '--daemonize', 'no'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#child = child;
    await waitForOutput(child, /Ready to accept connections/, 'redis-server');
  }

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
