/**
 * The extractor step alone: pages are decoded and parsed first, then each extractor
 * runs over all of them (one warm-up pass, then `--passes` timed passes; the median
 * pass is reported). Decoding, parsing, metadata and formatting are not timed.
 *
 *   npx tsx bench/cuter/speed.ts [--dataset …] [--extractor cuter --extractor pith] [--passes 3]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { readCleanEval, readL3sGn1 } from '@pith/workbench/eval';
import { type Doc, decodeHtml, getExtractor, parseHtml } from 'pith/internal';
import { DATASETS, parseDatasetSpec } from './pages.js';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    extractor: { type: 'string', multiple: true },
    passes: { type: 'string', default: '3' },
  },
  strict: true,
});
const specs = values.dataset && values.dataset.length > 0 ? values.dataset : [...DATASETS];
const extractors = values.extractor && values.extractor.length > 0 ? values.extractor : ['cuter', 'pith'];
const passes = Number(values.passes);

const cpus = os.cpus();
process.stdout.write(
  `Run ${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'} (shared machine; load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(
      ' ',
    )})\n\n| dataset | pages | ${extractors.map((name) => `${name} ms/page (median pass)`).join(' | ')} |\n|---|---:|${extractors.map(() => '---:').join('|')}|\n`,
);
for (const spec of specs) {
  const { name, dir } = parseDatasetSpec(spec);
  const docs: Doc[] = [];
  for await (const page of name === 'l3s-gn1' ? readL3sGn1(dir) : readCleanEval(dir)) {
    docs.push(parseHtml(decodeHtml(page.html).text, { url: page.url }));
  }
  const cells: string[] = [];
  for (const extractorName of extractors) {
    const extractor = getExtractor(extractorName);
    const times: number[] = [];
    for (let pass = 0; pass <= passes; pass++) {
      const started = performance.now();
      for (const doc of docs) extractor.extract(doc, {}, {});
      if (pass > 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    cells.push((times[Math.floor(times.length / 2)] / docs.length).toFixed(3));
  }
  process.stdout.write(`| ${name} | ${docs.length} | ${cells.join(' | ')} |\n`);
}
