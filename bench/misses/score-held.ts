// usage: npx tsx bench/misses/score-held.ts AFFECTED.tsv FOLD-PAGES.tsv (set, id, digest, fold) FOLD-MODELS-DIR > scores.jsonl
// Scores the affected dev pages with the block model that did not see them (fold models by page digest; the
// article sets, never trained on, with the shipped model). Prints one JSON line per page.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { useModelFiles } from '@pith/tools';
import { datasetScoring, listDataset, resolveDatasetSpec } from '@pith/workbench/eval';
import { extract } from 'pith';
import { pageScore } from './page-score.js';

await useModelFiles();
const want = new Set(
  readFileSync(process.argv[2], 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t').slice(0, 2).join('/')),
);
const fold = new Map<string, number>();
for (const l of readFileSync(process.argv[3], 'utf8').trim().split('\n')) {
  const [, , d, f] = l.split('\t');
  fold.set(d, Number(f));
}
const ARTICLE_SETS = new Set(['trafilatura-eval', 'newspaper-fulltext']);
for (const name of [
  'wcxb-dev',
  'l3s-gn1',
  'cleaneval',
  'cleanportaleval',
  'readability-testpages',
  'trafilatura-eval',
  'newspaper-fulltext',
]) {
  const spec = await resolveDatasetSpec(name);
  const scoring = await datasetScoring(spec);
  for (const ref of await listDataset(spec)) {
    if (!want.has(`${name}/${ref.id}`)) continue;
    const page = await ref.load();
    let model = '';
    if (!ARTICLE_SETS.has(name)) {
      const f = fold.get(createHash('sha256').update(page.html).digest('hex'));
      if (f === undefined) continue;
      model = `${process.argv[4]}/folds-5-by-site-fold-${f + 1}-of-5.json`;
    }
    const r = extract(page.html, { url: page.url, format: 'text', extractorOptions: model ? { model } : {} });
    console.log(
      JSON.stringify({ set: name, id: ref.id, ...pageScore(page, scoring, r.content, r.metadata.title) }),
    );
  }
}
