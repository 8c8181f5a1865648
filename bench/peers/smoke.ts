/**
 * Smoke run of every peer: N pages of L3S-GN1, one peer per child process (so that each peak RSS
 * is that peer's own), pages in sorted order, each awaited before the next. Prints, per peer:
 * load time, pages/s over the extraction calls, RSS before the peer is loaded (the pages held in
 * memory) and peak RSS, failures, empty texts, and the mean
 * word-sequence F1 against the L3S-GN1 gold (special cases counted as 0) as a sanity figure.
 * A rough figure for the report; the real speed bench is the workbench's (`pith bench --speed`).
 *
 *   npx tsx bench/peers/smoke.ts [N=100] [--peer NAME …] [--dataset DIR]
 *
 * DIR defaults to .cache/datasets/l3s-gn1 (`npm run datasets`). Pages are decoded by pith.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  l3sGoldText,
  l3sPrepareRetrieved,
  parseL3sUrlMapping,
  scoreWordSequence,
} from '@pith/workbench/eval';
import { outputText, PEERS } from '@pith/workbench/eval/peers';
import { decodeHtml } from 'pith/internal';

const SCRIPT = fileURLToPath(import.meta.url);
const DEFAULT_DATASET = path.resolve(path.dirname(SCRIPT), '..', '..', '.cache', 'datasets', 'l3s-gn1');
/** A child that takes longer than this is killed and reported as timed out. */
const CHILD_TIMEOUT_MS = 20 * 60 * 1000;

interface PeerFigures {
  peer: string;
  version: string;
  pages: number;
  loadMs: number;
  extractMs: number;
  maxPageMs: number;
  /** RSS with the pages read, before the peer is loaded: the part of the peak that is not the peer's. */
  baseRssMb: number;
  peakRssMb: number;
  failures: number;
  empty: number;
  meanF1: number;
  firstError?: string;
}

interface Page {
  id: string;
  url: string;
  html: string;
  gold: string;
}

function readPages(dir: string, count: number): Page[] {
  let urls = new Map<string, string>();
  try {
    urls = parseL3sUrlMapping(readFileSync(path.join(dir, 'url-mapping.txt'), 'utf8'));
  } catch {
    // no mapping: pages without URLs (peers fall back to a placeholder)
  }
  const ids = readdirSync(path.join(dir, 'input'))
    .filter((name) => name.endsWith('.html'))
    .map((name) => name.slice(0, -'.html'.length))
    .sort()
    .slice(0, count);
  return ids.map((id) => ({
    id,
    url: urls.get(id) ?? '',
    html: decodeHtml(new Uint8Array(readFileSync(path.join(dir, 'input', `${id}.html`)))).text,
    gold: l3sGoldText(readFileSync(path.join(dir, 'annotated', `${id}.html`), 'utf8')),
  }));
}

/** Runs in the child: one peer over the pages. */
async function measurePeer(name: string, dir: string, count: number): Promise<PeerFigures> {
  const pages = readPages(dir, count);
  const baseRssMb = process.memoryUsage().rss / 1048576;
  const create = PEERS[name];
  if (!create) throw new Error(`unknown peer ${name}; peers: ${Object.keys(PEERS).join(', ')}`);
  const loadStart = performance.now();
  const peer = await create();
  const loadMs = performance.now() - loadStart;
  let extractMs = 0;
  let maxPageMs = 0;
  let failures = 0;
  let empty = 0;
  let f1Sum = 0;
  let firstError: string | undefined;
  for (const page of pages) {
    let text = '';
    const started = performance.now();
    try {
      text = outputText(await peer.extract(page.html, page.url));
    } catch (error) {
      failures++;
      firstError ??= `${page.id}: ${error instanceof Error ? error.message : String(error)}`;
    }
    const ms = performance.now() - started;
    extractMs += ms;
    maxPageMs = Math.max(maxPageMs, ms);
    if (text.trim() === '') empty++;
    const score = scoreWordSequence(l3sPrepareRetrieved(text), page.gold);
    f1Sum += Number.isFinite(score.f1) ? score.f1 : 0;
  }
  await peer.close?.();
  return {
    peer: name,
    version: peer.version,
    pages: pages.length,
    loadMs,
    extractMs,
    maxPageMs,
    baseRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    failures,
    empty,
    meanF1: pages.length === 0 ? 0 : f1Sum / pages.length,
    ...(firstError === undefined ? {} : { firstError }),
  };
}

function runChild(name: string, dir: string, count: number): Promise<PeerFigures> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(SCRIPT, ['--child', name, '--dataset', dir, String(count)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name}: timed out after ${CHILD_TIMEOUT_MS / 1000} s`));
    }, CHILD_TIMEOUT_MS);
    let result: PeerFigures | undefined;
    child.on('message', (message) => {
      result = message as PeerFigures;
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (result) resolve(result);
      else reject(new Error(`${name}: child exited with ${signal ?? code} before reporting`));
    });
  });
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    peer: { type: 'string', multiple: true },
    dataset: { type: 'string' },
    child: { type: 'string' },
  },
});
const count = Number(positionals[0] ?? 100);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write('usage: npx tsx bench/peers/smoke.ts [N] [--peer NAME …] [--dataset DIR]\n');
  process.exit(2);
}
const dir = values.dataset ?? DEFAULT_DATASET;

if (values.child !== undefined) {
  const figures = await measurePeer(values.child, dir, count);
  process.send?.(figures);
} else {
  const names = values.peer ?? Object.keys(PEERS);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  console.log(
    `peers smoke run: ${count} pages of ${dir}, ${new Date().toISOString()}, ${os.cpus().length} × ${cpu}, Node ${process.version}, load average ${load()}`,
  );
  console.log('');
  console.log(
    '| peer | version | pages | load ms | pages/s | max ms/page | RSS before MB | peak RSS MB | failures | empty | mean F1 |',
  );
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  const errors: string[] = [];
  for (const name of names) {
    try {
      const f = await runChild(name, dir, count);
      const pagesPerSecond = f.extractMs > 0 ? (f.pages * 1000) / f.extractMs : 0;
      console.log(
        `| ${f.peer} | ${f.version} | ${f.pages} | ${f.loadMs.toFixed(0)} | ${pagesPerSecond.toFixed(1)} | ${f.maxPageMs.toFixed(0)} | ${f.baseRssMb.toFixed(0)} | ${f.peakRssMb.toFixed(0)} | ${f.failures} | ${f.empty} | ${f.meanF1.toFixed(3)} |`,
      );
      if (f.firstError) errors.push(`${f.peer}: first failure ${f.firstError}`);
    } catch (error) {
      console.log(`| ${name} | — | — | — | — | — | — | — | failed | — | — |`);
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  console.log('');
  console.log(`load average at the end: ${load()}`);
  for (const line of errors) console.log(`- ${line}`);
}
