/**
 * Where the heuristic stage's "a form that wraps prose" exemption applies (issue 37, body missed;
 * extractors/pith/prune.ts `wrapsProse`): every page of the unpacked datasets (development and
 * sealed pages alike: this only lists where the rule can act, it scores nothing) with a `<form>`
 * under half of the content root's text that holds the exemption's paragraphs of prose, which the
 * small-form rule pruned before it.
 *
 *   npx tsx bench/misses/form-wrappers.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseHtml, TAG, wrapsProse } from 'pith/internal';

const DIRS = [
  'cleaneval/final/input',
  'cleaneval/dev/input',
  'wcxb-dev/dev/html',
  'l3s-gn1/input',
  'trafilatura-eval/html',
  'readability-testpages',
  'cleanportaleval/input',
  'newspaper-fulltext/html',
];
for (const dir of DIRS) {
  let pages = 0;
  let hits = 0;
  for (const file of readdirSync(`.cache/datasets/${dir}`, { recursive: true }) as string[]) {
    if (!/\.html?(\.gz)?$/.test(file)) continue;
    pages++;
    const bytes = readFileSync(`.cache/datasets/${dir}/${file}`);
    const doc = parseHtml((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
    const root = doc.contentRoot;
    const pageText = Math.max(1, doc.textLength(root));
    for (let node = root + 1; node < doc.end(root); node++) {
      if (doc.tag(node) !== TAG.form || doc.textLength(node) / pageText >= 0.5 || !wrapsProse(doc, node))
        continue;
      hits++;
      console.log(
        `${dir}/${file}: a form of ${((100 * doc.textLength(node)) / pageText).toFixed(0)} % of the text`,
      );
    }
  }
  console.log(`${dir}: ${pages} pages, ${hits} forms exempt`);
}
