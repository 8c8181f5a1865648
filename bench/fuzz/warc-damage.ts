/**
 * Damaged copies of real archives and what a reader must still find in them (issue 36 item 4),
 * shared by the property test (test/input/warc-damage.test.ts) and the long fuzz (bench/fuzz/warc.ts).
 *
 * A damaged archive is a list of pieces: slices of clean archives and damaged bytes. A clean
 * record whose bytes all lie in one slice must be read exactly as in the clean archive, at its
 * offset in the damaged file; records that the damage touches (and, in a plain archive, the bytes
 * a damaged record's Content-Length may take: up to the size limit) form windows in which the
 * reader may find anything. The invariant: outside the windows, the items read are the expected
 * ones, in order, unchanged, each at its own offset.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import { type ArchiveItem, readArchive } from '@pith/crawl/warc';
import { seededRandom } from 'pith/internal';

export interface CleanArchive {
  name: string;
  bytes: Buffer;
  /** Gzipped per record (else plain). */
  compressed: boolean;
  format: 'warc' | 'arc';
  /** Gzip member starts (compressed only), then the file's length. */
  members: number[];
  /** Records by start: their bytes [start, end) and the items read there (clean). */
  records: CleanRecord[];
}

interface CleanRecord {
  start: number;
  end: number;
  items: ArchiveItem[];
  /** Plain: the header's length and the Content-Length it declares. */
  headLength?: number;
  length?: number;
}

export const GZIP_DAMAGE = [
  'truncate',
  'truncate-concat',
  'concat',
  'garbage-between',
  'garbage-inside',
  'length-shorter',
  'length-longer',
  'length-huge',
  'header-overrun',
  'flip',
  'drop-bytes',
] as const;

export type DamageKind = (typeof GZIP_DAMAGE)[number];

/**
 * Plain archives: a Content-Length in a plain WARC is trusted while its end lies inside the file
 * (docs/security.md, "Archives"), so a length made longer, a header cut before its record's body
 * or bytes dropped inside a record take what their length covers, by design: the lies made are
 * past the end of the file.
 */
export const PLAIN_DAMAGE: readonly DamageKind[] = GZIP_DAMAGE.filter(
  (kind) => kind !== 'length-longer' && kind !== 'header-overrun' && kind !== 'drop-bytes',
);

/** Clean bytes, or damaged ones (`header`: a plain record's, whose Content-Length is read; `reach`: bytes they may take). */
type Piece =
  | { archive: CleanArchive; start: number; end: number }
  | { bytes: Uint8Array; reach?: number; header?: boolean };

export interface Damaged {
  kind: DamageKind;
  bytes: Buffer;
  /** What was done, to reproduce it. */
  description: string;
  /** Items that must be read, as comparable lines, in order. */
  expected: string[];
  /** [start, end) byte ranges of the damaged file where anything may be read. */
  windows: Array<[number, number]>;
  /** Clean records in the pieces, and how many of them the damage reaches (may be lost or changed). */
  records: number;
  damagedRecords: number;
}

export interface ReadOptions {
  maxRecordBytes: number;
  chunkSizes: readonly number[];
}

const integer = (next: () => number, min: number, max: number) => min + Math.floor(next() * (max - min + 1));

export async function readItems(bytes: Uint8Array, options: ReadOptions): Promise<ArchiveItem[]> {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let at = 0;
    for (let index = 0; at < bytes.length; index++) {
      const size = Math.max(1, options.chunkSizes[index % options.chunkSizes.length]);
      yield bytes.subarray(at, at + size);
      at += size;
    }
  }
  const items: ArchiveItem[] = [];
  for await (const item of readArchive(chunks(), { maxRecordBytes: options.maxRecordBytes }))
    items.push(item);
  return items;
}

/** An item as a line to compare, its offset moved by `shift`. */
export function itemKey(item: ArchiveItem, shift = 0): string {
  const page =
    item.kind === 'page'
      ? {
          status: item.status,
          truncated: item.truncated,
          contentType: item.contentType,
          id: item.id,
          date: item.date,
          body: createHash('sha1').update(item.body).digest('hex').slice(0, 16),
        }
      : { detail: item.detail };
  return JSON.stringify({
    what: item.kind === 'page' ? item.recordType : item.reason,
    offset: item.position.offset + shift,
    skip: item.position.skip,
    url: item.url,
    ...page,
  });
}

/**
 * Bytes without a record header are a report of damage, not a record: next to other damage their
 * stretch can merge (so its size changes), and they are left out of the comparison.
 */
function isFault(item: ArchiveItem): boolean {
  return item.kind === 'skip' && item.reason === 'corrupt';
}

/** The gzip members of a file (their starts, then its length); undefined when it is not all gzip. */
export function gzipMemberStarts(bytes: Uint8Array): number[] | undefined {
  const starts: number[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] !== 0x1f || bytes[at + 1] !== 0x8b || bytes[at + 2] !== 8) return undefined;
    const flags = bytes[at + 3];
    let header = at + 10;
    if (flags & 4) header += 2 + (bytes[header] | (bytes[header + 1] << 8));
    for (const flag of [8, 16]) if (flags & flag) header = bytes.indexOf(0, header) + 1;
    if (flags & 2) header += 2;
    let used: number;
    try {
      const { engine } = inflateRawSync(bytes.subarray(header), { info: true }) as unknown as {
        engine: { bytesWritten: number };
      };
      used = engine.bytesWritten;
    } catch {
      return undefined;
    }
    starts.push(at);
    at = header + used + 8;
  }
  starts.push(bytes.length);
  return starts;
}

/** Reads a clean archive and notes its records' extents (gzip per record or plain; not gzipped whole). */
export async function cleanArchive(
  name: string,
  bytes: Buffer,
  options: ReadOptions,
): Promise<CleanArchive | undefined> {
  const compressed = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const members = compressed ? gzipMemberStarts(bytes) : [0, bytes.length];
  if (!members || (compressed && members.length < 3)) return undefined;
  const items = await readItems(bytes, options);
  const records: CleanRecord[] = [];
  for (const item of items) {
    const last = records.at(-1);
    if (last && last.start === item.position.offset) last.items.push(item);
    else records.push({ start: item.position.offset, end: bytes.length, items: [item] });
  }
  for (const [index, record] of records.entries()) {
    if (index + 1 < records.length) record.end = records[index + 1].start;
    if (!compressed) Object.assign(record, plainHead(bytes.subarray(record.start, record.end)));
  }
  const format = /^(WARC\/|.*\r?\n?WARC\/)/.test(bytes.subarray(0, 64).toString('latin1')) ? 'warc' : 'arc';
  if (compressed) {
    const first = gunzipSync(bytes.subarray(members[0], members[1]));
    return {
      name,
      bytes,
      compressed,
      format: first.subarray(0, 5).toString() === 'WARC/' ? 'warc' : 'arc',
      members,
      records,
    };
  }
  return { name, bytes, compressed, format, members, records };
}

/** A plain record's header length and declared length (WARC: Content-Length; ARC: the line's last field). */
function plainHead(record: Uint8Array): { headLength?: number; length?: number } {
  const text = Buffer.from(record.buffer, record.byteOffset, Math.min(record.length, 65536)).toString(
    'latin1',
  );
  if (text.startsWith('WARC/')) {
    const end = text.indexOf('\r\n\r\n');
    const length = /\r\nContent-Length:\s*(\d+)/i.exec(text.slice(0, end));
    return end < 0 || !length ? {} : { headLength: end + 4, length: Number(length[1]) };
  }
  const line = text.indexOf('\n');
  const length = /\s(\d+)\s*$/.exec(text.slice(0, line));
  return line < 0 || !length ? {} : { headLength: line + 1, length: Number(length[1]) };
}

/** Replaces the record's Content-Length (the first one: the WARC header's). */
function withLength(record: Buffer, length: number): Buffer {
  const text = record.toString('latin1');
  return Buffer.from(text.replace(/Content-Length:\s*\d+/i, `Content-Length: ${length}`), 'latin1');
}

function garbage(next: () => number, compressed: boolean): Buffer {
  const length = integer(next, 1, 3000);
  const shape = next();
  if (shape < 0.4) return Buffer.from(Array.from({ length }, () => integer(next, 0, 255)));
  if (shape < 0.7 || !compressed) {
    const words = [
      'lorem',
      'ipsum',
      'dolor',
      'Wiki',
      'HTTP/1.1 200 OK',
      'Content-Length: 99',
      '\r\n',
      '\n',
      '<p>',
    ];
    return Buffer.from(
      Array.from({ length: Math.ceil(length / 6) }, () => words[integer(next, 0, words.length - 1)]).join(
        ' ',
      ),
    );
  }
  // A gzip header followed by bytes that are not deflate data, or a small member of junk.
  return shape < 0.85
    ? Buffer.concat([
        Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]),
        Buffer.from(Array.from({ length }, () => integer(next, 0, 255))),
      ])
    : gzipSync(Buffer.from(`not a record ${length}\r\n\r\n`));
}

/**
 * One damaged copy of `archive` (`other`: the archive appended for concatenations). `limit` is the
 * reader's maxRecordBytes, which bounds what a damaged plain record may take.
 */
export function damage(
  archive: CleanArchive,
  other: CleanArchive,
  kind: DamageKind,
  seed: number,
  limit: number,
): Damaged {
  const next = seededRandom(seed);
  const { bytes } = archive;
  const whole = (from: CleanArchive): Piece => ({ archive: from, start: 0, end: from.bytes.length });
  const slice = (start: number, end: number): Piece => ({ archive, start, end });
  // The unit damaged: a gzip member, or a plain record.
  const units = archive.compressed
    ? archive.members
    : [...archive.records.map((record) => record.start), bytes.length];
  const unit = integer(next, 0, units.length - 2);
  const [unitStart, unitEnd] = [units[unit], units[unit + 1]];
  const content = archive.compressed
    ? gunzipSync(bytes.subarray(unitStart, unitEnd))
    : bytes.subarray(unitStart, unitEnd);
  const rewrite = (record: Buffer): Piece => ({
    bytes: archive.compressed ? gzipSync(record) : record,
    header: !archive.compressed,
  });
  let pieces: Piece[];
  let description: string;
  switch (kind) {
    case 'truncate': {
      const cut = integer(next, 0, bytes.length - 1);
      pieces = [slice(0, cut)];
      description = `cut at ${cut}`;
      break;
    }
    case 'truncate-concat': {
      const cut = integer(next, 1, bytes.length - 1);
      pieces = [slice(0, cut), whole(other)];
      description = `cut at ${cut}, then ${other.name}`;
      break;
    }
    case 'concat':
      pieces = [whole(archive), whole(other)];
      description = `then ${other.name}`;
      break;
    case 'garbage-between':
    case 'garbage-inside': {
      const at = kind === 'garbage-between' ? unitStart : integer(next, 1, bytes.length - 1);
      const junk = garbage(next, archive.compressed);
      // ARC has no mark to find a header by: a header line that garbage runs into is lost with it.
      const reach = archive.format === 'arc' && !archive.compressed ? junk.length + 1 : undefined;
      pieces = [slice(0, at), { bytes: junk, ...(reach ? { reach } : {}) }, slice(at, bytes.length)];
      description = `${junk.length} bytes of garbage at ${at}`;
      break;
    }
    case 'length-shorter':
    case 'length-longer':
    case 'length-huge': {
      const declared = /Content-Length:\s*(\d+)/i.exec(content.subarray(0, 65536).toString('latin1'));
      const length = Number(declared?.[1] ?? 0);
      const lie =
        kind === 'length-shorter'
          ? integer(next, 0, Math.max(0, length - 1))
          : kind === 'length-longer'
            ? length + integer(next, 1, 20000)
            : [50_000_000, 2 ** 40, bytes.length * 4 + limit][integer(next, 0, 2)];
      pieces = [
        slice(0, unitStart),
        rewrite(withLength(Buffer.from(content), lie)),
        slice(unitEnd, bytes.length),
      ];
      description = `unit at ${unitStart}: Content-Length ${length} -> ${lie}`;
      break;
    }
    case 'header-overrun': {
      const headEnd = content.indexOf('\r\n\r\n');
      const cut = integer(next, 1, Math.max(1, headEnd < 0 ? content.length - 1 : headEnd + 2));
      pieces = [
        slice(0, unitStart),
        rewrite(Buffer.from(content.subarray(0, cut))),
        slice(unitEnd, bytes.length),
      ];
      description = `unit at ${unitStart}: header cut at ${cut}`;
      break;
    }
    case 'flip': {
      // Plain: in a body only (a flipped header digit is a length lie inside the file, which a plain
      // archive cannot tell from the truth).
      const record = archive.records.find((entry) => entry.start === unitStart);
      const from = archive.compressed ? 0 : (record?.headLength ?? unitEnd - unitStart);
      const to = archive.compressed
        ? unitEnd - unitStart
        : Math.min(unitEnd - unitStart, from + (record?.length ?? 0));
      const copy = Buffer.from(bytes.subarray(unitStart, unitEnd));
      const flips = to > from ? integer(next, 1, 3) : 0;
      for (let index = 0; index < flips; index++) copy[integer(next, from, to - 1)] ^= integer(next, 1, 255);
      pieces = [slice(0, unitStart), { bytes: copy }, slice(unitEnd, bytes.length)];
      description = `unit at ${unitStart}: ${flips} bytes flipped`;
      break;
    }
    case 'drop-bytes': {
      const from = integer(next, unitStart, unitEnd - 1);
      const to = integer(next, from + 1, unitEnd);
      pieces = [slice(0, from), slice(to, bytes.length)];
      description = `bytes ${from}-${to} dropped`;
      break;
    }
  }
  return { kind, description: `${archive.name}: ${kind}, ${description}`, ...expectations(pieces, limit) };
}

/** The damaged file, the items it must still give, and the windows where anything may be read. */
function expectations(pieces: readonly Piece[], limit: number): Omit<Damaged, 'kind' | 'description'> {
  const parts: Uint8Array[] = [];
  const windows: Array<[number, number]> = [];
  const kept: Array<{ start: number; end: number; keys: string[] }> = [];
  /** Plain records whose Content-Length is read where they start (in the damaged file). */
  const heads: Array<{ start: number; format: 'warc' | 'arc' }> = [];
  let position = 0;
  let records = 0;
  for (const piece of pieces) {
    if (!('archive' in piece)) {
      parts.push(piece.bytes);
      windows.push([position, position + Math.max(piece.bytes.length, piece.reach ?? 0)]);
      if (piece.header) heads.push({ start: position, format: 'warc' });
      position += piece.bytes.length;
      continue;
    }
    const { archive, start, end } = piece;
    parts.push(archive.bytes.subarray(start, end));
    const shift = position - start;
    for (const record of archive.records) {
      if (record.end <= start || record.start >= end) continue;
      records++;
      const whole = record.start >= start && record.end <= end;
      const keys = record.items.filter((item) => !isFault(item)).map((item) => itemKey(item, shift));
      if (whole) kept.push({ start: record.start + shift, end: record.end + shift, keys });
      else windows.push([Math.max(record.start, start) + shift, Math.min(record.end, end) + shift]);
      if (!archive.compressed && record.start >= start)
        heads.push({ start: record.start + shift, format: archive.format });
    }
    position += end - start;
  }
  const bytes = Buffer.concat(parts);
  // What a plain record's header lets it take: up to its declared end (a WARC record over the
  // limit: up to the next line starting with WARC/1. past the limit, if that comes first). A
  // record that takes more than its own bytes damages what it takes.
  for (const { start, format } of heads) {
    const head = plainHead(bytes.subarray(start));
    if (head.headLength === undefined || head.length === undefined) continue;
    const bodyStart = start + head.headLength;
    let end = bodyStart + head.length + 4;
    if (format === 'warc' && head.length > limit)
      end = Math.min(end, nextHeaderLine(bytes, bodyStart + limit));
    const own = kept.find((record) => record.start === start);
    if (own && end <= own.end) continue;
    windows.push([start, end]);
  }
  // A record that a window reaches into is damaged too.
  for (let changed = true; changed; ) {
    changed = false;
    for (let index = kept.length - 1; index >= 0; index--) {
      const record = kept[index];
      if (!windows.some(([start, end]) => start < record.end && end > record.start)) continue;
      windows.push([record.start, record.end]);
      kept.splice(index, 1);
      changed = true;
    }
  }
  return {
    bytes,
    expected: kept.flatMap((record) => record.keys),
    windows,
    records,
    damagedRecords: records - kept.length,
  };
}

/** The first line at or after `from` (which counts as a line's start) that starts with WARC/1., or the end. */
function nextHeaderLine(bytes: Buffer, from: number): number {
  if (bytes.subarray(from, from + 7).toString('latin1') === 'WARC/1.') return from;
  const found = bytes.indexOf('\nWARC/1.', from);
  return found < 0 ? bytes.length : found + 1;
}

/** The items outside the windows against the expected ones: what is missing, changed or extra (empty when none). */
export function violations(damaged: Damaged, items: readonly ArchiveItem[]): string[] {
  const windowOf = (offset: number) =>
    damaged.windows.find(([start, end]) => offset >= start && offset < end);
  const records = items.filter((item) => !isFault(item));
  const readOutside = new Set(
    records.filter((item) => !windowOf(item.position.offset)).map((item) => itemKey(item)),
  );
  const expected = new Set(damaged.expected);
  const outside: string[] = [];
  for (const item of records) {
    const window = windowOf(item.position.offset);
    if (!window) {
      outside.push(itemKey(item));
      continue;
    }
    // A record read from inside the damage that is the first clean record after it, and not read
    // there: a gzip header cut before its name or comment ends takes the next member's header into
    // that field, and the two make one valid member holding the next record (CRC and all), read at
    // the cut member's offset. The record is read whole; only its offset is the damaged member's.
    const atEnd = itemKey(item, window[1] - item.position.offset);
    if (expected.has(atEnd) && !readOutside.has(atEnd)) outside.push(atEnd);
  }
  const found: string[] = [];
  let at = 0;
  for (const key of outside) {
    const match = damaged.expected.indexOf(key, at);
    if (match < 0) {
      found.push(`unexpected ${key}`);
      continue;
    }
    for (const lost of damaged.expected.slice(at, match)) found.push(`lost ${lost}`);
    at = match + 1;
  }
  for (const key of damaged.expected.slice(at)) found.push(`lost ${key}`);
  return found;
}
