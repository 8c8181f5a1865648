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
 * archive it is most of the reading cost (docs/decisions.md). A corrupt member is reported and
 * skipped: reading resumes at the next gzip header.
 */
import { createInflateRaw, type InflateRaw, inflateRawSync } from 'node:zlib';
import type { ByteReader } from './bytes.js';

/** Decompressed bytes: `at` is their offset within the member that starts at `member` in the file. */
export interface Segment {
  bytes: Uint8Array;
  member: number;
  at: number;
}

/** The end of a member: `complete` is false when it was cut short or corrupt (its last record is lost). */
export interface MemberEnd {
  end: true;
  member: number;
  complete: boolean;
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
      if (
        startsGzip(head) &&
        head.length < MAX_HEADER_BYTES &&
        head.length === (await reader.peek(MAX_HEADER_BYTES)).length
      ) {
        // A header cut off by the end of the file.
        await reader.skip(head.length);
        yield { fault: 'truncated', offset: member, message: `gzip header cut off at offset ${member}` };
        return;
      }
      const skipped = await skipToNextMember(reader, 1);
      yield {
        fault: 'corrupt',
        offset: member,
        message: `${skipped} bytes that are not gzip at offset ${member}`,
      };
      continue;
    }
    await reader.skip(length);
    const whole = await inflateWholeMember(reader);
    if (whole) {
      if (whole.length > 0) yield { bytes: whole, member, at: 0 };
      yield { end: true, member, complete: true };
      continue;
    }
    const outcome = yield* inflateMember(reader, member);
    if (outcome.kind === 'ok') {
      // The trailer: CRC-32 and size; a short one is the end of a truncated file.
      const trailer = await reader.skip(8);
      yield { end: true, member, complete: true };
      if (trailer < 8) {
        yield {
          fault: 'truncated',
          offset: member,
          message: `gzip member at offset ${member} has no trailer`,
        };
        return;
      }
      continue;
    }
    yield { end: true, member, complete: false };
    if (outcome.kind === 'truncated') {
      yield { fault: 'truncated', offset: member, message: `gzip member at offset ${member} is cut off` };
      return;
    }
    // Corrupt deflate data: look for the next member after this one's header.
    yield {
      fault: 'corrupt',
      offset: member,
      message: `gzip member at offset ${member}: ${outcome.message}`,
    };
    await skipToNextMember(reader, 0);
  }
}

/**
 * Inflates the member at the reader's position in one call when its deflate data and trailer lie
 * in the bytes at hand (or a little past them); the reader is then left after the trailer.
 * Undefined (the reader untouched) when the member is larger, cut off or corrupt: the streaming
 * path takes it, and reports what it finds.
 */
async function inflateWholeMember(reader: ByteReader): Promise<Uint8Array | undefined> {
  let available = await reader.peekChunk();
  if (available === undefined) return undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const inflated = inflateIfWhole(available);
    if (inflated) {
      await reader.skip(inflated.used + 8);
      return inflated.bytes;
    }
    if (attempt === 0) {
      const more = await reader.peek(available.length + WHOLE_MEMBER_LOOKAHEAD);
      if (more.length === available.length) return undefined;
      available = more;
    }
  }
  return undefined;
}

function inflateIfWhole(bytes: Uint8Array): { bytes: Uint8Array; used: number } | undefined {
  try {
    const { buffer, engine } = inflateRawSync(bytes, {
      info: true,
      maxOutputLength: WHOLE_MEMBER_MAX_OUTPUT,
      chunkSize: 64 * 1024,
    }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    const used = engine.bytesWritten;
    // The 8-byte trailer must be at hand too, or the member is not whole here.
    return used + 8 <= bytes.length ? { bytes: buffer, used } : undefined;
  } catch {
    // Cut off by the end of the bytes at hand, too large, or corrupt: the streaming path decides.
    return undefined;
  }
}

type InflateOutcome = { kind: 'ok' } | { kind: 'truncated' } | { kind: 'corrupt'; message: string };

/** Streams one member's deflate data; the reader is left at its trailer (or where zlib failed). */
async function* inflateMember(reader: ByteReader, member: number): AsyncGenerator<Segment, InflateOutcome> {
  const inflater = createInflateRaw({ chunkSize: 128 * 1024 });
  const output: Uint8Array[] = [];
  let failure: Error | undefined;
  inflater.on('data', (bytes: Uint8Array) => output.push(bytes));
  inflater.on('error', (error: Error) => {
    failure = error;
  });
  const finished = new Promise<void>((resolve) => inflater.once('end', resolve));
  let at = 0;
  let fed = 0;
  try {
    for (;;) {
      const chunk = await reader.next();
      if (chunk === undefined) {
        for (const bytes of output.splice(0)) {
          yield { bytes, member, at };
          at += bytes.length;
        }
        return { kind: 'truncated' };
      }
      await feed(inflater, chunk);
      fed += chunk.length;
      for (const bytes of output.splice(0)) {
        yield { bytes, member, at };
        at += bytes.length;
      }
      if (failure) {
        reader.unread(chunk);
        return { kind: 'corrupt', message: failure.message };
      }
      // zlib stops at the end of the deflate data: input it did not use belongs to the trailer
      // and the next member. (Ending exactly at a chunk's end shows on the next chunk: unused.)
      const unused = fed - inflater.bytesWritten;
      if (unused > 0) {
        reader.unread(chunk.subarray(chunk.length - unused));
        await finished;
        for (const bytes of output.splice(0)) {
          yield { bytes, member, at };
          at += bytes.length;
        }
        return { kind: 'ok' };
      }
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
