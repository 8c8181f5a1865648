import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { isPithError, PithError, type PithErrorCode } from '../../src/errors.js';
import {
  FetchBlockedError,
  type FetchOptions,
  FetchUnresolvedError,
  fetchPage,
  undoContentCodings,
} from '../../src/input/fetch.js';

// Every server here listens on a loopback address; no test sends a packet anywhere else. Addresses
// the guard must refuse (10.0.0.1, 169.254.169.254, …) are refused before any connection is tried.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface TestServer {
  server: Server;
  host: string;
  port: number;
  /** Requests received, by path: proves whether the guard let a request through. */
  hits: string[];
  url(path: string): string;
  close(): Promise<void>;
}

async function startServer(host: string, routes: Record<string, Handler>): Promise<TestServer> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const handler = routes[(req.url ?? '').split('?')[0]];
    if (handler === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    host,
    port,
    hits,
    url: (path) => `http://${urlHost}:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const html =
  (body: string): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  };

/** A resolver for made-up names, answering in whichever form (single or all) is asked for. */
function fakeLookup(table: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = table[hostname];
    if (addresses === undefined) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      callback(error, '', undefined);
      return;
    }
    const list: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (options.all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  };
}

async function rejectsWith(promise: Promise<unknown>, code: PithErrorCode, mention?: string): Promise<Error> {
  const error = await promise.then(
    () => assert.fail(`expected a PithError ${code}`),
    (e: unknown) => e,
  );
  assert.ok(isPithError(error), `expected a PithError, got ${String(error)}`);
  assert.equal(error.code, code, error.message);
  assert.ok(!error.message.includes('\n'), 'one-line message');
  if (mention !== undefined)
    assert.ok(error.message.includes(mention), `"${error.message}" should mention ${mention}`);
  return error;
}

/**
 * A name refused for the address it resolves to: FETCH_BLOCKED whose message does not name the
 * address (a service passes it on to clients: no map of the internal network), which the error
 * carries for the operator's log.
 */
async function refusedName(promise: Promise<unknown>, address: string): Promise<void> {
  const error = await rejectsWith(promise, 'FETCH_BLOCKED', 'resolves to a private or reserved address');
  assert.ok(!error.message.includes(address), `"${error.message}" names the address`);
  assert.ok(error instanceof FetchBlockedError);
  assert.equal(error.address, address);
}

/** `body` gzipped `layers` times over. */
function gzipLayers(body: Buffer, layers: number): Buffer {
  for (let i = 0; i < layers; i++) body = gzipSync(body);
  return body;
}

/**
 * The test policy for "public": 127.0.0.1 stands in for a public web server; every other address is
 * judged by the default rules. So a redirect to 127.0.0.2 (another loopback address, where a second
 * server listens) must be refused, and if the guard failed we would see that server answer.
 */
const onlyLocalhostIsPublic: FetchOptions['isAddressAllowed'] = (ip) => ip === '127.0.0.1';

describe('fetchPage', () => {
  let site: TestServer;
  let internal: TestServer;

  /** '<p>layered</p>' gzipped n times, made before the server answers (2,000 layers take a while). */
  const layered = new Map<number, Buffer>();

  before(async () => {
    for (const layers of [2, 5, 6, 2000])
      layered.set(layers, gzipLayers(Buffer.from('<p>layered</p>'), layers));
    internal = await startServer('127.0.0.2', { '/secret': html('<p>internal secret</p>') });
    site = await startServer('127.0.0.1', {
      '/page': html('<html><body><p>Hello from pith</p></body></html>'),
      '/to-internal': (_req, res) => res.writeHead(302, { location: internal.url('/secret') }).end(),
      '/to-internal-name': (_req, res) =>
        res.writeHead(302, { location: `http://internal.test:${internal.port}/secret` }).end(),
      '/to-metadata': (_req, res) =>
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
      '/relative': (_req, res) => res.writeHead(307, { location: '../page' }).end(),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/never': () => undefined,
      '/slow-body': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>start');
      },
      '/endless': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on('drain', pump);
        pump();
      },
      '/big-declared': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
        res.write('<p>');
      },
      '/image': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100)),
      '/no-type': (_req, res) => res.writeHead(200).end('<p>untyped</p>'),
      '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('gone'),
      '/gzip': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end(gzipSync('<p>compressed with gzip</p>')),
      '/deflate': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' })
          .end(deflateSync('<p>compressed with deflate</p>')),
      '/deflate-raw': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' })
          .end(deflateRawSync('<p>compressed with raw deflate</p>')),
      '/br': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' })
          .end(brotliCompressSync('<p>compressed with brotli</p>')),
      '/gzip-bomb': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end(gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20))),
      '/layers': (req, res) => {
        const layers = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('n'));
        res
          .writeHead(200, {
            'content-type': 'text/html',
            'content-encoding': Array(layers).fill('gzip').join(', '),
          })
          .end(layered.get(layers));
      },
      '/echo-headers': (req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)),
    });
  });

  after(async () => {
    await site.close();
    await internal.close();
  });

  describe('refuses non-public addresses by default', () => {
    it('refuses 127.0.0.1 before sending anything', async () => {
      const before = site.hits.length;
      await rejectsWith(fetchPage(site.url('/page')), 'FETCH_BLOCKED', site.url('/page'));
      assert.equal(site.hits.length, before);
    });

    it('refuses localhost (checked after resolution)', async () => {
      await rejectsWith(fetchPage(`http://localhost:${site.port}/page`), 'FETCH_BLOCKED', 'localhost');
    });

    for (const url of [
      'http://[::1]/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://0.0.0.0/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
    ]) {
      it(`refuses the literal address in ${url}`, async () => {
        await rejectsWith(fetchPage(url, { timeoutMs: 2000 }), 'FETCH_BLOCKED');
      });
    }

    it('refuses a name whose resolution is private', async () => {
      const lookup = fakeLookup({ 'intranet.example': ['10.1.2.3'] });
      await refusedName(fetchPage('http://intranet.example/', { lookup }), '10.1.2.3');
    });

    it('refuses a name if any of its addresses is private', async () => {
      const lookup = fakeLookup({ 'mixed.example': ['93.184.216.34', '192.168.1.1'] });
      await refusedName(fetchPage('http://mixed.example/', { lookup }), '192.168.1.1');
    });

    it('checks the addresses the socket actually connects to (no rebinding gap)', async () => {
      // A resolver that answers "public" the first time and "internal" afterwards: whatever answer
      // the socket gets is the one that is checked.
      let calls = 0;
      const rebinding: LookupFunction = (hostname, options, callback) => {
        calls++;
        fakeLookup({ [hostname]: [calls === 1 ? '127.0.0.1' : '127.0.0.2'] })(hostname, options, callback);
      };
      const base = { lookup: rebinding, isAddressAllowed: onlyLocalhostIsPublic };
      const first = await fetchPage(`http://rebind.test:${site.port}/page`, base);
      assert.match(Buffer.from(first.bytes).toString(), /Hello from pith/);
      const hitsBefore = internal.hits.length;
      await refusedName(fetchPage(`http://rebind.test:${internal.port}/secret`, base), '127.0.0.2');
      assert.equal(internal.hits.length, hitsBefore);
    });

    it('refuses a redirect from an allowed server to a private address', async () => {
      const options = { isAddressAllowed: onlyLocalhostIsPublic };
      const ok = await fetchPage(site.url('/page'), options);
      assert.equal(ok.status, 200);
      await rejectsWith(fetchPage(site.url('/to-internal'), options), 'FETCH_BLOCKED', '127.0.0.2');
      await rejectsWith(fetchPage(site.url('/to-metadata'), options), 'FETCH_BLOCKED', '169.254.169.254');
      const lookup = fakeLookup({ 'internal.test': ['127.0.0.2'] });
      await rejectsWith(fetchPage(site.url('/to-internal-name'), { ...options, lookup }), 'FETCH_BLOCKED');
      assert.equal(internal.hits.length, 0, 'the internal server never saw a request');
    });

    it('says the same of every name that does not resolve, whatever the resolver said', async () => {
      // Missing names and names without an address must read alike: told apart, they are an
      // oracle on the internal DNS for a service's clients. The resolver's code stays on the error.
      const failing =
        (code: string): LookupFunction =>
        (hostname, _options, callback) =>
          callback(Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code }), '', undefined);
      const empty: LookupFunction = (_hostname, options, callback) =>
        options.all ? callback(null, []) : callback(null, '', 4);
      for (const [lookup, code] of [
        [failing('ENOTFOUND'), 'ENOTFOUND'],
        [failing('ENODATA'), 'ENODATA'],
        [failing('EAI_AGAIN'), 'EAI_AGAIN'],
        [empty, ''],
      ] as const) {
        const error = await rejectsWith(fetchPage('http://vm/', { lookup }), 'FETCH_FAILED');
        assert.equal(error.message, 'http://vm/: vm could not be resolved');
        assert.ok(error instanceof FetchUnresolvedError);
        assert.equal(error.resolverCode, code);
      }
    });

    it('refuses redirects to other schemes', async () => {
      await rejectsWith(fetchPage(site.url('/to-file'), { allowPrivate: true }), 'FETCH_BLOCKED', 'file:');
    });

    it('refuses non-http URLs', async () => {
      await rejectsWith(fetchPage('ftp://example.com/x'), 'FETCH_BLOCKED');
      await rejectsWith(fetchPage('not a url'), 'FETCH_FAILED');
    });
  });

  describe('with allowPrivate', () => {
    it('fetches the local server', async () => {
      const page = await fetchPage(site.url('/page'), { allowPrivate: true });
      assert.equal(page.status, 200);
      assert.equal(page.url, site.url('/page'));
      assert.equal(page.contentType, 'text/html; charset=utf-8');
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
      assert.deepEqual(page.redirects, []);
      assert.equal(Buffer.from(page.bytes).toString(), '<html><body><p>Hello from pith</p></body></html>');
    });

    it('follows a relative redirect and reports it', async () => {
      const page = await fetchPage(site.url('/relative'), { allowPrivate: true });
      assert.equal(page.url, site.url('/page'));
      assert.deepEqual(page.redirects, [site.url('/page')]);
    });

    it('sends its User-Agent, Accept and Accept-Encoding', async () => {
      const page = await fetchPage(site.url('/echo-headers'), {
        allowPrivate: true,
        accept: ['application/json'],
      });
      const headers = JSON.parse(Buffer.from(page.bytes).toString()) as Record<string, string>;
      assert.match(headers['user-agent'], /^pith\/\d+\.\d+\.\d+ /);
      assert.equal(headers.accept, 'application/json');
      assert.equal(headers['accept-encoding'], 'gzip, deflate, br');
    });
  });

  describe('limits', () => {
    const local = { allowPrivate: true };

    it('times out on a server that never answers', async () => {
      await rejectsWith(
        fetchPage(site.url('/never'), { ...local, timeoutMs: 200 }),
        'FETCH_TIMEOUT',
        '/never',
      );
    });

    it('times out on a body that never ends', async () => {
      await rejectsWith(fetchPage(site.url('/slow-body'), { ...local, timeoutMs: 200 }), 'FETCH_TIMEOUT');
    });

    it('stops reading an endless body at maxBytes', async () => {
      await rejectsWith(
        fetchPage(site.url('/endless'), { ...local, maxBytes: 1024 * 1024 }),
        'FETCH_TOO_LARGE',
      );
    });

    it('refuses a Content-Length over maxBytes without reading', async () => {
      await rejectsWith(fetchPage(site.url('/big-declared'), local), 'FETCH_TOO_LARGE', 'Content-Length');
    });

    it('stops a gzip bomb at maxBytes of decompressed data', async () => {
      await rejectsWith(
        fetchPage(site.url('/gzip-bomb'), { ...local, maxBytes: 1024 * 1024 }),
        'FETCH_TOO_LARGE',
      );
    });

    it('gives up after maxRedirects', async () => {
      await rejectsWith(
        fetchPage(site.url('/loop'), { ...local, maxRedirects: 3 }),
        'FETCH_TOO_MANY_REDIRECTS',
      );
      await rejectsWith(
        fetchPage(site.url('/relative'), { ...local, maxRedirects: 0 }),
        'FETCH_TOO_MANY_REDIRECTS',
      );
    });

    it('refuses content types that are not pages', async () => {
      await rejectsWith(fetchPage(site.url('/image'), local), 'FETCH_BAD_CONTENT_TYPE', 'image/png');
    });

    it('accepts a response without Content-Type', async () => {
      const page = await fetchPage(site.url('/no-type'), local);
      assert.equal(page.contentType, undefined);
      assert.equal(Buffer.from(page.bytes).toString(), '<p>untyped</p>');
    });

    it('reports non-2xx statuses', async () => {
      await rejectsWith(fetchPage(site.url('/missing'), local), 'FETCH_BAD_STATUS', '404');
    });

    it('reports connection failures as FETCH_FAILED', async () => {
      const closed = await startServer('127.0.0.1', {});
      const url = closed.url('/');
      await closed.close();
      await rejectsWith(fetchPage(url, local), 'FETCH_FAILED', url);
      await rejectsWith(
        fetchPage('http://no-such-host.test/', { ...local, lookup: fakeLookup({}) }),
        'FETCH_FAILED',
      );
    });

    it('rejects bad options', async () => {
      await rejectsWith(fetchPage(site.url('/page'), { ...local, timeoutMs: 0 }), 'BAD_OPTION');
      await rejectsWith(fetchPage(site.url('/page'), { ...local, maxRedirects: -1 }), 'BAD_OPTION');
    });
  });

  describe('Content-Encoding', () => {
    for (const [path, text] of [
      ['/gzip', 'compressed with gzip'],
      ['/deflate', 'compressed with deflate'],
      ['/deflate-raw', 'compressed with raw deflate'],
      ['/br', 'compressed with brotli'],
    ]) {
      it(`undoes ${path.slice(1)}`, async () => {
        const page = await fetchPage(site.url(path), { allowPrivate: true });
        assert.equal(Buffer.from(page.bytes).toString(), `<p>${text}</p>`);
      });
    }

    for (const layers of [2, 5]) {
      it(`undoes ${layers} chained gzip codings`, async () => {
        const page = await fetchPage(site.url(`/layers?n=${layers}`), { allowPrivate: true });
        assert.equal(Buffer.from(page.bytes).toString(), '<p>layered</p>');
      });
    }

    // Without the cap, 2,000 layers took over 2 minutes against a 3 s budget (the test's own
    // timeout is there so that a regression fails rather than hangs).
    for (const layers of [6, 2000]) {
      it(`refuses ${layers} chained codings before decoding any (FETCH_TOO_MANY_ENCODINGS)`, {
        timeout: 30_000,
      }, async () => {
        await rejectsWith(
          fetchPage(site.url(`/layers?n=${layers}`), { allowPrivate: true, timeoutMs: 3000 }),
          'FETCH_TOO_MANY_ENCODINGS',
          `${layers} chained Content-Encodings (at most 5 are undone)`,
        );
      });
    }

    it('stops decoding at the deadline, though the socket has delivered the whole body', async () => {
      // The whole compressed body is already here (as when a socket has ended): the abort can no
      // longer stop a read; decoding must notice it itself.
      const plain = Buffer.alloc(4 * 1024 * 1024, 0x61);
      const compressed = gzipLayers(plain, 3);
      async function* delivered() {
        yield compressed;
      }
      const controller = new AbortController();
      const limits = {
        maxBytes: plain.length,
        tooLarge: () => new PithError('FETCH_TOO_LARGE', 'too large'),
        signal: controller.signal,
      } as const;
      let decoded = 0;
      const reading = (async () => {
        for await (const chunk of undoContentCodings(delivered(), ['gzip', 'gzip', 'gzip'], limits)) {
          decoded += chunk.length;
          controller.abort(); // the deadline passes after the first decoded chunk
        }
      })();
      await assert.rejects(reading, { name: 'AbortError' });
      assert.ok(decoded < plain.length, `decoded ${decoded} of ${plain.length} bytes after the deadline`);
    });
  });
});
