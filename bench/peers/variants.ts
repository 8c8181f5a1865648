/**
 * How the setup of a peer changes its score: the DOM it runs on (jsdom, linkedom, linkedom fed
 * with parse5's re-serialised tree) and where its text comes from (the peer's own text field or
 * its HTML read by pith's parser). N pages of L3S-GN1 in sorted order; on each page every variant
 * runs in turn, so the load of the shared machine falls on all variants alike. Prints mean
 * word-sequence F1 against the L3S-GN1 gold (special cases counted as 0), empty texts, failures
 * and mean ms/page. The figures behind the choices in docs/decisions.md, "Peers".
 *
 *   npx tsx bench/peers/variants.ts [N=150] [--dataset DIR]
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  l3sGoldText,
  l3sPrepareRetrieved,
  parseL3sUrlMapping,
  scoreWordSequence,
} from '@pith/workbench/eval';
import {
  createArticleExtractor,
  createDefuddle,
  createPostlight,
  createReadabilityJsdom,
  createReadabilityLinkedom,
  type TextExtractor,
} from '@pith/workbench/eval/peers';
import { decodeHtml } from 'pith/internal';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dataset: { type: 'string' } },
});
const count = Number(positionals[0] ?? 150);
const dir =
  values.dataset ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.cache', 'datasets', 'l3s-gn1');

const { parse, serialize } = await import('parse5');
/** The page as parse5 builds it (WHATWG tree construction), serialised again. */
const throughParse5 = (html: string): string => serialize(parse(html));

const readabilityLinkedom = await createReadabilityLinkedom();
const variants: [name: string, extract: (html: string, url: string) => Promise<string> | string][] = [];
const add = (name: string, peer: TextExtractor<string>, prepare?: (html: string) => string) =>
  variants.push([name, (html, url) => peer.extract(prepare ? prepare(html) : html, url)]);
add('readability on jsdom, textContent', await createReadabilityJsdom());
add('readability on linkedom, textContent', readabilityLinkedom);
add('readability on linkedom, content read by pith', await createReadabilityLinkedom({ text: 'pith' }));
add('readability on linkedom after parse5, textContent', readabilityLinkedom, throughParse5);
add("postlight, contentType 'text'", await createPostlight());
add("postlight, contentType 'html' read by pith", await createPostlight({ text: 'pith' }));
add('defuddle on linkedom', await createDefuddle({ dom: 'linkedom' }));
add('defuddle on linkedom after parse5', await createDefuddle({ dom: 'linkedom+parse5' }));
add('defuddle on jsdom', await createDefuddle({ dom: 'jsdom' }));
add('article-extractor', await createArticleExtractor());

let urls = new Map<string, string>();
try {
  urls = parseL3sUrlMapping(readFileSync(path.join(dir, 'url-mapping.txt'), 'utf8'));
} catch {
  // no mapping: pages without URLs
}
const ids = readdirSync(path.join(dir, 'input'))
  .filter((name) => name.endsWith('.html'))
  .map((name) => name.slice(0, -'.html'.length))
  .sort()
  .slice(0, count);

const totals = variants.map(() => ({ f1: 0, empty: 0, failures: 0, ms: 0 }));
for (const id of ids) {
  const html = decodeHtml(new Uint8Array(readFileSync(path.join(dir, 'input', `${id}.html`)))).text;
  const gold = l3sGoldText(readFileSync(path.join(dir, 'annotated', `${id}.html`), 'utf8'));
  const url = urls.get(id) ?? '';
  for (const [i, [, extract]] of variants.entries()) {
    const total = totals[i]!;
    let text = '';
    const started = performance.now();
    try {
      text = await extract(html, url);
    } catch {
      total.failures++;
    }
    total.ms += performance.now() - started;
    if (text.trim() === '') total.empty++;
    const score = scoreWordSequence(l3sPrepareRetrieved(text), gold);
    total.f1 += Number.isFinite(score.f1) ? score.f1 : 0;
  }
}

console.log(
  `peer variants: ${ids.length} pages of ${dir}, ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log('');
console.log('| variant | mean F1 | empty | failures | ms/page |');
console.log('|---|--:|--:|--:|--:|');
for (const [i, [name]] of variants.entries()) {
  const t = totals[i]!;
  const n = Math.max(1, ids.length);
  console.log(
    `| ${name} | ${(t.f1 / n).toFixed(3)} | ${t.empty} | ${t.failures} | ${(t.ms / n).toFixed(1)} |`,
  );
}
