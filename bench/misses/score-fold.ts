// usage: npx tsx bench/misses/score-fold.ts FOLD-PAGES.tsv F MODELS-DIR [--articles] > scores.jsonl
// The training sets' pages of fold F scored with the fold-(F+1) model (it never saw their sites); with
// --articles, the two article sets (never trained on) with that same fold model instead. Adapted from
// bench/misses/score-held.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { useModelFiles } from '@pith/tools';
import { datasetScoring, listDataset, resolveDatasetSpec } from '@pith/workbench/eval';
import { extract } from 'pith';
import { pageScore } from './page-score.js';

await useModelFiles();
const [foldPages, foldArg, dir] = process.argv.slice(2, 5);
const articles = process.argv.includes('--articles');
const F = Number(foldArg);
const fold = new Map<string, number>();
for (const l of readFileSync(foldPages, 'utf8').trim().split('\n')) {
  const [, , d, f] = l.split('\t');
  fold.set(d, Number(f));
}
const model = `${dir}/folds-5-by-site-fold-${F + 1}-of-5.json`;
const sets = articles
  ? ['trafilatura-eval', 'newspaper-fulltext']
  : ['wcxb-dev', 'l3s-gn1', 'cleaneval', 'cleanportaleval', 'readability-testpages'];
for (const name of sets) {
  const spec = await resolveDatasetSpec(name);
  const scoring = await datasetScoring(spec);
  for (const ref of await listDataset(spec)) {
    const page = await ref.load();
    if (!articles && fold.get(createHash('sha256').update(page.html).digest('hex')) !== F) continue;
    const r = extract(page.html, { url: page.url, format: 'text', extractorOptions: { model } });
    console.log(
      JSON.stringify({ set: name, id: ref.id, ...pageScore(page, scoring, r.content, r.metadata.title) }),
    );
  }
}
