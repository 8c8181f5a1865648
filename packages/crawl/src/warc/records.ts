/**
 * WARC (1.0, 1.1) and ARC (v1, v2) records from decompressed bytes, pushed in pieces of any size:
 * the parser never needs more than one record's header and (when kept) one body in memory, and a
 * body it does not keep is only counted through.
 *
 * Framing errors (a header that is neither WARC nor ARC, a bad Content-Length) are counted and
 * skipped line by line until a header parses again, so one bad record costs itself, not the file;
 * a run of bad lines is one fault. In a gzipped archive the end of a member is a record boundary
 * too (as warcio reads them): a record still open there is cut when the next member starts a
 * record, so a Content-Length or a header that runs past its member costs that member alone. (It
 * goes on into a next member that does not start with `WARC/`: some writers split a record over
 * members, as warcio's example-wrong-chunks.warc.gz does; members are the writer's, never a page's.)
 */

/** Where a record starts: seek to `offset`, decompress when gzipped, skip `skip` bytes. */
export interface RecordPosition {
  /** The file offset of the gzip member the record starts in (of the record itself when not gzipped). */
  offset: number;
  /** Decompressed bytes before the record within that member (0 for one member per record). */
  skip: number;
}

/** Why a record holds fewer bytes than its Content-Length says. */
export type RecordCut =
  /** The archive ends inside it. */
  | 'end-of-archive'
  /** Its gzip member ends inside it: the member is whole, so the length was wrong. */
  | 'end-of-member'
  /** A plain WARC record over the size limit whose end could not be checked: the next record's header came first. */
  | 'next-record';

export interface ArchiveRecord {
  format: 'warc' | 'arc';
  /** WARC-Type, lower-cased (`response`, `resource`, `request`…); ARC: `response`, or `filedesc` for its header record. */
  type: string;
  url?: string;
  /** ISO 8601. */
  date?: string;
  /** WARC-Record-ID (ARC records have none). */
  id?: string;
  /** The record's Content-Type (for ARC, the archived document's). */
  contentType?: string;
  /** The WARC header fields, names lower-cased (ARC: none). */
  headers: ReadonlyMap<string, string>;
  position: RecordPosition;
  /** Content-Length of the record block. */
  length: number;
  /** The block, when kept (see `RecordParserOptions.keepBody`) and not over the size limit. */
  body?: Uint8Array;
  /** The block is larger than the limit and was not kept. */
  tooLarge: boolean;
  /** Why the block is shorter than its Content-Length (undefined: it is whole). */
  truncated?: RecordCut;
}

export interface RecordParserOptions {
  /** Bodies larger than this are counted through, not kept. */
  maxBodyBytes: number;
  /** Whether bytes come out of gzip members (positions are then member offset + skip). */
  compressed: boolean;
  /** A plain archive's end (its file size) when known: a stream's is not. */
  inputEnd?: number;
  /** Whether to keep the body of this record (headers known, body not yet read). */
  keepBody(record: ArchiveRecord): boolean;
}

/** Bytes skipped because no record header could be read there; `cut`: a header cut off by the end of its member or of the archive. */
export interface FramingFault {
  position: RecordPosition;
  bytes: number;
  cut: boolean;
}

export type ParsedItem = { kind: 'record'; record: ArchiveRecord } | { kind: 'fault'; fault: FramingFault };

const MAX_HEAD_BYTES = 64 * 1024;
/** A WARC header's first line is `WARC/1.0` or `WARC/1.1` and its line break: a longer one is not. */
const MAX_VERSION_LINE_BYTES = 32;
const CR = 0x0d;
const LF = 0x0a;
const W = 0x57;
const WARC_MAGIC = Buffer.from('WARC/');
/** What a hunt for the next record looks for at the start of a line. */
const HUNT_MAGIC = Buffer.from('WARC/1.');
const VERSION_LINE = /^WARC\/\d+\.\d+[ \t\r]*\n?$/;

type State = 'gap' | 'version' | 'head' | 'body' | 'hunt' | 'resync';

export class RecordParser {
  readonly #options: RecordParserOptions;
  #state: State = 'gap';
  #head: Uint8Array[] = [];
  #headBytes = 0;
  #record: ArchiveRecord | undefined;
  #remaining = 0;
  #filled = 0;
  /** The body's declared end cannot be trusted: once `#remaining` is read, hunt for the next header. */
  #hunt = false;
  /** Hunting: how much of HUNT_MAGIC the current line starts with (-1: past a line's start). */
  #matched = 0;
  #matchPosition: RecordPosition | undefined;
  #fault: FramingFault | undefined;
  /** The file's format, from its first record: in a WARC file a line that is not `WARC/…` is no header. */
  #format: 'warc' | 'arc' | undefined;
  /** ARC version from the file's header record (v1 lines have 5 fields, v2 lines 10). */
  #arcVersion = 1;
  /** A member ended inside a record: the next member's first bytes, until they tell whether it starts a record. */
  #held: { bytes: Uint8Array; member: number; at: number } | undefined;
  /** Records and faults, in file order. */
  readonly items: ParsedItem[] = [];

  constructor(options: RecordParserOptions) {
    this.#options = options;
  }

  /** Parses `bytes`, which sit at offset `at` of the member starting at `member` (for plain files: `at` is the file offset). */
  push(bytes: Uint8Array, member: number, at: number): void {
    if (this.#held) {
      const held = this.#held;
      if (held.bytes.length === 0) Object.assign(held, { bytes, member, at });
      else held.bytes = Buffer.concat([held.bytes, bytes]);
      const startsRecord = startsWarcRecord(held.bytes);
      if (startsRecord !== undefined) this.#release(startsRecord);
      return;
    }
    let index = 0;
    while (index < bytes.length) {
      if (this.#state === 'gap') index = this.#gap(bytes, index, member, at);
      else if (this.#state === 'version') index = this.#readVersion(bytes, index);
      else if (this.#state === 'head') index = this.#readHead(bytes, index);
      else if (this.#state === 'body') index = this.#readBody(bytes, index);
      else if (this.#state === 'hunt') index = this.#huntHeader(bytes, index, member, at);
      else index = this.#resync(bytes, index, member, at);
    }
  }

  /**
   * A gzip member ended: a record boundary. A record still open is cut there; when the member is
   * corrupt it is dropped instead (its bytes cannot be trusted; the member's fault stands for it).
   */
  memberEnd(outcome: 'complete' | 'cut' | 'corrupt'): void {
    // The member before this one ended inside a record, and this one was too short to tell.
    if (this.#held) this.#release(true);
    // Only a WARC record may go on (an ARC header line has no mark to tell a next record by).
    const openWarc =
      (this.#state === 'body' && this.#record?.format === 'warc') ||
      this.#state === 'version' ||
      (this.#state === 'head' && this.#head[0]?.[0] === W);
    if (outcome === 'complete' && openWarc) {
      this.#closeFault();
      this.#held = { bytes: new Uint8Array(0), member: -1, at: 0 };
      return;
    }
    if (outcome === 'corrupt') {
      this.#fault = undefined;
      this.#reset();
    } else this.#cut(outcome === 'cut' ? 'end-of-archive' : 'end-of-member');
    this.#closeFault();
  }

  /** The end of the archive: a record still open is truncated. */
  finish(): void {
    if (this.#held) this.#release(true);
    this.#cut('end-of-archive');
    this.#closeFault();
  }

  /** The next member's first bytes told: the record open at the last member's end is cut there, or goes on. */
  #release(startsRecord: boolean): void {
    const held = this.#held as { bytes: Uint8Array; member: number; at: number };
    this.#held = undefined;
    if (startsRecord) this.#cut('end-of-member');
    if (held.bytes.length > 0) this.push(held.bytes, held.member, held.at);
  }

  #cut(by: RecordCut): void {
    const record = this.#record;
    if (record && (this.#state === 'body' || this.#state === 'hunt')) {
      if (this.#state === 'hunt') this.#filled += Math.max(0, this.#matched);
      if (this.#filled < record.length) record.truncated = by;
      if (record.body) record.body = record.body.subarray(0, this.#filled);
      this.items.push({ kind: 'record', record });
    } else if (record && (this.#state === 'head' || this.#state === 'version')) {
      // A header cut off (`WARC/…`, or any line of an ARC file), or bytes that were none.
      const started = Buffer.concat(this.#head, this.#headBytes).subarray(0, WARC_MAGIC.length);
      if (this.#headBytes > 0 && (this.#format === 'arc' || startsWith(WARC_MAGIC, started))) {
        this.#closeFault();
        this.items.push({
          kind: 'fault',
          fault: { position: record.position, bytes: this.#headBytes, cut: true },
        });
      } else this.#addFault(record.position, this.#headBytes);
    }
    this.#reset();
  }

  #reset(): void {
    this.#record = undefined;
    this.#head = [];
    this.#headBytes = 0;
    this.#hunt = false;
    this.#state = 'gap';
  }

  #position(member: number, at: number): RecordPosition {
    return this.#options.compressed ? { offset: member, skip: at } : { offset: at, skip: 0 };
  }

  /** `bytes` further on than `position`, in the same member (or file). */
  #advance(position: RecordPosition, bytes: number): RecordPosition {
    return this.#options.compressed
      ? { offset: position.offset, skip: position.skip + bytes }
      : { offset: position.offset + bytes, skip: 0 };
  }

  /** Skips the blank lines between records; the first other byte starts a header. */
  #gap(bytes: Uint8Array, start: number, member: number, at: number): number {
    let index = start;
    while (index < bytes.length && (bytes[index] === CR || bytes[index] === LF)) index++;
    if (index < bytes.length) {
      const record = emptyRecord(this.#position(member, at + index));
      this.#record = record;
      if (bytes[index] === W) this.#state = 'version';
      else if (this.#format === 'warc') this.#badHead(record, 0, false);
      else this.#state = 'head'; // an ARC header line starts with its URL
    }
    return index;
  }

  /** A WARC header's first line: `WARC/1.1`, or the line is no header. */
  #readVersion(bytes: Uint8Array, start: number): number {
    const record = this.#record as ArchiveRecord;
    // `WARC/` first: at the first byte that differs the line is no header, and the search for one
    // goes on from that byte (a header can follow bytes that end without a line break).
    let index = start;
    for (let matched = this.#headBytes; matched < WARC_MAGIC.length && index < bytes.length; matched++) {
      if (bytes[index] !== WARC_MAGIC[matched]) {
        this.#badHead(record, matched, false);
        return index;
      }
      index++;
    }
    this.#head.push(bytes.subarray(start, index));
    this.#headBytes += index - start;
    if (this.#headBytes < WARC_MAGIC.length) return index;
    const room = MAX_VERSION_LINE_BYTES - this.#headBytes;
    const newline = bytes.indexOf(LF, index);
    if (newline < 0 || newline - index + 1 > room) {
      const end = Math.min(bytes.length, index + room);
      this.#head.push(bytes.subarray(index, end));
      this.#headBytes += end - index;
      if (this.#headBytes >= MAX_VERSION_LINE_BYTES) this.#badHead(record, this.#headBytes, false);
      return end;
    }
    this.#head.push(bytes.subarray(index, newline + 1));
    this.#headBytes += newline + 1 - index;
    const line = Buffer.concat(this.#head, this.#headBytes).toString('latin1');
    if (VERSION_LINE.test(line)) this.#state = 'head';
    else this.#badHead(record, this.#headBytes, true);
    return newline + 1;
  }

  #readHead(bytes: Uint8Array, start: number): number {
    const record = this.#record as ArchiveRecord;
    const first = this.#head.length === 0 ? bytes[start] : this.#head[0][0];
    const isWarc = first === W; // WARC/…, its first line checked; an ARC header line starts with its URL
    // Search at most what a header may still take, with the last bytes seen joined in front (a
    // terminator can straddle two pieces).
    const room = MAX_HEAD_BYTES - this.#headBytes;
    const limit = Math.min(bytes.length, start + room + 1);
    const carry = Math.min(3, this.#headBytes);
    const tail = carry > 0 ? lastBytes(this.#head, carry) : undefined;
    const window = tail ? Buffer.concat([tail, bytes.subarray(start, limit)]) : bytes.subarray(0, limit);
    const from = tail ? 0 : start;
    const found = isWarc ? warcHeadEnd(window, from) : lineEnd(window, from);
    if (found < 0) {
      this.#head.push(bytes.subarray(start, limit));
      this.#headBytes += limit - start;
      if (this.#headBytes > MAX_HEAD_BYTES) this.#badHead(record, this.#headBytes, false);
      return limit;
    }
    // `found` is just past the terminator, in `window` coordinates.
    const used = tail ? found - carry : found - start;
    this.#head.push(bytes.subarray(start, start + used));
    this.#headBytes += used;
    const head = this.#head.length === 1 ? this.#head[0] : Buffer.concat(this.#head, this.#headBytes);
    this.#head = [];
    this.#headBytes = 0;
    if (isWarc) this.#takeWarcHead(head, record);
    else if (this.#parseArcHead(head, record)) this.#startBody(record, head.length);
    else {
      // Before the file's format is known: a WARC header may follow bytes that end without a line
      // break; its first line is then the end of this one.
      const glued = this.#format === undefined ? Buffer.from(head).indexOf(WARC_MAGIC) : -1;
      if (glued > 0 && VERSION_LINE.test(Buffer.from(head).subarray(glued).toString('latin1'))) {
        this.#addFault(record.position, glued);
        this.#record = emptyRecord(this.#advance(record.position, glued));
        this.#head = [head.subarray(glued)];
        this.#headBytes = head.length - glued;
        this.#state = 'head';
      } else this.#badHead(record, head.length, true);
    }
    return start + used;
  }

  /**
   * A WARC header up to its blank line. A `WARC/1.x` line inside it starts another record: the
   * header before it was cut off (a record cut short and the next one written after it), and
   * costs itself only.
   */
  #takeWarcHead(whole: Uint8Array, first: ArchiveRecord): void {
    let head = whole;
    let record = first;
    for (let restart = innerVersionLine(head); restart > 0; restart = innerVersionLine(head)) {
      this.#closeFault();
      this.items.push({ kind: 'fault', fault: { position: record.position, bytes: restart, cut: true } });
      record = emptyRecord(this.#advance(record.position, restart));
      head = head.subarray(restart);
    }
    this.#record = record;
    if (parseWarcHead(head, record)) this.#startBody(record, head.length);
    else this.#badHead(record, head.length, true);
  }

  #startBody(record: ArchiveRecord, headLength: number): void {
    // A header parsed: the bad bytes before it are one fault, listed before this record.
    this.#closeFault();
    this.#format ??= record.format;
    this.#remaining = record.length;
    this.#filled = 0;
    this.#hunt = false;
    if (record.length > this.#options.maxBodyBytes) {
      record.tooLarge = true;
      this.#hunt = this.#untrustedEnd(record, headLength);
      if (this.#hunt) this.#remaining = this.#options.maxBodyBytes;
    }
    // The ARC header record is small and says which version the file is: always kept.
    else if (record.type === 'filedesc' || this.#options.keepBody(record))
      record.body = new Uint8Array(record.length);
    this.#state = 'body';
    if (this.#remaining === 0) this.#bodyRead();
  }

  /**
   * Whether a record over the size limit is hunted past the limit rather than counted through by
   * its Content-Length. In a plain WARC the length is the only framing, and the two ways of
   * reading it fail differently. The length is written by the archive's writer; the body by
   * whoever served the page, so searching a body for the next `WARC/1.` line lets a page forge
   * records (another URL, another text), while trusting the length lets one wrong length swallow
   * what follows it. So the length is trusted whenever it can be true: its end lies inside the
   * file. It cannot when its end is past the file's end (the file is cut inside this record, and
   * then nothing follows it, or the length is wrong and records follow), nor be checked on a
   * stream: then the record is read as its body up to the limit (a page must be larger than the
   * limit to forge anything), and from there the reader looks for the next `WARC/1.` line, so a
   * wrong length costs at most the limit, not the rest of the file. Records under the limit are
   * counted through: their loss is already bounded by it. Gzipped archives need none of this (a
   * member's end bounds its record); ARC has no line to look for.
   */
  #untrustedEnd(record: ArchiveRecord, headLength: number): boolean {
    if (this.#options.compressed || record.format !== 'warc') return false;
    const inputEnd = this.#options.inputEnd;
    return inputEnd === undefined || record.position.offset + headLength + record.length > inputEnd;
  }

  #readBody(bytes: Uint8Array, start: number): number {
    const record = this.#record as ArchiveRecord;
    const take = Math.min(this.#remaining, bytes.length - start);
    if (record.body) record.body.set(bytes.subarray(start, start + take), this.#filled);
    this.#filled += take;
    this.#remaining -= take;
    if (this.#remaining === 0) this.#bodyRead();
    return start + take;
  }

  #bodyRead(): void {
    if (this.#hunt) {
      // Where the limit falls counts as a line's start: the next record may begin right there.
      this.#state = 'hunt';
      this.#matched = 0;
      return;
    }
    this.#endRecord();
  }

  /**
   * Counts a too-large record's bytes through to the next line that starts with `WARC/1.`, or to
   * its declared end if that comes first (then it was true, and reading goes on as usual).
   */
  #huntHeader(bytes: Uint8Array, start: number, member: number, at: number): number {
    const record = this.#record as ArchiveRecord;
    const left = record.length - this.#filled - Math.max(0, this.#matched);
    const stop = Math.min(bytes.length, start + left);
    let index = start;
    while (index < stop) {
      if (this.#matched < 0) {
        const newline = bytes.indexOf(LF, index);
        const end = newline < 0 || newline >= stop ? stop : newline + 1;
        this.#filled += end - index;
        index = end;
        if (newline >= 0) this.#matched = 0;
        continue;
      }
      const byte = bytes[index];
      if (byte === HUNT_MAGIC[this.#matched]) {
        if (this.#matched === 0) this.#matchPosition = this.#position(member, at + index);
        this.#matched++;
        index++;
        if (this.#matched === HUNT_MAGIC.length) {
          this.#huntFound();
          return index;
        }
        continue;
      }
      // Not a header: what was matched is body, and so is the rest of the line.
      this.#filled += this.#matched + 1;
      this.#matched = byte === LF ? 0 : -1;
      index++;
    }
    if (this.#filled + Math.max(0, this.#matched) >= record.length) {
      this.#filled = record.length;
      this.#endRecord();
    }
    return index;
  }

  /** The hunted record ends where the next header starts; that header's first line is read on. */
  #huntFound(): void {
    const record = this.#record as ArchiveRecord;
    if (this.#filled < record.length) record.truncated = 'next-record';
    this.#endRecord();
    this.#record = emptyRecord(this.#matchPosition as RecordPosition);
    this.#head = [Buffer.from(HUNT_MAGIC)];
    this.#headBytes = HUNT_MAGIC.length;
    this.#state = 'version';
  }

  #endRecord(): void {
    const record = this.#record as ArchiveRecord;
    if (record.type === 'filedesc' && record.body) this.#arcVersion = arcVersionOf(record.body);
    this.items.push({ kind: 'record', record });
    this.#record = undefined;
    this.#hunt = false;
    this.#state = 'gap';
  }

  /** Bytes that are no header (one line, or a header that did not parse): counted, then skipped to the next line. */
  #badHead(record: ArchiveRecord, bytes: number, atLineEnd: boolean): void {
    this.#addFault(record.position, bytes);
    this.#record = undefined;
    this.#head = [];
    this.#headBytes = 0;
    this.#state = atLineEnd ? 'gap' : 'resync';
  }

  #addFault(position: RecordPosition, bytes: number): void {
    if (this.#fault) this.#fault.bytes += bytes;
    else this.#fault = { position, bytes, cut: false };
  }

  /**
   * The rest of a line that is no header, up to a `WARC/` in it (a header written after it) or its
   * end. A chunk that ends inside the line may end with the first bytes of that `WARC/`: they are
   * read on as a header's first line, which the next chunk confirms or not.
   */
  #resync(bytes: Uint8Array, start: number, member: number, at: number): number {
    const newline = bytes.indexOf(LF, start);
    const end = newline < 0 ? bytes.length : newline + 1;
    const glued = Buffer.from(bytes.buffer, bytes.byteOffset, end).indexOf(WARC_MAGIC, start);
    const header = glued < 0 && newline < 0 ? magicStartAtEnd(bytes, start) : glued;
    const stop = header >= 0 ? header : end;
    if (this.#fault) this.#fault.bytes += stop - start;
    if (header >= 0) {
      this.#record = emptyRecord(this.#position(member, at + header));
      this.#state = 'version';
    } else if (newline >= 0) this.#state = 'gap';
    return stop;
  }

  #closeFault(): void {
    if (this.#fault) this.items.push({ kind: 'fault', fault: this.#fault });
    this.#fault = undefined;
  }

  /** `URL IP date mime length` (v1) or `URL IP date mime status checksum location offset filename length` (v2). */
  #parseArcHead(head: Uint8Array, record: ArchiveRecord): boolean {
    const line = Buffer.from(head.buffer, head.byteOffset, head.length).toString('latin1').trim();
    const fields = line.split(' ');
    // After the URL: IP date mime length (v1), or IP date mime status checksum location offset
    // filename length (v2). The URL may hold spaces, so the fields are counted from the end.
    const named = this.#arcVersion === 2 ? 9 : 4;
    if (fields.length < named + 1) return false;
    const lengthField = fields[fields.length - 1];
    const length = Number(lengthField);
    if (!/^\d+$/.test(lengthField) || !Number.isSafeInteger(length)) return false;
    const urlEnd = fields.length - named;
    const url = fields.slice(0, urlEnd).join(' ');
    const rest = fields.slice(urlEnd);
    // The date is digits (YYYYMMDDhhmmss): a line of text with a number at its end is no header.
    if (url === '' || !/^\d{8,}$/.test(rest[1] ?? '')) return false;
    record.format = 'arc';
    record.url = url;
    record.date = arcDate(rest[1]);
    record.contentType = rest[2] === '-' ? undefined : rest[2];
    record.length = length;
    record.type = url.startsWith('filedesc:') ? 'filedesc' : 'response';
    return true;
  }
}

/** The second line of an ARC file's header record starts with its major version. */
function arcVersionOf(body: Uint8Array): number {
  const match = /^\s*(\d)/.exec(Buffer.from(body).toString('latin1'));
  return match?.[1] === '2' ? 2 : 1;
}

function lastBytes(parts: readonly Uint8Array[], count: number): Uint8Array {
  const joined = Buffer.concat(parts.slice(-count));
  return joined.subarray(joined.length - count);
}

/** Where the last bytes of `bytes` (from `from` on) are the start of `WARC/`, cut by the chunk's end, or -1. */
function magicStartAtEnd(bytes: Uint8Array, from: number): number {
  for (let at = Math.max(from, bytes.length - WARC_MAGIC.length + 1); at < bytes.length; at++) {
    if (startsWith(WARC_MAGIC, bytes.subarray(at))) return at;
  }
  return -1;
}

/**
 * Whether the first bytes of a member start a WARC record (`WARC/`, after the blank lines ending
 * the record before, which some writers put in the next member); undefined while too few to tell.
 */
function startsWarcRecord(bytes: Uint8Array): boolean | undefined {
  let index = 0;
  while (index < bytes.length && index < 16 && (bytes[index] === CR || bytes[index] === LF)) index++;
  if (index === 16) return false;
  const rest = bytes.subarray(index, index + WARC_MAGIC.length);
  if (!startsWith(WARC_MAGIC, rest)) return false;
  return rest.length === WARC_MAGIC.length ? true : undefined;
}

/**
 * Where a `WARC/1.x` line starts inside a header after its first line, or -1. It may start inside
 * a line: a header cut off and the next record written right after it.
 */
function innerVersionLine(head: Uint8Array): number {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.length);
  const firstLine = bytes.indexOf(LF);
  for (let at = bytes.indexOf(WARC_MAGIC, firstLine + 1); at > 0; at = bytes.indexOf(WARC_MAGIC, at + 1)) {
    const end = bytes.indexOf(LF, at);
    if (VERSION_LINE.test(bytes.subarray(at, end < 0 ? bytes.length : end + 1).toString('latin1'))) return at;
  }
  return -1;
}

function lineEnd(bytes: Uint8Array, from: number): number {
  const newline = bytes.indexOf(LF, from);
  return newline < 0 ? -1 : newline + 1;
}

function emptyRecord(position: RecordPosition): ArchiveRecord {
  return {
    format: 'warc',
    type: '',
    headers: new Map(),
    position,
    length: 0,
    tooLarge: false,
  };
}

/** Index just past the blank line ending a WARC header (CRLF CRLF, or LF LF from sloppy writers). */
function warcHeadEnd(bytes: Uint8Array, from: number): number {
  for (let index = bytes.indexOf(LF, from); index >= 0; index = bytes.indexOf(LF, index + 1)) {
    if (bytes[index + 1] === LF) return index + 2;
    if (bytes[index + 1] === CR && bytes[index + 2] === LF) return index + 3;
    if (index + 2 >= bytes.length && index + 1 < bytes.length && bytes[index + 1] === CR) return -1;
  }
  return -1;
}

function parseWarcHead(head: Uint8Array, record: ArchiveRecord): boolean {
  if (!startsWith(head, WARC_MAGIC)) return false;
  const text = Buffer.from(head.buffer, head.byteOffset, head.length).toString('utf8');
  const lines = text.split(/\r?\n/);
  if (!/^WARC\/\d+\.\d+\s*$/.test(lines[0])) return false;
  const headers = new Map<string, string>();
  let last = '';
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    if ((line[0] === ' ' || line[0] === '\t') && last !== '') {
      headers.set(last, `${headers.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    headers.set(last, line.slice(colon + 1).trim());
  }
  const lengthField = headers.get('content-length') ?? '';
  if (!/^\d+$/.test(lengthField)) return false;
  record.format = 'warc';
  record.headers = headers;
  record.length = Number(lengthField);
  record.type = (headers.get('warc-type') ?? '').toLowerCase();
  const uri = headers.get('warc-target-uri');
  // WARC 1.0's grammar put the URI in angle brackets, and some writers still do.
  if (uri !== undefined) record.url = uri.startsWith('<') && uri.endsWith('>') ? uri.slice(1, -1) : uri;
  record.date = headers.get('warc-date');
  record.id = headers.get('warc-record-id');
  record.contentType = headers.get('content-type');
  return Number.isSafeInteger(record.length);
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index++) if (bytes[index] !== prefix[index]) return false;
  return true;
}

/** ARC dates are `YYYYMMDDhhmmss` (some writers add digits); anything else stays as it is. */
function arcDate(value: string | undefined): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(value ?? '');
  if (!match) return value;
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`;
}
