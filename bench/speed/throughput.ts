// Single-core throughput of pith against Readability, on the same news-like pages (L3S-GN1 and
// WCXB dev): docs/s and MB/s for pith's parser alone, pith's default extractor (text and Markdown
// output) and Mozilla Readability on linkedom and on jsdom (the peers of src/eval/peers, as the
// workbench runs them), each printed as a ratio to both Readability setups.
//
//   npm run build && nice -n 10 npx tsx bench/speed/throughput.ts [--per-dataset=150] [--passes=3]
//       [--targets=parse,pith-text,pith-markdown,pith-markdown-bytes,readability-linkedom,readability-jsdom]
//       [--datasets=l3s-gn1,wcxb-dev] [--src]
//
// Every target runs in a fresh Node process of its own (JIT state and heap are its own, and its
// peak RSS is its own), with V8's --single-threaded (no concurrent GC or compiler threads: a
// strict one-core figure). Each process reads and decodes the pages first (not timed), does one
// warm-up pass, then --passes timed passes; the figures are the median pass. Time is the
// process's CPU time (user + system) over the pass: on a machine shared with other jobs it is far
// steadier than the wall clock, and with one thread it is the time the work needs on one core.
// Wall-clock docs/s is printed beside it.
//
// Every target gets the page as a string decoded once by pith's decodeHtml, as in `pith bench`,
// except `pith-markdown-bytes`, which is `extract(bytes)` as users call it (decoding included).
// Results: .cache/speed/throughput.json.

import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { flag, hasFlag, loadSpeedPages, runJsonChild, SPEED_DATASETS } from './pages.js';
import { loadPipeline } from './pipeline.js';
import {
  type ChildResult,
  type SavedThroughput,
  type Target,
  THROUGHPUT_JSON,
  THROUGHPUT_TARGETS,
  throughputMarkdown,
} from './throughput-report.js';

const perDataset = Number(flag('per-dataset', '150'));
const passes = Number(flag('passes', '3'));
const datasets = flag('datasets', SPEED_DATASETS.join(',')).split(',');

async function runChild(target: Target): Promise<ChildResult> {
  const { pith, peers } = await loadPipeline();
  const pages = loadSpeedPages(perDataset, datasets);
  const texts = pages.map((page) => pith.decodeHtml(page.bytes).text);
  let run: (index: number) => unknown;
  switch (target) {
    case 'parse':
      run = (index) => pith.parseHtml(texts[index]);
      break;
    case 'pith-text':
      run = (index) => pith.extract(texts[index], { format: 'text' });
      break;
    case 'pith-markdown':
      run = (index) => pith.extract(texts[index], { format: 'markdown' });
      break;
    case 'pith-markdown-bytes':
      run = (index) => pith.extract(pages[index].bytes, { format: 'markdown' });
      break;
    case 'readability-linkedom':
    case 'readability-jsdom': {
      const peer = await (await peers()).PEERS[target]();
      run = (index) => peer.extract(texts[index], '');
      break;
    }
  }
  let failures = 0;
  const pass = async () => {
    const byDataset: Record<string, number> = {};
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    for (let index = 0; index < pages.length; index++) {
      const pageStart = process.cpuUsage();
      try {
        const result = run(index);
        if (result instanceof Promise) await result;
      } catch {
        failures++;
      }
      const used = process.cpuUsage(pageStart);
      const dataset = pages[index].dataset;
      byDataset[dataset] = (byDataset[dataset] ?? 0) + (used.user + used.system) / 1000;
    }
    const cpu = process.cpuUsage(cpuStart);
    return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - wallStart, byDataset };
  };
  await pass(); // warm-up
  failures = 0;
  const runs = [];
  for (let index = 0; index < passes; index++) runs.push(await pass());
  const medianRun = [...runs].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(runs.length / 2)];
  const sum = (select: (page: (typeof pages)[number]) => number, dataset?: string) =>
    pages
      .filter((page) => !dataset || page.dataset === dataset)
      .reduce((total, page) => total + select(page), 0);
  return {
    target,
    pages: pages.length,
    bytes: sum((page) => page.bytes.byteLength),
    cpuMs: runs.map((r) => r.cpuMs),
    wallMs: runs.map((r) => r.wallMs),
    cpuMsByDataset: medianRun.byDataset,
    bytesByDataset: Object.fromEntries(datasets.map((d) => [d, sum((page) => page.bytes.byteLength, d)])),
    pagesByDataset: Object.fromEntries(datasets.map((d) => [d, sum(() => 1, d)])),
    failures: Math.round(failures / passes),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

function spawnChild(target: Target): Promise<ChildResult> {
  const args = [`--child=${target}`, ...process.argv.slice(2)];
  return runJsonChild<ChildResult>(fileURLToPath(import.meta.url), args, target);
}

async function main(): Promise<void> {
  const childTarget = flag('child', '');
  if (childTarget) {
    process.stdout.write(`${JSON.stringify(await runChild(childTarget as Target))}\n`);
    return;
  }
  const targets = flag('targets', THROUGHPUT_TARGETS.join(',')).split(',') as Target[];
  for (const target of targets)
    if (!THROUGHPUT_TARGETS.includes(target)) throw new Error(`unknown target ${target}`);
  const results: ChildResult[] = [];
  for (const target of targets) {
    process.stderr.write(`${target}…\n`);
    results.push(await spawnChild(target));
  }
  const run: SavedThroughput = {
    command: `npx tsx bench/speed/throughput.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: `${os.cpus()[0]?.model ?? '?'} (nproc ${os.cpus().length}), Node ${process.version}`,
    date: new Date().toISOString(),
    passes,
    results,
  };
  console.log(`\n${throughputMarkdown(run)}`);
  const file = THROUGHPUT_JSON;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(run, null, 2));
  console.log(`\nresults: ${path.relative(repoRoot, file)}`);
  if (hasFlag('json')) console.log(JSON.stringify(results));
}

await main();
