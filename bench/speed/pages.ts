import os from 'node:os';
// Pages for the speed benchmarks, as raw bytes (what `extract()` receives): the news pages of
// L3S-GN1 and the pages of the WCXB dev split, from the unpacked datasets in .cache/datasets
// (`npm run datasets`). The page lists come from bench/parsers/corpus.ts; here the bytes are kept
// undecoded so that decoding is part of what is timed.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

/**
 * The report of compare.ts and compare-separate.ts: `runs[pass][build][dataset]` is the CPU ms of a
 * build's pages of one dataset in one timed pass (build 0 = A, 1 = B).
 */
export function printComparison(report: {
  runs: readonly (readonly (readonly number[])[])[];
  pages: number;
  datasets: readonly string[];
  dirs: readonly string[];
  /** How the builds ran, for the header ('CPU time', 'CPU time, one process per build'). */
  how: string;
}): void {
  const { runs, pages, datasets, dirs } = report;
  const passes = runs.length;
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const total = (build: number, dataset?: number) =>
    runs.reduce((all, run) => all + (dataset === undefined ? sum(run[build]) : run[build][dataset]), 0);
  const ratio = (dataset?: number) => total(1, dataset) / total(0, dataset);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `extract(bytes) → Markdown, ${pages} pages (${datasets.join(', ')}), ${passes} passes after a warm-up, ` +
      `${report.how}; A = ${dirs[0]}, B = ${dirs[1]}; Node ${process.version}, ` +
      `${os.cpus()[0]?.model ?? '?'} ×${os.cpus().length}, load ${load}, ${new Date().toISOString()}`,
  );
  console.log(
    `A ${(total(0) / passes / pages).toFixed(3)} ms/page, B ${(total(1) / passes / pages).toFixed(3)} ms/page: B/A ${ratio().toFixed(3)}`,
  );
  for (const [index, dataset] of datasets.entries())
    console.log(`  ${dataset}: B/A ${ratio(index).toFixed(3)}`);
  console.log(`  per pass: ${runs.map((run) => (sum(run[1]) / sum(run[0])).toFixed(3)).join(' ')}`);
}

/**
 * Mean CPU ms per page of one step in two builds (`runs[0]` = A, `runs[1]` = B), page by page,
 * each page in both builds back to back, the order alternating; a warm-up pass, then `passes`
 * timed ones. Also B / A of each pass. (stage-compare.ts and run.ts, bench:speed.)
 */
export function interleavedCpu(
  runs: readonly ((index: number) => unknown)[],
  count: number,
  passes: number,
): { ms: number[]; perPass: number[] } {
  const sums = [0, 0];
  const perPass: number[] = [];
  for (let pass = 0; pass <= passes; pass++) {
    const spent = [0, 0];
    for (let at = 0; at < count; at++) {
      for (const build of (pass + at) % 2 === 0 ? [0, 1] : [1, 0]) {
        const start = cpuMs();
        try {
          runs[build](at);
        } catch {
          // A step that fails on a page costs its time in both builds alike.
        }
        spent[build] += cpuMs() - start;
      }
    }
    if (pass === 0) continue; // warm-up
    sums[0] += spent[0];
    sums[1] += spent[1];
    perPass.push(spent[1] / spent[0]);
  }
  return { ms: sums.map((sum) => sum / count / passes), perPass };
}

type PithModule = typeof import('../../src/index.js');
/** Types from the tools' door; the code itself is loaded from each build's files. */
export type Internal = typeof import('../../src/internal.js');

/** A module of a build, or {} when that build has no such file (an older release). */
export async function loadFromBuild<T>(dir: string, file: string): Promise<Partial<T>> {
  try {
    return (await import(pathToFileURL(path.join(dir, file)).href)) as T;
  } catch {
    return {};
  }
}

/**
 * The modules of one build (`dir`: its dist/) that the A/B benches time stage by stage, and the
 * comment separation as extract() runs it when comments are not asked for.
 */
export async function buildModules(dir: string) {
  const pith = (await loadFromBuild<PithModule>(dir, 'index.js')) as PithModule;
  const { pageRows } = await loadFromBuild<Internal>(dir, 'extractors/pith/rows.js');
  const comments = await loadFromBuild<Internal>(dir, 'features/comments/index.js');
  const { assessQuality } = await loadFromBuild<Internal>(dir, 'quality/index.js');
  const { formatExtraction } = await loadFromBuild<Internal>(dir, 'format/index.js');
  const extractor = pith.getExtractor('pith');
  const separate = (extraction: ReturnType<typeof extractor.extract>) =>
    comments.separateComments?.(extraction, {
      forumOutsideShare: comments.FORUM_OUTSIDE_SHARE_UNASKED,
      keptSubtreeOnly: true,
    });
  return { pith, pageRows, assessQuality, formatExtraction, extractor, separate };
}
