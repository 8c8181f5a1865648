// Where the time of `extract(bytes, { format })` goes, stage by stage, on news-like pages:
// decode (bytes → string), parse (string → Doc), metadata, extraction (the extractor's own work),
// formatting. The stages are the ones `extract()` runs (src/index.ts), called one by one here so
// that each can be timed; one warm-up pass, then --passes timed passes; times are the process's
// CPU time (run it with V8's --single-threaded for a one-core figure, as below).
//
//   npm run build && nice -n 10 node --single-threaded --import tsx bench/speed/split.ts [--src] [--per-dataset=N] [--passes=N] [--format=markdown]
//       [--extractor=pith] [--datasets=l3s-gn1,wcxb-dev]
//   # function-level profile of the same loop:
//   nice -n 10 node --cpu-prof --cpu-prof-dir=.cache/speed/prof --import tsx bench/speed/split.ts
//   npx tsx bench/speed/profile-summary.ts .cache/speed/prof/<file>.cpuprofile

import os from 'node:os';
import type { ContentFormat } from 'pith/internal';
import { cpuMs, flag, loadSpeedPages, SPEED_DATASETS } from './pages.js';
import { loadPipeline } from './pipeline.js';

const STAGES = ['decode', 'parse', 'metadata', 'extract', 'format'] as const;
type Stage = (typeof STAGES)[number];

const perDataset = Number(flag('per-dataset', 'Infinity'));
const passes = Number(flag('passes', '3'));
const format = flag('format', 'markdown') as ContentFormat;
const extractorName = flag('extractor', 'pith');
const datasets = flag('datasets', SPEED_DATASETS.join(',')).split(',');

const { pith, format: formatModule, from } = await loadPipeline();
const { decodeHtml, parseHtml, extractMetadata, getExtractor } = pith;
const { formatExtraction } = formatModule;
const pages = loadSpeedPages(perDataset, datasets);
const extractor = getExtractor(extractorName);
const totalBytes = pages.reduce((sum, page) => sum + page.bytes.byteLength, 0);

/** Summed CPU ms per stage and dataset over one pass. */
function pass(): Map<string, Record<Stage, number>> {
  const byDataset = new Map<string, Record<Stage, number>>();
  for (const page of pages) {
    let row = byDataset.get(page.dataset);
    if (!row) {
      row = { decode: 0, parse: 0, metadata: 0, extract: 0, format: 0 };
      byDataset.set(page.dataset, row);
    }
    const t0 = cpuMs();
    const html = decodeHtml(page.bytes).text;
    const t1 = cpuMs();
    const doc = parseHtml(html, { deadline: Date.now() + 10_000 });
    const t2 = cpuMs();
    const metadata = extractMetadata(doc);
    const t3 = cpuMs();
    const extraction = extractor.extract(doc, {}, { metadata, deadline: Date.now() + 10_000 });
    const t4 = cpuMs();
    formatExtraction(extraction, format, { images: true, links: true, title: metadata.title });
    const t5 = cpuMs();
    row.decode += t1 - t0;
    row.parse += t2 - t1;
    row.metadata += t3 - t2;
    row.extract += t4 - t3;
    row.format += t5 - t4;
  }
  return byDataset;
}

pass(); // warm-up
const runs = Array.from({ length: passes }, () => pass());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

console.log(
  `# stage split: ${extractorName}, format ${format}, ${pages.length} pages (${(totalBytes / 1e6).toFixed(1)} MB), ` +
    `median of ${passes} passes after warm-up, CPU time, code from ${from}/; node ${process.version}, ${os.cpus()[0]?.model ?? '?'} ×${os.cpus().length}, ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log(
  '| dataset | pages | MB | decode ms/page | parse | metadata | extract | format | total | pages/s | parse MB/s |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const rows = [...new Set(pages.map((page) => page.dataset)), 'all'];
for (const dataset of rows) {
  const subset = dataset === 'all' ? pages : pages.filter((page) => page.dataset === dataset);
  const bytes = subset.reduce((sum, page) => sum + page.bytes.byteLength, 0);
  const stageMs = (stage: Stage) =>
    median(
      runs.map((run) =>
        dataset === 'all'
          ? [...run.values()].reduce((sum, row) => sum + row[stage], 0)
          : (run.get(dataset)?.[stage] ?? 0),
      ),
    );
  const ms = Object.fromEntries(STAGES.map((stage) => [stage, stageMs(stage)])) as Record<Stage, number>;
  const total = STAGES.reduce((sum, stage) => sum + ms[stage], 0);
  const cell = (stage: Stage) =>
    `${(ms[stage] / subset.length).toFixed(3)} (${((100 * ms[stage]) / total).toFixed(0)}%)`;
  console.log(
    `| ${dataset} | ${subset.length} | ${(bytes / 1e6).toFixed(1)} | ${STAGES.map(cell).join(' | ')} | ` +
      `${(total / subset.length).toFixed(3)} | ${((1000 * subset.length) / total).toFixed(0)} | ` +
      `${(bytes / 1e6 / (ms.parse / 1000)).toFixed(1)} |`,
  );
}
