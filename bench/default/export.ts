/**
 * Exports the default extractor's training rows: every text block of every page
 * of the given datasets, its features (exactly as the extractor computes them)
 * and its label (share of its shingles found in the page's gold text).
 *
 *   npx tsx bench/default/export.ts [--dataset NAME …] [--limit N] [--out .cache/default-train]
 *
 * Writes per dataset `<out>/<name>.f32` (rows × width little-endian float32) and
 * `<out>/<name>.json` ({ names, width, rows, pages: [{ id, start, end, pageType? }],
 * share: number[], tokens: number[] }).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applyRetrievedTransform, listDataset, resolveDatasetSpec } from '../../src/eval/index.js';
import { decodeHtml, extractMetadata, labelBlocks, pageRows, parseHtml } from '../../src/internal.js';
import { TEXT_GOLD_DATASETS } from './datasets.js';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    limit: { type: 'string' },
    out: { type: 'string', default: '.cache/default-train' },
  },
});

const datasets = values.dataset && values.dataset.length > 0 ? values.dataset : TEXT_GOLD_DATASETS;
const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
await mkdir(values.out, { recursive: true });

for (const name of datasets) {
  const spec = await resolveDatasetSpec(name);
  const refs = (await listDataset(spec)).slice(0, limit);
  const chunks: Float32Array[] = [];
  const pages: { id: string; start: number; end: number; pageType?: string; language?: string }[] = [];
  const share: number[] = [];
  const tokens: number[] = [];
  let width = 0;
  let names: readonly string[] = [];
  let rows = 0;
  const started = Date.now();
  for (const ref of refs) {
    const page = await ref.load();
    if (page.gold.text === undefined) continue;
    try {
      const html = decodeHtml(page.html).text;
      const doc = parseHtml(html, { url: page.url });
      const metadata = extractMetadata(doc, { url: page.url });
      const { blocks, features } = pageRows(doc, {}, { metadata });
      const labels = labelBlocks(blocks, page.gold.text, (text) =>
        applyRetrievedTransform(text, page.retrievedTransform),
      );
      width = features.width;
      names = features.names;
      chunks.push(features.values);
      pages.push({
        id: page.id,
        start: rows,
        end: rows + features.rows,
        ...(page.gold.pageType ? { pageType: page.gold.pageType } : {}),
        ...(page.gold.language ? { language: page.gold.language } : {}),
      });
      rows += features.rows;
      for (let block = 0; block < blocks.count; block++) {
        share.push(Math.round(labels.share[block] * 1000) / 1000);
        tokens.push(labels.tokens[block]);
      }
    } catch (error) {
      process.stderr.write(`${name}/${page.id}: ${(error as Error).message}\n`);
    }
    if (pages.length % 200 === 0) process.stderr.write(`${name}: ${pages.length}/${refs.length} pages\n`);
  }
  const all = new Float32Array(rows * width);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  await writeFile(path.join(values.out, `${name}.f32`), Buffer.from(all.buffer));
  await writeFile(
    path.join(values.out, `${name}.json`),
    JSON.stringify({ names, width, rows, pages, share, tokens }),
  );
  process.stderr.write(
    `${name}: ${pages.length} pages, ${rows} blocks, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
