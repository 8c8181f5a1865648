// Two versions of the `entities` package decode the same (issue 39, "Room in the library's budget"):
// decodeHTML, decodeHTMLAttribute and decodeHTMLStrict of every HTML named reference (with and
// without its semicolon, every prefix, upper-cased, before each of a set of tails), numeric
// references (0 … 0x3000, the edge values), and 400,000 random strings of entity fragments.
//
//   node bench/size/entities-ab.mjs node_modules/parse5/node_modules/entities node_modules/entities
//
// The list of names is entities 4's maps/entities.json and legacy.json (cheerio's copy here).
// Exits with 1 when a string decodes differently.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';

const [a, b] = await Promise.all(
  process.argv.slice(2, 4).map((dir) => import(pathToFileURL(resolve(dir, 'dist/decode.js')).href)),
);
const versions = process.argv
  .slice(2, 4)
  .map((dir) => JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')).version);
const maps = 'node_modules/cheerio/node_modules/entities/maps';
const names = Object.keys(JSON.parse(readFileSync(`${maps}/entities.json`, 'utf8')));
const legacy = Object.keys(JSON.parse(readFileSync(`${maps}/legacy.json`, 'utf8')));

let cases = 0;
let differences = 0;
const check = (text) => {
  cases++;
  for (const decode of ['decodeHTML', 'decodeHTMLAttribute', 'decodeHTMLStrict']) {
    const [x, y] = [a[decode](text), b[decode](text)];
    if (x !== y && differences++ < 20)
      console.log(`${decode}(${JSON.stringify(text)}): ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`);
  }
};
const tails = ['', ';', '=', 'x', 'X', '1', ';;', ' ', '&', '&amp;', '#', ';a', '=b', 'é'];
for (const name of [
  ...names,
  ...legacy,
  ...names.map((n) => n.slice(0, -1)),
  ...names.map((n) => n.toUpperCase()),
])
  for (const tail of tails) {
    check(`&${name}${tail}`);
    check(`a&${name}${tail}b`);
    check(`${name}${tail}`);
  }
for (const name of names)
  for (let i = 1; i < name.length; i++)
    for (const tail of ['', ';', '=', 'z']) check(`&${name.slice(0, i)}${tail}`);
const numbers = [
  '0',
  '1',
  '9',
  '10',
  '65',
  '128',
  '129',
  '130',
  '141',
  '143',
  '144',
  '157',
  '159',
  '160',
  '55296',
  '57343',
  '1114111',
  '1114112',
  '4294967296',
  '99999999999999999999',
  '00000000065',
  '0x41',
  'x41',
  'X41',
  'xD800',
  'x110000',
  'xFFFFFFFF',
  'x',
  'X',
  '',
];
for (const number of numbers)
  for (const tail of tails) {
    check(`&#${number}${tail}`);
    check(`a&#${number}${tail}`);
  }
for (let c = 0; c < 0x3000; c++) {
  check(`&#${c};`);
  check(`&#x${c.toString(16)}`);
  check(`&#${c}`);
}
const fragment = fc.oneof(
  fc.constantFrom(
    ...names.slice(0, 400),
    ...legacy,
    '&',
    '#',
    'x',
    ';',
    '=',
    '0',
    '1',
    'a',
    'A',
    ' ',
    '&#',
    '&#x',
    'amp',
    'notin',
  ),
  fc.string({ maxLength: 3 }),
  fc.integer({ min: 0, max: 0x10ffff }).map(String),
);
for (const [seed, prefix] of [
  [1, ''],
  [2, '&'],
])
  fc.assert(
    fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
      check(prefix + parts.join(''));
    }),
    { numRuns: 200_000, seed },
  );
console.log(
  `entities ${versions[0]} and ${versions[1]}: ${cases} strings, ${differences} decode differently`,
);
if (differences > 0) process.exit(1);
