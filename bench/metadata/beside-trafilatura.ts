/**
 * The metadata choice held out by site beside the rules and trafilatura, per page type: pith's
 * answers from `pith train metadata`'s held-out file (each page answered by the fold model that
 * did not see its site), trafilatura's from bench/metadata/trafilatura-metadata.py on the same
 * pages, all scored with the bench's metric (src/eval/metrics/metadata.ts).
 *
 *   nice -n 10 pith train metadata            # writes .cache/train/metadata/answers-5-by-site.jsonl
 *   PYTHONPATH=../shared/peers/python nice -n 10 /usr/bin/python3 bench/metadata/trafilatura-metadata.py \
 *     .cache/datasets/wcxb-dev/dev > trafilatura.jsonl
 *   npx tsx bench/metadata/beside-trafilatura.ts .cache/train/metadata/answers-5-by-site.jsonl trafilatura.jsonl
 */
import { readFileSync } from 'node:fs';
import { type MetadataGoldValues, scoreMetadata } from '@pith/workbench/eval';
import { trafilaturaMetadata } from '@pith/workbench/eval/peers';

const [answersFile, trafilaturaFile] = process.argv.slice(2);
if (!answersFile || !trafilaturaFile) {
  process.stderr.write(
    'usage: npx tsx bench/metadata/beside-trafilatura.ts ANSWERS.jsonl TRAFILATURA.jsonl\n',
  );
  process.exit(2);
}

type Field = 'title' | 'author' | 'date';
const FIELDS: readonly Field[] = ['title', 'author', 'date'];
interface Answer {
  id: string;
  type?: string;
  field: Field;
  outcome: string;
  rules: string;
  gold: string | null;
}
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

const answers = lines(answersFile) as Answer[];
const peer = new Map(
  (lines(trafilaturaFile) as { id: string; metadata: Record<string, unknown> }[]).map((entry) => [
    entry.id,
    trafilaturaMetadata(entry.metadata),
  ]),
);
const gold = new Map<string, MetadataGoldValues>();
for (const answer of answers) {
  const values = gold.get(answer.id) ?? {};
  values[answer.field] = answer.gold;
  gold.set(answer.id, values);
}

/** [choice right, rules right, trafilatura right, pages] by type, and for all pages. */
const counts = new Map<string, [number, number, number, number]>();
let missing = 0;
for (const answer of answers) {
  const metadata = peer.get(answer.id);
  if (metadata === undefined) {
    missing++;
    continue;
  }
  const peerRight = scoreMetadata(gold.get(answer.id) ?? {}, metadata)[answer.field].correct;
  for (const key of [`${answer.field}\0${answer.type ?? 'unknown'}`, `${answer.field}\0all`]) {
    const entry = counts.get(key) ?? [0, 0, 0, 0];
    counts.set(key, entry);
    if (answer.outcome === 'right') entry[0]++;
    if (answer.rules === 'right') entry[1]++;
    if (peerRight) entry[2]++;
    entry[3]++;
  }
}
const types = [...new Set(answers.map((answer) => answer.type ?? 'unknown'))].sort();
const share = (count: number, pages: number) => (pages === 0 ? '–' : (count / pages).toFixed(3));
const out = [
  'Right, held out by site: choice / rules / trafilatura (pages); bold where the choice loses to the rules by more than 0.005.',
  '',
  `| field | all | ${types.join(' | ')} |`,
  `| --- | --- | ${types.map(() => '---').join(' | ')} |`,
];
for (const field of FIELDS) {
  const cells = ['all', ...types].map((type) => {
    const [choice, rules, trafilatura, pages] = counts.get(`${field}\0${type}`) ?? [0, 0, 0, 0];
    const text = `${share(choice, pages)} / ${share(rules, pages)} / ${share(trafilatura, pages)} (${pages})`;
    return choice / pages < rules / pages - 0.005 ? `**${text}**` : text;
  });
  out.push(`| ${field} | ${cells.join(' | ')} |`);
}
if (missing > 0) out.push('', `${missing} answers without trafilatura's output (left out).`);
process.stdout.write(`${out.join('\n')}\n`);
