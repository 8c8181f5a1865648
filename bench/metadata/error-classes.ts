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
async function whereGold(id: string, field: string, gold: string): Promise<string[]> {
  const ref = refs.get(id);
  if (ref === undefined) return ['(page not found)'];
  const page = await ref.load();
  const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
  const day = field === 'date' ? dayOf(gold) : undefined;
  const names = field === 'author' ? [...authorNameSet(gold)] : [];
  const hits: string[] = [];
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
          hits.push(`attr ${name} ${label(node)} ${JSON.stringify(value.slice(0, 80))}`);
      }
      continue;
    }
    if (doc.kind(node) !== NodeKind.Text) continue;
    texts++;
    const text = doc.text(node).replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    const where = `${label(doc.parent(node))} at ${h1 < 0 ? 'no-h1' : texts - h1}`;
    if (day !== undefined) {
      const short = text.slice(0, 300);
      const dmy = parseDate(short, TRAINING_NOW, 'dmy')?.slice(0, 10);
      const mdy = parseDate(short, TRAINING_NOW, 'mdy')?.slice(0, 10);
      if (dmy === day || mdy === day)
        hits.push(
          `text ${where} ${JSON.stringify(text.slice(0, 100))}${dmy === mdy ? '' : ` (${dmy === day ? 'dmy' : 'mdy'})`}`,
        );
      else if (new RegExp(`\\b${Number(day.slice(8))}\\b`).test(short) && short.includes(day.slice(0, 4)))
        hits.push(`text? ${where} ${JSON.stringify(text.slice(0, 100))}`);
    } else if (names.some((name) => text.toLowerCase().includes(name.split(' ')[0] ?? name))) {
      hits.push(`text ${where} ${JSON.stringify(text.slice(0, 100))}`);
    }
  }
  if (day !== undefined && page.url?.includes(day.slice(0, 4))) hits.push(`url ${page.url}`);
  return hits;
}

const fields = values.field.split(',');
for (const field of fields) {
  const counts = { right: 0, choice: 0, reading: 0, emptyGoldNone: 0 };
  const classes = new Map<string, number>();
  const lines: string[] = [];
  for (const answer of answers) {
    if (answer.field !== field) continue;
    if (answer.outcome === 'right') {
      counts.right++;
      continue;
    }
    const page = pageById.get(answer.id);
    if (page === undefined) continue;
    const rows = page.fields[field as 'date' | 'author'];
    const goldAmong = rows.labels.slice(0, -1).some((label) => label === 1);
    const gold = answer.gold ?? '';
    const goldNone = gold.trim() === '';
    const kind = goldNone ? 'gold none' : goldAmong ? 'choice' : 'reading';
    const key = `${answer.outcome} / ${kind}`;
    classes.set(key, (classes.get(key) ?? 0) + 1);
    if (kind === 'reading') counts.reading++;
    else if (kind === 'choice') counts.choice++;
    else counts.emptyGoldNone++;
    if (values.show.split(',').includes(kind.replace(' ', '-'))) {
      lines.push(
        `\n${answer.id} ${answer.type ?? ''} ${answer.outcome} ${answer.url}\n  gold ${JSON.stringify(gold)} answer ${JSON.stringify(answer.answer)} candidates ${JSON.stringify(rows.values)}`,
      );
      if (kind === 'reading')
        for (const hit of await whereGold(answer.id, field, gold)) lines.push(`    ${hit}`);
    }
  }
  console.log(`\n## ${field}`);
  for (const [key, count] of [...classes].sort()) console.log(`${key}: ${count}`);
  console.log(lines.join('\n'));
}
