/** The structure benchmark and the consistency check (issue 19): elements, gold, scores, runs. */

export {
  type ClassConsistency,
  CONSISTENCY_CLASSES,
  type Consistency,
  type ConsistencyClass,
  compareConsistency,
  consistencyKeys,
  missingFrom,
  pageConsistency,
} from './consistency.js';
export {
  type CodeBlock,
  cleanCode,
  cleanText,
  cleanUrl,
  type Elements,
  emptyElements,
  type Heading,
  htmlElements,
  type ListItem,
  markdownElements,
  pictureAliases,
} from './elements.js';
export {
  type CaseResult,
  kept,
  pithMarkdown,
  precision,
  runStructure,
  type StructureRunOptions,
  type StructureTotals,
  structureReport,
} from './run.js';
export {
  addCounts,
  CLASSES,
  type ClassCounts,
  type Counts,
  type ElementClass,
  editSimilarity,
  emptyCounts,
  pairBySimilarity,
  scoreElements,
  textKey,
} from './score.js';
export {
  pageHeader,
  type SourceOptions,
  STRUCTURE_SOURCES,
  type StructureCase,
  type StructureSource,
  structureCases,
  withoutMetadataBlock,
} from './sources.js';
export { fixtureClass, type StructureSplit, splitFixtures } from './split.js';
