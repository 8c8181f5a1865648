/**
 * How long a response with N chained gzip Content-Encodings takes to be refused (or, under the
 * cap, decoded), through the three doors that fetch: `fetchPage`, `pith extract URL` (the built
 * CLI, as a user runs it) and the service's URL route (`pith serve`'s app, in this process).
 * The page server listens on 127.0.0.1 only; the body is gzipped N times before the clock starts.
 * The CLI runs from source (node --import tsx src/cli/main.ts), its start-up measured beside it.
 * For docs/security.md, "Fetcher and input tables".
 *
 *   nice -n 10 npx tsx bench/security/chained-codings.ts [--layers 2000] [--runs 5]
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { fetchPage } from '../../src/internal.js';
import { createServer as createPithServer } from '../../src/server/index.js';
import { PITH_ARGV } from '../../test/helpers.js';

const { values } = parseArgs({
  options: { layers: { type: 'string', default: '2000' }, runs: { type: 'string', default: '5' } },
});
const layers = Number(values.layers);
const runs = Number(values.runs);

let body = Buffer.from('<html><body><article><p>Layered text.</p></article></body></html>');
for (let i = 0; i < layers; i++) body = gzipSync(body);
const origin = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'text/html',
    'content-encoding': Array(layers).fill('gzip').join(', '),
  });
  response.end(body);
});
await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/`;

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const row = (door: string, times: number[], outcome: string) =>
  console.log(
    `| ${door} | ${outcome} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${times.length} |`,
  );

console.log(`${layers} chained gzip codings, ${body.length} bytes on the wire; ms per request\n`);
console.log('| door | outcome | median ms | max ms | runs |\n|---|---|---|---|---|');

const library: number[] = [];
let libraryOutcome = '';
for (let run = 0; run < runs; run++) {
  const start = performance.now();
  libraryOutcome = await fetchPage(url, { allowPrivate: true, timeoutMs: 3000 }).then(
    () => 'decoded',
    (error: { code?: string }) => String(error.code),
  );
  library.push(performance.now() - start);
}
row('fetchPage', library, libraryOutcome);

const service = createPithServer({
  port: 0,
  concurrency: 1,
  warmWorkers: false,
  fetch: { allowPrivate: true },
});
const serviceTimes: number[] = [];
let serviceOutcome = '';
for (let run = 0; run < runs; run++) {
  const start = performance.now();
  const response = await service.app.inject({
    method: 'GET',
    url: `/v1/extract?url=${encodeURIComponent(url)}`,
  });
  serviceTimes.push(performance.now() - start);
  serviceOutcome = `${response.statusCode} ${response.statusCode === 200 ? 'ok' : response.json().error.code}`;
}
row('service GET /v1/extract?url=', serviceTimes, serviceOutcome);
await service.close();

// The CLI in a child process: the page server must keep answering, so this process waits
// asynchronously (spawnSync would block it). The figure is the whole command, node's start included.
const cliTimes: number[] = [];
let cliOutcome = '';
const startup: number[] = [];
for (let run = 0; run < runs; run++) {
  const start = performance.now();
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [
      ...PITH_ARGV,
      'extract',
      '--allow-private',
      '--timeout',
      '3000',
      url,
    ]);
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout.resume();
    child.on('close', (exit) => resolve({ code: exit, stderr: err }));
  });
  cliTimes.push(performance.now() - start);
  cliOutcome = `exit ${code} ${/FETCH_[A-Z_]+/.exec(stderr)?.[0] ?? ''}`.trim();
  const before = performance.now();
  spawnSync(process.execPath, [...PITH_ARGV, '--version']);
  startup.push(performance.now() - before);
}
row('pith extract URL (whole command)', cliTimes, cliOutcome);
row('pith --version (node start, for scale)', startup, 'exit 0');
origin.close();
