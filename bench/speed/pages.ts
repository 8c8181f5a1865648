// Pages for the speed benchmarks, as raw bytes (what `extract()` receives): the news pages of
// L3S-GN1 and the pages of the WCXB dev split, from the unpacked datasets in .cache/datasets
// (`npm run datasets`). The page lists come from bench/parsers/corpus.ts; here the bytes are kept
// undecoded so that decoding is part of what is timed.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { seededRandom } from '../../src/internal.js';
import { listPages, type PageRef, repoRoot } from '../parsers/corpus.js';

export interface BytePage {
  id: string;
  dataset: string;
  bytes: Uint8Array;
}

/** The datasets of news-like pages the speed targets are stated on. */
export const SPEED_DATASETS = ['l3s-gn1', 'wcxb-dev'] as const;

export function readBytes(ref: PageRef): Uint8Array {
  const raw: Uint8Array = readFileSync(ref.file);
  return ref.file.endsWith('.gz') ? gunzipSync(raw) : raw;
}

/**
 * Up to `perDataset` pages of each dataset (a fixed-seed sample; all pages when `perDataset` is
 * Infinity), in a fixed order.
 */
export function loadSpeedPages(
  perDataset: number,
  datasets: readonly string[] = SPEED_DATASETS,
  seed = 20261121,
): BytePage[] {
  const rand = seededRandom(seed);
  const out: BytePage[] = [];
  const all = listPages();
  for (const dataset of datasets) {
    const pool = all.filter((ref) => ref.dataset === dataset);
    if (pool.length === 0) throw new Error(`no pages of dataset ${dataset}`);
    const chosen: PageRef[] = [];
    while (chosen.length < perDataset && pool.length > 0) {
      chosen.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
    }
    chosen.sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const ref of chosen) out.push({ id: ref.id, dataset, bytes: readBytes(ref) });
  }
  return out;
}

/** CPU time of this process in ms (user + system): steadier than the wall clock on a shared machine. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** `--name=value` flags of a script. */
export function flag(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  const found = process.argv.find((arg) => arg.startsWith(prefix));
  return found === undefined ? fallback : found.slice(prefix.length);
}

export function hasFlag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

/**
 * Runs `script` (a .ts file, through tsx) in a fresh Node process with V8's --single-threaded (and
 * `nodeFlags`) and returns the JSON object it prints last on stdout (its stderr goes to ours).
 */
export function runJsonChild<T>(
  script: string,
  args: string[],
  what: string,
  nodeFlags: string[] = [],
): Promise<T> {
  const argv = ['--single-threaded', ...nodeFlags, '--import', 'tsx', script, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'inherit'], cwd: repoRoot });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`${what}: child exited with ${code}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}
