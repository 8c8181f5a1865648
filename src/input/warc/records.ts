/**
 * WARC (1.0, 1.1) and ARC (v1, v2) records from decompressed bytes, pushed in pieces of any size:
 * the parser never needs more than one record's header and (when kept) one body in memory, and a
 * body it does not keep is only counted through.
 *
 * Framing errors (a header that is neither WARC nor ARC, a bad Content-Length) are counted and
 * skipped line by line until a header parses again, so one bad record costs itself, not the file.
 */

/** Where a record starts: seek to `offset`, decompress when gzipped, skip `skip` bytes. */
export interface RecordPosition {
  /** The file offset of the gzip member the record starts in (of the record itself when not gzipped). */
  offset: number;
  /** Decompressed bytes before the record within that member (0 for one member per record). */
  skip: number;
}

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
  /** The archive ends (or its gzip member breaks) inside this record. */
  truncated: boolean;
}

export interface RecordParserOptions {
  /** Bodies larger than this are counted through, not kept. */
  maxBodyBytes: number;
  /** Whether bytes come out of gzip members (positions are then member offset + skip). */
  compressed: boolean;
  /** Whether to keep the body of this record (headers known, body not yet read). */
  keepBody(record: ArchiveRecord): boolean;
}

/** Bytes skipped because no record header could be read there. */
export interface FramingFault {
  position: RecordPosition;
  bytes: number;
}

const MAX_HEAD_BYTES = 64 * 1024;
const CR = 0x0d;
const LF = 0x0a;
const WARC_MAGIC = Buffer.from('WARC/');

type State = 'gap' | 'head' | 'body' | 'resync';

export class RecordParser {
  readonly #options: RecordParserOptions;
  #state: State = 'gap';
  #head: Uint8Array[] = [];
  #headBytes = 0;
  #record: ArchiveRecord | undefined;
  #remaining = 0;
  #filled = 0;
  #fault: FramingFault | undefined;
  /** ARC version from the file's header record (v1 lines have 5 fields, v2 lines 10). */
  #arcVersion = 1;
  readonly records: ArchiveRecord[] = [];
  readonly faults: FramingFault[] = [];

  constructor(options: RecordParserOptions) {
    this.#options = options;
  }

  /** Parses `bytes`, which sit at offset `at` of the member starting at `member` (for plain files: `at` is the file offset). */
  push(bytes: Uint8Array, member: number, at: number): void {
    let index = 0;
    while (index < bytes.length) {
      if (this.#state === 'gap') index = this.#gap(bytes, index, member, at);
      else if (this.#state === 'head') index = this.#readHead(bytes, index);
      else if (this.#state === 'body') index = this.#readBody(bytes, index);
      else index = this.#resync(bytes, index);
    }
  }

  /** A gzip member ended; when it broke (`complete` false), a record inside it is lost. */
  memberEnd(complete: boolean): void {
    if (!complete) this.#cut();
  }

  /** The end of the archive: a record still open is truncated. */
  finish(): void {
    this.#cut();
    this.#closeFault();
  }

  #cut(): void {
    if (this.#state === 'body' && this.#record) {
      this.#record.truncated = true;
      if (this.#record.body) this.#record.body = this.#record.body.subarray(0, this.#filled);
      this.records.push(this.#record);
    } else if (this.#state === 'head' && this.#record) {
      this.#record.truncated = true;
      this.records.push(this.#record);
    }
    this.#record = undefined;
    this.#head = [];
    this.#headBytes = 0;
    if (this.#state !== 'resync') this.#state = 'gap';
  }

  #position(member: number, at: number): RecordPosition {
    return this.#options.compressed ? { offset: member, skip: at } : { offset: at, skip: 0 };
  }

  /** Skips the blank lines between records; the first other byte starts a header. */
  #gap(bytes: Uint8Array, start: number, member: number, at: number): number {
    let index = start;
    while (index < bytes.length && (bytes[index] === CR || bytes[index] === LF)) index++;
    if (index < bytes.length) {
      this.#closeFault();
      this.#state = 'head';
      this.#record = emptyRecord(this.#position(member, at + index));
    }
    return index;
  }

  #readHead(bytes: Uint8Array, start: number): number {
    const record = this.#record as ArchiveRecord;
    const first = this.#head.length === 0 ? bytes[start] : this.#head[0][0];
    const isWarc = first === 0x57; // 'W': WARC/…; an ARC header line starts with its URL
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
      if (this.#headBytes > MAX_HEAD_BYTES) this.#badHead(record, this.#headBytes);
      return limit;
    }
    // `found` is just past the terminator, in `window` coordinates.
    const used = tail ? found - carry : found - start;
    this.#head.push(bytes.subarray(start, start + used));
    this.#headBytes += used;
    const head = this.#head.length === 1 ? this.#head[0] : Buffer.concat(this.#head, this.#headBytes);
    const headLength = this.#headBytes;
    this.#head = [];
    this.#headBytes = 0;
    const parsed = isWarc ? parseWarcHead(head, record) : this.#parseArcHead(head, record);
    if (parsed) this.#startBody(record);
    else this.#badHead(record, headLength);
    return start + used;
  }

  #startBody(record: ArchiveRecord): void {
    this.#remaining = record.length;
    this.#filled = 0;
    if (record.length > this.#options.maxBodyBytes) record.tooLarge = true;
    // The ARC header record is small and says which version the file is: always kept.
    else if (record.type === 'filedesc' || this.#options.keepBody(record))
      record.body = new Uint8Array(record.length);
    this.#state = 'body';
    if (record.length === 0) this.#endRecord();
  }

  #readBody(bytes: Uint8Array, start: number): number {
    const record = this.#record as ArchiveRecord;
    const take = Math.min(this.#remaining, bytes.length - start);
    if (record.body) record.body.set(bytes.subarray(start, start + take), this.#filled);
    this.#filled += take;
    this.#remaining -= take;
    if (this.#remaining === 0) this.#endRecord();
    return start + take;
  }

  #endRecord(): void {
    const record = this.#record as ArchiveRecord;
    if (record.type === 'filedesc' && record.body) this.#arcVersion = arcVersionOf(record.body);
    this.records.push(record);
    this.#record = undefined;
    this.#state = 'gap';
  }

  /** A line that is no header: counted, then skipped to the next line. */
  #badHead(record: ArchiveRecord, bytes: number): void {
    if (this.#fault) this.#fault.bytes += bytes;
    else this.#fault = { position: record.position, bytes };
    this.#record = undefined;
    this.#head = [];
    this.#headBytes = 0;
    // The head ended at a line break unless it overflowed: then skip to the next line.
    this.#state = bytes > MAX_HEAD_BYTES ? 'resync' : 'gap';
  }

  #resync(bytes: Uint8Array, start: number): number {
    const newline = bytes.indexOf(LF, start);
    const end = newline < 0 ? bytes.length : newline + 1;
    if (this.#fault) this.#fault.bytes += end - start;
    if (newline >= 0) this.#state = 'gap';
    return end;
  }

  #closeFault(): void {
    if (this.#fault) this.faults.push(this.#fault);
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
    if (url === '') return false;
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
    truncated: false,
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
