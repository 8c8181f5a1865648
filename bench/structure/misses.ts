// Where the structure benchmark's missed elements go (issue 41 item 2), on the dev half of
// Defuddle's fixtures, Readability's test pages or our corpus: for each gold element pith's
// Markdown lacks, whether the page written whole has it (if not: lost in writing), whether pith
// without its post-rules has it (then a removal rule dropped it), else the selection left it out.
//
//   nice -n 10 npx tsx bench/structure/misses.ts [--source=defuddle|readability|fixtures]
//     [--classes=images,headings] [--page=ID]
//
// Never run on Defuddle's held-back half: its pages are for the check only.

import { markdownElements, missingFrom, structureCases } from '@pith/workbench/eval';

type Elements = ReturnType<typeof markdownElements>;

import { extract, formatExtraction } from 'pith';
import { parseHtml, Selection } from 'pith/internal';
import { repoRoot } from '../parsers/corpus.js';
import { flag } from '../speed/pages.js';

const classes = flag('classes', 'headings,footnotes,tables,images,listItems').split(',');
const only = flag('page', '');
const source = flag('source', 'defuddle');
if (source !== 'defuddle' && source !== 'readability' && source !== 'fixtures')
  throw new Error(`--source: defuddle, readability or fixtures, not ${source}`);

/** Text as the benchmark compares it: letters and digits, case ignored (score.ts's textKey). */
const textKey = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

type Key = (elements: Elements) => string[];
const KEYS: Record<string, Key> = {
  headings: (e) => e.headings.map((h) => `h${h.level} ${textKey(h.text)}`),
  footnotes: (e) => e.footnotes.map((f) => textKey(f).slice(0, 60)),
  tables: (e) => e.tables.flatMap((rows) => rows.map((cells) => cells.map(textKey).join(' | '))),
  images: (e) => e.images,
  listItems: (e) => e.listItems.map((i) => `${i.depth} ${textKey(i.text)}`),
};

function counted(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** Takes one copy of `key` from `counts`; false when none is left. */
function consume(counts: Map<string, number>, key: string): boolean {
  const left = counts.get(key) ?? 0;
  if (left === 0) return false;
  counts.set(key, left - 1);
  return true;
}

function markdownOf(html: string, url: string, options: Record<string, boolean> = {}): string {
  const { content } = extract(html, {
    url,
    format: 'json',
    contentFormat: 'markdown',
    extractorOptions: options,
  });
  return (JSON.parse(content) as { markdown: string | null }).markdown ?? '';
}

function wholePage(html: string, url: string): string {
  const doc = parseHtml(html, { url });
  const selection = new Selection(doc).keepSubtree(0);
  const whole = { extractor: 'whole', version: '0', doc, selection, roots: [], diagnostics: undefined };
  return formatExtraction(whole, 'markdown');
}

const cases = await structureCases(source, repoRoot, source === 'defuddle' ? { split: 'dev' } : {});
const totals = new Map<string, Record<string, number>>();
for (const item of cases) {
  if (source === 'defuddle' && item.split !== 'dev') throw new Error('dev half only');
  if (only !== '' && item.id !== only) continue;
  const html = new TextDecoder().decode(item.html);
  const pith = markdownElements(markdownOf(html, item.url), item.url);
  const noRules = markdownElements(markdownOf(html, item.url, { postRules: false }), item.url);
  const whole = markdownElements(wholePage(html, item.url), item.url);
  // An HTML gold names an image by its src or any srcset candidate (score.ts reads it so too).
  const aliases = item.gold.imageAliases;
  const alias = (url: string) => (aliases && Object.hasOwn(aliases, url) ? aliases[url] : url);
  for (const cls of classes) {
    const key: Key = cls === 'images' ? (e) => e.images.map(alias) : KEYS[cls];
    const lost = missingFrom(key(item.gold), key(pith));
    if (lost.length === 0) continue;
    // Counted as multisets: a gold image named twice that pith writes once lost one copy, not none.
    const take = counted(missingFrom(key(item.gold), key(whole)));
    const alsoWithoutRules = counted(missingFrom(key(item.gold), key(noRules)));
    const tally = totals.get(cls) ?? { gold: 0, selection: 0, rule: 0, writing: 0 };
    for (const element of lost) {
      const where = consume(take, element)
        ? 'writing'
        : consume(alsoWithoutRules, element)
          ? 'selection'
          : 'rule';
      tally[where]++;
      console.log(`${cls}\t${where}\t${item.id}\t${element.slice(0, 110)}`);
    }
    totals.set(cls, tally);
  }
  for (const cls of classes) {
    const tally = totals.get(cls) ?? { gold: 0, selection: 0, rule: 0, writing: 0 };
    tally.gold += KEYS[cls](item.gold).length;
    totals.set(cls, tally);
  }
}
console.log('\n| class | gold | missed: selection | removal rule | writing |\n|---|---|---|---|---|');
for (const [cls, t] of totals)
  console.log(`| ${cls} | ${t.gold} | ${t.selection} | ${t.rule} | ${t.writing} |`);
