/**
 * eval/: pith's evaluation workbench — dataset readers, metrics, the bench run
 * (`pith bench`), published figures and reports (Markdown, HTML with SVG charts).
 */

export * from './datasets/index.js';
export * from './metrics/index.js';
export { MARKDOWN_PEERS } from './peers/markdown.js';
export { PUBLISHED, type PublishedByType, type PublishedRow, type PublishedTable } from './published.js';
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
  allMetricsTable,
  comparisonLines,
  costTable,
  headlineNotes,
  headlineTable,
  languageTable,
  languageTableIntro,
  lcsUnitNote,
  type MarkdownReportOptions,
  METRIC_DESCRIPTIONS,
  pageTypeTable,
  primaryTable,
  renderMarkdownReport,
  runDescription,
  seed002Table,
  speedTable,
} from './report-bench.js';
export { markdownToHtml, renderHtmlReport } from './report-html.js';
export {
  bars,
  binCounts,
  escapeXml,
  histogram,
  lineChart,
  PALETTE,
  reliabilityDiagram,
  scatter,
  stackedBars,
} from './report-svg.js';
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
export * from './runs/index.js';
export {
  CLASSES as STRUCTURE_CLASSES,
  CONSISTENCY_CLASSES,
  type Consistency,
  type ConsistencyClass,
  compareConsistency,
  type ElementClass,
  htmlElements,
  markdownElements,
  missingFrom,
  pageConsistency,
  pithMarkdown,
  runStructure,
  STRUCTURE_SOURCES,
  type StructureSource,
  type StructureSplit,
  scoreElements,
  structureCases,
  structureReport,
} from './structure/index.js';
