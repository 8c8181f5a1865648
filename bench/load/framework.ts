/**
 * What the HTTP framework costs: the same small JSON answer from bare `node:http` and from
 * the service's fastify app (all its hooks, headers and routing), and a route of the app
 * with and without an API key and a rate limit, under autocannon on loopback; and one
 * extraction for scale. For the "HTTP framework" entry
 * of docs/decisions.md.
 *
 *   nice -n 10 npx tsx bench/load/framework.ts [--duration 5] [--connections 50]
 *
 * The servers run in this process, one after the other (autocannon too, so absolute
 * numbers are lower than with a separate client; the ratio is the point).
 */

import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createServer } from '@pith/server';
import autocannon from 'autocannon';
import { extract } from 'pith';
import { samplePath } from '../../test/helpers.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
  },
  strict: true,
});

function run(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers, connections: Number(values.connections), duration: Number(values.duration) },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const body = JSON.stringify({ status: 'ok', version: '0', uptimeSeconds: 1, pool: {} });
const bare = createHttpServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareResult = await run(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
await new Promise((resolve) => bare.close(resolve));

const pith = createServer({ port: 0, concurrency: 1, warmWorkers: false });
const base = await pith.listen();
const fastifyResult = await run(`${base}/healthz`);
const plainResult = await run(`${base}/v1/extractors`);
await pith.close();

// The same route behind an API key and a rate limit (one too high to refuse anything here).
const key = 'framework-bench-key-0123456789abcdef';
const guarded = createServer({
  port: 0,
  concurrency: 1,
  warmWorkers: false,
  apiKeys: [key],
  rateLimit: { max: 1e9, windowMs: 60_000 },
});
const guardedBase = await guarded.listen();
const guardedResult = await run(`${guardedBase}/v1/extractors`, { authorization: `Bearer ${key}` });
await guarded.close();

const html = readFileSync(samplePath('readability-testpages', '001', 'source.html'), 'utf8');
extract(html);
const rounds = 20;
const started = performance.now();
for (let i = 0; i < rounds; i++) extract(html);
const extractMs = (performance.now() - started) / rounds;

const line = (name: string, result: autocannon.Result) =>
  `${name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
  `${(1000 / result.requests.average).toFixed(3)} ms of server time per request`;
process.stdout.write(`${line('node:http', bareResult)}\n${line('fastify app (/healthz)', fastifyResult)}\n`);
process.stdout.write(
  `${line('fastify app (/v1/extractors)', plainResult)}\n${line('the same with an API key and a rate limit', guardedResult)}\n`,
);
process.stdout.write(
  `one extraction of readability-testpages/001 (12 KB), in process: ${extractMs.toFixed(1)} ms (mean of ${rounds})\n`,
);
