// Messages between the fuzzer (bench/fuzz/run.ts) and its worker threads (bench/fuzz/worker.ts).

export interface FuzzSettings {
  repoRoot: string;
  /** Run pith from its build ('dist', the default: the code users run) or from src/ through tsx. */
  from: 'dist' | 'src';
  seed: number;
  extractors: string[];
  /** Record the longest stretch between two deadline checks of every run. */
  gaps: boolean;
  /** Where pages with findings are written (bytes as given to pith). */
  findingsDir: string;
}

export interface FuzzTask {
  index: number;
  /** Time budget of every (page, extractor) run, in ms. */
  budget: number;
  /** The dataset page mutated, and the one a splice takes its tail from; absent: a generated page. */
  baseId?: string;
  base?: Uint8Array;
  other?: Uint8Array;
}

export interface RunReport {
  extractor: string;
  /** 'ok', a PithError code, or 'NOT_A_PITH_ERROR'. */
  outcome: string;
  /** Wall time of extract() and the other four renders. */
  ms: number;
  /** This thread's CPU time over the same (10 ms resolution). */
  cpuMs: number;
  outputChars: number;
  message?: string;
  stack?: string;
  /** With --gaps: the longest stretch of thread CPU time between two clock reads of the deadline code, and the stage that ended it. */
  gapMs?: number;
  gapStage?: string;
}

export interface PageReport {
  index: number;
  recipe: string;
  bytes: number;
  budget: number;
  contentType?: string;
  runs: RunReport[];
}

/** How far past its budget a run may end (the bound). */
export const ALLOWED_OVERSHOOT_MS = 100;

/** A run that is a finding: an error that is not a PithError, or over its budget by more than allowed. */
export function isFinding(run: RunReport, budget: number): boolean {
  return run.outcome === 'NOT_A_PITH_ERROR' || run.ms > budget + ALLOWED_OVERSHOOT_MS;
}
