// How much entity decoding a page asks of the parser: texts (between two tags, outside script and
// style) that hold an entity, their entities and characters, and entities in the whole source
// (attribute values and scripts included). A scan of the source by regular expression, close to
// what the parser decodes, not its exact count. Docs: docs/decisions.md, "Entity decoding stays
// `entities`' decodeHTML (issue 38)".
//
//   npx tsx bench/speed/entity-texts.ts [--per-dataset=100] [--datasets=l3s-gn1,wcxb-dev,trafilatura-eval]

import { flag, loadSpeedPages } from './pages.js';

const perDataset = Number(flag('per-dataset', '100'));
const datasets = flag('datasets', 'l3s-gn1,wcxb-dev,trafilatura-eval').split(',');
const pages = loadSpeedPages(perDataset, datasets);
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+\d*);?/gi;
const decoder = new TextDecoder();
let texts = 0;
let textEntities = 0;
let textChars = 0;
let allEntities = 0;
for (const page of pages) {
  const source = decoder.decode(page.bytes);
  allEntities += source.match(ENTITY)?.length ?? 0;
  const outsideScripts = source.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '');
  for (const match of outsideScripts.matchAll(/>([^<]*&[^<]*)</g)) {
    const entities = match[1].match(ENTITY)?.length ?? 0;
    if (entities === 0) continue;
    texts++;
    textEntities += entities;
    textChars += match[1].length;
  }
}
const a = (value: number) => (value / pages.length).toFixed(1);
console.log(
  `${pages.length} pages (${datasets.join(', ')}), a page: ${a(texts)} texts with an entity, ` +
    `${a(textEntities)} entities and ${a(textChars)} characters in them; ${a(allEntities)} entities in the whole source`,
);
