// Probe: elements whose class or id matches RE (default: a signature), or that match the CSS selector SEL, on the pages
// of SETS whose HTML matches RE: their words in the gold and in pith's held-out answer (issue 37, s43-wcxb6).
// Usage: [SEL=…] [RE=…] SETS=wcxb-dev,… npx tsx bench/misses/sig-probe.ts OUT.json
import { writeFileSync } from 'node:fs';
import { useModelFiles } from '@pith/tools';
import { listDataset, pageDigest, readHeldOut, resolveDatasetSpec } from '@pith/workbench/eval';
import { parseHTML } from 'linkedom';
import { extract } from 'pith';
import { keyShare, wordsOf as toks, wordKeys as tri } from './word-keys.js';

await useModelFiles();
const held = readHeldOut('.cache/train/blocks/folds-5-by-site.json');
const SETS = (process.env.SETS ?? 'wcxb-dev').split(',');
const RE = new RegExp(process.env.RE ?? '(?:signature|(?:^|[-_\\s])sig(?:[-_\\s]|$))', 'i');
/** The share of `text`'s triples in `keys`, −1 for a text without words. */
const share = (text: string, keys: Set<string>) => {
  const words = toks(text);
  return words.length < 1 ? -1 : keyShare(words, keys);
};
const out: unknown[] = [];
for (const name of SETS) {
  const spec = await resolveDatasetSpec(name);
  for (const ref of await listDataset(spec)) {
    const page = await ref.load();
    const html = typeof page.html === 'string' ? page.html : new TextDecoder().decode(page.html);
    if (!RE.test(html)) continue;
    const { document } = parseHTML(html);
    const els = process.env.SEL
      ? Array.from(document.querySelectorAll(process.env.SEL) as ArrayLike<Element>)
      : Array.from(document.querySelectorAll('[class],[id]') as ArrayLike<Element>).filter((e) =>
          RE.test(`${e.getAttribute('class') ?? ''} ${e.getAttribute('id') ?? ''}`),
        );
    // outermost only
    const outer = els.filter((e) => !els.some((o) => o !== e && o.contains(e)));
    const texts = outer
      .map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter((t) => toks(t).length >= 2);
    if (!texts.length) continue;
    const model = held.datasets.includes(name) ? held.modelFor(pageDigest(page.html)) : undefined;
    const r = extract(page.html, { format: 'text', url: page.url, extractorOptions: model ? { model } : {} });
    const gold = page.gold.text ?? '';
    const gk = tri(gold);
    const ak = tri(r.content);
    out.push({
      set: name,
      id: ref.id,
      n: texts.length,
      words: texts.reduce((a, t) => a + toks(t).length, 0),
      els: texts.map((t) => ({
        w: toks(t).length,
        gold: +share(t, gk).toFixed(2),
        ans: +share(t, ak).toFixed(2),
        t: t.slice(0, 90),
      })),
      classes: [
        ...new Set(
          outer.map((e) => `${e.tagName} ${e.getAttribute('class') ?? ''}#${e.getAttribute('id') ?? ''}`),
        ),
      ].slice(0, 4),
    });
  }
}
writeFileSync(process.argv[2], JSON.stringify(out, null, 1));
console.log('pages', out.length);
