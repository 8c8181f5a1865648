/**
 * What the load benches share: the sample pages, the built server in its own process,
 * its memory and CPU time (Linux /proc), autocannon, the warm-up. Every request goes to
 * 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT, SAMPLE_DIR } from '../../test/helpers.js';

export const CLI = join(REPO_ROOT, 'dist', 'cli', 'main.js');

/**
 * A load bench's command line as it was run, for the report: its niceness (a child server
 * inherits it) and the heap flags given to node, which shape a memory curve.
 */
export function commandAsRun(script: string, args: string): { command: string; niced: boolean } {
  const heapFlags = process.execArgv.filter((arg) => /^--max-(old|semi)-space-size=/.test(arg));
  const niceness = getPriority();
  const runner = heapFlags.length > 0 ? `node ${heapFlags.join(' ')} --import tsx` : 'npx tsx';
  return {
    command: `npm run build && ${niceness > 0 ? `nice -n ${niceness} ` : ''}${runner} ${script}${args}`,
    niced: niceness > 0,
  };
}

export interface Page {
  name: string;
  html: string;
}

/** Sample pages of three datasets: news, blogs, a large portal page. */
export function samplePages(): Page[] {
  const pages: Page[] = [];
  const readability = join(SAMPLE_DIR, 'readability-testpages');
  for (const name of readdirSync(readability).sort()) {
    const path = join(readability, name, 'source.html');
    if (existsSync(path)) pages.push({ name: `readability/${name}`, html: readFileSync(path, 'utf8') });
  }
  for (const dir of ['l3s-gn1/input', 'cleanportaleval/input']) {
    const folder = join(SAMPLE_DIR, dir);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort().slice(0, 5)) {
      if (/\.html?$/.test(name))
        pages.push({ name: `${dir}/${name}`, html: readFileSync(join(folder, name), 'utf8') });
    }
  }
  return pages;
}

export interface Server {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** `pith serve` from dist/ (or another build's CLI), on a free port of 127.0.0.1, with these extra flags. */
export async function startServer(flags: readonly string[], cli = CLI): Promise<Server> {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...flags], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  const base = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  return {
    child,
    base,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident and peak resident memory of a process, MB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU time a process has used so far, all its threads, in seconds (Linux /proc, clock ticks of 10 ms). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function extractRequests(pages: readonly Page[]): autocannon.Request[] {
  return pages.map((page) => ({
    method: 'POST',
    path: '/v1/extract',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ html: page.html, format: 'markdown' }),
  }));
}

/** Runs autocannon; `onResponse` sees each answer (its status and latency) as it comes. */
export function cannon(
  options: autocannon.Options,
  onResponse?: (status: number, latencyMs: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 60, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    if (onResponse)
      instance.on('response', (_client, status, _bytes, latency) => onResponse(status, latency));
  });
}

/** Every page `rounds` times, one at a time: warms the workers and checks that each page extracts. */
export async function warmUp(base: string, pages: readonly Page[], rounds = 2): Promise<void> {
  for (const request of extractRequests(pages)) {
    for (let round = 0; round < rounds; round++) {
      const response = await fetch(`${base}${request.path}`, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body as string,
      });
      if (response.status !== 200)
        throw new Error(`warm-up: HTTP ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  }
}

export function statusCounts(result: autocannon.Result): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    counts[status] = stats.count ?? 0;
  return counts;
}

export function describeRun(result: autocannon.Result): string {
  return (
    `${result.requests.average.toFixed(1)} req/s, latency p50 ${result.latency.p50} ms / p99 ${result.latency.p99} ms ` +
    `(max ${result.latency.max} ms), ${result.requests.total} requests, statuses ${JSON.stringify(statusCounts(result))}, ` +
    `connection errors ${result.errors}, timeouts ${result.timeouts}`
  );
}

/** Replaces the `<!-- NAME:start -->` … `<!-- NAME:end -->` section of docs/benchmarks-journal.md (or appends it). */
export function writeBenchmarkSection(name: string, block: string): string {
  const path = join(REPO_ROOT, 'docs', 'benchmarks-journal.md');
  const text = readFileSync(path, 'utf8');
  const open = `<!-- ${name}:start -->`;
  const close = `<!-- ${name}:end -->`;
  const start = text.indexOf(open);
  const stop = text.indexOf(close);
  const section = `${open}\n${block}\n${close}`;
  const next =
    start >= 0 && stop > start
      ? text.slice(0, start) + section + text.slice(stop + close.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(path, next);
  return path;
}
