/**
 * Records → the bytes of one output file: JSON Lines (plain, gzip, zstd) or Parquet. Each call
 * makes a complete file (a whole gzip member, zstd frame or Parquet file), so output files can be
 * written and renamed one at a time, and concatenated JSON Lines files stay valid.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { compress as zstdCompress, init as zstdInit } from '@bokuweb/zstd-wasm';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { type PageRecord, RECORD_COLUMNS, VERSION } from 'pith';

export type OutputFormat = 'jsonl' | 'jsonl.gz' | 'jsonl.zst' | 'parquet';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['jsonl.gz', 'jsonl', 'jsonl.zst', 'parquet'];

const gzipAsync = promisify(gzip);
let zstdReady: Promise<void> | undefined;

/** The file extension of a format (`part-000001.jsonl.gz`). */
export function extensionOf(format: OutputFormat): string {
  return format;
}

/** One output file's bytes for `records`. */
export async function encodeRecords(
  records: readonly PageRecord[],
  format: OutputFormat,
): Promise<Uint8Array> {
  if (format === 'parquet') return encodeParquet(records);
  const lines = Buffer.from(records.map(jsonLines).join(''));
  if (format === 'jsonl') return lines;
  if (format === 'jsonl.gz') return gzipAsync(lines);
  zstdReady ??= zstdInit();
  await zstdReady;
  return zstdCompress(lines, 3);
}

/**
 * A record's JSON Lines: the record, or with chunks one line per chunk — the page's fields without
 * its content, `tokenizer` and `chunkCount`, then the chunk's fields (a page with none: its fields
 * with `chunkCount: 0`).
 */
function jsonLines(record: PageRecord): string {
  const { chunks, ...page } = record;
  if (chunks === undefined) return `${JSON.stringify(record)}\n`;
  const { text: _text, markdown: _markdown, html: _html, ...fields } = page;
  const head = { ...fields, tokenizer: chunks.tokenizer, chunkCount: chunks.list.length };
  if (chunks.list.length === 0) return `${JSON.stringify(head)}\n`;
  return chunks.list.map((chunk) => `${JSON.stringify({ ...head, ...chunk })}\n`).join('');
}

/**
 * Parquet with an explicit schema: every column OPTIONAL; `authors`, `tags` and `reasons` real
 * lists of strings (the standard three-level LIST: DuckDB, pyarrow and hyparquet read them as
 * lists, not as JSON strings); `diagnostics` a JSON column; `bytes` INT64.
 */
function encodeParquet(records: readonly PageRecord[]): Uint8Array {
  const columnData = RECORD_COLUMNS.map(([name, type]) => {
    const values = records.map((record) => record[name]);
    if (type === 'INT64')
      return { name, data: values.map((value) => (value === null ? null : BigInt(value as number))) };
    return { name, data: values };
  });
  const buffer = parquetWriteBuffer({
    columnData: columnData as Parameters<typeof parquetWriteBuffer>[0]['columnData'],
    schema: PARQUET_SCHEMA,
    createdBy: `pith ${VERSION}`,
  });
  return new Uint8Array(buffer);
}

type SchemaElement = NonNullable<Parameters<typeof parquetWriteBuffer>[0]['schema']>[number];

const PARQUET_SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: RECORD_COLUMNS.length },
  ...RECORD_COLUMNS.flatMap(([name, type]): SchemaElement[] => {
    if (type === 'STRING_LIST') {
      return [
        { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      ];
    }
    if (type === 'STRING')
      return [{ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' }];
    if (type === 'JSON')
      return [{ name, type: 'BYTE_ARRAY', converted_type: 'JSON', repetition_type: 'OPTIONAL' }];
    return [{ name, type, repetition_type: 'OPTIONAL' }];
  }),
];
