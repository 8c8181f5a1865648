/**
 * `pith warc` throughput (issue 17): pages/s and MB/s on 1 and N worker threads, with extraction
 * and with extraction replaced by a no-op (`--noop`: reading, decoding HTTP bodies, writing
 * records; the cost of everything that is not extraction), and the same pages through
 * `pith extract DIR` (one thread) for comparison. Each run is the built CLI (`dist/`) in a child
 * process under /usr/bin/time: wall time, CPU time (user + system, all threads) and peak RSS.
 * The load average is taken before each run: the machine may be shared.
 *
 *   npm run build && nice -n 10 npx tsx bench/warc/throughput.ts .cache/warc/pages-100m.warc.gz \
 *     [--workers 1,2] [--no-extract-dir] [--only-noop] [--output jsonl.gz]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decodeHttpBody, readArchive } from '@pith/crawl/warc';

const CLI = path.resolve('packages/cli/dist/main.js');

interface Run {
  label: string;
  pages: number;
  wallS: number;
  cpuS: number;
  maxRssMb: number;
  load: string;
}

/** Runs `node CLI args` under /usr/bin/time; the page count comes from `pagesOf(stderr)`. */
function timedRun(label: string, args: string[], pagesOf: (stderr: string) => number): Run {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const result = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, CLI, ...args], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr = result.stderr;
  const time = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (result.status !== 0 || !time)
    throw new Error(`${label}: exit ${result.status}\n${stderr.slice(-2000)}`);
  return {
    label,
    pages: pagesOf(stderr),
    wallS: Number(time[1]),
    cpuS: Number(time[2]) + Number(time[3]),
    maxRssMb: Number(time[4]) / 1024,
    load,
  };
}

function warcPages(stderr: string): number {
  const match = /pith warc: (\d+) pages/.exec(stderr);
  if (!match) throw new Error(`no summary in:\n${stderr.slice(-2000)}`);
  return Number(match[1]);
}

/** The archive's HTML pages as files (bodies decoded), for `pith extract DIR`. */
async function writePagesDir(archive: string, dir: string): Promise<number> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  for await (const item of readArchive(archive)) {
    if (item.kind !== 'page') continue;
    const bytes = decodeHttpBody(item.body, item.encoding, 64 * 1024 * 1024);
    writeFileSync(path.join(dir, `${String(count).padStart(6, '0')}.html`), bytes);
    count++;
  }
  return count;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      workers: { type: 'string', default: '1,2' },
      output: { type: 'string', default: 'jsonl.gz' },
      'no-extract-dir': { type: 'boolean', default: false },
      'only-noop': { type: 'boolean', default: false },
      tmp: { type: 'string', default: '.cache/warc/bench' },
    },
  });
  const archive = positionals[0];
  if (!archive) throw new Error('usage: throughput.ts ARCHIVE [--workers 1,2]');
  const archiveMb = statSync(archive).size / 1e6;
  const workerCounts = (values.workers as string).split(',').map(Number);
  const tmp = values.tmp as string;
  const runs: Run[] = [];
  const warc = (workers: number, noop: boolean) => {
    const out = path.join(tmp, 'out');
    rmSync(out, { recursive: true, force: true });
    const args = [
      'warc',
      archive,
      '-o',
      out,
      '--workers',
      String(workers),
      '--output',
      values.output as string,
    ];
    const label = `pith warc --workers ${workers}${noop ? ' --noop' : ''}`;
    const run = timedRun(label, [...args, '--no-progress', ...(noop ? ['--noop'] : [])], warcPages);
    runs.push(run);
    process.stderr.write(`${report([run], archiveMb)}\n`);
  };
  for (const workers of workerCounts) {
    warc(workers, true);
    if (!values['only-noop']) warc(workers, false);
  }
  if (!values['no-extract-dir'] && !values['only-noop']) {
    const dir = path.join(tmp, 'pages');
    const count = await writePagesDir(archive, dir);
    const out = path.join(tmp, 'extract-out');
    rmSync(out, { recursive: true, force: true });
    const run = timedRun(
      'pith extract DIR --format json (one thread)',
      ['extract', dir, '--format', 'json', '-o', out, '--no-progress'],
      () => count,
    );
    runs.push(run);
    rmSync(dir, { recursive: true, force: true });
  }
  const cpu = execFileSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], {
    encoding: 'utf8',
  }).trim();
  process.stdout.write(
    `${new Date().toISOString()}; ${cpu}, nproc ${(await import('node:os')).availableParallelism()}, Node ${process.version}; archive ${archive} (${archiveMb.toFixed(0)} MB)\n\n${report(runs, archiveMb)}\n`,
  );
}

function report(runs: Run[], archiveMb: number): string {
  const rows = runs.map((run) =>
    [
      run.label,
      run.pages,
      run.wallS.toFixed(1),
      run.cpuS.toFixed(1),
      (run.pages / run.wallS).toFixed(1),
      (run.pages / run.cpuS).toFixed(1),
      run.label.startsWith('pith warc') ? (archiveMb / run.wallS).toFixed(1) : '–',
      run.maxRssMb.toFixed(0),
      run.load,
    ].join(' | '),
  );
  return [
    '| run | pages | wall s | CPU s | pages/s (wall) | pages per CPU-s | archive MB/s (wall) | peak RSS MB | load avg before |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

await main();
