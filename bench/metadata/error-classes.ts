/**
 * Where the held-out metadata errors come from (issue 42): for the author and the date, every page
 * of WCXB dev the learned choice gets wrong or leaves empty (held out 5-fold by site: the trainer's
 * `answers-5-by-site.jsonl`), split into a choice error (the gold's value is among pith's
 * candidates, another one or none was chosen) and a reading error (it is not among them); for a
 * reading error, where the page holds the gold: the text nodes and attributes that give the gold's
 * day (each read with both numeric orders) or name the gold's author, with their element's tag and
 * class, so that the classes can be counted by hand.
 *
 *   nice -n 10 node --import tsx packages/cli/src/main.ts train metadata -o /tmp/m.json
 *   nice -n 10 npx tsx bench/metadata/error-classes.ts [--answers .cache/train/metadata/answers-5-by-site.jsonl] [--field date] [--show reading]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { authorNameSet, dayOf, listDataset } from '@pith/workbench/eval';
import { resolveDatasets, TRAINING_NOW } from '@pith/workbench/train';
import { decodeHtml, NodeKind, parseDate, parseHtml } from 'pith/internal';
import { wcxbMetadataRows } from './held-out-fits.js';

const { values } = parseArgs({
  options: {
    answers: { type: 'string', default: '.cache/train/metadata/answers-5-by-site.jsonl' },
    field: { type: 'string', default: 'date,author' },
    show: { type: 'string', default: 'reading' },
  },
});

interface Answer {
  id: string;
  url: string;
  type?: string;
  field: string;
  outcome: 'right' | 'wrong' | 'empty';
  answer: string;
  gold?: string | null;
}

const answers = readFileSync(values.answers, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Answer);
const set = await wcxbMetadataRows();
const pageById = new Map(set.pages.map((page) => [page.id, page]));
const [spec] = await resolveDatasets(['wcxb-dev']);
const refs = new Map((await listDataset(spec, { split: 'dev' })).map((ref) => [ref.id, ref]));

/** Where the page holds the gold: text nodes and attributes, with their element. */
interface Hit {
  kind: 'text' | 'text?' | 'attr' | 'url';
  /** Text nodes from the first <h1> (NaN: no <h1> before it). */
  at: number;
  text: string;
  /** A numeric date read only in one order. */
  order?: 'dmy' | 'mdy';
  line: string;
}

/** A reading error's class, from where the page holds the gold. */
function readingClass(field: string, type: string | undefined, gold: string, hits: readonly Hit[]): string {
  const shown = hits.filter((hit) => hit.kind === 'text');
  if (field === 'date') {
    if (hits.length === 0) return 'not on the page (gold doubtful)';
    if (shown.length === 0)
      return hits.some((hit) => hit.kind === 'attr')
        ? 'in an attribute not read'
        : 'in the URL or a sentence only';
    if (type === 'forum') return 'a forum post date';
    if (
      shown.some((hit) => hit.order !== undefined) &&
      shown.every((hit) => hit.order !== undefined || Number.isNaN(hit.at) || hit.at > 60)
    )
      return 'a numeric date of unknown order';
    if (shown.every((hit) => Number.isNaN(hit.at))) return 'no <h1> before it, no date class';
    if (shown.every((hit) => hit.at > 60 || hit.at < -30)) return 'far from the headline, no date class';
    return 'near the headline, not read';
  }
  if (/,|;|\s&\s|\sand\s|\|/.test(gold)) return 'several names, or a name with a role';
  if (type === 'forum') return 'a forum user';
  if (shown.length === 0) return 'not shown on the page';
  const bare = shown.filter((hit) => hit.text.length <= gold.length + 12);
  if (bare.length === 0) return 'inside a longer text only';
  if (bare.some((hit) => hit.at <= 20)) return 'a bare name near the headline';
  if (bare.every((hit) => Number.isNaN(hit.at))) return 'a bare name, no <h1> before it';
  return 'a bare name far from the headline (author box)';
}

async function whereGold(id: string, field: string, gold: string): Promise<Hit[]> {
  const ref = refs.get(id);
  if (ref === undefined) return [];
  const page = await ref.load();
  const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
  const day = field === 'date' ? dayOf(gold) : undefined;
  const names = field === 'author' ? [...authorNameSet(gold)] : [];
  const hits: Hit[] = [];
  const label = (element: number) => {
    const classes = doc.classAndId(element).slice(0, 50);
    return `<${doc.tagName(element)}${classes ? ` .${classes}` : ''}>`;
  };
  let h1 = -1;
  let texts = 0;
  for (let node = 0; node < doc.size && hits.length < 6; node++) {
    if (doc.kind(node) === NodeKind.Element) {
      if (h1 < 0 && doc.tagName(node) === 'h1') h1 = texts;
      for (const name of ['content', 'datetime', 'value', 'title'] as const) {
        const value = doc.attr(node, name);
        if (value === undefined || value.length > 200) continue;
        if (day !== undefined && parseDate(value, TRAINING_NOW)?.slice(0, 10) === day)
          hits.push({
            kind: 'attr',
            at: Number.NaN,
            text: value,
            line: `attr ${name} ${label(node)} ${JSON.stringify(value.slice(0, 80))}`,
          });
      }
      continue;
    }
    if (doc.kind(node) !== NodeKind.Text) continue;
    texts++;
    const text = doc.text(node).replace(/\s+/g, ' ').trim();
    if (text === '' || ['script', 'style', 'title'].includes(doc.tagName(doc.parent(node)))) continue;
    const at = h1 < 0 ? Number.NaN : texts - h1;
    const where = `${label(doc.parent(node))} at ${h1 < 0 ? 'no-h1' : texts - h1}`;
    if (day !== undefined) {
      const short = text.slice(0, 300);
      const dmy = parseDate(short, TRAINING_NOW, 'dmy')?.slice(0, 10);
      const mdy = parseDate(short, TRAINING_NOW, 'mdy')?.slice(0, 10);
      if (dmy === day || mdy === day) {
        const order = dmy === mdy ? undefined : dmy === day ? 'dmy' : 'mdy';
        const line = `text ${where} ${JSON.stringify(text.slice(0, 100))}${order ? ` (${order})` : ''}`;
        hits.push({ kind: 'text', at, text, line, ...(order ? { order } : {}) });
      } else if (new RegExp(`\\b${Number(day.slice(8))}\\b`).test(short) && short.includes(day.slice(0, 4)))
        hits.push({ kind: 'text?', at, text, line: `text? ${where} ${JSON.stringify(text.slice(0, 100))}` });
    } else if (names.some((name) => text.toLowerCase().includes(name.split(' ')[0] ?? name))) {
      hits.push({ kind: 'text', at, text, line: `text ${where} ${JSON.stringify(text.slice(0, 100))}` });
    }
  }
  if (day !== undefined && page.url?.includes(day.slice(0, 4)))
    hits.push({ kind: 'url', at: Number.NaN, text: page.url ?? '', line: `url ${page.url}` });
  return hits;
}

const fields = values.field.split(',');
for (const field of fields) {
  const classes = new Map<string, number>();
  const readingClasses = new Map<string, number>();
  const lines: string[] = [];
  for (const answer of answers) {
    if (answer.field !== field) continue;
    if (answer.outcome === 'right') continue;
    const page = pageById.get(answer.id);
    if (page === undefined) continue;
    const rows = page.fields[field as 'date' | 'author'];
    const goldAmong = rows.labels.slice(0, -1).some((label) => label === 1);
    const gold = answer.gold ?? '';
    const goldNone = gold.trim() === '';
    const kind = goldNone ? 'gold none' : goldAmong ? 'choice' : 'reading';
    const key = `${answer.outcome} / ${kind}`;
    classes.set(key, (classes.get(key) ?? 0) + 1);
    if (values.show.split(',').includes(kind.replace(' ', '-'))) {
      lines.push(
        `\n${answer.id} ${answer.type ?? ''} ${answer.outcome} ${answer.url}\n  gold ${JSON.stringify(gold)} answer ${JSON.stringify(answer.answer)} candidates ${JSON.stringify(rows.values)}`,
      );
    }
    if (kind === 'reading') {
      const hits = await whereGold(answer.id, field, gold);
      const name = readingClass(field, answer.type, gold, hits);
      readingClasses.set(name, (readingClasses.get(name) ?? 0) + 1);
      if (values.show.split(',').includes('reading')) {
        lines.push(`  class: ${name}`);
        for (const hit of hits) lines.push(`    ${hit.line}`);
      }
    }
  }
  console.log(`\n## ${field}`);
  for (const [key, count] of [...classes].sort()) console.log(`${key}: ${count}`);
  console.log('reading errors, by where the page holds the gold:');
  for (const [key, count] of [...readingClasses].sort((a, b) => b[1] - a[1]))
    console.log(`  ${key}: ${count}`);
  console.log(lines.join('\n'));
}
