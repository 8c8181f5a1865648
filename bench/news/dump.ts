// For each (dataset, id) in a TSV: pith's text with the page's held-out model (block sets) or the shipped model,
// the gold, the foreign paragraphs (kept, not in gold) and the lost gold paragraphs; snippet pages list fp/fn snippets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { useModelFiles } from '@pith/tools';
import { normaliseSnippetText, pageDigest, readHeldOut } from '@pith/workbench/eval';
import { extract } from 'pith';
import { listedPages } from './listed-pages.js';

await useModelFiles();

const [listFile, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const held = readHeldOut('.cache/train/blocks/folds-5-by-site.json');
const BLOCK = new Set(held.datasets);
const toks = (s: string) => s.match(/[\p{L}\p{N}_]+/gu) ?? [];
function foreign(text: string, gold: string) {
  const keys = new Set(toks(gold).map((_, i, t) => t.slice(i, i + 4).join(' ')));
  const out: string[] = [];
  for (const para of text.split(/\n+/)) {
    const t = toks(para);
    if (!t.length) continue;
    const n = Math.max(1, t.length - 3);
    let hit = 0;
    for (let i = 0; i < n; i++) if (keys.has(t.slice(i, i + 4).join(' '))) hit++;
    if (hit / n < 0.5) out.push(`[${t.length}w] ${para.slice(0, 300)}`);
  }
  return out;
}
for await (const { ds, ref, page } of listedPages(listFile)) {
  const opts: Record<string, unknown> = BLOCK.has(ds) ? { model: held.modelFor(pageDigest(page.html)) } : {};
  const r = extract(page.html, { format: 'text', url: page.url, extractorOptions: opts });
  const text = r.content;
  let rep = `# ${ds} ${ref.id} url=${page.url}\nquality=${r.quality}\n`;
  if (page.gold.text !== undefined) {
    rep += `## KEPT NOT GOLD\n${foreign(text, page.gold.text).join('\n')}\n## GOLD LOST\n${foreign(page.gold.text, text).join('\n')}\n`;
  } else if (page.gold.snippets) {
    const norm = normaliseSnippetText(text);
    const w = page.gold.snippets.with.filter((s) => !norm.includes(normaliseSnippetText(s)));
    const wo = page.gold.snippets.without.filter((s) => norm.includes(normaliseSnippetText(s)));
    rep += `## FN (with, missing)\n${w.join('\n')}\n## FP (without, kept)\n${wo.join('\n')}\n`;
  }
  const safe = ref.id.replaceAll('/', '_');
  writeFileSync(`${outDir}/${ds}__${safe}.report.txt`, rep);
  writeFileSync(`${outDir}/${ds}__${safe}.pith.txt`, text);
  writeFileSync(
    `${outDir}/${ds}__${safe}.gold.txt`,
    page.gold.text ?? JSON.stringify(page.gold.snippets, null, 1),
  );
}
