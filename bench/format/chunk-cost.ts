/**
 * What chunking costs beside extract() (issue 41's budget: under 10 %), on the shared sample pages:
 * per page, extract() to Markdown, then chunk() of that result with cl100k_base (exact), with its
 * estimate (the default) and with the character estimate; CPU time summed over `--passes` passes,
 * interleaved in one process.
 *
 *   npx tsx bench/format/chunk-cost.ts [--passes 3] [--max-tokens 512] [--whole]
 *
 * `--whole`: instead of chunk() with cl100k_base, one count of the whole Markdown: the floor of
 * any chunker that counts every chunk exactly with this tokenizer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { chunk, extract, loadTokenCounter } from 'pith';

const { values } = parseArgs({
  options: {
    passes: { type: 'string', default: '3' },
    'max-tokens': { type: 'string', default: '512' },
    whole: { type: 'boolean', default: false },
  },
});
const root = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'datasets', 'sample');
const pages: Uint8Array[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (/\.html?(\.gz)?$/.test(name))
      pages.push(name.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file));
  }
};
walk(root);
const cl100k = await loadTokenCounter('cl100k_base');
const characters = await loadTokenCounter('characters');
const estimate = await loadTokenCounter('estimate');
const maxTokens = Number(values['max-tokens']);
let extractMs = 0;
let cl100kMs = 0;
let charactersMs = 0;
let estimateMs = 0;
let chunks = 0;
let estimated = 0;
const cpu = () => process.cpuUsage().user / 1000;
for (let pass = 0; pass < Number(values.passes); pass++) {
  for (const bytes of pages) {
    let at = cpu();
    const result = extract(bytes, { url: 'https://example.com/page' });
    extractMs += cpu() - at;
    at = cpu();
    if (values.whole) cl100k.count(result.content);
    else chunks += chunk(result, { maxTokens, tokens: cl100k }).length;
    cl100kMs += cpu() - at;
    at = cpu();
    chunk(result, { maxTokens, tokens: characters });
    charactersMs += cpu() - at;
    at = cpu();
    estimated += chunk(result, { maxTokens, tokens: estimate }).length;
    estimateMs += cpu() - at;
  }
}
const share = (ms: number) => `${((100 * ms) / extractMs).toFixed(1)} %`;
process.stdout.write(
  `${pages.length} pages × ${values.passes} passes, ${chunks} chunks (cl100k_base, max ${maxTokens})\n` +
    `extract(): ${extractMs.toFixed(0)} ms CPU\n` +
    `${values.whole ? 'one count of the whole Markdown' : 'chunk()'} cl100k_base: ${cl100kMs.toFixed(0)} ms (${share(cl100kMs)} of extract)\n` +
    `chunk() characters/4: ${charactersMs.toFixed(0)} ms (${share(charactersMs)} of extract)\n` +
    `chunk() cl100k_base-estimate (the default): ${estimateMs.toFixed(0)} ms (${share(estimateMs)} of extract), ${estimated} chunks\n`,
);
