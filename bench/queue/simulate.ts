/**
 * Many workers on one Redis (issue 18): --jobs jobs (90,000: a monthly Common Crawl's WARC files)
 * pulled by --slots concurrent BullMQ job slots (1,000 workers' worth; as --instances Worker
 * objects in this process, concurrency slots/instances each) with a no-op job, so that the queue
 * alone is measured. Reported from Redis's own counters: CPU seconds and commands per job for
 * adding and for running jobs, hence the jobs/s one Redis core can carry; and the cost of idle
 * workers (lock renewals, stalled checks, blocking waits) per worker per second. The job data is
 * a real `warc` job's (a path, size, settings), the job options pith's (attempts, backoff,
 * completed jobs kept).
 *
 *   nice -n 10 npx tsx bench/queue/simulate.ts [--jobs 90000] [--slots 1000] [--instances 20] [--idle 200]
 */
import { parseArgs } from 'node:util';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { loadAverage, RedisServer } from './redis-server.js';

interface Counters {
  cpuS: number;
  commands: number;
  memoryBytes: number;
}

async function counters(redis: Redis): Promise<Counters> {
  const cpu = await redis.info('cpu');
  const stats = await redis.info('stats');
  const memory = await redis.info('memory');
  return {
    cpuS:
      Number(/used_cpu_user:([\d.]+)/.exec(cpu)?.[1] ?? 0) +
      Number(/used_cpu_sys:([\d.]+)/.exec(cpu)?.[1] ?? 0),
    // INFO itself is a command: the three of each sample are left out by the caller's arithmetic (negligible).
    commands: Number(/total_commands_processed:(\d+)/.exec(stats)?.[1] ?? 0),
    memoryBytes: Number(/used_memory:(\d+)/.exec(memory)?.[1] ?? 0),
  };
}

function jobData(index: number) {
  return {
    kind: 'warc',
    file: `/data/cc/CC-MAIN-2024-22/segments/1715971057216.39/warc/CC-MAIN-20240517233122-20240518023122-${String(index).padStart(5, '0')}.warc.gz`,
    size: 1_100_000_000,
    mtimeMs: 1716000000000,
    version: '0.3.0',
    out: '/data/out/cc-2024-22',
    format: 'jsonl.gz',
    settings: {
      formats: ['text'],
      extractor: 'pith',
      extractorOptions: {},
      timeoutMs: 10000,
      maxBytes: 16777216,
      links: true,
      images: true,
    },
    partRecords: 1000,
  };
}

/** What a completed warc job returns (its size matters: Redis keeps it). */
const RESULT = {
  output: 'CC-MAIN-20240517233122-20240518023122-00000.3f9c0a1b2d4e5f60.jsonl.gz',
  pages: 41_000,
  ok: 40_100,
  failed: { TIMEOUT: 12, NOT_HTML: 880, WORKER_FAILED: 8 },
  skipped: { request: 41_500, metadata: 41_500, warcinfo: 1, 'not-html': 9_000, 'http-3xx': 7_000 },
  worker: 'w123.internal:4711',
  ms: 190_000,
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '90000' },
      slots: { type: 'string', default: '1000' },
      instances: { type: 'string', default: '20' },
      idle: { type: 'string', default: '200' },
      'idle-seconds': { type: 'string', default: '30' },
    },
  });
  const jobs = Number(values.jobs);
  const slots = Number(values.slots);
  const instances = Number(values.instances);
  const redis = await RedisServer.start({ appendfsync: 'everysec' });
  const client = new Redis(redis.url);
  const queue = new Queue('sim', { connection: { url: redis.url } });
  const options = {
    attempts: 3,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: false,
  };
  try {
    console.log(`# ${jobs} jobs, ${slots} slots in ${instances} Worker objects, load ${loadAverage()}`);
    const beforeAdd = await counters(client);
    let started = performance.now();
    for (let start = 0; start < jobs; start += 1000) {
      const batch = [];
      for (let index = start; index < Math.min(jobs, start + 1000); index++) {
        batch.push({ name: 'warc', data: jobData(index), opts: { ...options, jobId: `warc-${index}` } });
      }
      await queue.addBulk(batch);
    }
    const addSeconds = (performance.now() - started) / 1000;
    const afterAdd = await counters(client);
    console.log(
      `add: ${jobs} jobs in ${addSeconds.toFixed(1)} s wall; redis ${(afterAdd.cpuS - beforeAdd.cpuS).toFixed(2)} CPU s, ` +
        `${(((afterAdd.cpuS - beforeAdd.cpuS) / jobs) * 1e6).toFixed(0)} µs and ${((afterAdd.commands - beforeAdd.commands) / jobs).toFixed(2)} commands per job; ` +
        `memory ${((afterAdd.memoryBytes - beforeAdd.memoryBytes) / jobs).toFixed(0)} bytes per waiting job`,
    );

    let done = 0;
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const workers: Worker[] = [];
    const beforeRun = await counters(client);
    started = performance.now();
    for (let instance = 0; instance < instances; instance++) {
      const worker = new Worker(
        'sim',
        async () => {
          done++;
          if (done === jobs) finish();
          return RESULT;
        },
        {
          connection: { url: redis.url, maxRetriesPerRequest: null },
          concurrency: Math.ceil(slots / instances),
          name: `sim-${instance}`,
          // pith worker's setting (BullMQ's default is 1).
          maxStalledCount: 3,
        },
      );
      worker.on('error', () => {});
      workers.push(worker);
    }
    await finished;
    // The last completions are written after the processor returns. A job can also fail: a slot
    // whose lock was not renewed in time (this one process starved of CPU) stalls.
    const ended = async () => queue.getJobCounts('completed', 'failed');
    for (let counts = await ended(); counts.completed + counts.failed < jobs; counts = await ended()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const runSeconds = (performance.now() - started) / 1000;
    const afterRun = await counters(client);
    const runCpu = afterRun.cpuS - beforeRun.cpuS;
    const failed = await queue.getJobCountByTypes('failed');
    console.log(
      `run: ${jobs} jobs in ${runSeconds.toFixed(1)} s wall (${(jobs / runSeconds).toFixed(0)} jobs/s, bound by this process's CPU at this load); ` +
        `redis ${runCpu.toFixed(2)} CPU s: ${((runCpu / jobs) * 1e6).toFixed(0)} µs and ${((afterRun.commands - beforeRun.commands) / jobs).toFixed(2)} commands per job ` +
        `→ one Redis core carries about ${(jobs / runCpu).toFixed(0)} jobs/s; memory ${((afterRun.memoryBytes - beforeAdd.memoryBytes) / jobs).toFixed(0)} bytes per completed job; ` +
        `${failed} failed (stalled: lock not renewed in time)`,
    );
    await Promise.all(workers.map((worker) => worker.close()));

    // Idle workers: what they cost Redis while there is nothing to do.
    const idle = Number(values.idle);
    const idleSeconds = Number(values['idle-seconds']);
    const idleWorkers: Worker[] = [];
    for (let index = 0; index < idle; index++) {
      const worker = new Worker('sim-idle', async () => RESULT, {
        connection: { url: redis.url, maxRetriesPerRequest: null },
        concurrency: 1,
        name: `idle-${index}`,
      });
      worker.on('error', () => {});
      idleWorkers.push(worker);
    }
    await Promise.all(idleWorkers.map((worker) => worker.waitUntilReady()));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const beforeIdle = await counters(client);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const afterIdle = await counters(client);
    const clients = Number(/connected_clients:(\d+)/.exec(await client.info('clients'))?.[1] ?? 0);
    console.log(
      `idle: ${idle} workers for ${idleSeconds} s: ${((afterIdle.commands - beforeIdle.commands) / idle / idleSeconds).toFixed(3)} commands and ` +
        `${(((afterIdle.cpuS - beforeIdle.cpuS) / idle / idleSeconds) * 1e6).toFixed(0)} µs of Redis CPU per worker per second; ${clients} connections open`,
    );
    await Promise.all(idleWorkers.map((worker) => worker.close()));
    console.log(`load after: ${loadAverage()}`);
  } finally {
    await queue.close();
    client.disconnect();
    await redis.close();
  }
}

await main();
