/**
 * Comments that stay in the body as a "thread" (the unasked comments step keeps a section unless the kept text
 * outside it is larger): per page, the default text against the body with comment sections taken out at the
 * asked share (0.15), both scored in the set's primary metric, with the page-type probabilities. Block sets
 * with the held-out fold model of the page.
 *   nice -n 5 node --import tsx bench/news/comments-ab.ts --shard 0/2 -d l3s-gn1 … > out.jsonl
 */
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
import { pageScore } from '../misses/page-score.js';

await useModelFiles();
const { values } = parseArgs({
  options: { d: { type: 'string', multiple: true, default: [] }, shard: { type: 'string', default: '0/1' } },
});
const [shard, shards] = (values.shard ?? '0/1').split('/').map(Number);
const held = readHeldOut('.cache/train/blocks/folds-5-by-site.json');
let n = 0;
for (const name of values.d ?? []) {
  const spec = await resolveDatasetSpec(name);
  const scoring = await datasetScoring(spec);
  for (const ref of await listDataset(spec)) {
    if (n++ % shards !== shard) continue;
    const page = await ref.load();
    const extractorOptions = held.datasets.includes(name)
      ? { model: held.modelFor(pageDigest(page.html)) }
      : {};
    const base = extract(page.html, { url: page.url, format: 'json', extractorOptions });
    const asked = extract(page.html, { url: page.url, format: 'json', extractorOptions, comments: true });
    const a = JSON.parse(base.content).text ?? '';
    const b = JSON.parse(asked.content).text ?? '';
    const probabilities = (base.diagnostics as { pageType?: { probabilities?: Record<string, number> } })
      ?.pageType?.probabilities;
    const row: Record<string, unknown> = {
      set: name,
      id: ref.id,
      same: a === b,
      words: [a.split(/\s+/).length, b.split(/\s+/).length],
    };
    row.base = pageScore(page, scoring, a, base.metadata.title);
    if (a !== b) row.asked = pageScore(page, scoring, b, asked.metadata.title);
    row.pageType = probabilities ?? base.pageType;
    console.log(JSON.stringify(row));
  }
}
