import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, NodeKind, parseHtml } from '../../packages/pith/src/dom/index.js';
import { ItemPlaces } from '../../packages/pith/src/extractors/pith/repeated.js';
import { type Blocks, segmentBlocks } from '../../packages/pith/src/features/blocks/index.js';

/** The place strings ItemPlaces replaced (repeated.ts before s38-feat3), kept as the reference. */
function oldPlace(blocks: Blocks, item: number, owner: number): string {
  const doc = blocks.doc;
  const shapeOf = (node: number) => {
    const cls = doc.attr(node, 'class');
    const first = cls?.trim().split(/\s+/, 1)[0] ?? '';
    return `${doc.columns.tag[node]}.${first}`;
  };
  let place = '';
  for (let node = owner; node > item; node = doc.columns.parent[node]) place = `${shapeOf(node)}/${place}`;
  return place;
}

/** The element children of the page's first `<ul>`, `<section>` or `<div id="list">`: the items. */
function itemsOf(doc: Doc, list: number): number[] {
  const { kind, end } = doc.columns;
  const items: number[] = [];
  for (let child = list + 1; child < end[list]; child = end[child])
    if (kind[child] === NodeKind.Element) items.push(child);
  return items;
}

/** Per block inside an item: its item, its old place string and its place number. */
function placesOf(html: string): { item: number; old: string; place: number }[] {
  const doc = parseHtml(html);
  const blocks = segmentBlocks(doc);
  let list = -1;
  for (let node = 0; node < doc.size && list < 0; node++) if (doc.attr(node, 'id') === 'list') list = node;
  const items = itemsOf(doc, list);
  const places = new ItemPlaces(doc);
  const out: { item: number; old: string; place: number }[] = [];
  for (let block = 0; block < blocks.count; block++) {
    const first = blocks.textNodes[blocks.textStart[block]];
    const item = items.find((at) => at <= first && first < doc.columns.end[at]);
    if (item === undefined) continue;
    const owner = blocks.owner[block];
    out.push({ item, old: oldPlace(blocks, item, owner), place: places.of(item, owner) });
  }
  return out;
}

describe("the card template's places as numbers (issue 38, s38-feat3)", () => {
  // Cut from WCXB dev 4264's category grid (styles left out): each card a name, a maker line, an
  // item number and a price; the third card's price wrapped one level deeper by hand.
  const card = (name: string, maker: string, sku: string, price: string, deeper = false) => {
    const priceLine = `<div><span class='CategoryProductPriceArea'><span class='CategoryProductPriceLabel'>Price: </span><span class='CategoryProductPrice'>${price}</span></span></div>`;
    return `<div class="col-xs-6 col-md-4 col-lg-4 m-30 xs-full m-b-only category-product grid-view"><div class="catlist1"><a class="plbox" href="/p"><div class="caption center lh-15"><div>
      <div class="cat-grid-product-name">${name}</div>
      <div>Manufacturer: <span>${maker}</span></div>
      <h3 class="cat-grid-product-sku"><span>Item Number:</span> ${sku}</h3>
      ${deeper ? `<div class="wrap">${priceLine}</div>` : priceLine}
      </div></div></a></div></div>`;
  };

  test('the same place in two cards is one number; a place one wrapper deeper is another', () => {
    const rows = placesOf(
      `<body><div id="list">${card('BenQ LK936ST 4K Short Throw Laser Projector 5100 lumens', 'BenQ', 'BenQ-LK936ST', '$4,899.00')}${card('Samsung LSP9T 4K Ultra Short Throw Laser Projector', 'Samsung', 'SAM-LSP9T', '$5,999.00')}${card('Epson EF-100 Mini Laser Projector', 'Epson', 'V11H914020', '$999.99', true)}</div></body>`,
    );
    assert.equal(rows.length, 12, JSON.stringify(rows));
    const [name1, maker1, sku1, price1, name2, , , price2, name3, maker3, , price3] = rows;
    assert.equal(name1.place, name2.place);
    assert.equal(name1.place, name3.place);
    assert.equal(maker1.place, maker3.place);
    assert.equal(price1.place, price2.place);
    assert.notEqual(price1.place, price3.place);
    // The maker's and the price's lines are both unclassed <div>s under the caption: one place.
    assert.equal(maker1.place, price1.place);
    assert.equal(new Set([name1.place, maker1.place, sku1.place, price3.place]).size, 4);
    for (const row of rows) assert.ok(row.place > 0);
  });

  test('property: two blocks share a place number exactly when they share the old place string', () => {
    const tag = fc.constantFrom('div', 'span', 'p', 'h3', 'a', 'em', 'section', 'custom-x');
    const cls = fc.constantFrom(
      undefined,
      '',
      '  ',
      'card',
      'card title',
      ' card',
      '\u00a0card',
      'title',
      'Title',
      'price sale',
      'w-1',
      'media-body',
    );
    const hasId = fc.boolean();
    type Tree = { tag: string; cls: string | undefined; id: boolean; text: string; children: Tree[] };
    const treeOf = (depth: number): fc.Arbitrary<Tree> =>
      fc.record({
        tag,
        cls,
        id: hasId,
        text: fc.constantFrom('', 'Some text here', 'More words'),
        children: depth > 0 ? fc.array(treeOf(depth - 1), { maxLength: 3 }) : fc.constant([]),
      });
    const tree = treeOf(3);
    let ids = 0;
    const write = (node: Tree): string =>
      `<${node.tag}${node.cls === undefined ? '' : ` class="${node.cls}"`}${node.id ? ` id="n${ids++}"` : ''}>${node.text}${node.children.map(write).join('')}</${node.tag}>`;
    fc.assert(
      fc.property(fc.array(tree, { minLength: 1, maxLength: 5 }), (items) => {
        ids = 0;
        const rows = placesOf(`<body><div id="list">${items.map(write).join('')}</div></body>`);
        for (const a of rows) {
          assert.equal(a.place === 0, a.old === '');
          for (const b of rows) assert.equal(a.place === b.place, a.old === b.old, `${a.old} | ${b.old}`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
