// What the metadata costs inside `extract()` (issue 42: "cost under 3 % of extract()"), in CPU time
// on the speed mix, in one process: `extract()` as shipped (the rules' reading, then the learned
// choice) against `extract({ metadataModel: false })` (the rules alone), interleaved page by page;
// and the reading alone (`readMetadata` on the parsed page). Benchmarks are not tests.
//
//   npm run build && nice -n 5 npx tsx bench/speed/metadata-cost.ts [--per-dataset=100] [--passes=2]
//       [--datasets=l3s-gn1,wcxb-dev,trafilatura-eval]

import os from 'node:os';
import path from 'node:path';
import { decodeHtml, extract, parseHtml } from 'pith';
import { readMetadata } from 'pith/internal';
import { repoRoot } from '../parsers/corpus.js';
import { cpuMs, flag, interleavedCpu } from './pages.js';
import { datasetPages } from './rows-digest.js';

const perDataset = Number(flag('per-dataset', '100'));
const passes = Number(flag('passes', '2'));
const datasets = flag('datasets', 'l3s-gn1,wcxb-dev,trafilatura-eval').split(',');

const pages: Uint8Array[] = [];
for (const name of datasets) {
  const found = await datasetPages(path.join(repoRoot, '.cache/datasets'), [name]);
  for (const page of found.slice(0, perDataset)) pages.push(page.html);
}
const docs = pages.map((bytes) => parseHtml(decodeHtml(bytes).text));

const whole = interleavedCpu(
  [
    (at) => extract(pages[at], { format: 'text', metadataModel: false }),
    (at) => extract(pages[at], { format: 'text' }),
  ],
  pages.length,
  passes,
);
let reading = 0;
for (let pass = 0; pass <= passes; pass++) {
  const started = cpuMs();
  for (const doc of docs) readMetadata(doc, {});
  if (pass > 0) reading += cpuMs() - started;
}
const readingMs = reading / passes / docs.length;
const [rulesMs, shippedMs] = whole.ms;
const share = (ms: number) => `${((100 * ms) / shippedMs).toFixed(1)} %`;
console.log(
  `metadata cost, ${pages.length} pages (${datasets.join(', ')}), ${passes} passes, CPU ms a page; load ${os.loadavg()[0].toFixed(1)}`,
);
console.log(
  `extract() as shipped ${shippedMs.toFixed(3)}; with the rules' metadata alone ${rulesMs.toFixed(3)}`,
);
console.log(
  `the learned choice: ${(shippedMs - rulesMs).toFixed(3)} (${share(shippedMs - rulesMs)} of extract())`,
);
console.log(`the reading (readMetadata): ${readingMs.toFixed(3)} (${share(readingMs)} of extract())`);
console.log(`per pass, shipped / rules: ${whole.perPass.map((r) => r.toFixed(3)).join(' ')}`);
