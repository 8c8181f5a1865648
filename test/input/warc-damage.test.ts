/**
 * Damaged archives (issue 36 item 4): real records of the shared samples, damaged here, must cost
 * their own gzip member (or, plain, their own record and at most the size limit), never the
 * records after them, and every record keeps its own offset.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import {
  type CleanArchive,
  cleanArchive,
  type DamageKind,
  damage,
  GZIP_DAMAGE,
  gzipMemberStarts,
  PLAIN_DAMAGE,
  readItems,
  violations,
} from '../../bench/fuzz/warc-damage.js';
import { type ArchiveItem, readArchive } from '../../packages/crawl/src/warc/index.js';
import { PITH_ARGV, REPO_ROOT } from '../helpers.js';

const SAMPLES = resolve(REPO_ROOT, '..', 'shared', 'warc-samples');
const HAS_SAMPLES = existsSync(SAMPLES);
const sample = (name: string) => readFileSync(join(SAMPLES, name));

async function readAll(source: string | Uint8Array, options = {}): Promise<ArchiveItem[]> {
  const items: ArchiveItem[] = [];
  const input =
    typeof source === 'string'
      ? source
      : (async function* () {
          yield source;
        })();
  for await (const item of readArchive(input, options)) items.push(item);
  return items;
}

/** `what@offset` per item: its kind or skip reason, and its offset. */
const summary = (items: readonly ArchiveItem[]) =>
  items.map((item) => `${item.kind === 'page' ? item.recordType : item.reason}@${item.position.offset}`);

/** The Common Crawl excerpt as members: warcinfo, request, response, metadata; their records. */
function whirlwind(): { members: Buffer[]; records: Buffer[] } {
  const bytes = sample('cc-whirlwind.warc.gz');
  const starts = gzipMemberStarts(bytes) ?? [];
  const members = starts.slice(0, -1).map((start, index) => bytes.subarray(start, starts[index + 1]));
  return { members, records: members.map((member) => gunzipSync(member)) };
}

function withLength(record: Buffer, length: number): Buffer {
  return Buffer.from(
    record.toString('latin1').replace(/Content-Length: \d+/, `Content-Length: ${length}`),
    'latin1',
  );
}

const declaredLength = (record: Buffer) =>
  Number(/Content-Length: (\d+)/.exec(record.toString('latin1'))?.[1]);

describe('damaged archives gzipped per record: a broken member costs itself', { skip: !HAS_SAMPLES }, () => {
  test('a Content-Length past its member: the record is cut there and flagged, the next ones are whole', async () => {
    const { members, records } = whirlwind();
    const clean = await readAll(Buffer.concat(members));
    const longer = gzipSync(withLength(records[2], declaredLength(records[2]) + 3000));
    const damaged = Buffer.concat([members[0], members[1], longer, members[3]]);
    const items = await readAll(damaged);
    const shift = longer.length - members[2].length;
    assert.deepEqual(summary(items), [
      'warcinfo@0',
      'request@516',
      'response@1023',
      `metadata@${18374 + shift}`,
    ]);
    const page = items[2];
    assert.ok(page.kind === 'page');
    assert.equal(page.truncated, 'end-of-member');
    // Its text is its own (the next record's is not merged into it)...
    const cleanPage = clean[2];
    assert.ok(cleanPage.kind === 'page');
    assert.equal(Buffer.from(page.body).subarray(0, cleanPage.body.length).compare(cleanPage.body), 0);
    assert.ok(!Buffer.from(page.body).includes('WARC/1.'), 'no record header inside the page');
    // ...and the next record is the clean one.
    assert.deepEqual({ ...items[3], position: clean[3].position }, clean[3]);
  });

  test('a claimed 50 MB length does not lose the rest of the file', async () => {
    const { members, records } = whirlwind();
    const lying = gzipSync(withLength(records[1], 50_000_000));
    const items = await readAll(Buffer.concat([members[0], lying, members[2], members[3]]));
    const shift = lying.length - members[1].length;
    assert.deepEqual(summary(items), [
      'warcinfo@0',
      'truncated@516',
      `response@${1023 + shift}`,
      `metadata@${18374 + shift}`,
    ]);
  });

  test('a header that does not end in its member: the next record is read, at its own offset', async () => {
    const { members, records } = whirlwind();
    const cut = gzipSync(records[1].subarray(0, records[1].indexOf('\r\n\r\n') - 10));
    const items = await readAll(Buffer.concat([members[0], cut, members[2], members[3]]));
    const response = 516 + cut.length;
    assert.deepEqual(summary(items), [
      'warcinfo@0',
      'truncated@516',
      `response@${response}`,
      `metadata@${response + members[2].length}`,
    ]);
  });

  test('a flipped byte that still inflates fails the CRC: its record is corrupt, not changed', async () => {
    const { members } = whirlwind();
    // A byte of the response's deflate data whose flip still inflates (to other text).
    const member = members[2];
    let damaged: Buffer | undefined;
    for (let at = 200; at < member.length - 8 && !damaged; at++) {
      const copy = Buffer.from(member);
      copy[at] ^= 0x01;
      try {
        inflateRawSync(copy.subarray(10));
        damaged = copy;
      } catch {}
    }
    assert.ok(damaged, 'a flip that inflates');
    const items = await readAll(Buffer.concat([members[0], members[1], damaged, members[3]]));
    assert.deepEqual(summary(items), ['warcinfo@0', 'request@516', 'corrupt@1023', 'metadata@18374']);
  });

  test('a member cut short and followed by the next: the next members are found', async () => {
    const { members } = whirlwind();
    for (const keep of [100, 5000, members[2].length - 9]) {
      const items = await readAll(
        Buffer.concat([members[0], members[1], members[2].subarray(0, keep), members[3]]),
      );
      assert.deepEqual(
        summary(items),
        ['warcinfo@0', 'request@516', 'corrupt@1023', `metadata@${1023 + keep}`],
        `${keep} bytes kept`,
      );
    }
  });

  test('a damaged header flag (FEXTRA claiming 64 kB) does not hide the next members', async () => {
    const { members } = whirlwind();
    const flagged = Buffer.from(members[1]);
    flagged[3] |= 4;
    const items = await readAll(Buffer.concat([members[0], flagged, members[2], members[3]]));
    assert.deepEqual(summary(items), ['warcinfo@0', 'corrupt@516', 'response@1023', 'metadata@18374']);
  });

  test('a damaged first member or garbage at the start: still read as gzip', async () => {
    const { members } = whirlwind();
    const flipped = Buffer.from(members[0]);
    flipped[1] = 0;
    assert.deepEqual(summary(await readAll(Buffer.concat([flipped, ...members.slice(1)]))), [
      'corrupt@0',
      'request@516',
      'response@1023',
      'metadata@18374',
    ]);
    const junk = Buffer.from('junk before the archive\n');
    assert.deepEqual(summary(await readAll(Buffer.concat([junk, ...members]))), [
      'corrupt@0',
      `warcinfo@${junk.length}`,
      `request@${junk.length + 516}`,
      `response@${junk.length + 1023}`,
      `metadata@${junk.length + 18374}`,
    ]);
  });

  test('a record split over members by its writer (warcio example-wrong-chunks) is still read whole', async () => {
    const items = await readAll(join(SAMPLES, 'warcio-example-wrong-chunks.warc.gz'));
    assert.deepEqual(summary(items), ['response@0', 'request@1130']);
    assert.ok(items[0].kind === 'page' && items[0].truncated === undefined);
    assert.match(Buffer.from(items[0].kind === 'page' ? items[0].body : []).toString(), /<\/html>\s*$/);
  });

  test('`pith warc` on the damaged archive: every page extracted, the damage counted', async () => {
    const { members, records } = whirlwind();
    const dir = mkdtempSync(join(tmpdir(), 'pith-warc-damage-'));
    const file = join(dir, 'damaged.warc.gz');
    // The request claims 50 MB, a member of garbage, then the rest.
    writeFileSync(
      file,
      Buffer.concat([
        members[0],
        gzipSync(withLength(records[1], 50_000_000)),
        Buffer.from('garbage'),
        members[2],
        members[3],
      ]),
    );
    const run = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(
        process.execPath,
        [...PITH_ARGV, 'warc', file, '-o', join(dir, 'out'), '--workers', '1', '--timeout', '300000'],
        {
          cwd: REPO_ROOT,
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('close', (code) => done({ code, stderr }));
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /\b1 pages\b/);
    assert.match(
      run.stderr,
      /skipped 4 records \((?=.*warcinfo 1)(?=.*truncated 1)(?=.*corrupt 1)(?=.*metadata 1)/,
    );
    const out = readdirSync(join(dir, 'out')).filter((name) => name.startsWith('part-'));
    const lines = gunzipSync(readFileSync(join(dir, 'out', out[0])))
      .toString()
      .trim()
      .split('\n');
    assert.equal(lines.length, 1);
    assert.equal(
      JSON.parse(lines[0]).warcOffset,
      516 + gzipSync(withLength(records[1], 50_000_000)).length + 7,
    );
  });
});

describe('damaged plain archives', { skip: !HAS_SAMPLES }, () => {
  const plain = () => sample('warcio-example.warc');
  // The second warcinfo record (at 488) claims 60 MB: its end lies past the file's.
  const lying = () =>
    Buffer.from(
      plain().toString('latin1').replace('Content-Length: 470', 'Content-Length: 60000000'),
      'latin1',
    );

  test('a Content-Length over the limit and past the end of the file: read on from the next WARC/1. line after the limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-warc-plain-'));
    const file = join(dir, 'lying.warc');
    writeFileSync(file, lying());
    const expected = ['warcinfo@0', 'truncated@488', 'request@2571', 'revisit@3375', 'request@4321'];
    // From a file (its size known) and from a stream (not known) alike.
    assert.deepEqual(summary(await readAll(file, { maxRecordBytes: 1000 })), expected);
    assert.deepEqual(summary(await readAll(lying(), { maxRecordBytes: 1000 })), expected);
  });

  test('a true Content-Length over the limit: the record is counted through to its end, file or stream', async () => {
    const expected = [
      'warcinfo@0',
      'warcinfo@488',
      'too-large@1197',
      'request@2566',
      'revisit@3370',
      'request@4316',
    ];
    assert.deepEqual(
      summary(await readAll(join(SAMPLES, 'warcio-example.warc'), { maxRecordBytes: 500 })),
      expected,
    );
    assert.deepEqual(summary(await readAll(plain(), { maxRecordBytes: 500 })), expected);
  });

  test('a record cut inside its header, the next archive written right after: its records are read', async () => {
    const first = plain();
    const second = sample('warcio-example-digest.warc');
    for (const cut of [1197 + 3, 1197 + 40]) {
      const items = await readAll(Buffer.concat([first.subarray(0, cut), second]));
      const secondItems = await readAll(second);
      assert.deepEqual(
        summary(items).slice(-secondItems.length),
        summary(secondItems).map((line) =>
          line.replace(/@(\d+)$/, (_, offset) => `@${Number(offset) + cut}`),
        ),
        `cut at ${cut}`,
      );
    }
  });
});

describe('random damage to the shared samples (property): outside the damage, every record is read as in the clean archive', {
  skip: !HAS_SAMPLES,
}, () => {
  test('truncations, length lies, header overruns, concatenations, garbage, flipped and dropped bytes', async () => {
    const limits = [1000, 32 * 1024 * 1024];
    const archives: Array<CleanArchive & { limit: number }> = [];
    for (const name of readdirSync(SAMPLES).filter((entry) => /\.w?arc(\.wet)?(\.gz)?$/.test(entry))) {
      for (const limit of limits) {
        const archive = await cleanArchive(name, sample(name), {
          maxRecordBytes: limit,
          chunkSizes: [1 << 20],
        });
        if (archive) archives.push({ ...archive, limit });
      }
    }
    await fc.assert(
      fc.asyncProperty(
        fc.nat(archives.length - 1),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 1 << 30 }),
        fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 3 }),
        async (which, kindIndex, otherIndex, seed, chunkSizes) => {
          const archive = archives[which];
          const kinds: readonly DamageKind[] = archive.compressed ? GZIP_DAMAGE : PLAIN_DAMAGE;
          const partners = archives.filter(
            (other) =>
              other.compressed === archive.compressed &&
              other.format === archive.format &&
              other.limit === archive.limit,
          );
          const damaged = damage(
            archive,
            partners[otherIndex % partners.length],
            kinds[kindIndex % kinds.length],
            seed,
            archive.limit,
          );
          const items = await readItems(damaged.bytes, { maxRecordBytes: archive.limit, chunkSizes });
          assert.deepEqual(violations(damaged, items), [], damaged.description);
        },
      ),
      // A random seed each run (fast-check prints it with a counterexample); one found the case below.
      { numRuns: 300 },
    );
  });

  // Found by a random run (fast-check seed 566043485, counterexample [16,12,1997512211,1047546543,[1]]):
  // a member cut at 8 bytes, inside a header whose FNAME flag is set, then another archive. The cut
  // header runs into the next member's, whose name ends the field: one valid member holding the next
  // record, read at offset 0. The record is not lost; the oracle accepts it at the damaged offset.
  test('a gzip header cut inside its name field, then another archive: its first record is read', async () => {
    const options = { maxRecordBytes: 1000, chunkSizes: [1 << 20] };
    const archive = await cleanArchive(
      'warcio-example-wrong-chunks.warc.gz',
      sample('warcio-example-wrong-chunks.warc.gz'),
      options,
    );
    const other = await cleanArchive('warcio-post-test.warc.gz', sample('warcio-post-test.warc.gz'), options);
    assert.ok(archive && other);
    const damaged = damage(archive, other, 'truncate-concat', 1047546543, 1000);
    assert.match(damaged.description, /cut at 8,/);
    for (const chunkSizes of [[1], [4000]]) {
      const items = await readItems(damaged.bytes, { maxRecordBytes: 1000, chunkSizes });
      assert.deepEqual(violations(damaged, items), [], `${damaged.description}, chunks of ${chunkSizes}`);
      assert.equal(items[0]?.position.offset, 0);
    }
  });

  // Found by a random run (fast-check seed 1651155163, counterexample [6,1610612715,0,70496754,[1]]):
  // the garbage ends without a line break, so the next header's `WARC/` is glued to it, and in
  // 1-byte chunks no chunk held the whole mark.
  test('garbage between records of a plain WARC read one byte at a time: the next request is not lost', async () => {
    const archive = await cleanArchive('warcio-example-digest.warc', sample('warcio-example-digest.warc'), {
      maxRecordBytes: 1000,
      chunkSizes: [1 << 20],
    });
    assert.ok(archive);
    const damaged = damage(archive, archive, 'garbage-between', 70496754, 1000);
    const items = await readItems(damaged.bytes, { maxRecordBytes: 1000, chunkSizes: [1] });
    assert.deepEqual(violations(damaged, items), [], damaged.description);
  });
});
