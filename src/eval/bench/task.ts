/**
 * One unit of bench work: run one extractor on one page (or take its output from
 * the cache) and score it. Runs in the worker threads, and in the main thread for
 * `--only`.
 */
import type { Gold, RetrievedTransform } from '../datasets/types.js';
import { cacheKey, readCache, readScores, scoreKey, sha256, writeCache, writeScores } from './cache.js';
import { type ExtractorRef, type LoadedExtractor, loadExtractor } from './extractors.js';
import { type PageScores, type ScoringOptions, scorePage } from './scoring.js';

export interface TaskPage {
  id: string;
  html: Uint8Array;
  url?: string;
  gold: Gold;
  retrievedTransform?: RetrievedTransform;
}

export interface Task {
  id: number;
  extractor: ExtractorRef;
  page: TaskPage;
  scoring: ScoringOptions;
  /** Send the extracted text back (for `--only` and `--save-text`). */
  wantText: boolean;
}

export interface TaskSettings {
  /** The cache folder; undefined = no cache. */
  cacheDir?: string;
  /** Module exporting `PEERS` (file URL). */
  peersModule?: string;
}

export interface TaskResult {
  id: number;
  failed: boolean;
  error?: string;
  /** The page ran over its time budget (the worker was replaced). */
  timedOut?: boolean;
  /** Extraction time in milliseconds (from the cache when `cached`). */
  ms: number;
  /** Time spent scoring, in milliseconds. */
  scoreMs?: number;
  cached: boolean;
  scores: PageScores;
  text?: string | null;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export class TaskRunner {
  readonly #settings: TaskSettings;
  readonly #loaded = new Map<string, Promise<LoadedExtractor>>();

  constructor(settings: TaskSettings) {
    this.#settings = settings;
  }

  #extractor(ref: ExtractorRef): Promise<LoadedExtractor> {
    const id = `${ref.kind}:${ref.label}`;
    let loaded = this.#loaded.get(id);
    if (!loaded) {
      loaded = loadExtractor(ref, this.#settings.peersModule);
      this.#loaded.set(id, loaded);
    }
    return loaded;
  }

  async run(task: Task): Promise<TaskResult> {
    const { cacheDir } = this.#settings;
    const key = cacheDir ? cacheKey(sha256(task.page.html), task.extractor) : '';
    let text: string | null = null;
    let error: string | undefined;
    let ms = 0;
    let cached = false;
    const hit = cacheDir ? readCache(cacheDir, key) : undefined;
    if (hit) {
      ({ text, ms } = hit);
      if (hit.error !== undefined) error = hit.error;
      cached = true;
    } else {
      try {
        const extractor = await this.#extractor(task.extractor);
        ({ text, ms } = await extractor.run(task.page.html, task.page.url));
      } catch (caught) {
        text = null;
        error = describeError(caught);
      }
      if (cacheDir) writeCache(cacheDir, key, { text, ms, ...(error === undefined ? {} : { error }) });
    }
    // Scores of a cached output may be cached too (same gold, options and metric code).
    const keyOfScores = cacheDir
      ? scoreKey({
          outputKey: key,
          gold: task.page.gold,
          ...(task.page.retrievedTransform ? { retrievedTransform: task.page.retrievedTransform } : {}),
          scoring: task.scoring,
        })
      : '';
    const cachedScores = cached && cacheDir ? readScores(cacheDir, keyOfScores) : undefined;
    let scores = cachedScores?.scores;
    let scoreMs = cachedScores?.scoreMs ?? 0;
    if (!scores) {
      const scoreStarted = performance.now();
      scores = scorePage(task.page, text, task.scoring);
      scoreMs = performance.now() - scoreStarted;
      if (cacheDir) writeScores(cacheDir, keyOfScores, { scores, scoreMs });
    }
    return {
      id: task.id,
      failed: text === null,
      ...(error === undefined ? {} : { error }),
      ms,
      scoreMs,
      cached,
      scores,
      ...(task.wantText ? { text } : {}),
    };
  }

  async close(): Promise<void> {
    for (const loaded of this.#loaded.values()) {
      try {
        await (await loaded).close();
      } catch {
        // a peer that failed to load has nothing to close
      }
    }
  }
}
