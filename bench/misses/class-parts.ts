// Probe: per class-word part, the words of small classed elements pith's held-out answer keeps, in the gold or not.
// Usage: npx tsx bench/misses/class-parts.ts OUT.json LIST.tsv (dataset<TAB>id lines; issue 37, s43-wcxb6)
import { writeFileSync } from 'node:fs';
import { useModelFiles } from '@pith/tools';
import { pageDigest, readHeldOut } from '@pith/workbench/eval';
import { parseHTML } from 'linkedom';
import { extract } from 'pith';
import { listedPages } from '../news/listed-pages.js';
import { keyShare as share, wordsOf as toks, wordKeys as tri } from './word-keys.js';

await useModelFiles();
const held = readHeldOut('.cache/train/blocks/folds-5-by-site.json');
const agg = new Map<
  string,
  { bad: number; good: number; badPages: Set<string>; goodPages: Set<string>; ex: string[] }
>();
let n = 0;
for await (const { ds, ref, page } of listedPages(process.argv[3] ?? process.env.IDS ?? '')) {
  const html = typeof page.html === 'string' ? page.html : new TextDecoder().decode(page.html);
  const model = held.datasets.includes(ds) ? held.modelFor(pageDigest(page.html)) : undefined;
  const r = extract(page.html, { format: 'text', url: page.url, extractorOptions: model ? { model } : {} });
  if (page.gold.text === undefined) continue;
  const gk = tri(page.gold.text);
  const ak = tri(r.content);
  const { document } = parseHTML(html);
  const seen = new Map<string, Set<Element>>();
  for (const e of Array.from(document.querySelectorAll('[class]') as ArrayLike<Element>)) {
    const cls = e.getAttribute('class') ?? '';
    const parts = new Set(
      cls
        .split(/\s+/)
        .flatMap((w: string) => w.split(/[-_]+|(?<=[a-z])(?=[A-Z])/))
        .map((p: string) => p.toLowerCase())
        .filter((p: string) => p.length >= 3 && /^[a-z]+$/.test(p)),
    );
    if (!parts.size) continue;
    const t = toks(e.textContent ?? '');
    if (t.length < 3 || t.length > 300) continue;
    const a = share(t, ak);
    if (a < 0.5) continue;
    const g = share(t, gk);
    for (const p of parts) {
      // outermost per part: skip when an ancestor already counted for this part
      const s = seen.get(p) ?? new Set<Element>();
      let anc = e.parentElement;
      let inside = false;
      while (anc) {
        if (s.has(anc)) {
          inside = true;
          break;
        }
        anc = anc.parentElement;
      }
      if (inside) continue;
      s.add(e);
      seen.set(p, s);
      const x = agg.get(p) ?? {
        bad: 0,
        good: 0,
        badPages: new Set<string>(),
        goodPages: new Set<string>(),
        ex: [],
      };
      const key = `${ds}/${ref.id}`;
      if (g < 0.5) {
        x.bad += t.length;
        x.badPages.add(key);
        if (x.ex.length < 3) x.ex.push(`${key}: ${t.slice(0, 12).join(' ')}`);
      } else {
        x.good += t.length;
        x.goodPages.add(key);
      }
      agg.set(p, x);
    }
  }
  if (++n % 100 === 0) console.error(n);
}
const rows = [...agg].map(([p, x]) => ({
  p,
  bad: x.bad,
  good: x.good,
  badPages: x.badPages.size,
  goodPages: x.goodPages.size,
  ex: x.ex,
  bp: [...x.badPages].slice(0, 12),
}));
rows.sort((a, b) => b.bad - b.good - (a.bad - a.good));
writeFileSync(process.argv[2], JSON.stringify(rows, null, 1));
console.log('pages', n);
