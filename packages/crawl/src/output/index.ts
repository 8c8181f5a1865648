/**
 * output/: dataset files out of page records, for batch runs (`pith warc`, `pith feed`, queue
 * workers). One flat record per page (`PageRecord`), encoded as JSON Lines (plain, .gz, .zst) or
 * Parquet; every file written atomically; a checkpoint that lets a stopped run resume without a
 * duplicate or a lost record.
 */

// The record itself is the library's (pith's format/record.ts): one shape for every output.
export {
  emptyRecord,
  type PageRecord,
  RECORD_COLUMNS,
  RECORD_CONTENT_FORMATS,
  type RecordContentFormat,
} from 'pith';
export {
  CHECKPOINT_FILE,
  type CheckpointState,
  emptyCounts,
  identityMismatch,
  type ResumePoint,
  type RunCounts,
  type RunIdentity,
  readCheckpoint,
  SequenceSet,
  writeCheckpoint,
} from './checkpoint.js';
export { encodeRecords, extensionOf, OUTPUT_FORMATS, type OutputFormat } from './encode.js';
export {
  AtomicFile,
  partName,
  removePartsFrom,
  removeTemporaryFiles,
  writeFileAtomic,
} from './files.js';
export { RecordFile } from './record-file.js';
