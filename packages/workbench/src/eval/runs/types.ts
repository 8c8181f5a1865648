/**
 * The result of a bench run, as written to `results.json` and read back by the
 * report renderers (`npm run bench:report` can re-render from it).
 */
import type { DatasetFormat, DatasetScoring } from '../datasets/registry.js';
import type { PeerMetadata } from './extractors.js';
import type { PageScores } from './scoring.js';
import type { SpeedResult } from './speed-types.js';

/** How one page's run went and what it cost: a task's answer, and the page's row in the results. */
export interface PageRunTimes {
  failed: boolean;
  error?: string;
  /** The page ran over its time budget (its thread was replaced). */
  timedOut?: boolean;
  /** Extraction time in milliseconds (as measured when computed; see `cached`). */
  ms: number;
  /** Time spent scoring this page, in milliseconds. */
  scoreMs?: number;
  /** CPU time of the thread for the extraction (peers: decoding included), in ms (Linux; absent when cached). */
  cpuMs?: number;
  /** CPU time of the thread for the scoring, in ms. */
  scoreCpuMs?: number;
  cached: boolean;
}

export interface BenchPageResult extends PageRunTimes {
  dataset: string;
  id: string;
  extractor: string;
  /** Page size in bytes. */
  bytes: number;
  pageType?: string;
  /** The page's language (the dataset's, or as the page declares it: trafilatura-eval). */
  language?: string;
  scores: PageScores;
  /**
   * The metadata the extractor read (title, authors, publication date…), on pages whose gold has
   * metadata (WCXB): pith's extractors (all the same: metadata do not depend on the extractor)
   * and the peers that read metadata (trafilatura).
   */
  metadata?: PeerMetadata;
  /** pith's quality estimate of this extraction (expected F1), for its extractors; null: no estimate. */
  quality?: number | null;
}

export interface BenchDatasetInfo {
  name: string;
  format: DatasetFormat;
  dir: string;
  pages: number;
  scoring: DatasetScoring;
}

export interface BenchExtractorInfo {
  name: string;
  kind: 'pith' | 'peer';
  version: string;
  /**
   * Scored with held-out models: each page of `datasets` (what the models were trained from)
   * by a model that did not see it, held out as `scheme` says ('5-fold by site'); `of` is the
   * row this one holds out (`pith`), whose figures on `datasets` are in-sample.
   */
  heldOut?: { of: string; scheme: string; datasets: string[] };
}

export interface MachineInfo {
  node: string;
  platform: string;
  arch: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
}

export interface BenchResult {
  schema: 1;
  startedAt: string;
  /** Wall-clock time of the whole run (quality pass + speed pass), in milliseconds. */
  wallMs: number;
  /** Wall-clock time of the quality pass alone. */
  qualityWallMs: number;
  command?: string;
  machine: MachineInfo;
  jobs: number;
  timeoutMs: number;
  datasets: BenchDatasetInfo[];
  extractors: BenchExtractorInfo[];
  skippedPeers: { name: string; reason: string }[];
  /** Workers replaced after a timeout or a crash. */
  workerReplacements: number;
  pages: BenchPageResult[];
  speed?: SpeedResult;
}
