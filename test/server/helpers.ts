import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type PithServer, type ServerOptions } from '../../src/server/index.js';
import { samplePath } from '../helpers.js';

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
  return createServer({ concurrency: 1, queue: 4, port: 0, warmWorkers: false, ...overrides });
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
