// `npm run bench:speed`: this build against a build of the code before (the last release, or main
// before a change), side by side in ONE process on the speed mix, stage by stage, in CPU time,
// and the bytes each build allocates per page. Every page runs in build A and in build B back to
// back, the order alternating (this VM drifts ±15 % within minutes: two runs one after the other
// say less than the change). Benchmarks are not tests: nothing here asserts a time.
//
//   npm run build && npm run bench:speed -- --a=.cache/before/dist [--b=dist] [--per-dataset=100]
//       [--passes=3] [--datasets=l3s-gn1,wcxb-dev,trafilatura-eval] [--only=parse,full-text]
//       [--no-alloc] [--json=FILE]
//
// A build of the code before: `git worktree add .cache/before-tree <commit>`, `npm run build` there
// (or copy its dist/) and pass its dist/ as --a. The mix: --per-dataset pages of each dataset's
// development split (the readers' own lists: the sealed quarters stay closed), the raw bytes.
//
// Stages (each reruns one step on state prepared once per build and page):
//   decode, parse          bytes → string, string → Doc
//   metadata               extractMetadata(doc): the public call, which classifies the page type itself
//   metadata-in-extract    what extract() pays for metadata: the reading and the learned choice, the
//                          page type read from the extraction (a build with no choice: extractMetadata)
//   features               pageRows: blocks, block features, the heuristic stage, page-type features
//   extractor              the whole default extractor (features + the block model + post-rules);
//                          "block model + rules" below is extractor − features
//   quality, comments      assessQuality, the comments step
//   markdown, text         the writers on the extraction
//   full-markdown/-text    extract(bytes, { format }) as users call it
// Then, derived: the work after the parse (full − decode − parse) over the parse, docs/s in CPU
// time, and A/B (how many times faster B is). Allocation: V8's sampling heap profiler over one
// pass of extract(bytes) → Markdown per build, freed objects included (bench/speed/allocation.ts
// says where the bytes go).

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../parsers/corpus.js';
import { buildModules, flag, hasFlag, type Internal, interleavedCpu, loadFromBuild } from './pages.js';
import { datasetPages } from './rows-digest.js';

const perDataset = Number(flag('per-dataset', '100'));
const passes = Number(flag('passes', '3'));
const datasets = flag('datasets', 'l3s-gn1,wcxb-dev,trafilatura-eval').split(',');
const only = flag('only', '').split(',').filter(Boolean);
const jsonOut = flag('json', '');
if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against (e.g. .cache/before/dist)');
const dirs = [flag('a', ''), flag('b', 'dist')].map((dir) => path.resolve(repoRoot, dir));

interface MixPage {
  id: string;
  bytes: Uint8Array;
}

/** The first `perDataset` pages (in the reader's order) of each dataset's development split. */
async function loadMix(): Promise<MixPage[]> {
  const out: MixPage[] = [];
  for (const name of datasets) {
    const pages = await datasetPages(path.join(repoRoot, '.cache/datasets'), [name]);
    for (const page of pages.slice(0, perDataset)) out.push({ id: page.id, bytes: page.html });
  }
  return out;
}

type Stage = (index: number) => unknown;

interface Build {
  stages: Map<string, Stage>;
  /** One pass of extract(bytes) → Markdown over the mix. */
  full: () => void;
}

async function buildOf(dir: string, raw: readonly MixPage[]): Promise<Build> {
  const { pith, pageRows, assessQuality, formatExtraction, extractor, separate } = await buildModules(dir);
  const { readMetadata, chooseMetadata, shippedMetadataModel, PAGE_TYPE_NAMES } =
    await loadFromBuild<Internal>(dir, 'internal.js');
  const pages = raw.map((page) => {
    const text = pith.decodeHtml(page.bytes).text;
    const doc = pith.parseHtml(text);
    const metadata = pith.extractMetadata(doc);
    const extraction = extractor.extract(doc, {}, { metadata });
    return {
      bytes: page.bytes,
      text,
      doc,
      metadata,
      extraction,
      body: separate(extraction)?.body ?? extraction,
    };
  });
  // extract()'s own metadata step (index.ts `finish`): the page type is the extractor's, not
  // classified again as the public extractMetadata does.
  const metadataInExtract = (at: number) => {
    if (!readMetadata || !chooseMetadata || !shippedMetadataModel || !PAGE_TYPE_NAMES)
      return pith.extractMetadata(pages[at].doc);
    const reading = readMetadata(pages[at].doc);
    const typed = (
      pages[at].extraction.diagnostics as
        | { pageType?: { probabilities?: Record<string, number> } }
        | undefined
    )?.pageType?.probabilities;
    const pageType = PAGE_TYPE_NAMES.map((type) => typed?.[type] ?? Number.NaN);
    return chooseMetadata(reading, { model: shippedMetadataModel(), pageType });
  };
  const write = (at: number, format: 'markdown' | 'text') =>
    formatExtraction?.(pages[at].body, format, { title: pages[at].metadata.title, dropTitle: true });
  const stages: [string, Stage][] = [
    ['decode', (at) => pith.decodeHtml(pages[at].bytes)],
    ['parse', (at) => pith.parseHtml(pages[at].text)],
    ['metadata', (at) => pith.extractMetadata(pages[at].doc)],
    ['metadata-in-extract', (at) => metadataInExtract(at)],
    ['features', (at) => pageRows?.(pages[at].doc, {}, { metadata: pages[at].metadata })],
    ['extractor', (at) => extractor.extract(pages[at].doc, {}, { metadata: pages[at].metadata })],
    ['quality', (at) => assessQuality?.(pages[at].extraction, pages[at].metadata)],
    ['comments', (at) => separate(pages[at].extraction)],
    ['markdown', (at) => write(at, 'markdown')],
    ['text', (at) => write(at, 'text')],
    ['full-markdown', (at) => pith.extract(pages[at].bytes, { format: 'markdown' })],
    ['full-text', (at) => pith.extract(pages[at].bytes, { format: 'text' })],
  ];
  const full = () => {
    for (const page of pages) {
      try {
        pith.extract(page.bytes, { format: 'markdown' });
      } catch {
        // A page that fails fails alone; its allocations still count.
      }
    }
  };
  return { stages: new Map(stages), full };
}

/** KB allocated per page by one pass (freed objects included), V8's sampling heap profiler. */
async function allocatedKb(session: Session, run: () => void, count: number): Promise<number> {
  interface Node {
    selfSize: number;
    children: Node[];
  }
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  run();
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
  const sum = (node: Node): number => node.children.reduce((all, child) => all + sum(child), node.selfSize);
  return sum(profile.head) / 1024 / count;
}

const raw = await loadMix();
const builds = await Promise.all(dirs.map((dir) => buildOf(dir, raw)));
const load1 = os.loadavg()[0].toFixed(1);
const started = new Date().toISOString();
const rows = new Map<string, { ms: number[]; perPass: number[] }>();
for (const name of builds[1].stages.keys()) {
  if (only.length > 0 && !only.includes(name)) continue;
  const runs = builds.map((build) => build.stages.get(name) ?? (() => undefined));
  rows.set(name, interleavedCpu(runs, raw.length, passes));
}

const f = (value: number, digits = 3) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const rel = (dir: string) => path.relative(repoRoot, dir) || '.';
console.log(
  `bench:speed — ${raw.length} pages (${datasets.join(', ')}, ${perDataset} each, dev splits), ${passes} passes ` +
    `after a warm-up, CPU ms/page, A and B interleaved page by page in one process; A = ${rel(dirs[0])}, ` +
    `B = ${rel(dirs[1])}; Node ${process.version}, ${os.cpus()[0]?.model ?? '?'} ×${os.cpus().length}, ` +
    `load ${load1} → ${os.loadavg()[0].toFixed(1)}, ${started}\n`,
);
console.log('| stage | A | B | B / A | A / B (× faster) | B / A per pass |\n|---|---:|---:|---:|---:|---|');
for (const [name, { ms, perPass }] of rows) {
  console.log(
    `| ${name} | ${f(ms[0])} | ${f(ms[1])} | ${f(ms[1] / ms[0])} | ${f(ms[0] / ms[1], 2)} | ` +
      `${perPass.map((ratio) => f(ratio, 2)).join(' ')} |`,
  );
}
const stageMs = (name: string, build: number) => rows.get(name)?.ms[build] ?? Number.NaN;
const derived: Record<string, number[]> = {};
for (const format of ['markdown', 'text']) {
  const full = `full-${format}`;
  if (!rows.has(full)) continue;
  const after = [0, 1].map(
    (build) => stageMs(full, build) - stageMs('decode', build) - stageMs('parse', build),
  );
  const rates = [0, 1].map((build) => 1000 / stageMs(full, build));
  derived[`${format}: after the parse ÷ parse`] = after.map((ms, build) => ms / stageMs('parse', build));
  derived[`${format}: docs/s (CPU)`] = rates;
  console.log(
    `\n${format}: A ${f(rates[0], 1)} docs/s, B ${f(rates[1], 1)} docs/s (CPU): B is ${f(rates[1] / rates[0], 2)}× A; ` +
      `work after the parse ${f(after[0])} → ${f(after[1])} ms/page, ` +
      `${f(after[0] / stageMs('parse', 0), 2)} → ${f(after[1] / stageMs('parse', 1), 2)}× the parse`,
  );
}
const allocation: number[] = [];
if (!hasFlag('no-alloc')) {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  // A, B, B, A: the sampler's count moves by a few % between passes of the same build.
  const sums = [0, 0];
  for (const build of [0, 1, 1, 0]) sums[build] += await allocatedKb(session, builds[build].full, raw.length);
  allocation.push(sums[0] / 2, sums[1] / 2);
  session.disconnect();
  console.log(
    `\nallocated per page, extract(bytes) → Markdown (sampled every 4 KB, A B B A): A ${f(allocation[0], 0)} KB, ` +
      `B ${f(allocation[1], 0)} KB (B / A ${f(allocation[1] / allocation[0])})`,
  );
}
if (jsonOut !== '') {
  const stages = Object.fromEntries([...rows].map(([name, row]) => [name, row]));
  writeFileSync(
    jsonOut,
    JSON.stringify({ started, pages: raw.length, dirs, stages, derived, allocation }, null, 2),
  );
}
