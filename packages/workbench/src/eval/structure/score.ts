/**
 * Scores the elements of an output against structural gold, class by class. Each class counts
 * the gold elements, the output's elements and the pairs matched one to one; recall (the share of
 * gold elements kept) is what the issue's targets read, precision says what was added.
 *
 * | class | an output element matches a gold one when |
 * |---|---|
 * | headings | same level and same text (letters and digits, case ignored) |
 * | code | paired by edit similarity (≥ 0.5); `exact` counts identical text, `similarity` sums it |
 * | code language | a paired gold block that has a language: the same language |
 * | formulas | paired by edit similarity of the TeX without whitespace (≥ 0.5); `exact` and `similarity` as code |
 * | footnotes | the note's text, edit similarity ≥ 0.8 |
 * | table rows | every cell of the row the same (as headings' text) |
 * | table cells | the same text, cells anywhere |
 * | images, links | the same absolute URL (fragment left out); a gold image of a video's page is matched by a link to it too |
 * | list items | same depth and same text |
 */
import type { Elements } from './elements.js';

export const CLASSES = [
  'headings',
  'code',
  'code language',
  'formulas',
  'footnotes',
  'table rows',
  'table cells',
  'images',
  'list items',
  'links',
] as const;
export type ElementClass = (typeof CLASSES)[number];

export interface ClassCounts {
  gold: number;
  output: number;
  matched: number;
  /** Matched pairs whose text is identical (code, formulas). */
  exact: number;
  /** Sum of the matched pairs' edit similarity (code, formulas). */
  similarity: number;
}

export type Counts = Record<ElementClass, ClassCounts>;

export function emptyCounts(): Counts {
  const out = {} as Counts;
  for (const name of CLASSES) out[name] = { gold: 0, output: 0, matched: 0, exact: 0, similarity: 0 };
  return out;
}

export function addCounts(into: Counts, from: Counts): void {
  for (const name of CLASSES) {
    const a = into[name];
    const b = from[name];
    a.gold += b.gold;
    a.output += b.output;
    a.matched += b.matched;
    a.exact += b.exact;
    a.similarity += b.similarity;
  }
}

/** A video's own page, as both writers name an embedded player (YouTube's watch page, Vimeo's). */
const VIDEO_PAGE = /^https:\/\/(?:www\.youtube\.com\/watch\?v=[\w-]+|vimeo\.com\/\d+)$/;

/** Letters and digits of any script, lower case, single spaces: how texts are compared. */
export function textKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Longest strings compared by edit distance (longer ones are compared on their first this many). */
const MAX_EDIT_LENGTH = 4000;

/** 1 − Levenshtein distance / the longer length (1 for two empty strings). */
export function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = a.length > MAX_EDIT_LENGTH ? a.slice(0, MAX_EDIT_LENGTH) : a;
  const y = b.length > MAX_EDIT_LENGTH ? b.slice(0, MAX_EDIT_LENGTH) : b;
  const longer = Math.max(x.length, y.length);
  if (longer === 0) return 1;
  // The distance is at least the difference in length: skip pairs that cannot be similar.
  if (Math.abs(x.length - y.length) / longer > 0.6) return 1 - Math.abs(x.length - y.length) / longer;
  let previous = new Uint32Array(y.length + 1);
  let current = new Uint32Array(y.length + 1);
  for (let j = 0; j <= y.length; j++) previous[j] = j;
  for (let i = 1; i <= x.length; i++) {
    current[0] = i;
    const code = x.charCodeAt(i - 1);
    for (let j = 1; j <= y.length; j++) {
      const substitution = previous[j - 1] + (code === y.charCodeAt(j - 1) ? 0 : 1);
      const deletion = previous[j] + 1;
      const insertion = current[j - 1] + 1;
      current[j] = Math.min(substitution, deletion, insertion);
    }
    [previous, current] = [current, previous];
  }
  return 1 - previous[y.length] / longer;
}

/** Number of keys the two lists share, each key used at most as often as it occurs in both. */
function multisetMatches(gold: readonly string[], output: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const key of output) counts.set(key, (counts.get(key) ?? 0) + 1);
  let matched = 0;
  for (const key of gold) {
    const left = counts.get(key) ?? 0;
    if (left > 0) {
      matched++;
      counts.set(key, left - 1);
    }
  }
  return matched;
}

/**
 * Pairs gold and output texts one to one, best similarity first, keeping pairs at or above
 * `threshold`: for each gold index, its output index (or -1) and the similarity.
 */
export function pairBySimilarity(
  gold: readonly string[],
  output: readonly string[],
  threshold: number,
): { pair: Int32Array; similarity: Float64Array } {
  const pair = new Int32Array(gold.length).fill(-1);
  const similarity = new Float64Array(gold.length);
  const taken = new Uint8Array(output.length);
  // Identical texts first (cheap, and most pairs on a good output).
  const byText = new Map<string, number[]>();
  output.forEach((text, index) => {
    const list = byText.get(text);
    if (list) list.push(index);
    else byText.set(text, [index]);
  });
  for (let g = 0; g < gold.length; g++) {
    const list = byText.get(gold[g]);
    const index = list?.find((candidate) => !taken[candidate]);
    if (index !== undefined) {
      pair[g] = index;
      similarity[g] = 1;
      taken[index] = 1;
    }
  }
  const candidates: [number, number, number][] = [];
  for (let g = 0; g < gold.length; g++) {
    if (pair[g] >= 0) continue;
    for (let o = 0; o < output.length; o++) {
      if (taken[o]) continue;
      const score = editSimilarity(gold[g], output[o]);
      if (score >= threshold) candidates.push([score, g, o]);
    }
  }
  candidates.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
  for (const [score, g, o] of candidates) {
    if (pair[g] >= 0 || taken[o]) continue;
    pair[g] = o;
    similarity[g] = score;
    taken[o] = 1;
  }
  return { pair, similarity };
}

const NO_SPACE = /\s+/g;

/** Pairs texts by similarity (at or above `threshold`) into `into`: matched, summed similarity, exact. */
function countPairs(into: ClassCounts, gold: string[], output: string[], threshold: number): void {
  const pairs = pairBySimilarity(gold, output, threshold);
  into.gold = gold.length;
  into.output = output.length;
  for (let g = 0; g < gold.length; g++) {
    if (pairs.pair[g] < 0) continue;
    into.matched++;
    into.similarity += pairs.similarity[g];
    if (pairs.similarity[g] === 1) into.exact++;
  }
}

/**
 * The counts of one output against its gold. `pictureNames` (`pictureAliases` of the page): each
 * file a `<picture>` names → the picture's one name, read on gold and output images alike.
 */
export function scoreElements(
  gold: Elements,
  output: Elements,
  pictureNames?: Readonly<Record<string, string>>,
): Counts {
  const counts = emptyCounts();
  const keyed = (name: ElementClass, goldKeys: string[], outputKeys: string[]) => {
    const c = counts[name];
    const g = goldKeys.filter((key) => key !== '');
    const o = outputKeys.filter((key) => key !== '');
    c.gold = g.length;
    c.output = o.length;
    c.matched = multisetMatches(g, o);
  };
  keyed(
    'headings',
    gold.headings.map((h) => `${h.level} ${textKey(h.text)}`),
    output.headings.map((h) => `${h.level} ${textKey(h.text)}`),
  );
  const rowKey = (row: string[]) => row.map(textKey).join('\u0001');
  const rows = (tables: string[][][]) =>
    tables.flatMap((table) => table.filter((row) => row.some((cell) => textKey(cell) !== '')).map(rowKey));
  keyed('table rows', rows(gold.tables), rows(output.tables));
  const cells = (tables: string[][][]) => tables.flat(2).map(textKey);
  keyed('table cells', cells(gold.tables), cells(output.tables));
  const aliases = gold.imageAliases;
  const named = (url: string) => (pictureNames && Object.hasOwn(pictureNames, url) ? pictureNames[url] : url);
  const goldImages = gold.images.map(named);
  const outputImages = output.images.map((url) =>
    named(aliases && Object.hasOwn(aliases, url) ? aliases[url] : url),
  );
  // An embedded video: Defuddle writes a YouTube player as Obsidian's embed, `![](watch URL)`, which
  // reads as an image; pith writes a link to the same page (a reader can follow it in any Markdown
  // viewer). One element: a link to a video's page that the gold has as an image counts as that image.
  const goldVideos = new Set(goldImages.filter((url) => VIDEO_PAGE.test(url)));
  if (goldVideos.size > 0) {
    const written = new Set(outputImages);
    for (const url of new Set(output.links))
      if (goldVideos.has(url) && !written.has(url)) outputImages.push(url);
  }
  keyed('images', goldImages, outputImages);
  keyed('links', gold.links, output.links);
  keyed(
    'list items',
    gold.listItems.map((item) => `${item.depth} ${textKey(item.text)}`),
    output.listItems.map((item) => `${item.depth} ${textKey(item.text)}`),
  );

  // Code: paired by similarity; exact text and language read on the pairs.
  const code = counts.code;
  const goldCode = gold.code.filter((block) => block.text !== '');
  const outputCode = output.code.filter((block) => block.text !== '');
  const codePairs = pairBySimilarity(
    goldCode.map((block) => block.text),
    outputCode.map((block) => block.text),
    0.5,
  );
  code.gold = goldCode.length;
  code.output = outputCode.length;
  const language = counts['code language'];
  language.output = outputCode.filter((block) => block.language !== '').length;
  for (let g = 0; g < goldCode.length; g++) {
    const o = codePairs.pair[g];
    if (goldCode[g].language !== '') language.gold++;
    if (o < 0) continue;
    code.matched++;
    code.similarity += codePairs.similarity[g];
    if (codePairs.similarity[g] === 1) code.exact++;
    if (goldCode[g].language !== '' && goldCode[g].language === outputCode[o].language) language.matched++;
  }

  const tex = (list: string[]) => list.map((one) => one.replace(NO_SPACE, '')).filter((one) => one !== '');
  countPairs(counts.formulas, tex(gold.formulas), tex(output.formulas), 0.5);
  const notes = (list: string[]) => list.map(textKey).filter((key) => key !== '');
  countPairs(counts.footnotes, notes(gold.footnotes), notes(output.footnotes), 0.8);
  return counts;
}
