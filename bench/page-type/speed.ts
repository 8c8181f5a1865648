/**
 * Time of the page-type features and of the whole classification, per page,
 * beside the parse of the same pages (the unit: the features should cost a
 * small fraction of it).
 *
 *   nice -n 10 npx tsx bench/page-type/speed.ts [--dataset wcxb-dev] [--limit 200] [--rounds 6]
 *
 * Every round parses all pages afresh (features on a Doc seen before are
 * cheaper: V8 has already hashed and flattened its strings), then computes the
 * features, then classifies. Times are process CPU time (user + system), the
 * fastest round of each: the machine is shared, and CPU time is what another
 * job's load disturbs least. Wall-clock times of the same rounds are printed beside.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { listDataset, resolveDatasetSpec } from '@pith/workbench/eval';
import {
  classifyPageType,
  type Doc,
  decodeHtml,
  loadPageTypeModel,
  pageTypeFeatures,
  parseHtml,
} from 'pith/internal';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'wcxb-dev' },
    limit: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '6' },
  },
  strict: true,
});
const rounds = Number(values.rounds);
const spec = await resolveDatasetSpec(values.dataset);
const refs = (await listDataset(spec)).slice(0, Number(values.limit));
const pages: { html: string; url: string | undefined }[] = [];
for (const ref of refs) {
  const page = await ref.load();
  pages.push({ html: decodeHtml(page.html).text, url: page.url });
}
const model = loadPageTypeModel();

interface Best {
  cpu: number;
  wall: number;
}
const best = (): Best => ({ cpu: Number.POSITIVE_INFINITY, wall: Number.POSITIVE_INFINITY });
function timed(record: Best, run: () => void): void {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  run();
  const cpu = process.cpuUsage(cpuStart);
  record.cpu = Math.min(record.cpu, (cpu.user + cpu.system) / 1000 / pages.length);
  record.wall = Math.min(record.wall, (performance.now() - wallStart) / pages.length);
}

const parse = best();
const features = best();
const classify = best();
let docs: Doc[] = [];
let sink = 0;
for (let round = 0; round <= rounds; round++) {
  // Round 0 warms up the JIT; it is not recorded.
  const keep = round > 0;
  const scratch = best();
  timed(keep ? parse : scratch, () => {
    docs = pages.map((page) => parseHtml(page.html, page.url ? { url: page.url } : {}));
  });
  timed(keep ? features : scratch, () => {
    for (let index = 0; index < docs.length; index++)
      sink += pageTypeFeatures(docs[index], pages[index].url)[0];
  });
  docs = pages.map((page) => parseHtml(page.html, page.url ? { url: page.url } : {}));
  timed(keep ? classify : scratch, () => {
    for (let index = 0; index < docs.length; index++) {
      sink += classifyPageType(docs[index], pages[index].url, { model }).probabilities.article;
    }
  });
}

const nodes = docs.reduce((sum, doc) => sum + doc.size, 0) / docs.length;
const chars = pages.reduce((sum, page) => sum + page.html.length, 0) / pages.length;
const cpu = os.cpus()[0]?.model.trim() ?? 'CPU';
const line = (label: string, b: Best) =>
  `${label.padEnd(17)} ${b.cpu.toFixed(3)} ms/page CPU (${((100 * b.cpu) / parse.cpu).toFixed(0)}% of the parse) · ${b.wall.toFixed(3)} ms/page wall`;
console.log(
  `${spec.name}: ${pages.length} pages (mean ${Math.round(chars / 1000)} k chars, ${Math.round(nodes)} nodes) · ` +
    `Node ${process.version} · ${os.cpus().length} × ${cpu} (shared, load ${os.loadavg()[0].toFixed(1)}) · fastest of ${rounds} rounds`,
);
console.log(line('parse', parse));
console.log(line('features', features));
console.log(line('classifyPageType', classify));
if (sink === Number.NEGATIVE_INFINITY) console.log('');
