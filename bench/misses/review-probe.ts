// Probe: per page, the words of the outermost elements whose class or id has a word part `review(s)` that pith's
// held-out answer keeps, in the gold or not, with the page's type (issue 37, s44-wcxb7).
// Usage: npx tsx bench/misses/review-probe.ts OUT.jsonl LIST.tsv (dataset<TAB>id lines)
import { appendFileSync, writeFileSync } from 'node:fs';
import { useModelFiles } from '@pith/tools';
import { pageDigest, readHeldOut } from '@pith/workbench/eval';
import { parseHTML } from 'linkedom';
import { extract } from 'pith';
import { listedPages } from '../news/listed-pages.js';
import { keyShare as share, wordsOf as toks, wordKeys as tri } from './word-keys.js';

const PART = new RegExp(process.env.PART ?? '^reviews?$');
const RAW = new RegExp(process.env.RAW ?? '(?:class|id)\\s*=\\s*["\'][^"\']*review', 'i');
await useModelFiles();
const held = readHeldOut('.cache/train/blocks/folds-5-by-site.json');
const out = process.argv[2];
writeFileSync(out, '');
let n = 0;
const partsOf = (v: string) =>
  v
    .split(/\s+/)
    .flatMap((w: string) => w.split(/[-_]+|(?<=[a-z])(?=[A-Z])/))
    .map((p: string) => p.toLowerCase());
for await (const { ds, ref, page } of listedPages(process.argv[3])) {
  const html = typeof page.html === 'string' ? page.html : new TextDecoder().decode(page.html);
  if (++n % 200 === 0) console.error(n);
  if (!RAW.test(html) || page.gold.text === undefined) continue;
  const model = held.datasets.includes(ds) ? held.modelFor(pageDigest(page.html)) : undefined;
  const r = extract(page.html, { format: 'text', url: page.url, extractorOptions: model ? { model } : {} });
  const gk = tri(page.gold.text);
  const ak = tri(r.content);
  const { document } = parseHTML(html);
  const hits: Element[] = [];
  for (const e of Array.from(document.querySelectorAll('[class],[id]') as ArrayLike<Element>)) {
    const v = `${e.getAttribute('class') ?? ''} ${e.getAttribute('id') ?? ''}`;
    if (!partsOf(v).some((p) => PART.test(p))) continue;
    let anc = e.parentElement;
    let inside = false;
    while (anc) {
      if (hits.includes(anc)) {
        inside = true;
        break;
      }
      anc = anc.parentElement;
    }
    if (!inside) hits.push(e);
  }
  const rows = [];
  for (const e of hits) {
    const t = toks(e.textContent ?? '');
    if (t.length < 3) continue;
    const a = share(t, ak);
    if (a < 0.5) continue;
    rows.push({
      tag: e.tagName.toLowerCase(),
      cls: `${e.getAttribute('class') ?? ''}#${e.getAttribute('id') ?? ''}`.slice(0, 80),
      words: t.length,
      kept: a,
      gold: share(t, gk),
      text: t.slice(0, 10).join(' '),
    });
  }
  if (rows.length)
    appendFileSync(
      out,
      `${JSON.stringify({ ds, id: ref.id, type: (page as { pageType?: string }).pageType, answerWords: toks(r.content).length, rows })}\n`,
    );
}
console.log('pages', n);
