/**
 * Clients that never read their answers (issue 36, item 1): `--clients` clients each send one
 * request whose answer is as large as the server will give (a `--page-mb` article, every
 * rendering asked for with `include=view,html,markdown,text`), then read nothing more than the
 * first chunk of the answer (its status line: at most one socket read, 64 KB). Measured: the
 * server process's RSS over time (its worker threads included), each client's status, and when
 * the server let go of each connection.
 *
 *   npm run build && nice -n 10 npx tsx bench/load/unread.ts [--clients 50] [--page-mb 9.6]
 *       [--observe 180] [--max-rss-mb 6000] [--cli dist/cli/main.js] [-- server flags…]
 *
 * The server is `node CLI serve` on a free port of 127.0.0.1 (`--cli` runs another build, e.g.
 * main's, for the before/after figures), with `--concurrency 2 --timeout 600s` and whatever
 * follows `--`: the long budget lets every page be extracted (the worst case for memory; with the
 * default 15 s most of 50 large pages would time out in the queue). Each client is a real socket
 * that stops reading after its first chunk; the server's side of each connection is followed with
 * `ss` (the connection is let go when the server's process no longer holds it: its socket left
 * ESTABLISHED/CLOSE-WAIT). The run stops after `--observe` seconds, once every connection is let
 * go (plus 5 s), or when the server's RSS passes `--max-rss-mb` (a safety stop on a shared
 * machine: the server is then killed and the figures say so).
 */
import { execFileSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { CLI, memoryOf, startServer } from './common.js';

const { values, positionals } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    'page-mb': { type: 'string', default: '9.6' },
    include: { type: 'string', default: 'view,html,markdown,text' },
    observe: { type: 'string', default: '180' },
    'max-rss-mb': { type: 'string', default: '6000' },
    cli: { type: 'string', default: CLI },
  },
  allowPositionals: true,
  strict: true,
});
const CLIENTS = Number(values.clients);
const PAGE_BYTES = Math.round(Number(values['page-mb']) * 1024 * 1024);
const OBSERVE_S = Number(values.observe);
const MAX_RSS_MB = Number(values['max-rss-mb']);
const SERVER_FLAGS = ['--concurrency', '2', '--timeout', '600s', ...positionals];

/** A long article of plain paragraphs (deterministic): nearly all of it is kept, in every rendering. */
function articlePage(bytes: number): string {
  const words = [
    'river',
    'bank',
    'silt',
    'meander',
    'current',
    'delta',
    'flood',
    'channel',
    'erosion',
    'sediment',
    'valley',
    'oxbow',
    'water',
    'slope',
    'stone',
    'season',
    'survey',
    'engineer',
    'map',
    'bend',
  ];
  let seed = 36;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  const head =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Rivers</title></head><body><article><h1>Why rivers bend</h1>\n';
  const tail = '</article></body></html>\n';
  const parts: string[] = [head];
  let size = head.length + tail.length;
  let paragraph = 0;
  while (size < bytes) {
    let text = '';
    for (let word = 0; word < 80; word++) text += `${words[next() % words.length]} `;
    const block =
      paragraph % 25 === 0
        ? `<h2>Section ${paragraph / 25 + 1}</h2>\n<p>${text}<a href="/notes/${paragraph}">note</a>.</p>\n`
        : `<p>${text.trimEnd()}.</p>\n`;
    if (size + block.length > bytes) break;
    parts.push(block);
    size += block.length;
    paragraph++;
  }
  parts.push(tail);
  return parts.join('');
}

interface Client {
  socket: Socket;
  port: number;
  status?: string;
  /** Seconds from the start to the first byte of the answer. */
  answeredAt?: number;
  /** Seconds from the start to when the server let go of the connection. */
  releasedAt?: number;
}

/** The server's own sockets on its port: client port → [state, Send-Q bytes]. */
function serverSockets(port: number): Map<number, { state: string; sendQ: number }> {
  const out = execFileSync('ss', ['-Htn', `( sport = :${port} )`], { encoding: 'utf8' });
  const sockets = new Map<number, { state: string; sendQ: number }>();
  for (const line of out.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 5) continue;
    const peer = Number(fields[4].slice(fields[4].lastIndexOf(':') + 1));
    sockets.set(peer, { state: fields[0], sendQ: Number(fields[2]) });
  }
  return sockets;
}
const HELD = new Set(['ESTAB', 'CLOSE-WAIT']);

const cli = values.cli;
const server = await startServer(SERVER_FLAGS, cli);
const base = new URL(server.base);
const pid = server.child.pid as number;
const port = Number(base.port);
const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));

const page = articlePage(PAGE_BYTES);
const include = values.include
  .split(',')
  .map((item) => `include=${item}`)
  .join('&');
const path = `/v1/extract?format=html&${include}`;

// One full answer first: the workers warmed up, and the answer's size.
const warmStart = performance.now();
const warm = await fetch(new URL(path, base), {
  method: 'POST',
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: page,
});
const warmBody = Buffer.from(await warm.arrayBuffer());
console.log(
  `page ${(page.length / 1e6).toFixed(2)} MB; one answer read whole: HTTP ${warm.status}, ${(warmBody.length / 1e6).toFixed(1)} MB in ${((performance.now() - warmStart) / 1000).toFixed(1)} s` +
    (warm.status === 200 ? '' : ` ${warmBody.toString('utf8', 0, 300)}`),
);
await new Promise((resolve) => setTimeout(resolve, 3000));
const baseline = memoryOf(pid).rss;
console.log(`server RSS after the warm-up: ${baseline.toFixed(0)} MB`);

const request = Buffer.concat([
  Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/html; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(page)}\r\n\r\n`,
  ),
  Buffer.from(page),
]);
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const clients: Client[] = await Promise.all(
  Array.from(
    { length: CLIENTS },
    () =>
      new Promise<Client>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port }, () => {
          const client: Client = { socket, port: socket.localPort as number };
          socket.write(request);
          // The first chunk only (the status line): then the socket is paused and read no more.
          socket.once('data', (chunk: Buffer) => {
            socket.pause();
            client.answeredAt = elapsed();
            client.status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1', 0, 20))?.[1] ?? '?';
          });
          resolve(client);
        });
        socket.on('error', () => {});
        socket.once('error', reject);
      }),
  ),
);
for (const client of clients) client.socket.removeAllListeners('error').on('error', () => {});

const samples: { at: number; rss: number; held: number; sendQ: number; answeredHeld: number }[] = [];
let peak = baseline;
let stopped = '';
while (elapsed() < OBSERVE_S) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rss = memoryOf(pid).rss;
  peak = Math.max(peak, rss);
  const sockets = serverSockets(port);
  let held = 0;
  let sendQ = 0;
  for (const client of clients) {
    const socket = sockets.get(client.port);
    if (socket && HELD.has(socket.state)) {
      held++;
      sendQ += socket.sendQ;
    } else client.releasedAt ??= elapsed();
  }
  const answeredHeld = clients.filter(
    (client) => client.status === '200' && client.releasedAt === undefined,
  ).length;
  samples.push({ at: elapsed(), rss, held, sendQ, answeredHeld });
  if (rss > MAX_RSS_MB) {
    stopped = `stopped at ${elapsed().toFixed(0)} s: the server's RSS passed ${MAX_RSS_MB} MB (safety stop)`;
    break;
  }
  const releasedFor = Math.min(...clients.map((client) => client.releasedAt ?? Number.POSITIVE_INFINITY));
  if (held === 0 && clients.every((client) => client.releasedAt !== undefined) && elapsed() - releasedFor > 5)
    break;
}
const end = elapsed();

// Figures.
const statuses: Record<string, number> = {};
for (const client of clients) {
  const key = client.status ?? 'no answer';
  statuses[key] = (statuses[key] ?? 0) + 1;
}
const released = clients
  .map((client) => client.releasedAt)
  .filter((at): at is number => at !== undefined)
  .sort((a, b) => a - b);
const answered = clients
  .map((client) => client.answeredAt)
  .filter((at): at is number => at !== undefined)
  .sort((a, b) => a - b);
const quantile = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
const every = (seconds: number) =>
  samples
    .filter((_sample, index) => (index + 1) % seconds === 0)
    .map((sample) => `${sample.at.toFixed(0)} s: ${sample.rss.toFixed(0)} MB (${sample.held} held)`)
    .join('; ');
console.log(`server: node ${cli} serve ${SERVER_FLAGS.join(' ')}`);
console.log(`${CLIENTS} clients, each POST ${path} with the ${(page.length / 1e6).toFixed(2)} MB page`);
console.log(`statuses: ${JSON.stringify(statuses)}`);
if (answered.length > 0)
  console.log(
    `first byte of the answers: ${answered[0].toFixed(1)}–${answered[answered.length - 1].toFixed(1)} s`,
  );
console.log(
  `RSS: ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (growth ${(peak - baseline).toFixed(0)} MB), ` +
    `${samples.at(-1)?.rss.toFixed(0)} MB at the end (${end.toFixed(0)} s)`,
);
console.log(`every 10 s: ${every(10)}`);
console.log(
  released.length === 0
    ? `connections let go by the server: none of ${CLIENTS} within ${end.toFixed(0)} s`
    : `connections let go by the server: ${released.length} of ${CLIENTS} within ${end.toFixed(0)} s; ` +
        `first ${released[0].toFixed(0)} s, median ${quantile(released, 0.5).toFixed(0)} s, last ${released[released.length - 1].toFixed(0)} s`,
);
for (const status of Object.keys(statuses)) {
  const after = clients
    .filter(
      (client) =>
        client.status === status && client.answeredAt !== undefined && client.releasedAt !== undefined,
    )
    .map((client) => (client.releasedAt as number) - (client.answeredAt as number))
    .sort((a, b) => a - b);
  if (after.length > 0)
    console.log(
      `${status}: let go ${after[0].toFixed(0)}–${after[after.length - 1].toFixed(0)} s after the answer began (median ${quantile(after, 0.5).toFixed(0)} s, ${after.length} of ${statuses[status]})`,
    );
}
console.log(
  `most 200 answers held at once (answered, connection not let go): ${Math.max(0, ...samples.map((sample) => sample.answeredHeld))}`,
);
if (stopped) console.log(stopped);

for (const client of clients) client.socket.destroy();
// A health check after the clients left: the server still answers.
const health = await fetch(new URL('/healthz', base)).then(
  (response) => `HTTP ${response.status}`,
  (error: Error) => `no answer (${error.message})`,
);
console.log(`GET /healthz after the clients left: ${health}`);
server.child.kill(stopped ? 'SIGKILL' : 'SIGTERM');
await exited;
