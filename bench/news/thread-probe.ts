/**
 * Pages with a found comment section (confidence ≥ 0.5 on the whole page): the kept text inside
 * and outside the sections, the comments' median and largest own text, the page type, and the
 * page's primary F1 by default and with the sections taken out at the asked share (0.15).
 * Block sets with the held-out fold model of the page (as `bench --held-out`).
 *   nice -n 5 node --import tsx bench/news/thread-probe.ts --shard 0/2 -d l3s-gn1 … > out.jsonl
 *   … --pages LIST.tsv (lines "dataset<TAB>id": only those pages)
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { useModelFiles } from '@pith/tools';
import {
  datasetScoring,
  listDataset,
  pageDigest,
  readHeldOut,
  resolveDatasetSpec,
} from '@pith/workbench/eval';
import { extract } from 'pith';
import { decodeHtml, type Extraction, findComments, parseHtml } from 'pith/internal';
import { pageScore } from '../misses/page-score.js';

await useModelFiles();
const { values } = parseArgs({
  options: {
    d: { type: 'string', multiple: true, default: [] },
    shard: { type: 'string', default: '0/1' },
    pages: { type: 'string' },
  },
});
const only = values.pages
  ? new Set(
      readFileSync(values.pages, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split('\t').join(' ')),
    )
  : undefined;
const limits = { timeoutMs: 600_000 };
const [shard, shards] = (values.shard ?? '0/1').split('/').map(Number);
const held = readHeldOut('.cache/train/blocks/folds-5-by-site.json');
let n = 0;
for (const name of values.d ?? []) {
  const spec = await resolveDatasetSpec(name);
  const scoring = await datasetScoring(spec);
  for (const ref of await listDataset(spec)) {
    if (only && !only.has(`${name} ${ref.id}`)) continue;
    if (n++ % shards !== shard) continue;
    const page = await ref.load();
    // Cheap filter: a section at 0.5 anywhere on the page.
    const parsed = parseHtml(decodeHtml(page.html).text, { url: page.url });
    if (!only && !findComments(parsed, {}).some((s) => s.confidence >= 0.5)) continue;
    const extractorOptions = held.datasets.includes(name)
      ? { model: held.modelFor(pageDigest(page.html)) }
      : {};
    const kept = extract(page.html, {
      url: page.url,
      format: 'text',
      extractorOptions,
      keepComments: true,
      limits,
    });
    const { doc, selection } = (kept as unknown as { extraction: Extraction }).extraction;
    const sections = findComments(doc, {}).filter((s) => s.confidence >= 0.5);
    let total = 0;
    for (let i = 0; i < doc.size; i++) if (selection.kept[i] && doc.isText(i)) total += doc.textLength(i);
    let inside = 0;
    const lengths: number[] = [];
    for (const s of sections) {
      for (const node of s.nodes)
        for (let i = node; i < doc.end(node); i++)
          if (selection.kept[i] && doc.isText(i)) inside += doc.textLength(i);
      for (const c of s.comments) {
        let len = 0;
        for (const t of c.text) len += doc.textLength(t);
        for (const t of c.skip) len -= doc.textLength(t);
        lengths.push(Math.max(0, len));
      }
    }
    lengths.sort((a, b) => a - b);
    const median = lengths.length ? lengths[lengths.length >> 1] : 0;
    const base = extract(page.html, { url: page.url, format: 'text', extractorOptions, limits });

    const row: Record<string, unknown> = {
      set: name,
      id: ref.id,
      conf: sections.map((s) => s.confidence),
      cues: sections.map((s) => s.cues.join(',')),
      comments: lengths.length,
      inside,
      outside: total - inside,
      median,
      max: lengths.at(-1) ?? 0,
      ratio: median > 0 ? Math.round(((total - inside) / median) * 10) / 10 : null,
      pageType: kept.pageType,
      base: pageScore(page, scoring, base.content, base.metadata.title).f1,
    };

    console.log(JSON.stringify(row));
  }
}
