// usage: npx tsx bench/misses/score-held.ts AFFECTED.tsv FOLD-PAGES.tsv (set, id, digest, fold) FOLD-MODELS-DIR > scores.jsonl
// Scores the affected dev pages with the block model that did not see them (fold models by page digest; the
// article sets, never trained on, with the shipped model). Prints one JSON line per page.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { useModelFiles } from '@pith/tools';
import {
  datasetScoring,
  listDataset,
  resolveDatasetSpec,
  scorePage,
  withHeadline,
} from '@pith/workbench/eval';
import { extract } from 'pith';

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
    const text = scoring.headlineInGold ? withHeadline(r.content, r.metadata.title) : r.content;
    const s = scorePage(page, text, { removeNonAscii: scoring.removeNonAscii });
    const f1 =
      scoring.primary === 'word-sequence'
        ? s.wordSequence && s.wordSequence.special === null
          ? s.wordSequence.f1
          : null
        : scoring.primary === 'bag-of-words'
          ? (s.bagOfWords?.f1 ?? null)
          : scoring.primary === 'shingles'
            ? (s.shingles?.f1 ?? null)
            : null;
    console.log(JSON.stringify({ set: name, id: ref.id, f1, snippets: s.snippets ?? null }));
  }
}
