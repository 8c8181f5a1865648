/**
 * eval/: pith's evaluation workbench — metrics, dataset readers, the run loop and
 * Markdown reports. `pith bench` and `bench/` scripts build on this door.
 */
export * from './datasets/index.js';
export * from './metrics/index.js';
export {
  formatInterval,
  formatNumber,
  markdownTable,
  SNIPPET_HEADERS,
  snippetTable,
  WORD_SEQUENCE_HEADERS,
  wordSequenceTable,
} from './report.js';
export {
  type ExtractText,
  type PageResult,
  type RunOptions,
  type RunResult,
  runExtractor,
  type SnippetRow,
  summariseSnippetRun,
  summariseWordRun,
  type WordSequenceRow,
} from './runner.js';
