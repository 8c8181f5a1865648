/**
 * `pith warc` memory over a run (issue 17: peak RSS flat with archive size): runs the built CLI in a
 * child process under /usr/bin/time (CPU time, peak RSS) and samples its resident set
 * (/proc/PID/status) every `--every` ms. Prints the peak and the RSS at each tenth of the run, so
 * that growth with archive size shows as a slope, not as one number. Extra node flags go to the
 * child with `--node-arg`; its stderr is kept in `--log`.
 *
 *   npm run build && nice -n 10 npx tsx bench/warc/memory.ts .cache/warc/pages-100m.warc.gz \
 *     [--workers 2] [--noop] [--output jsonl.gz] [--every 500] [-- extra pith warc flags]
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** The CLI to run (`PITH_CLI=other/dist/cli/main.js` to measure another build). */
const CLI = path.resolve(process.env.PITH_CLI ?? 'packages/cli/dist/main.js');

interface Sample {
  seconds: number;
  rssMb: number;
  cpuS: number;
}

function procStatus(pid: number): { rssMb: number; hwmMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** User + system CPU seconds of the process (all threads), from /proc/PID/stat. */
function procCpu(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function childOf(pid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children === '' ? undefined : Number(children.split(' ')[0]);
  } catch {
    return undefined;
  }
}

function pagesOf(summary: string): number {
  return Number(/(\d+) pages/.exec(summary)?.[1] ?? 0);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      workers: { type: 'string', default: '2' },
      output: { type: 'string', default: 'jsonl.gz' },
      noop: { type: 'boolean', default: false },
      every: { type: 'string', default: '500' },
      'node-arg': { type: 'string', multiple: true, default: [] },
      out: { type: 'string', default: '.cache/warc/bench/memory-out' },
      log: { type: 'string', default: '.cache/warc/bench/memory.log' },
    },
  });
  const [archive, ...extra] = positionals;
  if (!archive) throw new Error('usage: memory.ts ARCHIVE [--workers N] [--noop] [-- pith warc flags]');
  const out = values.out as string;
  rmSync(out, { recursive: true, force: true });
  const args = [
    ...(values['node-arg'] as string[]),
    CLI,
    'warc',
    archive,
    '-o',
    out,
    '--workers',
    values.workers as string,
    '--output',
    values.output as string,
    '--no-progress',
    ...(values.noop ? ['--noop'] : []),
    ...extra,
  ];
  const load = loadavg().map((value) => value.toFixed(2));
  const started = performance.now();
  // Under /usr/bin/time for the exact CPU time and peak RSS at exit; the samples read its child.
  const child = spawn('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log = createWriteStream(values.log as string);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    log.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const samples: Sample[] = [];
  let peakMb = 0;
  let pid: number | undefined;
  const timer = setInterval(() => {
    pid ??= childOf(child.pid as number);
    if (pid === undefined) return;
    const status = procStatus(pid);
    const cpuS = procCpu(pid);
    if (!status || cpuS === undefined) return;
    peakMb = Math.max(peakMb, status.hwmMb);
    samples.push({ seconds: (performance.now() - started) / 1000, rssMb: status.rssMb, cpuS });
  }, Number(values.every));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  log.end();
  if (code !== 0) throw new Error(`pith warc exited ${code}:\n${stderr}`);
  const summary = /pith warc: .*/.exec(stderr)?.[0] ?? '';
  const time = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (!time) throw new Error(`no /usr/bin/time line in:\n${stderr}`);
  const cpuS = Number(time[2]) + Number(time[3]);
  peakMb = Math.max(peakMb, Number(time[4]) / 1024);
  const wall = (performance.now() - started) / 1000;
  process.stdout.write(
    `${new Date().toISOString()} ${archive} (${(statSync(archive).size / 1e6).toFixed(0)} MB) ` +
      `--workers ${values.workers}${values.noop ? ' --noop' : ''} ${extra.join(' ')}; load before ${load.join(' ')}\n` +
      `${summary}\n` +
      `wall ${wall.toFixed(1)} s, CPU ${cpuS.toFixed(1)} s, pages per CPU-s ${(pagesOf(summary) / cpuS).toFixed(1)}, peak RSS ${peakMb.toFixed(0)} MB\n` +
      'RSS MB at each tenth of the run (by wall time): ' +
      Array.from({ length: 10 }, (_, tenth) => {
        const at = (wall * (tenth + 1)) / 10;
        const sample = [...samples].reverse().find((entry) => entry.seconds <= at);
        return sample ? sample.rssMb.toFixed(0) : '–';
      }).join(' ') +
      '\n',
  );
}

await main();
