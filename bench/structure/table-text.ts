/**
 * Tables the gold keeps and pith drops, and the reverse, on the text sets' development pages
 * (issue 41: table rows are mostly lost by the selection). For every table with no table inside,
 * of 12 words or more: the share of its word pairs in the gold text and in pith's text, pith run
 * with the block model that did not see the page's site (`--held-out`). It lists the tables the
 * gold keeps (≥ 0.7 of the pairs) and pith drops (≤ 0.3), and counts the reverse. Sealed pages are
 * never read (`listDataset` gives the development split).
 *
 *   nice -n 5 npx tsx bench/structure/table-text.ts [--dataset wcxb-dev …] [--shard 0/2]
 */
import { parseArgs } from 'node:util';
import { useModelFiles } from '@pith/tools';
import {
  datasetScoring,
  listDataset,
  pageDigest,
  readHeldOut,
  resolveDatasetSpec,
  withHeadline,
} from '@pith/workbench/eval';
import { decodeHtml, extract } from 'pith';
import { parseHtml, TAG } from 'pith/internal';

const { values: args } = parseArgs({
  options: {
    'held-out': { type: 'string', default: '.cache/train/blocks/folds-5-by-site.json' },
    dataset: { type: 'string', multiple: true },
    shard: { type: 'string', default: '0/1' },
    'min-words': { type: 'string', default: '12' },
  },
});
const [shard, shards] = (args.shard ?? '0/1').split('/').map(Number);
const minWords = Number(args['min-words']);

const words = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

function pairs(text: string): Set<string> {
  const list = words(text);
  const out = new Set<string>();
  for (let index = 1; index < list.length; index++) out.add(`${list[index - 1]} ${list[index]}`);
  return out;
}

function share(of: Set<string>, within: Set<string>): number {
  if (of.size === 0) return 0;
  let found = 0;
  for (const pair of of) if (within.has(pair)) found++;
  return found / of.size;
}

await useModelFiles();
const heldOut = readHeldOut(args['held-out'] ?? '');
const sets = args.dataset?.length
  ? args.dataset
  : ['wcxb-dev', 'l3s-gn1', 'cleaneval', 'cleanportaleval', 'readability-testpages', 'newspaper-fulltext'];
for (const name of sets) {
  const spec = await resolveDatasetSpec(name);
  const scoring = await datasetScoring(spec);
  const refs = await listDataset(spec, { split: 'dev' });
  let tables = 0;
  let missed = 0;
  let extra = 0;
  for (const [index, ref] of refs.entries()) {
    if (index % shards !== shard) continue;
    const page = await ref.load();
    if (typeof page.gold.text !== 'string') continue;
    const html = decodeHtml(page.html).text;
    const doc = parseHtml(html, page.url ? { url: page.url } : {});
    const leaves: number[] = [];
    for (let node = 0; node < doc.size; node++)
      if (doc.tag(node) === TAG.table && doc.isElement(node) && doc.findAll(TAG.table, node).length === 1)
        leaves.push(node);
    if (leaves.length === 0) continue;
    const model = heldOut.modelFor(pageDigest(page.html));
    const result = extract(page.html, {
      format: 'text',
      ...(page.url ? { url: page.url } : {}),
      extractorOptions: { model },
    });
    const text = scoring.headlineInGold
      ? withHeadline(result.content, result.metadata.title)
      : result.content;
    const gold = pairs(page.gold.text);
    const ours = pairs(text ?? '');
    for (const table of leaves) {
      const own = doc.textContent(table);
      if (words(own).length < minWords) continue;
      const tablePairs = pairs(own);
      const inGold = share(tablePairs, gold);
      const inOurs = share(tablePairs, ours);
      tables++;
      const rows = doc.findAll(TAG.tr, table).length;
      const where = `${name}/${page.id}\ttable@${table}\trows ${rows}\twords ${words(own).length}\tgold ${inGold.toFixed(2)}\tpith ${inOurs.toFixed(2)}`;
      if (inGold >= 0.7 && inOurs <= 0.3) {
        missed++;
        console.log(`MISSED\t${where}\t${own.replace(/\s+/g, ' ').slice(0, 100)}`);
      } else if (inGold <= 0.3 && inOurs >= 0.7) {
        extra++;
        console.log(`EXTRA\t${where}\t${own.replace(/\s+/g, ' ').slice(0, 100)}`);
      }
    }
  }
  console.log(
    `${name}: ${tables} tables of ${minWords}+ words; gold keeps, pith drops: ${missed}; pith keeps, gold drops: ${extra}`,
  );
}
