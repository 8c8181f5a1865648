/**
 * pith against trafilatura on the dev pages of article datasets, page by page (issue 16's
 * error analysis). trafilatura's outputs come from its runner over `bench/articles/pages.ts`'s
 * folders (`.cache/articles/trafilatura/<dataset>/<id>.txt`).
 *
 *   npx tsx bench/articles/compare.ts --dataset newspaper-fulltext [--worst 20] [--format text|content]
 *       [--fp]   (the boilerplate each listed page kept: foreign paragraphs, or trafilatura-eval's
 *                 "without" snippets found)
 *       [--comments]   (content without the comment sections findComments locates)
 *
 * Scores: shingle F1 (newspaper-fulltext: per page), snippets (trafilatura-eval: per page tp/fp/fn).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  countSnippets,
  listDataset,
  normaliseSnippetText,
  resolveDatasetSpec,
  scoreShingles,
  snippetScores,
  summariseShingles,
  sumSnippetCounts,
} from '@pith/workbench/eval';
import { extract } from 'pith';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true, default: ['newspaper-fulltext'] },
    worst: { type: 'string', default: '15' },
    format: { type: 'string', default: 'text' },
    option: { type: 'string', multiple: true, default: [] },
    show: { type: 'string' },
    fp: { type: 'boolean', default: false },
    dump: { type: 'string' },
    comments: { type: 'boolean', default: false },
  },
});

function pithText(html: Uint8Array, url: string | undefined): string {
  const extractorOptions: Record<string, unknown> = {};
  for (const item of values.option ?? []) {
    const [k, v] = item.split('=');
    extractorOptions[k] =
      v === 'true' ? true : v === 'false' ? false : Number.isNaN(Number(v)) ? v : Number(v);
  }
  if (values.format === 'content') {
    const json = JSON.parse(
      extract(html, { url, format: 'json', extractorOptions, comments: values.comments }).content,
    );
    return (json.text ?? '') as string; // the record's text field (contentFormat: 'text', the default)
  }
  return extract(html, { url, format: 'text', extractorOptions }).content;
}

for (const dataset of values.dataset ?? []) {
  const spec = await resolveDatasetSpec(dataset);
  const rows: { id: string; pith: number; traf: number; pithP: number; trafP: number; note: string }[] = [];
  const pithShingles = [];
  const trafShingles = [];
  const pithSnippets = [];
  const trafSnippets = [];
  for (const ref of await listDataset(spec)) {
    const page = await ref.load();
    const mine = pithText(page.html, page.url);
    const theirs = await readFile(
      path.join('.cache/articles/trafilatura', spec.name, `${page.id.replaceAll('/', '_')}.txt`),
      'utf8',
    ).catch(() => '');
    if (values.show === page.id) {
      console.log(
        `--- pith\n${mine}\n--- trafilatura\n${theirs}\n--- gold\n${page.gold.text ?? JSON.stringify(page.gold.snippets)}`,
      );
    }
    if (page.gold.text !== undefined) {
      const a = scoreShingles(mine, page.gold.text);
      const b = scoreShingles(theirs, page.gold.text);
      pithShingles.push(a);
      trafShingles.push(b);
      const foreign = values.fp ? foreignParagraphs(mine, page.gold.text) : [];
      rows.push({
        id: page.id,
        pith: a.f1 || 0,
        traf: b.f1 || 0,
        pithP: a.precision,
        trafP: b.precision,
        note: foreign.map((p) => `\n      FP: ${p.slice(0, 160)}`).join(''),
      });
    } else if (page.gold.snippets) {
      const a = countSnippets(page.gold.snippets, mine);
      const b = countSnippets(page.gold.snippets, theirs);
      pithSnippets.push(a);
      trafSnippets.push(b);
      const f = (c: typeof a) => snippetScores(c).f1 || 0;
      rows.push({
        id: page.id,
        pith: f(a),
        traf: f(b),
        pithP: snippetScores(a).precision,
        trafP: snippetScores(b).precision,
        note: `pith fp ${a.fp} fn ${a.fn} | traf fp ${b.fp} fn ${b.fn}${values.fp ? keptBoilerplate(page.gold.snippets.without, mine) : ''}`,
      });
    }
  }
  console.log(`\n## ${spec.name} (dev, n = ${rows.length}, pith -f ${values.format})`);
  if (pithShingles.length) {
    const a = summariseShingles(pithShingles);
    const b = summariseShingles(trafShingles);
    console.log(`shingles  pith P ${a.precision.toFixed(3)} R ${a.recall.toFixed(3)} F1 ${a.f1.toFixed(3)}`);
    console.log(`shingles  traf P ${b.precision.toFixed(3)} R ${b.recall.toFixed(3)} F1 ${b.f1.toFixed(3)}`);
  }
  if (pithSnippets.length) {
    const a = snippetScores(sumSnippetCounts(pithSnippets));
    const b = snippetScores(sumSnippetCounts(trafSnippets));
    console.log(`snippets  pith P ${a.precision.toFixed(3)} R ${a.recall.toFixed(3)} F1 ${a.f1.toFixed(3)}`);
    console.log(`snippets  traf P ${b.precision.toFixed(3)} R ${b.recall.toFixed(3)} F1 ${b.f1.toFixed(3)}`);
  }
  if (values.dump) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      `${values.dump}.${spec.name}.json`,
      JSON.stringify(Object.fromEntries(rows.map((r) => [r.id, r.pith]))),
    );
  }
  rows.sort((x, y) => x.pith - x.traf - (y.pith - y.traf));
  console.log(`worst pages (pith − trafilatura):`);
  for (const row of rows.slice(0, Number(values.worst))) {
    console.log(
      `  ${row.id}  pith ${row.pith.toFixed(3)} (P ${row.pithP.toFixed(2)})  traf ${row.traf.toFixed(3)} (P ${row.trafP.toFixed(2)})  ${row.note}`,
    );
  }
}

/** With --fp on snippet gold: the boilerplate snippets `text` kept, one per line. */
function keptBoilerplate(without: readonly string[], text: string): string {
  const normalised = normaliseSnippetText(text);
  return without
    .filter((snippet) => normalised.includes(normaliseSnippetText(snippet)))
    .map((snippet) => `\n      FP: ${snippet.slice(0, 160)}`)
    .join('');
}

/** Paragraphs of `text` whose 4-token shingles are mostly absent from `gold` (false positives). */
export function foreignParagraphs(text: string, gold: string): string[] {
  const goldKeys = new Set(
    [...(gold.match(/[\p{L}\p{N}_]+/gu) ?? [])].map((_, i, t) => t.slice(i, i + 4).join(' ')),
  );
  const out: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    const t = paragraph.match(/[\p{L}\p{N}_]+/gu) ?? [];
    if (t.length === 0) continue;
    let hit = 0;
    const n = Math.max(1, t.length - 3);
    for (let i = 0; i < n; i++) if (goldKeys.has(t.slice(i, i + 4).join(' '))) hit++;
    if (hit / n < 0.5) out.push(paragraph);
  }
  return out;
}
