// The archive fuzz (issue 36 item 4): damaged copies of real archives through the WARC reader.
//
//   nice -n 10 npx tsx bench/fuzz/warc.ts --cases 20000 --seed 1 [--archives 24] [--pages 40]
//       [--root .cache/datasets] [--out .cache/fuzz/warc-seed-1]
//
// Archives: every file of ../shared/warc-samples (real archives of Common Crawl and warcio) and
// --archives archives written from --pages pages each of the shared datasets (real pages as
// Common Crawl–style request/response/metadata triples, some bodies gzipped or chunked), half
// gzipped per record, half plain; each read clean with the reader's default limit and with a small
// one (so that plain records over it are hunted past). A case is one damaged copy
// (bench/fuzz/warc-damage.ts: a cut, a cut then another archive, two archives end to end, garbage
// between members or inside one, a Content-Length shorter, longer or huge, a header cut inside its
// member, flipped bytes in one member, bytes dropped inside one), read in random chunk sizes.
// Counted: the records that must be read as in the clean archive (every record outside the
// damage), those lost or changed among them (must be 0), the items the reader gave that are not
// records of the clean archive outside the damage (must be 0), and the clean records inside the
// damage. A case with a finding is written to OUT/findings/ with its description; the summary goes
// to OUT/summary.json and stdout.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_RECORD_BYTES } from '../../src/input/warc/index.js';
import { seededRandom } from '../../src/internal.js';
import { compress, pageRecords, warcinfo } from '../warc/archive.js';
import { datasetPagesForArchive } from '../warc/build-archive.js';
import {
  type CleanArchive,
  cleanArchive,
  type DamageKind,
  damage,
  GZIP_DAMAGE,
  PLAIN_DAMAGE,
  readItems,
  violations,
} from './warc-damage.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    archives: { type: 'string', default: '24' },
    pages: { type: 'string', default: '40' },
    root: { type: 'string', default: path.join(repoRoot, '.cache', 'datasets') },
    out: { type: 'string' },
  },
});
const cases = Number(values.cases);
const seed = Number(values.seed);
const out = path.resolve(values.out ?? path.join(repoRoot, '.cache', 'fuzz', `warc-seed-${seed}`));
/** The small limit: real pages are often larger, so plain records over it are common. */
const SMALL_LIMIT = 20_000;
const LIMITS = [DEFAULT_MAX_RECORD_BYTES, SMALL_LIMIT];

type Archive = CleanArchive & { limit: number };

async function archives(): Promise<Archive[]> {
  const sources: Array<{ name: string; bytes: Buffer }> = [];
  const samples = path.resolve(repoRoot, '..', 'shared', 'warc-samples');
  for (const name of readdirSync(samples).filter((entry) => /\.w?arc(\.wet)?(\.gz)?$/.test(entry))) {
    sources.push({ name, bytes: readFileSync(path.join(samples, name)) });
  }
  const pages = await datasetPagesForArchive(values.root);
  const next = seededRandom(seed);
  for (let index = 0; index < Number(values.archives) && pages.length > 0; index++) {
    const records = [warcinfo('pith fuzz')];
    for (let page = 0; page < Number(values.pages); page++) {
      const { url, html } = pages[Math.floor(next() * pages.length)];
      const shape = next();
      records.push(
        ...pageRecords(
          url,
          html,
          shape < 0.1 ? { encoding: 'gzip' } : shape < 0.2 ? { encoding: 'chunked' } : {},
        ),
      );
    }
    const compression = index % 2 === 0 ? 'record' : 'none';
    sources.push({
      name: `pages-${index}.warc${compression === 'record' ? '.gz' : ''}`,
      bytes: Buffer.concat(compress(records, compression)),
    });
  }
  const read: Archive[] = [];
  for (const { name, bytes } of sources) {
    for (const limit of LIMITS) {
      const archive = await cleanArchive(name, bytes, { maxRecordBytes: limit, chunkSizes: [1 << 20] });
      if (archive) read.push({ ...archive, limit });
    }
  }
  return read;
}

interface KindCounts {
  cases: number;
  checked: number;
  inDamage: number;
  lost: number;
  unexpected: number;
  findings: number;
}

const started = Date.now();
const all = await archives();
process.stderr.write(
  `${all.length / LIMITS.length} archives read clean in ${Math.round((Date.now() - started) / 1000)} s\n`,
);
mkdirSync(path.join(out, 'findings'), { recursive: true });
const byKind = new Map<DamageKind, KindCounts>();
const next = seededRandom(seed * 7919 + 1);
for (let index = 0; index < cases; index++) {
  const archive = all[Math.floor(next() * all.length)];
  const partners = all.filter(
    (other) =>
      other.compressed === archive.compressed &&
      other.format === archive.format &&
      other.limit === archive.limit,
  );
  const other = partners[Math.floor(next() * partners.length)];
  const kinds = archive.compressed ? GZIP_DAMAGE : PLAIN_DAMAGE;
  const kind = kinds[Math.floor(next() * kinds.length)];
  const caseSeed = Math.floor(next() * 2 ** 31);
  const chunkSizes = [1 + Math.floor(next() * 70_000), 1 + Math.floor(next() * 2000), 1 << 20];
  const damaged = damage(archive, other, kind, caseSeed, archive.limit);
  const items = await readItems(damaged.bytes, { maxRecordBytes: archive.limit, chunkSizes });
  const found = violations(damaged, items);
  const counts = byKind.get(kind) ?? {
    cases: 0,
    checked: 0,
    inDamage: 0,
    lost: 0,
    unexpected: 0,
    findings: 0,
  };
  counts.cases++;
  counts.checked += damaged.records - damaged.damagedRecords;
  counts.inDamage += damaged.damagedRecords;
  counts.lost += found.filter((line) => line.startsWith('lost')).length;
  counts.unexpected += found.filter((line) => line.startsWith('unexpected')).length;
  if (found.length > 0) {
    counts.findings++;
    const name = `case-${index}`;
    writeFileSync(path.join(out, 'findings', `${name}.bin`), damaged.bytes);
    writeFileSync(
      path.join(out, 'findings', `${name}.json`),
      JSON.stringify(
        {
          description: damaged.description,
          limit: archive.limit,
          chunkSizes,
          windows: damaged.windows,
          found,
        },
        null,
        2,
      ),
    );
  }
  byKind.set(kind, counts);
  if ((index + 1) % 2000 === 0)
    process.stderr.write(`${index + 1} cases, ${Math.round((Date.now() - started) / 1000)} s\n`);
}

const total = [...byKind.values()].reduce(
  (sum, counts) => {
    for (const key of Object.keys(sum) as Array<keyof KindCounts>) sum[key] += counts[key];
    return sum;
  },
  { cases: 0, checked: 0, inDamage: 0, lost: 0, unexpected: 0, findings: 0 },
);
const summary = {
  seed,
  archives: new Set(all.map((archive) => archive.name)).size,
  records: all
    .filter((archive) => archive.limit === DEFAULT_MAX_RECORD_BYTES)
    .reduce((sum, archive) => sum + archive.records.length, 0),
  seconds: Math.round((Date.now() - started) / 1000),
  total,
  byKind: Object.fromEntries(byKind),
};
writeFileSync(path.join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary, null, 2));
