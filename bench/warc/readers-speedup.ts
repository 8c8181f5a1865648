/**
 * `pith warc --readers` (issue 38): the built CLI over the same archives with one reader and one
 * thread, one reader and N threads, and N readers sharing N threads, alternating in rounds (this
 * machine drifts; compare within a round). Wall time, pages/s, and the ratio to the first.
 *
 *   npm run build && npx tsx bench/warc/build-archive.ts --size 8 --out .cache/warc/share-a.warc.gz
 *   cp .cache/warc/share-a.warc.gz .cache/warc/share-b.warc.gz
 *   nice -n 10 npx tsx bench/warc/readers-speedup.ts .cache/warc/share-a.warc.gz .cache/warc/share-b.warc.gz \
 *     [--cores 2] [--rounds 2]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const CLI = path.resolve('packages/cli/dist/main.js');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { cores: { type: 'string', default: '2' }, rounds: { type: 'string', default: '2' } },
});
if (positionals.length === 0)
  throw new Error('usage: readers-speedup.ts ARCHIVE... [--cores 2] [--rounds 2]');
const cores = Number(values.cores);
const configs = [
  { label: '1 reader, 1 thread', args: ['--readers', '1', '--workers', '1'] },
  { label: `1 reader, ${cores} threads`, args: ['--readers', '1', '--workers', String(cores)] },
  {
    label: `${cores} readers, ${cores} threads`,
    args: ['--readers', String(cores), '--workers', String(cores)],
  },
];

function run(args: string[]): { pages: number; seconds: number } {
  const out = mkdtempSync(path.join(tmpdir(), 'pith-readers-bench-'));
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [CLI, 'warc', ...positionals, '-o', out, '--no-progress', ...args],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const seconds = (performance.now() - started) / 1000;
  rmSync(out, { recursive: true, force: true });
  const pages = /pith warc: (\d+) pages/.exec(result.stderr);
  if (result.status !== 0 || !pages) throw new Error(`exit ${result.status}\n${result.stderr.slice(-2000)}`);
  return { pages: Number(pages[1]), seconds };
}

for (let round = 1; round <= Number(values.rounds); round++) {
  let base: number | undefined;
  for (const config of configs) {
    const load = loadavg()[0].toFixed(1);
    const { pages, seconds } = run(config.args);
    const rate = pages / seconds;
    base ??= rate;
    console.log(
      `round ${round} | ${config.label.padEnd(22)} | ${pages} pages | ${seconds.toFixed(1)} s | ${rate.toFixed(1)} pages/s | ${(rate / base).toFixed(2)}× | load ${load}`,
    );
  }
}
