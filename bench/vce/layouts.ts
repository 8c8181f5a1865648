/**
 * Browser layouts of the VCE sample, cached in .cache/vce/layouts/ for tune.ts and run.ts,
 * with the browser's speed (pages/s, wall clock, `--concurrency` pages at once) and how
 * many elements were mapped back onto our Doc.
 *
 *   npx tsx bench/vce/layouts.ts [--sample=cleaneval:all,l3s-gn1:all,trafilatura-eval:300]
 *       [--datasets=cleaneval,l3s-gn1] [--concurrency=2] [--force]
 *
 * Needs Debian's chromium (apt-get install -y chromium). Writes .cache/vce/layouts-run.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BrowserLayoutEngine } from '@pith/tools';
import {
  argValue,
  CACHE_DIR,
  loadBenchPage,
  loadLayout,
  parsePage,
  sampleRefs,
  sampleSizes,
  saveLayout,
  selectedDatasets,
} from './common.js';

const concurrency = Number(argValue('concurrency') ?? 2);
const force = process.argv.includes('--force');
const sizes = sampleSizes();
const engine = await BrowserLayoutEngine.launch({ concurrency, timeoutMs: 30_000 });
const summary: Record<string, unknown> = {
  date: new Date().toISOString(),
  chromium: engine.version,
  cpu: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}`,
  concurrency,
  datasets: {},
};
try {
  for (const dataset of selectedDatasets()) {
    const refs = await sampleRefs(dataset, sizes[dataset]);
    let done = 0;
    let cached = 0;
    let laidOut = 0;
    let wallMs = 0;
    let pageMs = 0;
    let bytes = 0;
    let elements = 0;
    let measured = 0;
    const errors: Record<string, string> = {};
    const queue = [...refs];
    const started = performance.now();
    const worker = async () => {
      for (let ref = queue.shift(); ref; ref = queue.shift()) {
        const page = await loadBenchPage(dataset, ref);
        const doc = parsePage(page);
        if (!force && loadLayout(dataset, page.id, doc)) {
          cached++;
        } else {
          try {
            const layout = await engine.layout(doc);
            saveLayout(dataset, page.id, doc, layout);
            laidOut++;
            pageMs += layout.stats.ms;
            bytes += page.html.length;
            elements += layout.stats.elements;
            measured += layout.stats.measured;
          } catch (error) {
            errors[page.id] = error instanceof Error ? error.message : String(error);
          }
        }
        done++;
        if (done % 50 === 0 || done === refs.length)
          process.stderr.write(`${dataset}: ${done}/${refs.length}\n`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    wallMs = performance.now() - started;
    const row = {
      pages: refs.length,
      cached,
      laidOut,
      failed: Object.keys(errors).length,
      wallSeconds: laidOut > 0 ? wallMs / 1000 : undefined,
      // Cached pages only cost a parse: the rate is pages laid out over the wall clock.
      pagesPerSecond: laidOut > 0 ? laidOut / (wallMs / 1000) : undefined,
      meanPageMs: laidOut > 0 ? pageMs / laidOut : undefined,
      megabytes: bytes / 1e6,
      mappedShare: elements > 0 ? measured / elements : undefined,
      errors,
    };
    (summary.datasets as Record<string, unknown>)[dataset] = row;
    process.stdout.write(`${dataset}: ${JSON.stringify({ ...row, errors: undefined })}\n`);
    for (const [id, message] of Object.entries(errors)) process.stdout.write(`  failed ${id}: ${message}\n`);
  }
} finally {
  await engine.close();
}
summary.launches = engine.launches;
mkdirSync(CACHE_DIR, { recursive: true });
writeFileSync(path.join(CACHE_DIR, 'layouts-run.json'), JSON.stringify(summary, null, 2));
