/**
 * eval/runs: the workbench run behind `pith bench` — extractors and peers over
 * datasets on worker threads, cached outputs, per-page scores, speed, summaries.
 */
export { cacheKey, readCache, sha256, writeCache } from './cache.js';
export { startWorker } from './entry.js';
export {
  defaultPeersModule,
  type ExtractorRef,
  HELD_OUT_OPTION,
  importPeers,
  type LoadedExtractor,
  loadExtractor,
  moduleHref,
  type PeerFactories,
  pithCodeHash,
  pithExtractorRef,
  type TextExtractor,
} from './extractors.js';
export {
  HELD_OUT_FORMAT,
  HELD_OUT_VERSION,
  type HeldOutFile,
  type HeldOutModels,
  heldOutLabel,
  pageDigest,
  parseHeldOut,
  readHeldOut,
} from './held-out.js';
export { type OnlyConfig, type OnlyResult, runOnly } from './only.js';
// WorkerPool: its name before issue 39 (bench/ scripts may use it).
export { TaskPool, TaskPool as WorkerPool } from './pool.js';
export { type PreparedPrimary, type PrimaryScore, preparePrimary, scorePrimary } from './primary.js';
export { parseResult, readResult, serialiseResult, writeResult } from './results-io.js';
export {
  type BenchConfig,
  type BenchOutput,
  type BenchProgress,
  machineInfo,
  probePeers,
  runBench,
} from './run.js';
export {
  type MetricName,
  type PageScores,
  type PreparedGold,
  prepareGold,
  type ScoringHooks,
  type ScoringOptions,
  scorePage,
  scorePrepared,
  withHeadline,
} from './scoring.js';
export { measureSpeed, SPEED_FALLBACK_REFERENCE, SPEED_REFERENCE, speedTurns } from './speed.js';
export type { SpeedResult, SpeedRow } from './speed-types.js';
export {
  comparePaired,
  comparisonBase,
  type DatasetSummary,
  type ExtractorSummary,
  groupPages,
  KEEP_SHARES,
  LANGUAGE_GROUP_MIN_PAGES,
  type LanguageGroup,
  type PairedComparison,
  pagePrf,
  pagePrimaryScore,
  primaryF1,
  type QualityCalibration,
  qualityCalibrations,
  summariseBench,
  summariseByLanguage,
  summariseExtractor,
  type WorstPage,
  worstPages,
} from './summary.js';
export { type Task, type TaskResult, TaskRunner } from './task.js';
export { openWorkerLog, type WorkerLog } from './thread-log.js';
export type {
  BenchDatasetInfo,
  BenchExtractorInfo,
  BenchPageResult,
  BenchResult,
  MachineInfo,
} from './types.js';
export { type WordDiff, wordDiff } from './word-diff.js';
