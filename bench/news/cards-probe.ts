// Per kept block of pages in a TSV (dataset, id): in gold?, words, link share, and the owner's ancestors.
import { useModelFiles } from '@pith/tools';
import { pageDigest, readHeldOut } from '@pith/workbench/eval';
import { extract } from 'pith';
import { candidatesOf, type PithDiagnostics } from 'pith/internal';
import { listedPages } from './listed-pages.js';

await useModelFiles();
const [listFile] = process.argv.slice(2);
const held = readHeldOut('.cache/train/blocks/folds-5-by-site.json');
const toks = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
for await (const { ds, ref, page } of listedPages(listFile)) {
  const r = extract(page.html, {
    format: 'text',
    url: page.url,
    extractorOptions: { model: held.modelFor(pageDigest(page.html)), candidates: true, choice: 'none' },
  });
  const d = r.extraction.diagnostics as PithDiagnostics;
  const found = candidatesOf(r.extraction)!;
  const { blocks } = found;
  const doc = blocks.doc;
  const chosen = found.candidates[0].chosen;
  const gold = page.gold.text ?? '';
  const gt = toks(gold);
  const keys = new Set(gt.map((_, i, t) => t.slice(i, i + 3).join(' ')));
  console.log(
    `\n# ${ds} ${ref.id} type=${d.pageType.type} art=${d.pageType.probabilities.article?.toFixed(2)} probs=${JSON.stringify(d.pageType.probabilities)}`,
  );
  const name = (n: number) => {
    const c = doc.attr(n, 'class')?.trim().split(/\s+/).slice(0, 2).join('.') ?? '';
    const id = doc.attr(n, 'id') ?? '';
    return `${doc.tagName(n)}${id ? `#${id}` : ''}${c ? `.${c}` : ''}@${n}`;
  };
  for (let b = 0; b < blocks.count; b++) {
    let kept = false;
    for (let k = blocks.textStart[b]; k < blocks.textStart[b + 1]; k++)
      if (chosen[blocks.textNodes[k]]) kept = true;
    if (!kept) continue;
    let text = '';
    for (let k = blocks.textStart[b]; k < blocks.textStart[b + 1]; k++) text += doc.text(blocks.textNodes[k]);
    const t = toks(text);
    const n = Math.max(1, t.length - 2);
    let hit = 0;
    for (let i = 0; i < n; i++) if (keys.has(t.slice(i, i + 3).join(' '))) hit++;
    const g = t.length < 3 ? '?' : hit / n >= 0.5 ? 'G' : '-';
    const path: string[] = [];
    for (let a = blocks.owner[b], i = 0; a > 0 && i < 9; a = doc.parent(a), i++) path.push(name(a));
    console.log(
      `${g} b${b} ${blocks.words[b]}w L${(blocks.linkChars[b] / Math.max(1, blocks.chars[b])).toFixed(1)} | ${path.join(' < ')} | ${text.trim().slice(0, 60).replace(/\s+/g, ' ')}`,
    );
  }
}
