/**
 * The token estimate (packages/pith/src/format/token-estimate.ts) against gpt-tokenizer's cl100k_base:
 * `--fit` fits its weights by least squares on the chunks of WCXB dev pages (pith's Markdown, chunked
 * exactly at `--max-tokens`), then every run scores the weights on chunks of pages of the other
 * datasets (held out by dataset, so by site): the mean and largest relative error, and how many
 * chunks the chunker, packing by the estimate with its margin, makes over the cap counted exactly.
 *
 *   npx tsx bench/format/token-estimate.ts [--fit] [--pages 300] [--max-tokens 512] [--margins 0.1,0.15,0.2]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { chunk, chunkMarkdown, extract, loadTokenCounter, type TokenCounter } from 'pith';
import { ESTIMATE_FEATURES, estimateFeatures, estimateTokens, TOKEN_ESTIMATE } from 'pith/internal';

const { values } = parseArgs({
  options: {
    fit: { type: 'boolean', default: false },
    pages: { type: 'string', default: '300' },
    'max-tokens': { type: 'string', default: '512' },
    margins: { type: 'string', default: '0.1,0.15,0.2' },
  },
});
const datasets = path.resolve(import.meta.dirname, '..', '..', '.cache', 'datasets');
const maxTokens = Number(values['max-tokens']);
const perSet = Number(values.pages);

/** Up to `limit` pages of a dataset (its HTML files outside gold folders, in name order, spread evenly). */
function pagesOf(name: string, limit: number, half?: 0 | 1): Uint8Array[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) {
        if (!/gold|expected/i.test(entry)) walk(file);
      } else if (/\.html?(\.gz)?$/.test(entry) && !/expected/.test(entry)) files.push(file);
    }
  };
  walk(path.join(datasets, name));
  if (half !== undefined) files.splice(0, files.length, ...files.filter((_, index) => index % 2 === half));
  const step = Math.max(1, files.length / limit);
  const chosen: string[] = [];
  for (let at = 0; at < files.length && chosen.length < limit; at += step) chosen.push(files[Math.floor(at)]);
  return chosen.map((file) => (file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file)));
}

const exact = await loadTokenCounter('cl100k_base');

/** The texts of the exact chunks of a dataset's pages, with their exact counts. */
function samples(
  name: string,
  limit: number,
  half?: 0 | 1,
): { text: string; tokens: number; markdown: string }[] {
  const out: { text: string; tokens: number; markdown: string }[] = [];
  for (const bytes of pagesOf(name, limit, half)) {
    let result: ReturnType<typeof extract>;
    try {
      result = extract(bytes, { url: 'https://example.com/page' });
    } catch {
      continue;
    }
    for (const one of chunk(result, { maxTokens, tokens: exact }))
      out.push({ text: one.text, tokens: one.tokens, markdown: result.content });
  }
  return out;
}

/**
 * Least squares without an intercept: the normal equations solved by Gaussian elimination. (Fitting
 * the relative error instead, each row divided by its count, was worse held out: small chunks ruled.)
 */
function leastSquares(rows: Float64Array[], targets: number[]): number[] {
  const size = rows[0].length;
  const matrix = Array.from({ length: size }, () => new Float64Array(size + 1));
  rows.forEach((row, index) => {
    const scale = 1;
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) matrix[i][j] += row[i] * row[j] * scale;
      matrix[i][size] += row[i] * targets[index] * scale;
    }
  });
  // A little ridge so that a feature the corpus never shows gets weight 0, not NaN.
  for (let i = 0; i < size; i++) matrix[i][i] += 1e-6;
  for (let col = 0; col < size; col++) {
    let pivot = col;
    for (let row = col + 1; row < size; row++)
      if (Math.abs(matrix[row][col]) > Math.abs(matrix[pivot][col])) pivot = row;
    [matrix[col], matrix[pivot]] = [matrix[pivot], matrix[col]];
    for (let row = 0; row < size; row++) {
      if (row === col) continue;
      const factor = matrix[row][col] / matrix[col][col];
      for (let k = col; k <= size; k++) matrix[row][k] -= factor * matrix[col][k];
    }
  }
  return Array.from({ length: size }, (_, i) => matrix[i][size] / matrix[i][i]);
}

let weights: readonly number[] | undefined;
if (values.fit) {
  // WCXB dev is mostly English: trafilatura-eval's even pages (a site a page) bring other languages.
  const train = [...samples('wcxb-dev', perSet), ...samples('trafilatura-eval', perSet, 0)];
  weights = leastSquares(
    train.map((one) => estimateFeatures(one.text)),
    train.map((one) => one.tokens),
  ).map((weight) => Math.round(weight * 1000) / 1000);
  process.stdout.write(`fitted on ${train.length} chunks of wcxb-dev and trafilatura-eval's even pages:\n`);
  ESTIMATE_FEATURES.forEach((name, index) => {
    process.stdout.write(`  ${name}: ${(weights as number[])[index]}\n`);
  });
}

const estimate: TokenCounter = weights
  ? { ...TOKEN_ESTIMATE, count: (text: string) => estimateTokens(text, weights) }
  : TOKEN_ESTIMATE;
const held = [
  'trafilatura-eval (odd pages)',
  'l3s-gn1',
  'cleaneval',
  'newspaper-fulltext',
  'readability-testpages',
];
for (const set of values.fit ? held : ['wcxb-dev', ...held]) {
  const name = set.replace(/ .*/, '');
  const test = samples(name, perSet, set.endsWith('(odd pages)') ? 1 : undefined);
  const errors = test
    .filter((one) => one.tokens > 0)
    .map((one) => (estimate.count(one.text) - one.tokens) / one.tokens);
  const big = test.filter((one) => one.tokens >= maxTokens / 4);
  const bigErrors = big.map((one) => (estimate.count(one.text) - one.tokens) / one.tokens);
  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / Math.max(1, list.length);
  const quantile = (list: number[], q: number) =>
    [...list].sort((a, b) => a - b)[Math.floor(q * (list.length - 1))] ?? 0;
  // Packing by the estimate with each margin: how many chunks are over the cap counted exactly.
  const packed = values.margins.split(',').map((text) => {
    const margin = Number(text);
    let over = 0;
    let worst = 0;
    let chunks = 0;
    let split = 0;
    for (const markdown of new Set(test.map((one) => one.markdown))) {
      for (const one of chunkMarkdown(markdown, { maxTokens, tokens: { ...estimate, margin } })) {
        chunks++;
        if (one.split !== undefined) split++;
        const real = exact.count(one.text);
        if (real > maxTokens) over++;
        worst = Math.max(worst, real / maxTokens);
      }
    }
    return `margin ${margin}: ${chunks} chunks (${split} split), ${over} over ${maxTokens} exactly (largest ${worst.toFixed(3)} of the cap)`;
  });
  process.stdout.write(
    `${set}: ${test.length} chunks; relative error mean ${mean(errors).toFixed(3)}, mean |e| ${mean(errors.map(Math.abs)).toFixed(3)}, ` +
      `min ${quantile(errors, 0).toFixed(3)}, 1st pct ${quantile(errors, 0.01).toFixed(3)}, max ${quantile(errors, 1).toFixed(3)}; ` +
      `chunks ≥ ${maxTokens / 4} tokens (${big.length}): mean |e| ${mean(bigErrors.map(Math.abs)).toFixed(3)}, min ${quantile(bigErrors, 0).toFixed(3)}, max ${quantile(bigErrors, 1).toFixed(3)}; ` +
      `packed by the estimate: ${packed.join('; ')}\n`,
  );
}
