import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createServer, type PithServer, type ServerOptions } from '../../packages/server/src/index.js';
import { PITH_ARGV, REPO_ROOT, samplePath } from '../helpers.js';

/** A small article page, written here so that API tests do not depend on the datasets. */
export const ARTICLE_HTML = `<!DOCTYPE html><html lang="en"><head><title>Why Rivers Bend</title>
<meta name="author" content="Ada Rios"><script>window.tracked = true;</script></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav>
<article><h1>Why Rivers Bend</h1>
<p>Rivers rarely run straight for long. A small bend grows because water on the outside of the curve moves faster, cutting into the bank, while slower water on the inside drops its sand and silt.</p>
<p>Over decades the loop tightens until the river breaks through the narrow neck, leaving an oxbow lake behind. Geologists call the whole process meandering, after the Maeander river in Turkey.</p>
<p>Engineers who straighten rivers often find that the bends come back, because the physics that made them has not gone away.</p>
</article>
<footer>Copyright 2026 Field Notes. <a href="/privacy">Privacy</a></footer></body></html>`;

/** The server's worker with a page marker that makes it hang (see fixtures/hanging-worker.ts). */
export const HANGING_WORKER = new URL('./fixtures/hanging-worker.ts', import.meta.url);
export { HANG_MARKER, HOG_MARKER, holdMarker } from './fixtures/hanging-worker.js';

/**
 * A pith server for one test file: a small pool whose threads start with the first page
 * (a test that never extracts does not wait for them), any free port.
 */
export function testServer(overrides: Partial<ServerOptions> = {}): PithServer {
  // A generous time budget: a fresh thread's first page (models loaded through tsx) took over the
  // default 15 s on a loaded CI machine (504). The tests of the budget set their own.
  return createServer({
    concurrency: 1,
    queue: 4,
    port: 0,
    warmWorkers: false,
    timeoutMs: 300_000,
    ...overrides,
  });
}

/** A sample page from ../shared/datasets/sample. */
export function samplePage(...parts: string[]): string {
  return readFileSync(samplePath(...parts), 'utf8');
}

/** A plain HTTP server on 127.0.0.1 for fetch tests; counts the requests it answers. */
export async function localServer(handler: RequestListener): Promise<{
  server: Server;
  port: number;
  hits: () => number;
  close: () => Promise<void>;
}> {
  let hits = 0;
  const server = createHttpServer((request, response) => {
    hits++;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` holds, polling; false if it never did within `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

/** POST /v1/extract with a raw body (a page, or anything to test refusals) through `inject`. */
export async function postRaw(
  server: PithServer,
  url: string,
  payload: string | Buffer,
  contentType = 'text/html',
) {
  return server.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

/** `body` gzipped `layers` times over. */
export function gzipLayers(body: Buffer, layers: number): Buffer {
  for (let i = 0; i < layers; i++) body = gzipSync(body);
  return body;
}

/**
 * A page server on 127.0.0.1 that answers `?layers=N` with `page` gzipped N times and as many
 * `gzip` codings in Content-Encoding (N among `layers`, gzipped before it starts: 2,000 take a while).
 */
export async function layeredOrigin(page: string, layers: readonly number[]) {
  const bodies = new Map(layers.map((count) => [count, gzipLayers(Buffer.from(page), count)]));
  return localServer((request, response) => {
    const count = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('layers'));
    response.writeHead(200, {
      'content-type': 'text/html',
      'content-encoding': Array(count).fill('gzip').join(', '),
    });
    response.end(bodies.get(count));
  });
}

/** Runs `pith serve ARGS` until it says where it listens; `stop()` sends SIGTERM and waits. */
export async function startServe(args: string[]): Promise<{
  child: ChildProcessWithoutNullStreams;
  address: string;
  stderr: () => string;
  stop: () => Promise<number | null>;
}> {
  const child = spawn(process.execPath, [...PITH_ARGV, 'serve', '--port', '0', ...args], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const address = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/[^ ]+:\d+) /.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`exited before listening: ${stderr}`)));
  });
  return {
    child,
    address,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
