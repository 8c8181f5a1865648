/**
 * Gzip members, one at a time, with their offsets in the file: Common Crawl writes one member per
 * record, so the offset of a member is the offset a reader seeks to (what its index gives). A
 * whole-file gzip is one member; nothing here needs a member to be small.
 *
 * A member that lies whole in the bytes at hand (a record of a Common Crawl file: tens of kB) is
 * inflated in one synchronous call (native zlib, which reports how much input it used); a larger
 * one, or one that does not inflate cleanly, is streamed through a raw-inflate fed whole chunks:
 * zlib stops at the end of the deflate data, the rest goes back to the reader. The one-call path
 * spares a stream, its buffers and a thread-pool round trip per record: on a Common Crawl–style
 * archive it is most of the reading cost (docs/decisions.md).
 *
 * Every member is checked against its trailer (CRC-32 and size): a flipped byte that still
 * inflates is caught, and a member whose deflate data ran on into the next members (a member cut
 * short, or damaged so that its end is lost) does not swallow them. A member that is corrupt or
 * cut is reported, and reading looks for the next gzip header from the start of that member's
 * data (not from where zlib failed, which can be past the next member's start).
 */
import { crc32, createInflateRaw, type InflateRaw, inflateRawSync } from 'node:zlib';
import type { ByteReader } from './bytes.js';

/** Decompressed bytes: `at` is their offset within the member that starts at `member` in the file. */
export interface Segment {
  bytes: Uint8Array;
  member: number;
  at: number;
}

/**
 * The end of a member, a record boundary: `complete` when it inflated whole and matched its
 * trailer, `cut` when the file ends inside it, `corrupt` when it cannot be read (its bytes that
 * came out before the failure cannot be trusted).
 */
export interface MemberEnd {
  end: true;
  member: number;
  outcome: 'complete' | 'cut' | 'corrupt';
}

/** Bytes that could not be read as gzip, and why. */
export interface GzipFault {
  fault: 'corrupt' | 'truncated';
  offset: number;
  message: string;
}

export type GzipEvent = Segment | MemberEnd | GzipFault;

const MAX_HEADER_BYTES = 64 * 1024;
/** The one-call path looks this far past the bytes at hand for the end of a member. */
const WHOLE_MEMBER_LOOKAHEAD = 256 * 1024;
/** Members that inflate to more than this are streamed (bounded memory whatever the member). */
const WHOLE_MEMBER_MAX_OUTPUT = 8 * 1024 * 1024;
/**
 * A streamed member's compressed bytes are kept up to this much, so that a member found corrupt
 * can be searched for the next member from its start; past it, from where it failed.
 */
const REWIND_MAX_BYTES = 4 * 1024 * 1024;
const FLAG_HCRC = 2;
const FLAG_EXTRA = 4;
const FLAG_NAME = 8;
const FLAG_COMMENT = 16;

/** True for the gzip magic followed by the deflate method. */
export function startsGzip(bytes: Uint8Array, at = 0): boolean {
  return bytes.length >= at + 3 && bytes[at] === 0x1f && bytes[at + 1] === 0x8b && bytes[at + 2] === 8;
}

/** Length of the gzip header at the start of `bytes`, or undefined when it is incomplete or invalid. */
function headerLength(bytes: Uint8Array): number | undefined {
  if (bytes.length < 10 || !startsGzip(bytes)) return undefined;
  const flags = bytes[3];
  let at = 10;
  if (flags & FLAG_EXTRA) {
    if (bytes.length < at + 2) return undefined;
    at += 2 + (bytes[at] | (bytes[at + 1] << 8));
  }
  for (const flag of [FLAG_NAME, FLAG_COMMENT]) {
    if (!(flags & flag)) continue;
    const zero = bytes.indexOf(0, at);
    if (zero < 0) return undefined;
    at = zero + 1;
  }
  if (flags & FLAG_HCRC) at += 2;
  return at <= bytes.length ? at : undefined;
}

/**
 * Reads gzip members from `reader` until the end of the stream. `reader.position` must be the
 * offset of a member (or of bytes that are not gzip, reported as a fault up to the next member).
 */
export async function* gunzipMembers(reader: ByteReader): AsyncGenerator<GzipEvent> {
  for (;;) {
    const head = await reader.peek(MAX_HEADER_BYTES);
    if (head.length === 0) return;
    const member = reader.position;
    const length = headerLength(head);
    if (length === undefined) {
      // Not gzip, or a header that does not end in the bytes left: cut off by the end of the file
      // when no member follows (a damaged flag byte can also claim a header longer than the rest).
      const skipped = await skipToNextMember(reader, 1);
      const cut = startsGzip(head) && (await reader.peek(1)).length === 0;
      yield cut
        ? { fault: 'truncated', offset: member, message: `gzip header cut off at offset ${member}` }
        : {
            fault: 'corrupt',
            offset: member,
            message: `${skipped} bytes that are not gzip at offset ${member}`,
          };
      continue;
    }
    await reader.skip(length);
    const whole = await inflateWholeMember(reader);
    if (whole?.kind === 'ok') {
      if (whole.bytes.length > 0) yield { bytes: whole.bytes, member, at: 0 };
      yield { end: true, member, outcome: 'complete' };
      continue;
    }
    if (whole?.kind === 'corrupt') {
      // Nothing of it was given out. The search starts at its second byte: a damaged flag byte
      // can make the header look longer than it is, past the next member's start.
      yield { end: true, member, outcome: 'corrupt' };
      yield {
        fault: 'corrupt',
        offset: member,
        message: `gzip member at offset ${member}: ${whole.message}`,
      };
      reader.unread(head.subarray(1, length));
      await skipToNextMember(reader, 0);
      continue;
    }
    const outcome = yield* inflateMember(reader, member);
    if (outcome.kind === 'ok') {
      yield { end: true, member, outcome: 'complete' };
      continue;
    }
    if (outcome.kind === 'no-trailer') {
      // The deflate data ended (it says so itself) and the file ends before its trailer.
      yield { end: true, member, outcome: 'complete' };
      yield { fault: 'truncated', offset: member, message: `gzip member at offset ${member} has no trailer` };
      return;
    }
    yield { end: true, member, outcome: outcome.kind === 'truncated' ? 'cut' : 'corrupt' };
    yield outcome.kind === 'truncated'
      ? { fault: 'truncated', offset: member, message: `gzip member at offset ${member} is cut off` }
      : { fault: 'corrupt', offset: member, message: `gzip member at offset ${member}: ${outcome.message}` };
    // The reader is back at the member's data (or where it failed, past REWIND_MAX_BYTES): a
    // member that seemed to run to the end of the file may have run over the next ones.
    if (outcome.rewound) reader.unread(head.subarray(1, length));
    await skipToNextMember(reader, 0);
  }
}

/**
 * Inflates the member at the reader's position in one call when its deflate data and trailer lie
 * in the bytes at hand (or a little past them); the reader is then left after the trailer.
 * `corrupt` when its deflate data is invalid or does not match its trailer (the reader untouched:
 * at its data). Undefined (the reader untouched) when the member is larger or cut off: the
 * streaming path takes it, and reports what it finds.
 */
async function inflateWholeMember(
  reader: ByteReader,
): Promise<{ kind: 'ok'; bytes: Uint8Array } | { kind: 'corrupt'; message: string } | undefined> {
  let available = await reader.peekChunk();
  if (available === undefined) return undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const inflated = inflateIfWhole(available);
    if (inflated?.kind === 'ok') {
      await reader.skip(inflated.used + 8);
      return { kind: 'ok', bytes: inflated.bytes };
    }
    if (inflated?.kind === 'corrupt') return inflated;
    if (attempt === 0) {
      const more = await reader.peek(available.length + WHOLE_MEMBER_LOOKAHEAD);
      if (more.length === available.length) return undefined;
      available = more;
    }
  }
  return undefined;
}

function inflateIfWhole(
  bytes: Uint8Array,
): { kind: 'ok'; bytes: Uint8Array; used: number } | { kind: 'corrupt'; message: string } | undefined {
  let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    inflated = inflateRawSync(bytes, {
      info: true,
      maxOutputLength: WHOLE_MEMBER_MAX_OUTPUT,
      chunkSize: 64 * 1024,
    }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
  } catch (error) {
    // Invalid data is corrupt wherever the member ends; cut off by the end of the bytes at hand,
    // or too large: the streaming path decides.
    const code = (error as { code?: unknown }).code;
    return code === 'Z_DATA_ERROR' ? { kind: 'corrupt', message: (error as Error).message } : undefined;
  }
  const { buffer } = inflated;
  const used = inflated.engine.bytesWritten;
  // The 8-byte trailer must be at hand too, or the member is not whole here.
  if (used + 8 > bytes.length) return undefined;
  const mismatch = trailerMismatch(bytes.subarray(used, used + 8), crc32(buffer), buffer.length);
  return mismatch ? { kind: 'corrupt', message: mismatch } : { kind: 'ok', bytes: buffer, used };
}

/** Why a member's trailer does not match what it inflated to (undefined when it does). */
function trailerMismatch(trailer: Uint8Array, crc: number, size: number): string | undefined {
  const view = Buffer.from(trailer.buffer, trailer.byteOffset, 8);
  if (view.readUInt32LE(0) !== crc >>> 0) return 'CRC-32 does not match the data';
  // ISIZE is the size modulo 2^32.
  if (view.readUInt32LE(4) !== size % 2 ** 32) return 'size does not match the data';
  return undefined;
}

type InflateOutcome =
  | { kind: 'ok' }
  | { kind: 'no-trailer' }
  | { kind: 'truncated'; rewound: boolean }
  | { kind: 'corrupt'; message: string; rewound: boolean };

/**
 * Streams one member's deflate data and checks its trailer. `ok` leaves the reader after the
 * trailer; `truncated` and `corrupt` leave it back at the member's data when the member's bytes
 * read so far are within REWIND_MAX_BYTES (else at the last chunk read).
 */
async function* inflateMember(reader: ByteReader, member: number): AsyncGenerator<Segment, InflateOutcome> {
  const inflater = createInflateRaw({ chunkSize: 128 * 1024 });
  const output: Uint8Array[] = [];
  let failure: Error | undefined;
  inflater.on('data', (bytes: Uint8Array) => output.push(bytes));
  inflater.on('error', (error: Error) => {
    failure = error;
  });
  const finished = new Promise<void>((resolve) => inflater.once('end', resolve));
  /** The chunks fed, while they are few enough to give back. */
  let fedChunks: Uint8Array[] | undefined = [];
  let at = 0;
  let fed = 0;
  let crc = 0;
  /** Gives back what was fed (the part of the last chunk zlib used: `lastUsed`); true when all of it. */
  const rewind = (lastUsed?: Uint8Array): boolean => {
    if (lastUsed) reader.unread(lastUsed);
    for (let index = (fedChunks?.length ?? 0) - 1; index >= 0; index--)
      reader.unread((fedChunks ?? [])[index]);
    return fedChunks !== undefined;
  };
  try {
    for (;;) {
      const chunk = await reader.next();
      if (chunk === undefined) {
        return { kind: 'truncated', rewound: rewind() };
      }
      await feed(inflater, chunk);
      fed += chunk.length;
      for (const bytes of output.splice(0)) {
        crc = crc32(bytes, crc);
        yield { bytes, member, at };
        at += bytes.length;
      }
      if (failure) {
        return { kind: 'corrupt', message: failure.message, rewound: rewind(chunk) };
      }
      // zlib stops at the end of the deflate data: input it did not use belongs to the trailer
      // and the next member. (Ending exactly at a chunk's end shows on the next chunk: unused.)
      const unused = fed - inflater.bytesWritten;
      if (unused > 0) {
        reader.unread(chunk.subarray(chunk.length - unused));
        await finished;
        for (const bytes of output.splice(0)) {
          crc = crc32(bytes, crc);
          yield { bytes, member, at };
          at += bytes.length;
        }
        const trailer = await reader.peek(8);
        if (trailer.length < 8) {
          await reader.skip(trailer.length);
          return { kind: 'no-trailer' };
        }
        const mismatch = trailerMismatch(trailer, crc, at);
        if (mismatch)
          return {
            kind: 'corrupt',
            message: mismatch,
            rewound: rewind(chunk.subarray(0, chunk.length - unused)),
          };
        await reader.skip(8);
        return { kind: 'ok' };
      }
      fedChunks?.push(chunk);
      if (fed > REWIND_MAX_BYTES) fedChunks = undefined;
    }
  } finally {
    inflater.destroy();
  }
}

/** Writes one chunk and waits until zlib has processed it, or failed (then the write callback may never come). */
function feed(inflater: InflateRaw, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      inflater.off('error', done);
      inflater.off('close', done);
      resolve();
    };
    inflater.once('error', done);
    inflater.once('close', done);
    inflater.write(chunk, () => done());
  });
}

/** Drops bytes up to the next gzip magic at least `from` bytes ahead; returns how many were dropped. */
async function skipToNextMember(reader: ByteReader, from: number): Promise<number> {
  let dropped = await reader.skip(from);
  for (;;) {
    const chunk = await reader.next();
    if (chunk === undefined) return dropped;
    let found = -1;
    for (let index = chunk.indexOf(0x1f); index >= 0; index = chunk.indexOf(0x1f, index + 1)) {
      if (index + 2 >= chunk.length) {
        // The magic may straddle chunks: look again with the next bytes joined.
        found = index;
        break;
      }
      if (startsGzip(chunk, index)) {
        found = index;
        break;
      }
    }
    if (found < 0) {
      dropped += chunk.length;
      continue;
    }
    reader.unread(chunk.subarray(found));
    dropped += found;
    const head = await reader.peek(3);
    if (startsGzip(head) || head.length < 3) return dropped;
    dropped += await reader.skip(1);
  }
}
