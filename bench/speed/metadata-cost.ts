// What the metadata costs inside `extract()` (issue 42: "cost under 3 % of extract()"), in CPU time
// on the speed mix, in one process, interleaved page by page: `extract()` whose metadata nobody reads
// (it is made when `result.metadata` is first read), against the same call with `result.metadata`
// read as shipped (the rules' reading, then the learned choice) and with the rules alone
// (`metadataModel: false`); and the reading alone (`readMetadata` on the parsed page). Benchmarks
// are not tests.
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

// Two interleaved pairs (the helper times two steps): unread against read as shipped, then read
// with the rules alone against read as shipped.
const whole = interleavedCpu(
  [
    (at) => extract(pages[at], { format: 'text' }).content,
    (at) => extract(pages[at], { format: 'text' }).metadata,
  ],
  pages.length,
  passes,
);
const choice = interleavedCpu(
  [
    (at) => extract(pages[at], { format: 'text', metadataModel: false }).metadata,
    (at) => extract(pages[at], { format: 'text' }).metadata,
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
const [unreadMs, shippedMs] = whole.ms;
// The learned choice's cost from the second pair alone (each pair's pages timed back to back).
const choiceMs = choice.ms[1] - choice.ms[0];
const rulesMs = shippedMs - choiceMs;
const share = (ms: number) => `${((100 * ms) / shippedMs).toFixed(1)} %`;
console.log(
  `metadata cost, ${pages.length} pages (${datasets.join(', ')}), ${passes} passes, CPU ms a page; load ${os.loadavg()[0].toFixed(1)}`,
);
console.log(
  `extract() with its metadata read ${shippedMs.toFixed(3)}; read with the rules alone ${rulesMs.toFixed(3)}; not read ${unreadMs.toFixed(3)}`,
);
console.log(
  `the metadata as extract() pays it when read: ${(shippedMs - unreadMs).toFixed(3)} (${share(shippedMs - unreadMs)} of extract())`,
);
console.log(`the learned choice: ${choiceMs.toFixed(3)} (${share(choiceMs)} of extract())`);
console.log(`the reading (readMetadata): ${readingMs.toFixed(3)} (${share(readingMs)} of extract())`);
console.log(`per pass, read / not read: ${whole.perPass.map((r) => r.toFixed(3)).join(' ')}`);
