// For the tests in headless Chromium: its flags, and a file server on loopback.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';

/** Chromium's flags for a closed network (no background connections; no sandbox, as CI runs as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html',
};

export interface StaticServer {
  base: string;
  close: () => Promise<void>;
}

/** Serves `routes` (URL path → file path, or bytes with their type) on 127.0.0.1, a free port. */
export async function serveStatic(
  routes: ReadonlyMap<string, string | { bytes: Uint8Array; type: string }>,
): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const route = routes.get(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (route === undefined) {
      response.writeHead(404).end();
      return;
    }
    const { bytes, type } =
      typeof route === 'string'
        ? {
            bytes: readFileSync(route),
            type: TYPES[route.slice(route.lastIndexOf('.'))] ?? 'application/octet-stream',
          }
        : route;
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    base: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
