/**
 * How far the word-level LCS recall and EDR are from the character-level ones, on the
 * pages where both can be computed: justifies scoring the largest pages by words.
 *
 *   npx tsx bench/ttr/unit-check.ts [--dataset cleaneval] [--pages 60] [--seed 1]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  applyRetrievedTransform,
  charSequence,
  type DatasetPage,
  readCleanEval,
  readL3sGn1,
  scoreLcs,
  seededRandom,
} from '@pith/workbench/eval';
import { decodeHtml, formatExtraction, parseHtml, ttr } from 'pith/internal';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'cleaneval' },
    pages: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
  },
});
const dir = path.join('.cache', 'datasets', values.dataset);
const reader = values.dataset === 'l3s-gn1' ? readL3sGn1(dir) : readCleanEval(dir);
const all: DatasetPage[] = [];
for await (const page of reader) all.push(page);
const random = seededRandom(Number(values.seed));
for (let i = all.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [all[i], all[j]] = [all[j], all[i]];
}
const wanted = Number(values.pages);
const differences = { lcs: [] as number[], edr: [] as number[] };
let largest = 0;
for (const page of all) {
  if (differences.lcs.length >= wanted) break;
  const gold = page.gold.text ?? '';
  const doc = parseHtml(decodeHtml(page.html).text);
  const text = applyRetrievedTransform(
    formatExtraction(ttr.extract(doc, {}, {}), 'text'),
    page.retrievedTransform,
  );
  const cells = charSequence(text).length * charSequence(gold).length;
  // Up to 10× the default limit: slow, but still computable by characters.
  if (cells === 0 || cells > 4e9) continue;
  largest = Math.max(largest, cells);
  const char = scoreLcs(text, gold, { unit: 'char' });
  const word = scoreLcs(text, gold, { unit: 'word' });
  differences.lcs.push(word.lcsRecall - char.lcsRecall);
  differences.edr.push(word.editDistanceRatio - char.editDistanceRatio);
}
const stats = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanAbs = xs.reduce((a, b) => a + Math.abs(b), 0) / xs.length;
  const maxAbs = Math.max(...xs.map(Math.abs));
  return `mean ${(100 * mean).toFixed(2)} pt, mean |Δ| ${(100 * meanAbs).toFixed(2)} pt, max |Δ| ${(100 * maxAbs).toFixed(2)} pt`;
};
process.stdout.write(
  `${values.dataset}, ttr threshold, ${differences.lcs.length} pages (seed ${values.seed}), largest |o|·|m| ${largest.toExponential(1)}\n` +
    `word − char LCS recall: ${stats(differences.lcs)}\nword − char EDR: ${stats(differences.edr)}\n`,
);
