/**
 * Every page of the shared datasets decoded, one line per page: the encoding pith chose, why, and
 * a hash of the decoded string. Run it before and after a change to decoding and compare the files:
 *
 *   node --import tsx bench/decode/fingerprint.ts > before.tsv   # on the old code
 *   node --import tsx bench/decode/fingerprint.ts > after.tsv    # on the new code
 *   node --import tsx bench/decode/fingerprint.ts --compare before.tsv after.tsv
 *
 * Every split (dev and sealed) is read: this scores nothing, it only checks that the bytes become
 * the same text.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { listDataset, resolveDatasetSpec, SHARED_DATASETS } from '../../src/eval/index.js';
import { decodeHtml } from '../../src/index.js';

const { values, positionals } = parseArgs({
  options: { compare: { type: 'boolean' } },
  allowPositionals: true,
});

if (values.compare) {
  const [before, after] = positionals.map((file) => linesOf(file));
  if (!before || !after) throw new Error('usage: --compare BEFORE.tsv AFTER.tsv');
  let same = 0;
  const differ: string[] = [];
  for (const [key, line] of before) {
    if (after.get(key) === line) same++;
    else differ.push(`${key}\n  before ${line}\n  after  ${after.get(key) ?? '(missing)'}`);
  }
  const extra = [...after.keys()].filter((key) => !before.has(key));
  console.log(
    `${before.size} pages before, ${after.size} after: ${same} decode the same, ${differ.length} differ, ${extra.length} new`,
  );
  for (const line of differ.slice(0, 20)) console.log(line);
  process.exit(differ.length === 0 && extra.length === 0 ? 0 : 1);
}

const counts = new Map<string, number>();
for (const name of SHARED_DATASETS) {
  const spec = await resolveDatasetSpec(name);
  for (const ref of await listDataset(spec, { split: 'all' })) {
    const page = await ref.load();
    const decoded = decodeHtml(page.html);
    const digest = createHash('sha256').update(decoded.text).digest('hex').slice(0, 32);
    console.log([name, page.id, decoded.encoding, decoded.source, decoded.text.length, digest].join('\t'));
    const key = `${decoded.encoding} (${decoded.source})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}
for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1])) console.error(`${count}\t${key}`);

/** A fingerprint file as dataset/id → the rest of its line. */
function linesOf(file: string | undefined): Map<string, string> | undefined {
  if (file === undefined) return undefined;
  const map = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const [dataset, id, ...rest] = line.split('\t');
    map.set(`${dataset}/${id}`, rest.join('\t'));
  }
  return map;
}
