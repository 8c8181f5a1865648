/**
 * The queue's cost (issue 18): the same archives through `pith warc` in one process, and through
 * `pith queue add` + 1 and 2 `pith worker` processes on a local redis-server, with the same number
 * of extraction threads in all. Reported: CPU time (user + system of every process, Redis
 * included) and wall time per run, the queue's CPU overhead against `pith warc`, Redis commands
 * per job and per record (INFO commandstats), Redis memory per job, and the enqueue → start
 * latency of a job given to an idle worker (BullMQ's own timestamps, median and p95 of --probes).
 * The load average is printed before each run: the machine may be shared.
 *
 * Fixed costs are reported apart from the per-record ones: each process's start-up (`pith warc` on
 * a one-page archive, a worker's CPU when it is ready, `pith queue add` whole), so that the cost of
 * the queue per record (worker CPU past its start-up against `pith warc` past its own) is seen
 * without the process start-ups a small run is dominated by. --rounds repeats the runs, in an
 * order rotated by one each round (the machine's load moves between them, and a fixed order
 * made the later runs of every round pay for it).
 *
 *   npm run build && nice -n 10 npx tsx bench/queue/throughput.ts ARCHIVE [--copies 8] [--threads 2] [--probes 20] [--rounds 1] [--paired]
 *
 * --paired runs `pith warc` and the queue side by side instead (see `pairedRounds`).
 *
 * ARCHIVE is copied --copies times (one job each); the same copies go to `pith warc`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { PithQueue } from '../../src/queue/index.js';
import { loadAverage, RedisServer } from './redis-server.js';

const CLI = path.resolve('dist/cli/main.js');

/** Redis's own counters: CPU seconds and commands processed (by command). */
async function redisCounters(redis: Redis): Promise<{ cpuS: number; commands: Record<string, number> }> {
  const cpu = await redis.info('cpu');
  const user = Number(/used_cpu_user:([\d.]+)/.exec(cpu)?.[1] ?? 0);
  const system = Number(/used_cpu_sys:([\d.]+)/.exec(cpu)?.[1] ?? 0);
  const stats = await redis.info('commandstats');
  const commands: Record<string, number> = {};
  for (const match of stats.matchAll(/cmdstat_([\w|]+):calls=(\d+)/g)) commands[match[1]] = Number(match[2]);
  return { cpuS: user + system, commands };
}

function commandDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [name, calls] of Object.entries(after)) {
    const change = calls - (before[name] ?? 0);
    if (change > 0 && name !== 'info') delta[name] = change;
  }
  return delta;
}

/** A run of the CLI: CPU seconds (user + system), wall seconds, its output. */
interface Timed {
  cpuS: number;
  wallS: number;
  stdout: string;
  stderr: string;
}

/** Runs `node CLI args` under /usr/bin/time. */
function timed(args: string[]): Timed {
  const result = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S', process.execPath, CLI, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const time = /TIME ([\d.]+) ([\d.]+) ([\d.]+)/.exec(result.stderr);
  if (result.status !== 0 || !time)
    throw new Error(`pith ${args[0]}: exit ${result.status}\n${result.stderr.slice(-2000)}`);
  return {
    wallS: Number(time[1]),
    cpuS: Number(time[2]) + Number(time[3]),
    stdout: result.stdout,
    stderr: result.stderr,
  };
}

/** `timed`, without blocking: several at once. */
function timedAsync(args: string[]): Promise<{ cpuS: number; wallS: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %U %S', process.execPath, CLI, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => {
      const time = /TIME ([\d.]+) ([\d.]+) ([\d.]+)/.exec(stderr);
      if (code !== 0 || !time) reject(new Error(`pith ${args[0]}: exit ${code}\n${stderr.slice(-2000)}`));
      else resolve({ wallS: Number(time[1]), cpuS: Number(time[2]) + Number(time[3]), stderr });
    });
  });
}

/** CPU seconds (user + system, all threads) of a running process, from /proc. */
function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

/** Starts `node CLI worker …`; `stop` reads its CPU time, then ends it with SIGTERM. */
function startWorker(url: string, queue: string, threads: number, name: string) {
  const child = spawn(
    process.execPath,
    [
      ...[CLI, 'worker', '--redis', url, '--queue', queue, '--workers', String(threads), '--name', name],
      // Every archive and output of the bench is in its temporary directory.
      ...['--input-root', tmpdir(), '--output-root', tmpdir()],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  /** Resolves, once the worker is connected, with its CPU seconds so far (its start-up). */
  const ready = new Promise<number>((resolve) => {
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('on queue')) resolve(processCpu(child.pid as number));
    });
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const cpu = (): number => processCpu(child.pid as number);
  const stop = async (): Promise<number> => {
    const cpu = processCpu(child.pid as number);
    child.kill('SIGTERM');
    await exited;
    return cpu;
  };
  return { ready, cpu, stop };
}

function outputsIn(dir: string): number {
  try {
    return readdirSync(dir).filter((name) => !name.startsWith('.')).length;
  } catch {
    return 0;
  }
}

interface QueueRunOptions {
  workers: number;
  /** Extraction threads in all, shared between the workers. */
  threads: number;
  name: string;
  out: string;
  common: string[];
  /**
   * A one-page archive run as a first job before the files, so that the workers' fixed costs past
   * their start-up (a thread's first page: modules and models loaded) stay out of the per-record
   * figure, as `pith warc`'s one-page run keeps them out of its own.
   */
  probe?: string;
}

/**
 * The files through `pith queue add` and `workers` `pith worker` processes until every output is
 * written. CPU: the add, the workers and Redis; per record: the workers past their start-up and Redis.
 */
async function queueRun(
  url: string,
  client: Redis,
  files: string[],
  { workers, threads, name, out, common, probe }: QueueRunOptions,
): Promise<{ cpu: number; perRecord: number; records: number }> {
  console.log(`load before queue, ${workers} worker(s): ${loadAverage()}`);
  const perWorker = Math.max(1, threads / workers);
  const running = Array.from({ length: workers }, (_, index) =>
    startWorker(url, name, perWorker, `w${index}`),
  );
  let readyCpu = (await Promise.all(running.map((worker) => worker.ready))).reduce(
    (sum, cpu) => sum + cpu,
    0,
  );
  const queue = new PithQueue(url, name);
  let probePages = 0;
  if (probe) {
    const probeOut = `${out}-probe`;
    timed(['queue', 'add', 'warc', probe, '-o', probeOut, '--redis', url, '--queue', name, ...common]);
    await until(async () => outputsIn(probeOut) === 1);
    readyCpu = running.reduce((sum, worker) => sum + worker.cpu(), 0);
    probePages = (await queue.status()).recent.pages;
  }
  const before = await redisCounters(client);
  const started = performance.now();
  const add = timed([
    'queue',
    'add',
    'warc',
    ...files,
    '-o',
    out,
    '--redis',
    url,
    '--queue',
    name,
    ...common,
  ]);
  // Waiting on the file system, not on Redis: Redis counts only what pith does.
  await until(async () => outputsIn(out) === files.length);
  const wallS = (performance.now() - started) / 1000;
  const workerCpu = (await Promise.all(running.map((worker) => worker.stop()))).reduce(
    (sum, cpu) => sum + cpu,
    0,
  );
  const after = await redisCounters(client);
  const status = await queue.status();
  await queue.close();
  const commands = commandDelta(before.commands, after.commands);
  const total = Object.values(commands).reduce((sum, calls) => sum + calls, 0);
  const redisCpu = after.cpuS - before.cpuS;
  const cpu = add.cpuS + workerCpu + redisCpu;
  const records = status.recent.pages - probePages;
  const perRecord = (workerCpu - readyCpu + redisCpu) / records;
  console.log(
    `queue, ${workers} worker(s) × ${perWorker} threads: ${records} pages in ${outputsIn(out)} outputs, ` +
      `CPU ${cpu.toFixed(1)} s (add ${add.cpuS.toFixed(1)}, workers ${workerCpu.toFixed(1)} of which start-up ${readyCpu.toFixed(2)}${probe ? ' and a one-page job' : ''}, redis ${redisCpu.toFixed(2)}), ` +
      `wall ${wallS.toFixed(1)} s (from the add, the workers already running); past start-up ${(perRecord * 1000).toFixed(2)} ms CPU per record (Redis included)`,
  );
  console.log(
    `  redis: ${total} commands for ${files.length} jobs and ${records} records: ${(total / files.length).toFixed(1)} per job, ` +
      `${(total / records).toFixed(3)} per record (${Object.entries(commands)
        .sort(([, a], [, b]) => b - a)
        .slice(0, 8)
        .map(([command, calls]) => `${command} ${calls}`)
        .join(', ')})`,
  );
  return { cpu, perRecord, records };
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 200));
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The runs of a round: `pith warc` in one process, in two, and the queue with one and two workers. */
const CONFIGURATIONS = ['warc', 'split', 'queue-1', 'queue-2'] as const;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      copies: { type: 'string', default: '8' },
      threads: { type: 'string', default: '2' },
      probes: { type: 'string', default: '20' },
      probe: { type: 'string', default: '../shared/warc-samples/cc-whirlwind.warc.gz' },
      rounds: { type: 'string', default: '1' },
      paired: { type: 'boolean', default: false },
    },
  });
  const archive = positionals[0];
  if (!archive) throw new Error('usage: throughput.ts ARCHIVE [--copies N] [--threads T] [--probes N]');
  const copies = Number(values.copies);
  const threads = Number(values.threads);
  const work = mkdtempSync(path.join(tmpdir(), 'pith-bench-queue-'));
  const files: string[] = [];
  for (let copy = 0; copy < copies; copy++) {
    const file = path.join(work, `copy-${copy}.warc.gz`);
    copyFileSync(archive, file);
    files.push(file);
  }
  const common = ['--output', 'jsonl.gz', '--timeout', '300000'];
  console.log(`# ${copies} copies of ${archive}, ${threads} extraction threads in every configuration`);

  const redis = await RedisServer.start({ appendfsync: 'everysec' });
  const client = new Redis(redis.url);
  if (values.paired) {
    try {
      await pairedRounds(redis.url, client, files, work, {
        threads,
        rounds: Number(values.rounds),
        common,
        probe: values.probe,
      });
    } finally {
      client.disconnect();
      await redis.close();
      rmSync(work, { recursive: true, force: true });
    }
    return;
  }
  const perRecord: Record<string, number[]> = { warc: [], 'queue-1': [], 'queue-2': [] };
  const whole: Record<string, number[]> = { 'queue-1': [], 'queue-2': [] };
  const splitRatio: number[] = [];
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      // The configurations in a rotated order: run first in every round, `pith warc` paid less
      // for whatever the shared machine did later in the round than the runs after it.
      const order = CONFIGURATIONS.map((_, index) => CONFIGURATIONS[(index + round) % CONFIGURATIONS.length]);
      console.log(`## round ${round + 1} (${order.join(', ')})`);
      let single: Timed | undefined;
      let singleCpuPerRecord = 0;
      let splitCpu = 0;
      const queueCpu: Record<string, number> = {};
      for (const configuration of order) {
        if (configuration === 'warc') {
          // pith warc's fixed cost: the same command on a one-page archive (start-up, pool, first page).
          const startup = timed([
            'warc',
            values.probe,
            '-o',
            path.join(work, `warc-startup-${round}`),
            '--workers',
            String(threads),
            '--no-progress',
            ...common,
          ]);
          console.log(`load before pith warc: ${loadAverage()}`);
          single = timed([
            'warc',
            ...files,
            '-o',
            path.join(work, `warc-out-${round}`),
            '--workers',
            String(threads),
            '--no-progress',
            ...common,
          ]);
          const pages = Number(/pith warc: (\d+) pages/.exec(single.stderr)?.[1]);
          singleCpuPerRecord = (single.cpuS - startup.cpuS) / pages;
          console.log(
            `pith warc, 1 process: ${pages} pages, CPU ${single.cpuS.toFixed(1)} s (one-page run: ${startup.cpuS.toFixed(2)} s), wall ${single.wallS.toFixed(1)} s; ` +
              `past start-up ${(singleCpuPerRecord * 1000).toFixed(2)} ms CPU per record`,
          );
          continue;
        }
        if (configuration === 'split') {
          // The two-worker shape without a queue: two `pith warc` processes of one thread, the files
          // shared between them, at once (what two processes cost against one, queue or not).
          console.log(`load before 2 × pith warc: ${loadAverage()}`);
          const split = await Promise.all(
            [0, 1].map((half) =>
              timedAsync([
                'warc',
                ...files.filter((_, index) => index % 2 === half),
                '-o',
                path.join(work, `warc-split-${half}-${round}`),
                '--workers',
                String(Math.max(1, threads / 2)),
                '--no-progress',
                ...common,
              ]),
            ),
          );
          splitCpu = split[0].cpuS + split[1].cpuS;
          console.log(
            `pith warc, 2 processes × ${Math.max(1, threads / 2)} thread(s) at once, half the files each: CPU ${splitCpu.toFixed(1)} s, ` +
              `wall ${Math.max(split[0].wallS, split[1].wallS).toFixed(1)} s`,
          );
          continue;
        }
        const run = await queueRun(redis.url, client, files, {
          workers: configuration === 'queue-1' ? 1 : 2,
          threads,
          name: `bench-${configuration === 'queue-1' ? 1 : 2}-${round}`,
          out: path.join(work, `queue-out-${configuration}-${round}`),
          common,
        });
        perRecord[configuration].push(run.perRecord);
        queueCpu[configuration] = run.cpu;
      }
      // The round's ratios, once every configuration has run.
      const singleCpu = (single as Timed).cpuS;
      perRecord.warc.push(singleCpuPerRecord);
      splitRatio.push(splitCpu / singleCpu);
      for (const key of ['queue-1', 'queue-2']) whole[key].push(queueCpu[key] / singleCpu);
      console.log(
        `round ${round + 1} against pith warc: 2 processes ${(splitCpu / singleCpu).toFixed(3)}, ` +
          `queue-1 ${(queueCpu['queue-1'] / singleCpu).toFixed(3)}, queue-2 ${(queueCpu['queue-2'] / singleCpu).toFixed(3)} (whole CPU)`,
      );
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    console.log(
      `pith warc in 2 processes: CPU vs one process ${splitRatio.map((ratio) => ratio.toFixed(3)).join(', ')}`,
    );
    for (const key of ['queue-1', 'queue-2']) {
      console.log(
        `${key}: whole CPU vs pith warc ${whole[key].map((ratio) => ratio.toFixed(3)).join(', ')}; ` +
          `per record past start-up vs pith warc ${perRecord[key].map((value, index) => (value / perRecord.warc[index]).toFixed(3)).join(', ')} ` +
          `(mean ${(mean(perRecord[key]) / mean(perRecord.warc)).toFixed(3)})`,
      );
    }

    // Enqueue → start: a small job given to an idle worker, --probes times.
    const probes = Number(values.probes);
    const worker = startWorker(redis.url, 'probe', 1, 'probe');
    const probeReady = await worker.ready;
    const jobs = new Queue('probe', { connection: { url: redis.url } });
    const latencies: number[] = [];
    const out = path.join(work, 'probe-out');
    mkdirSync(out, { recursive: true });
    for (let probe = 0; probe < probes; probe++) {
      const file = path.join(work, `probe-${probe}.warc.gz`);
      copyFileSync(values.probe, file);
      const added = timed([
        'queue',
        'add',
        'warc',
        file,
        '-o',
        out,
        '--redis',
        redis.url,
        '--queue',
        'probe',
        '--json',
      ]);
      const id = (JSON.parse(added.stdout) as { ids: string[] }).ids[0];
      await until(async () => outputsIn(out) === probe + 1);
      const job = await jobs.getJob(id);
      if (job?.processedOn) latencies.push(job.processedOn - job.timestamp);
    }
    const probeCpu = (await worker.stop()) - probeReady;
    const perJob = await jobMemory(client, 'bench-1-0');
    await jobs.close();
    if (probes > 0)
      console.log(
        `enqueue → start, idle worker, ${latencies.length} probes: median ${quantile(latencies, 0.5)} ms, p95 ${quantile(latencies, 0.95)} ms (load ${loadAverage()}); ` +
          `the worker's CPU per one-page job (idle time between them included): ${((probeCpu / Math.max(1, probes)) * 1000).toFixed(0)} ms`,
      );
    console.log(`redis memory per completed job (hash, data and result): ${perJob.toFixed(0)} bytes`);
  } finally {
    client.disconnect();
    await redis.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * --paired: in each round `pith warc` and the queue run the same files at the same time, so that
 * both see the same machine (on a shared machine the CPU time of the same work drifts by ±15 %
 * within minutes, more than the effect measured; runs one after the other pay for the drift
 * unequally, runs side by side pay for it alike). Which of the two starts first alternates.
 */
async function pairedRounds(
  url: string,
  client: Redis,
  files: string[],
  work: string,
  options: { threads: number; rounds: number; common: string[]; probe: string },
): Promise<void> {
  const { threads, rounds, common, probe } = options;
  const warcArgs = (out: string, inputs: string[]) => [
    'warc',
    ...inputs,
    '-o',
    out,
    '--workers',
    String(threads),
    '--no-progress',
    ...common,
  ];
  const ratios: Record<string, number[]> = { 'queue-1': [], 'queue-2': [] };
  for (let round = 0; round < rounds; round++) {
    for (const workers of [1, 2]) {
      const key = `queue-${workers}`;
      const startup = timed(warcArgs(path.join(work, `paired-startup-${workers}-${round}`), [probe]));
      console.log(
        `## round ${round + 1}, queue with ${workers} worker(s) beside pith warc (load ${loadAverage()})`,
      );
      const warc = () => timedAsync(warcArgs(path.join(work, `paired-warc-${workers}-${round}`), files));
      const queue = () =>
        queueRun(url, client, files, {
          workers,
          threads,
          name: `paired-${workers}-${round}`,
          out: path.join(work, `paired-queue-${workers}-${round}`),
          common,
          probe,
        });
      const warcFirst = round % 2 === 0;
      const [single, queued] = warcFirst
        ? await Promise.all([warc(), queue()])
        : await Promise.all([queue(), warc()]).then(([q, w]) => [w, q] as const);
      const pages = Number(/pith warc: (\d+) pages/.exec(single.stderr)?.[1]);
      const warcPerRecord = (single.cpuS - startup.cpuS) / pages;
      ratios[key].push(queued.perRecord / warcPerRecord);
      console.log(
        `pith warc beside it: ${pages} pages, CPU ${single.cpuS.toFixed(1)} s (one-page run ${startup.cpuS.toFixed(2)} s), ` +
          `past start-up ${(warcPerRecord * 1000).toFixed(2)} ms per record; queue/warc per record ${(queued.perRecord / warcPerRecord).toFixed(3)}`,
      );
    }
  }
  for (const [key, values] of Object.entries(ratios)) {
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const sd = Math.sqrt(
      values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1),
    );
    console.log(
      `${key} per record against pith warc beside it: ${values.map((value) => value.toFixed(3)).join(', ')}; ` +
        `mean ${mean.toFixed(3)} ± ${(1.96 * (sd / Math.sqrt(values.length))).toFixed(3)} (95 %, n = ${values.length})`,
    );
  }
}

/** Mean MEMORY USAGE of the job hashes of a queue. */
async function jobMemory(client: Redis, queue: string): Promise<number> {
  const ids = await client.zrange(`bull:${queue}:completed`, '0', '-1');
  let total = 0;
  for (const id of ids) total += Number(await client.call('MEMORY', 'USAGE', `bull:${queue}:${id}`));
  return ids.length > 0 ? total / ids.length : 0;
}

await main();
