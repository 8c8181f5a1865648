// The bench's per-page scores of this build, held out as `pith bench --held-out` scores them (block sets by
// the fold model that did not see the page's site, the article sets by the shipped model), in one thread,
// without the bench's second (in-sample) run of the block sets: half the work of the full command. Writes a
// results.json shaped like the bench's (`pages[]`: dataset, id, extractor, scores) that
// bench/report/paired.ts reads. Usage: npx tsx bench/news/held-ab.ts OUT.json [SHARD/SHARDS]
// IDS=FILE (dataset, id: tab-separated, a line each) runs only those pages (a rerun of the pages a rule changed).
import { readFileSync, writeFileSync } from 'node:fs';
import { useModelFiles } from '@pith/tools';
import {
  datasetScoring,
  listDataset,
  pithExtractorRef,
  readHeldOut,
  resolveDatasetSpec,
  TaskRunner,
} from '@pith/workbench/eval';

await useModelFiles();

const [out, shardSpec] = process.argv.slice(2);
const [shard, shards] = (shardSpec ?? '0/1').split('/').map(Number);
const HELD = '.cache/train/blocks/folds-5-by-site.json';
const held = readHeldOut(HELD);
const SETS = process.env.SETS
  ? process.env.SETS.split(',')
  : [
      'l3s-gn1',
      'cleaneval',
      'readability-testpages',
      'cleanportaleval',
      'newspaper-fulltext',
      'trafilatura-eval',
      'wcxb-dev',
    ];
const ONLY = process.env.IDS
  ? new Set(
      readFileSync(process.env.IDS, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split('\t').slice(0, 2).join('\t')),
    )
  : undefined;
// OPTS=key=value,… adds extractor options (an A/B of one setting on the same build).
const heldRef = pithExtractorRef(`pith:held-out=${HELD}${process.env.OPTS ? `,${process.env.OPTS}` : ''}`);
const shipped = pithExtractorRef(`pith${process.env.OPTS ? `:${process.env.OPTS}` : ''}`);
const runner = new TaskRunner({});
const pages: unknown[] = [];
const datasets: unknown[] = [];
let n = 0;
const started = Date.now();
try {
  for (const name of SETS) {
    const spec = await resolveDatasetSpec(name);
    const scoring = await datasetScoring(spec);
    datasets.push({ name, scoring });
    const extractor = held.datasets.includes(name) ? heldRef : shipped;
    const refs = await listDataset(spec);
    for (let index = 0; index < refs.length; index++) {
      if (index % shards !== shard) continue;
      if (ONLY && !ONLY.has(`${name}\t${refs[index].id}`)) continue;
      const page = await refs[index].load();
      const result = await runner.run({
        id: n++,
        extractor,
        page: {
          id: page.id,
          html: page.html,
          ...(page.url ? { url: page.url } : {}),
          gold: page.gold,
          ...(page.retrievedTransform ? { retrievedTransform: page.retrievedTransform } : {}),
        },
        pageKey: `${name}\0${page.id}`,
        scoring: {
          removeNonAscii: scoring.removeNonAscii,
          ...(scoring.headlineInGold ? { headlineInGold: true } : {}),
        },
        wantText: false,
      });
      if (result.failed && n < 3) console.error(result);
      pages.push({
        dataset: name,
        id: page.id,
        extractor: extractor.label,
        failed: result.failed,
        scores: result.scores,
      });
      if (n % 200 === 0)
        console.error(`${n} pages, ${Math.round((Date.now() - started) / 1000)} s (${name})`);
    }
  }
} finally {
  await runner.close();
}
writeFileSync(out, JSON.stringify({ schema: 1, datasets, pages }));
console.error(`done: ${n} pages, ${Math.round((Date.now() - started) / 1000)} s`);
