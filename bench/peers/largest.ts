/**
 * One peer over the K largest pages (by file size) of the unpacked datasets in .cache/datasets,
 * in one process: time of each page and the peak RSS after it. Shows the per-page worst cases
 * (time, memory) a runner must bound. Pages are decoded by pith; URLs are not passed.
 *
 *   npx tsx bench/peers/largest.ts PEER [K=25]
 *   for p in readability-jsdom readability-linkedom defuddle postlight article-extractor; do
 *     npx tsx bench/peers/largest.ts $p 25; done
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { isGzip } from '@pith/tools';
import { outputText, PEERS } from '@pith/workbench/eval/peers';
import { decodeHtml } from 'pith/internal';

const DATASETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.cache', 'datasets');

function htmlFiles(dir: string): { file: string; size: number }[] {
  const found: { file: string; size: number }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...htmlFiles(file));
    else if (/\.html?(\.gz)?$/i.test(entry.name)) found.push({ file, size: statSync(file).size });
  }
  return found;
}

const [name, k = '25'] = process.argv.slice(2);
const create = name === undefined ? undefined : PEERS[name];
if (!create) {
  process.stderr.write(
    `usage: npx tsx bench/peers/largest.ts PEER [K]; peers: ${Object.keys(PEERS).join(', ')}\n`,
  );
  process.exit(2);
}
const files = htmlFiles(DATASETS)
  .sort((a, b) => b.size - a.size)
  .slice(0, Number(k));
const peer = await create();
const peakMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
console.log(
  `${peer.name} ${peer.version}: ${files.length} largest pages of ${DATASETS}; peak RSS after loading ${peakMb()} MB`,
);
for (const { file } of files) {
  let bytes = new Uint8Array(readFileSync(file));
  if (isGzip(bytes)) bytes = new Uint8Array(gunzipSync(bytes));
  const html = decodeHtml(bytes).text;
  const started = performance.now();
  let outcome: string;
  try {
    outcome = `${outputText(await peer.extract(html, '')).length} chars`;
  } catch (error) {
    outcome = `error: ${error instanceof Error ? error.message : String(error)}`;
  }
  const ms = performance.now() - started;
  console.log(
    `${(bytes.length / 1e6).toFixed(2)} MB  ${path.relative(DATASETS, file)}  ${ms.toFixed(0)} ms  peak RSS ${peakMb()} MB  ${outcome}`,
  );
}
