/**
 * Defuddle's own Markdown as a second gold, on a text set's development pages (issue 41: the dev
 * half of Defuddle's fixtures is small and its classes are read). For each page: Defuddle's Markdown
 * (the workbench's peer, no network) and pith's, scored as the structure benchmark scores them
 * (`scoreElements`); and, for headings, list items, images and footnotes, each element Defuddle
 * writes that pith's answer lacks, with where it went: pith's whole page written lacks it too
 * (writing: pith cannot write it whatever it chose) or has it (selection). Sealed pages are never
 * read (`listDataset` gives the development split).
 *
 *   [PITH_DIST=DIR] nice -n 10 npx tsx bench/structure/defuddle-gold.ts [--dataset=wcxb-dev] [--stride=15] [--pages=ID,…]
 *
 * Footnotes are listed by their first 60 letters: Defuddle's keep their number ("1. Xie Y…"),
 * pith's do not, so the list overcounts them; the totals (pairs at 0.8 similarity) do not.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import {
  listDataset,
  markdownElements,
  missingFrom,
  resolveDatasetSpec,
  scoreElements,
} from '@pith/workbench/eval';
import { createDefuddle } from '@pith/workbench/eval/peers';
import { flag } from '../speed/pages.js';

// PITH_DIST=<a built packages/pith/dist>: that build's answers (a base beside the branch, page for page).
const DIST = process.env.PITH_DIST;
const { extract, formatExtraction } = (await import(
  DIST ? `${DIST}/index.js` : 'pith'
)) as typeof import('pith');
const { parseHtml, Selection } = (await import(
  DIST ? `${DIST}/internal.js` : 'pith/internal'
)) as typeof import('pith/internal');

type Elements = ReturnType<typeof markdownElements>;
const textKey = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
const KEYS: Record<string, (e: Elements) => string[]> = {
  headings: (e) => e.headings.map((h) => `h${h.level} ${textKey(h.text)}`),
  'list items': (e) => e.listItems.map((i) => `${i.depth} ${textKey(i.text).slice(0, 60)}`),
  'table rows': (e) =>
    e.tables.flatMap((rows) => rows.map((cells) => cells.map(textKey).join(' | ').slice(0, 120))),
  images: (e) => e.images,
  footnotes: (e) => e.footnotes.map((f) => textKey(f).slice(0, 60)),
};

const stride = Number(flag('stride', '15'));
const spec = await resolveDatasetSpec(flag('dataset', 'wcxb-dev'));
// `--pages=0021,4654`: those pages only (a change's pages), instead of every `stride`-th.
const only = flag('pages', '');
const pageIds = new Set(only.split(',').filter((id) => id !== ''));
const refs = (await listDataset(spec, { split: 'dev' })).filter((ref, i) =>
  pageIds.size > 0 ? pageIds.has(ref.id) : i % stride === 0,
);
const defuddle = await createDefuddle({ markdown: true });
const totals: Record<string, { gold: number; output: number; matched: number; writing: number }> = {};
let pages = 0;
for (const ref of refs) {
  if (ref.file === undefined) continue;
  const bytes = await readFile(ref.file);
  const html = (ref.file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const url = ref.url ?? 'https://example.com/';
  let theirs: string;
  try {
    theirs = await defuddle.extract(html, url);
  } catch {
    continue;
  }
  pages++;
  // A long budget: the tool runs beside others on a loaded machine, and a timeout is no answer.
  const { content } = extract(html, {
    format: 'json',
    contentFormat: 'markdown',
    url,
    limits: { timeoutMs: 120_000 },
  });
  const ours = (JSON.parse(content) as { markdown: string | null }).markdown ?? '';
  const doc = parseHtml(html, { url });
  const selection = new Selection(doc).keepSubtree(0);
  const whole = formatExtraction(
    { extractor: 'whole', version: '0', doc, selection, roots: [], diagnostics: undefined },
    'markdown',
  );
  const gold = markdownElements(theirs, url);
  const answer = markdownElements(ours, url);
  const all = markdownElements(whole, url);
  const counts = scoreElements(gold, answer);
  for (const [name, key] of Object.entries(KEYS)) {
    totals[name] ??= { gold: 0, output: 0, matched: 0, writing: 0 };
    const t = totals[name];
    const c = counts[name as keyof typeof counts];
    t.gold += c.gold;
    t.output += c.output;
    t.matched += c.matched;
    const notWritten = missingFrom(key(gold), key(all));
    for (const element of missingFrom(key(gold), key(answer))) {
      const at = notWritten.indexOf(element);
      const where = at >= 0 ? 'writing' : 'selection';
      if (at >= 0) {
        notWritten.splice(at, 1);
        t.writing++;
      }
      console.log(`${name}\t${where}\t${ref.id}\t${element.slice(0, 120)}`);
    }
  }
}
console.log(
  `\n${pages} pages\n\n| class | Defuddle's | pith's | matched | lost in writing (listed) |\n|---|---|---|---|---|`,
);
for (const [name, t] of Object.entries(totals))
  console.log(`| ${name} | ${t.gold} | ${t.output} | ${t.matched} | ${t.writing} |`);
