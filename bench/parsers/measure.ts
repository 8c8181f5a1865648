// Parser speed and memory on every page of the unpacked datasets.
//
//   npx tsx bench/parsers/measure.ts [--only=a,b] [--limit=N] [--repeat=N] [--single-threaded] [--cpu]
//
// Each parser runs in its own fresh Node process (so JIT state and heap of one parser do not colour
// another), on one thread: every page is parsed once as warm-up, then 3 timed passes. Pages are
// read and decoded (UTF-8, non-fatal) before timing starts; only the parse call is timed.
// --single-threaded passes V8's --single-threaded flag to the workers (no concurrent GC/compiler
// helper threads), for a strict one-core figure. --cpu times each pass by the worker's CPU time
// (user + system) instead of the wall clock: with --single-threaded that is the time on one core,
// and it stays steady when other jobs load a shared machine (per-page percentiles stay wall-clock).
// PITH_PARSER_MODULE=path/to/parse.ts scores another copy of the parser as the pith row.
// Writes the results to .cache/parsers/measure.json and prints a Markdown table.

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser, parseDocument, Tokenizer } from 'htmlparser2';
import { parse } from 'parse5';
import { cacheDir, listPages, loadPage, type Page, samplePages } from './corpus.js';
import { loadPithParser } from './trees.js';

type ParseFn = (html: string) => unknown;

const noop = () => {};

const TOKENIZER_NOOP = {
  onattribdata: noop,
  onattribentity: noop,
  onattribend: noop,
  onattribname: noop,
  oncdata: noop,
  onclosetag: noop,
  oncomment: noop,
  ondeclaration: noop,
  onend: noop,
  onopentagend: noop,
  onopentagname: noop,
  onprocessinginstruction: noop,
  onselfclosingtag: noop,
  ontext: noop,
  ontextentity: noop,
};

/** src/dom's parser, loaded at run time (see loadPithParser); the pith row is skipped without it. */
let pithParse: ((html: string) => unknown) | null = null;

export const PARSERS: Record<string, { label: string; fn: ParseFn }> = {
  parse5: { label: 'parse5 `parse()`', fn: (h) => parse(h) },
  'parse5+loc': {
    label: 'parse5 `parse()` + sourceCodeLocationInfo',
    fn: (h) => parse(h, { sourceCodeLocationInfo: true }),
  },
  'htmlparser2-dom': { label: 'htmlparser2 `parseDocument()`', fn: (h) => parseDocument(h) },
  'htmlparser2-dom+idx': {
    label: 'htmlparser2 `parseDocument()` + start/end indices',
    fn: (h) => parseDocument(h, { withStartIndices: true, withEndIndices: true }),
  },
  'htmlparser2-parser': {
    label: 'htmlparser2 `Parser`, no-op callbacks',
    fn: (h) => {
      const p = new Parser({
        onopentag: noop,
        onclosetag: noop,
        ontext: noop,
        oncomment: noop,
        onprocessinginstruction: noop,
      });
      p.end(h);
      return p;
    },
  },
  'htmlparser2-parser-lean': {
    label: 'htmlparser2 `Parser`, no-op onopentagname/onattribute/ontext/onclosetag',
    fn: (h) => {
      const p = new Parser({ onopentagname: noop, onattribute: noop, ontext: noop, onclosetag: noop });
      p.end(h);
      return p;
    },
  },
  pith: {
    label: 'pith `parseHtml()` (src/dom Doc, as of the run)',
    fn: (h) => {
      if (!pithParse) throw new Error('src/dom parseHtml not loaded');
      return pithParse(h);
    },
  },
  'htmlparser2-tokenizer-raw': {
    label: 'htmlparser2 `Tokenizer`, no-op callbacks, entities not decoded (what `parseHtml` runs on)',
    fn: (h) => {
      const t = new Tokenizer({ decodeEntities: false }, TOKENIZER_NOOP);
      t.write(h);
      t.end();
      return t;
    },
  },
  'htmlparser2-parser-empty': {
    label: 'htmlparser2 `Parser`, no callbacks at all',
    fn: (h) => {
      const p = new Parser({});
      p.end(h);
      return p;
    },
  },
};

interface WorkerResult {
  parser: string;
  pages: number;
  bytes: number;
  passSeconds: number[];
  p50ms: number;
  p95ms: number;
  maxms: number;
  maxPage: string;
  baselineHeapMB: number;
  baselineRssMB: number;
  peakHeapGrowthMB: number;
  peakRssGrowthMB: number;
  heapAfterGrowthMB: number;
  rssAfterGrowthMB: number;
  retainedSampleBytes: number;
  retainedHeapPerInputByte: number;
}

const MB = 1e6;

function quantile(sorted: Float64Array | number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) {
    g();
    g();
  }
}

function runWorker(name: string, limit: number, cpu: boolean): WorkerResult {
  const parser = PARSERS[name];
  if (!parser) throw new Error(`unknown parser ${name}`);
  const fn = parser.fn;
  let refs = listPages();
  if (limit > 0) refs = refs.filter((_, i) => i % Math.ceil(refs.length / limit) === 0);
  const pages: Page[] = refs.map(loadPage);
  const n = pages.length;
  const bytes = pages.reduce((s, p) => s + p.bytes, 0);

  gc();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sampleMem = () => {
    const m = process.memoryUsage();
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
    if (m.rss > peakRss) peakRss = m.rss;
  };

  let sink = 0;
  const times: Float64Array[] = [];
  const passSeconds: number[] = [];
  for (let pass = 0; pass < 4; pass++) {
    const t = new Float64Array(n);
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const r = fn(pages[i]!.html);
      t[i] = performance.now() - t0;
      if (r) sink++;
      if ((i & 31) === 0) sampleMem();
    }
    const cpuUsed = process.cpuUsage(cpuStart);
    const secs = cpu ? (cpuUsed.user + cpuUsed.system) / 1e6 : (performance.now() - start) / 1000;
    sampleMem();
    if (pass > 0) {
      times.push(t);
      passSeconds.push(secs);
    }
    process.stderr.write(`  ${name}: pass ${pass === 0 ? 'warm-up' : pass} ${secs.toFixed(2)}s\n`);
  }
  // Per page: median over the 3 timed passes; then percentiles over pages.
  const perPage = new Float64Array(n);
  for (let i = 0; i < n; i++) perPage[i] = median(times.map((t) => t[i]!));
  let maxI = 0;
  for (let i = 1; i < n; i++) if (perPage[i]! > perPage[maxI]!) maxI = i;
  const sorted = Float64Array.from(perPage).sort();

  gc();
  const after = process.memoryUsage();

  // Retained size of the trees: parse a fixed sample and keep every result alive.
  const sample = new Set(samplePages(40).map((r) => r.id));
  const kept: unknown[] = [];
  let keptBytes = 0;
  gc();
  const h0 = process.memoryUsage().heapUsed;
  for (const p of pages) {
    if (!sample.has(p.id)) continue;
    kept.push(fn(p.html));
    keptBytes += p.bytes;
  }
  gc();
  const h1 = process.memoryUsage().heapUsed;
  if (kept.length < 0 || sink < 0) console.log('unreachable');

  return {
    parser: name,
    pages: n,
    bytes,
    passSeconds,
    p50ms: quantile(sorted, 0.5),
    p95ms: quantile(sorted, 0.95),
    maxms: perPage[maxI]!,
    maxPage: pages[maxI]!.id,
    baselineHeapMB: base.heapUsed / MB,
    baselineRssMB: base.rss / MB,
    peakHeapGrowthMB: (peakHeap - base.heapUsed) / MB,
    peakRssGrowthMB: (peakRss - base.rss) / MB,
    heapAfterGrowthMB: (after.heapUsed - base.heapUsed) / MB,
    rssAfterGrowthMB: (after.rss - base.rss) / MB,
    retainedSampleBytes: keptBytes,
    retainedHeapPerInputByte: keptBytes > 0 ? (h1 - h0) / keptBytes : 0,
  };
}

function spawnWorker(
  name: string,
  limit: number,
  singleThreaded: boolean,
  cpu: boolean,
): Promise<WorkerResult> {
  const self = fileURLToPath(import.meta.url);
  const flags = ['--expose-gc', '--max-old-space-size=8192'];
  if (singleThreaded) flags.push('--single-threaded');
  const args = [...flags, '--import', 'tsx', self, `--worker=${name}`, `--limit=${limit}`];
  if (cpu) args.push('--cpu');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`worker ${name} exited ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!) as WorkerResult);
      } catch (err) {
        reject(err);
      }
    });
  });
}

function gitHead(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages/pith/src/dom'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} (src/dom modified)` : head;
  } catch {
    return 'unknown';
  }
}

function cpuModel(): string {
  return os.cpus()[0]?.model ?? 'unknown';
}

async function main(): Promise<void> {
  const arg = (k: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3);
  const limit = Number(arg('limit') ?? 0);
  const worker = arg('worker');
  pithParse = await loadPithParser();
  if (worker) {
    process.stdout.write(`${JSON.stringify(runWorker(worker, limit, process.argv.includes('--cpu')))}\n`);
    return;
  }
  const singleThreaded = process.argv.includes('--single-threaded');
  const cpu = process.argv.includes('--cpu');
  const only = arg('only')?.split(',') ?? Object.keys(PARSERS).filter((n) => n !== 'pith' || pithParse);
  // --repeat=N: N fresh processes per parser, interleaved (parser order rotates each round) so that
  // drift on a shared machine hits every parser alike; the passes of all rounds are pooled.
  const repeat = Math.max(1, Number(arg('repeat') ?? 1));
  const runs = new Map<string, WorkerResult[]>(only.map((n) => [n, []]));
  for (let round = 0; round < repeat; round++) {
    const order = only.map((_, i) => only[(i + round) % only.length]!);
    for (const name of order) {
      process.stderr.write(`${name}${repeat > 1 ? ` (round ${round + 1}/${repeat})` : ''}\n`);
      runs.get(name)!.push(await spawnWorker(name, limit, singleThreaded, cpu));
    }
  }
  const results: WorkerResult[] = only.map((name) => {
    const rs = runs.get(name)!;
    const max = (k: keyof WorkerResult) => Math.max(...rs.map((r) => r[k] as number));
    const med = (k: keyof WorkerResult) => median(rs.map((r) => r[k] as number));
    return {
      ...rs[0]!,
      passSeconds: rs.flatMap((r) => r.passSeconds),
      p50ms: med('p50ms'),
      p95ms: med('p95ms'),
      maxms: med('maxms'),
      peakHeapGrowthMB: max('peakHeapGrowthMB'),
      peakRssGrowthMB: max('peakRssGrowthMB'),
      heapAfterGrowthMB: max('heapAfterGrowthMB'),
      rssAfterGrowthMB: max('rssAfterGrowthMB'),
      retainedHeapPerInputByte: med('retainedHeapPerInputByte'),
    };
  });

  const rows = results.map((r) => {
    const secs = median(r.passSeconds);
    return {
      ...r,
      label: PARSERS[r.parser]!.label,
      medianPassSeconds: secs,
      mbPerSec: r.bytes / MB / secs,
      pagesPerSec: r.pages / secs,
    };
  });
  const meta = {
    command: `npx tsx bench/parsers/measure.ts${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    date: new Date().toISOString(),
    node: process.version,
    nproc: os.cpus().length,
    cpu: cpuModel(),
    singleThreaded,
    cpuTime: cpu,
    parserModule: process.env.PITH_PARSER_MODULE ?? null,
    gitHead: gitHead(),
    pages: rows[0]?.pages ?? 0,
    totalMB: (rows[0]?.bytes ?? 0) / MB,
  };
  mkdirSync(cacheDir, { recursive: true });
  const base = `measure${singleThreaded ? '-single-threaded' : ''}${cpu ? '-cpu' : ''}${process.env.PITH_PARSER_MODULE ? '-pith-module' : ''}${arg('only') ? `-${only.join('+')}` : ''}`;
  const outFile = path.join(cacheDir, `${base}.json`);
  writeFileSync(outFile, `${JSON.stringify({ meta, rows }, null, 2)}\n`);

  const f = (x: number, d = 1) => x.toFixed(d);
  const lines = [
    `${meta.command} — ${meta.date.slice(0, 10)}, Node ${meta.node}, ${meta.nproc}× ${meta.cpu}, ` +
      `${meta.pages} pages, ${f(meta.totalMB)} MB${singleThreaded ? ', V8 --single-threaded' : ''}${cpu ? ', passes timed in CPU time' : ''}, git ${meta.gitHead}` +
      `${meta.parserModule ? `, pith row = ${meta.parserModule}` : ''}`,
    '',
    '| parser | MB/s | pages/s | p50 ms | p95 ms | max ms | peak heap +MB | peak RSS +MB | tree heap / input byte |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${f(r.mbPerSec)} | ${f(r.pagesPerSec, 0)} | ${f(r.p50ms, 2)} | ${f(r.p95ms, 2)} | ` +
        `${f(r.maxms, 0)} | ${f(r.peakHeapGrowthMB, 0)} | ${f(r.peakRssGrowthMB, 0)} | ${f(r.retainedHeapPerInputByte, 1)} |`,
    ),
    '',
    `MB/s and pages/s from the median pass; p50/p95/max: per-page median over passes, median over runs; ` +
      `peak heap/RSS: growth over the baseline after loading the pages (max over runs)`,
    `passes (s): ${rows.map((r) => `${r.parser} ${r.passSeconds.map((s) => f(s, 2)).join('/')}`).join('; ')}`,
    `slowest page: ${rows.map((r) => `${r.parser} ${r.maxPage}`).join('; ')}`,
    `results: ${path.relative(process.cwd(), outFile)}`,
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
