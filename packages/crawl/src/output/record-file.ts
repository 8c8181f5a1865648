/**
 * One output file of records, written part by part and put in place whole (a queue job's output):
 * JSON Lines parts are appended as they come (each part is a whole gzip member or zstd frame, and
 * concatenated members and frames are a valid file); Parquet parts are kept and encoded at the end
 * (a Parquet file cannot be appended to).
 */

import type { PageRecord } from 'pith';
import { encodeRecords, type OutputFormat } from './encode.js';
import { AtomicFile } from './files.js';

export class RecordFile {
  readonly #file: AtomicFile;
  readonly #format: OutputFormat;
  readonly #kept: PageRecord[] = [];
  records = 0;

  private constructor(file: AtomicFile, format: OutputFormat) {
    this.#file = file;
    this.#format = format;
  }

  /** Starts `file`: nothing is visible under its name before `commit`. */
  static async create(file: string, format: OutputFormat): Promise<RecordFile> {
    return new RecordFile(await AtomicFile.create(file), format);
  }

  async write(records: readonly PageRecord[]): Promise<void> {
    this.records += records.length;
    if (this.#format === 'parquet') {
      for (const record of records) this.#kept.push(record);
      return;
    }
    if (records.length > 0) await this.#file.append(await encodeRecords(records, this.#format));
  }

  /** Puts the file in place; a file with no records is still written (a job that found no page has an output too). */
  async commit(): Promise<void> {
    if (this.#format === 'parquet' || this.records === 0) {
      await this.#file.append(await encodeRecords(this.#kept, this.#format));
    }
    await this.#file.commit();
  }

  async abort(): Promise<void> {
    await this.#file.abort();
  }
}
