/**
 * `pith warc --readers N` through the CLI: the shares' records are the one-reader run's records
 * (order aside), and a run killed mid-way resumes every share without a lost or doubled record.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { shareChunkBytes, splitInputs } from '@pith/crawl/batch';
import fc from 'fast-check';
import { type ArchiveCompression, compress, pageRecords, warcinfo } from '../../bench/warc/archive.js';
import { datasetPagesForArchive } from '../../bench/warc/build-archive.js';
import { HAS_SAMPLE, SAMPLE_DIR, spawnPith } from '../helpers.js';

interface OutRecord {
  url: string;
  warcFile: string;
  warcOffset: number;
  warcSkip: number;
  ok: boolean;
  text: string | null;
}

function readParts(dir: string): OutRecord[] {
  const records: OutRecord[] = [];
  for (const name of readdirSync(dir).filter((file) => file.startsWith('part-'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n'))
      if (line !== '') records.push(JSON.parse(line));
  }
  return records;
}

/** A record but what varies from run to run (how long its page took). */
function withoutTimes(record: OutRecord | undefined): Record<string, unknown> | undefined {
  if (!record) return undefined;
  const {
    ms: _ms,
    diagnostics: _diagnostics,
    ...rest
  } = record as OutRecord & { ms?: number; diagnostics?: unknown };
  return rest;
}

/** Records by archive and offset; a record written twice fails. */
function byPlace(records: readonly OutRecord[]): Map<string, OutRecord> {
  const map = new Map<string, OutRecord>();
  for (const record of records) {
    const place = `${record.warcFile}@${record.warcOffset}+${record.warcSkip}`;
    assert.ok(!map.has(place), `${place} written twice`);
    map.set(place, record);
  }
  return map;
}

/**
 * Archives of the shared sample's pages (the first `limit` of them), `copies` times over each with
 * distinct URLs.
 */
async function sampleArchives(
  count: number,
  copies: number,
  limit = Number.POSITIVE_INFINITY,
  compression: ArchiveCompression = 'record',
): Promise<{ files: string[]; pages: number }> {
  const pages = (await datasetPagesForArchive(SAMPLE_DIR)).slice(0, limit);
  const dir = mkdtempSync(join(tmpdir(), 'pith-warc-readers-'));
  const files: string[] = [];
  let total = 0;
  for (let archive = 0; archive < count; archive++) {
    const records: Buffer[] = [warcinfo(`test ${archive}`)];
    for (let copy = 0; copy < copies; copy++) {
      for (const page of pages) {
        records.push(...pageRecords(`${page.url}?archive=${archive}&copy=${copy}`, page.html));
        total++;
      }
    }
    const file = join(dir, `sample-${archive}.warc.gz`);
    writeFileSync(file, Buffer.concat(compress(records, compression)));
    files.push(file);
  }
  return { files, pages: total };
}

/** No page may time out because the machine is busy: the runs are compared record by record. */
const SLOW_MACHINE = ['--timeout', '300000'];

describe('splitInputs', () => {
  test('shares of about equal bytes, each in input order, every input once', () => {
    const inputs = [10, 50, 20, 20, 5].map((size, index) => ({ path: `a${index}`, size }));
    assert.deepEqual(splitInputs(inputs, 2), [
      [1, 4],
      [0, 2, 3],
    ]);
    assert.deepEqual(splitInputs(inputs, 9).flat().sort(), [0, 1, 2, 3, 4]);
    assert.deepEqual(splitInputs(inputs, 1), [[0, 1, 2, 3, 4]]);
  });
});

describe('shareChunkBytes', () => {
  test('about 16 chunks a share, between 256 KiB and 64 MiB', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 16 }), (size, of) => {
        const chunk = shareChunkBytes(size, of);
        assert.ok(chunk >= 256 * 1024 && chunk <= 64 * 1024 * 1024, `${chunk}`);
        // Every share gets 16 chunks unless the chunks are at their floor or their cap.
        const chunks = Math.ceil(size / chunk);
        if (chunk > 256 * 1024 && chunk < 64 * 1024 * 1024)
          assert.ok(Math.abs(chunks - 16 * of) <= 1, `${chunks}`);
      }),
    );
  });

  test('a 500 MB archive and two readers: 32 chunks of 15.6 MB', () => {
    assert.equal(shareChunkBytes(500_000_000, 2), 15_625_000);
  });
});

describe('pith warc --readers (CLI)', { skip: !HAS_SAMPLE }, () => {
  let archives: { files: string[]; pages: number };
  let reference: Map<string, OutRecord>;
  const common = (out: string) => ['-o', out, '--output', 'jsonl', '--content', 'text', ...SLOW_MACHINE];

  test('--readers 2 writes the records of --readers 1 (order aside), each once', async () => {
    // Three archives of the sample's 34 pages: 102 pages, enough for the kill below to land mid-run.
    archives = await sampleArchives(3, 1);
    const one = mkdtempSync(join(tmpdir(), 'pith-readers-1-'));
    const first = await spawnPith(['warc', ...archives.files, ...common(one), '--workers', '2']).done;
    assert.equal(first.code, 0, first.stderr);
    reference = byPlace(readParts(one));
    assert.equal(reference.size, archives.pages);
    const two = mkdtempSync(join(tmpdir(), 'pith-readers-2-'));
    const second = await spawnPith([
      'warc',
      ...archives.files,
      ...common(two),
      '--workers',
      '2',
      '--readers',
      '2',
      '--part-records',
      '7',
    ]).done;
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, new RegExp(`${archives.pages} pages`));
    const shared = byPlace(readParts(two));
    assert.deepEqual([...shared.keys()].sort(), [...reference.keys()].sort());
    for (const [place, record] of shared)
      assert.deepEqual(withoutTimes(record), withoutTimes(reference.get(place)), place);
  });

  /** Runs `pith warc FILES --readers 2`, kills it once a few parts are written, and runs it again. */
  async function killAndResume(files: readonly string[], expected: Map<string, OutRecord>): Promise<void> {
    const out = mkdtempSync(join(tmpdir(), 'pith-readers-kill-'));
    const args = [
      'warc',
      ...files,
      ...common(out),
      '--workers',
      '2',
      '--readers',
      '2',
      '--part-records',
      '3',
    ];
    const first = spawnPith(args);
    // Wait until some part files are written, then kill the process and its threads at once.
    for (let tries = 0; tries < 2400; tries++) {
      if (readdirSync(out).filter((name) => name.startsWith('part-')).length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    first.child.kill('SIGKILL');
    const killed = await first.done;
    assert.equal(killed.signal, 'SIGKILL');
    assert.ok(readParts(out).length < expected.size, 'the run was stopped before its end');
    const second = await spawnPith(args).done;
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, /resumed/);
    const resumed = byPlace(readParts(out));
    assert.deepEqual([...resumed.keys()].sort(), [...expected.keys()].sort());
    for (const [place, record] of resumed) assert.equal(record.text, expected.get(place)?.text, place);
    // Its checkpoint says it finished: a third run does nothing.
    const third = await spawnPith(args).done;
    assert.equal(third.code, 0, third.stderr);
    assert.match(third.stderr, /already finished/);
  }

  test('kill -9 in the middle, then the same command: every record exactly once', async () => {
    await killAndResume(archives.files, reference);
  });

  test('one archive split by bytes: kill -9 in the middle, then the same command: every record once', async () => {
    // One archive of the sample three times over (102 pages), read by both readers.
    const single = await sampleArchives(1, 3);
    const one = mkdtempSync(join(tmpdir(), 'pith-readers-single-'));
    const run = await spawnPith(['warc', ...single.files, ...common(one), '--workers', '2']).done;
    assert.equal(run.code, 0, run.stderr);
    const expected = byPlace(readParts(one));
    assert.equal(expected.size, single.pages);
    await killAndResume(single.files, expected);
  });

  test('one archive, --readers 2: the readers split its bytes, each record written once', async () => {
    const one = mkdtempSync(join(tmpdir(), 'pith-readers-file-'));
    const first = await spawnPith([
      'warc',
      archives.files[0],
      ...common(one),
      '--workers',
      '2',
      '--readers',
      '2',
      '--part-records',
      '5',
    ]).done;
    assert.equal(first.code, 0, first.stderr);
    const pages = [...reference.values()].filter((record) => record.warcFile === archives.files[0]).length;
    assert.match(first.stderr, new RegExp(`${pages} pages`));
    const split = byPlace(readParts(one));
    assert.equal(split.size, pages);
    for (const [place, record] of split) assert.equal(record.text, reference.get(place)?.text, place);
    // Both readers had records (the checkpoint holds each share's count).
    const checkpoint = JSON.parse(readFileSync(join(one, '_checkpoint.json'), 'utf8'));
    const perShare = (checkpoint.shares as { counts: { pages: number } }[]).map(
      (share) => share.counts.pages,
    );
    assert.equal(perShare.length, 2);
    assert.ok(
      perShare.every((count) => count > 0),
      `${perShare}`,
    );
  });

  test('one plain archive and one gzipped whole, --readers 2: the records of one reader, each once', async () => {
    // Plain: every record starts a part of its own. Gzipped whole: every record is at offset 0, in share 0.
    for (const compression of ['none', 'file'] as const) {
      const { files, pages } = await sampleArchives(1, 2, 12, compression);
      const outs = [1, 2].map((readers) =>
        mkdtempSync(join(tmpdir(), `pith-readers-${compression}-${readers}-`)),
      );
      for (const [index, out] of outs.entries()) {
        const run = await spawnPith([
          'warc',
          ...files,
          ...common(out),
          '--workers',
          '2',
          '--readers',
          String(index + 1),
        ]).done;
        assert.equal(run.code, 0, run.stderr);
      }
      const [one, two] = outs.map((out) => byPlace(readParts(out)));
      assert.equal(one.size, pages, compression);
      assert.deepEqual([...two.keys()].sort(), [...one.keys()].sort(), compression);
      for (const [place, record] of two) assert.equal(record.text, one.get(place)?.text, place);
    }
  });

  test('another number of readers does not resume the checkpoint', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pith-readers-other-'));
    // What is checked is the checkpoint's reader count, not the pages: two archives of three pages.
    const { files } = await sampleArchives(2, 1, 3);
    const first = await spawnPith(['warc', ...files, ...common(out), '--workers', '1', '--readers', '2'])
      .done;
    assert.equal(first.code, 0, first.stderr);
    const other = await spawnPith(['warc', ...files, ...common(out), '--workers', '1']).done;
    assert.equal(other.code, 2, other.stderr);
    assert.match(other.stderr, /checkpoint of another run/);
  });
});
