/**
 * One unit of bench work: run one extractor on one page (or take its output from
 * the cache) and score it. Runs in the worker threads, and in the main thread for
 * `--only`.
 */
import type { Gold, RetrievedTransform } from '../datasets/types.js';
import { cacheKey, readCache, readScores, scoreKey, sha256, writeCache, writeScores } from './cache.js';
import { type ExtractorRef, type LoadedExtractor, loadExtractor, type PeerMetadata } from './extractors.js';
import {
  type PageScores,
  type PreparedGold,
  prepareGold,
  type ScoringOptions,
  scorePrepared,
  withHeadline,
} from './scoring.js';
import { threadCpuMs } from './thread-cpu.js';
import type { PageRunTimes } from './types.js';

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
  /**
   * Names the page within the run (dataset and id): the tasks of one page share its prepared
   * gold in a worker. Without it the gold is prepared for every task.
   */
  pageKey?: string;
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

export interface TaskResult extends PageRunTimes {
  id: number;
  scores: PageScores;
  text?: string | null;
  /** The metadata the extractor read, when the page's gold has metadata to score them against. */
  metadata?: PeerMetadata;
  /** pith's quality estimate of the extraction (pith's extractors). */
  quality?: number | null;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Prepared golds a runner keeps, most recent last. The pool queues a page's tasks together and
 * the runner keeps a few pages in flight, so a page's tasks reach a worker close together.
 */
const PREPARED_PAGES = 8;

export class TaskRunner {
  readonly #settings: TaskSettings;
  readonly #loaded = new Map<string, Promise<LoadedExtractor>>();
  readonly #prepared = new Map<string, PreparedGold>();

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

  #preparedGold(task: Task): PreparedGold {
    if (task.pageKey === undefined) return prepareGold(task.page, task.scoring);
    const key = `${task.pageKey}\0${task.scoring.removeNonAscii}`;
    let prepared = this.#prepared.get(key);
    if (prepared) {
      this.#prepared.delete(key); // re-inserted below as the most recent
    } else {
      prepared = prepareGold(task.page, task.scoring);
      for (const oldest of this.#prepared.keys()) {
        if (this.#prepared.size < PREPARED_PAGES) break;
        this.#prepared.delete(oldest);
      }
    }
    this.#prepared.set(key, prepared);
    return prepared;
  }

  async run(task: Task): Promise<TaskResult> {
    const { cacheDir } = this.#settings;
    const key = cacheDir ? cacheKey(inputHash(task.page), task.extractor) : '';
    let text: string | null = null;
    let error: string | undefined;
    let ms = 0;
    let cpuMs: number | undefined;
    let cached = false;
    let metadata: PeerMetadata | undefined;
    let quality: number | null | undefined;
    // Metadata travel with the result only where a gold can score them (WCXB) or where the
    // scorer needs the title (a gold that holds the headline).
    const wantMetadata = task.page.gold.metadata !== undefined || task.scoring.headlineInGold === true;
    const hit = cacheDir ? readCache(cacheDir, key) : undefined;
    // pith's entries carry its quality estimate; one written before it had one is a miss.
    const wantQuality = task.extractor.kind === 'pith';
    if (
      hit &&
      !(wantMetadata && hit.metadata === undefined) &&
      !(wantQuality && hit.text !== null && hit.quality === undefined)
    ) {
      ({ text, ms } = hit);
      if (hit.error !== undefined) error = hit.error;
      if (hit.metadata) metadata = hit.metadata;
      if (hit.quality !== undefined) quality = hit.quality;
      cached = true;
    } else {
      try {
        const extractor = await this.#extractor(task.extractor);
        const cpuStarted = threadCpuMs();
        const run = await extractor.run(task.page.html, task.page.url);
        const cpuEnded = threadCpuMs();
        ({ text, ms, metadata, quality } = run);
        // An outside peer's CPU time is its process's, not this thread's.
        if (run.cpuMs !== undefined) cpuMs = run.cpuMs;
        else if (cpuStarted !== undefined && cpuEnded !== undefined) cpuMs = cpuEnded - cpuStarted;
      } catch (caught) {
        text = null;
        error = describeError(caught);
      }
      // Only outputs are cached: an error may come from the environment (a model or a peer's
      // package not there yet) and must be retried on the next run.
      if (cacheDir && text !== null) {
        writeCache(cacheDir, key, {
          text,
          ms,
          metadata: metadata ?? null,
          ...(quality === undefined ? {} : { quality }),
        });
      }
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
    let scoreCpuMs: number | undefined;
    if (!scores) {
      const scoreStarted = performance.now();
      const cpuStarted = threadCpuMs();
      const scored = task.scoring.headlineInGold ? withHeadline(text, metadata?.title) : text;
      scores = scorePrepared(this.#preparedGold(task), scored);
      const cpuEnded = threadCpuMs();
      scoreMs = performance.now() - scoreStarted;
      if (cpuStarted !== undefined && cpuEnded !== undefined) scoreCpuMs = cpuEnded - cpuStarted;
      if (cacheDir) writeScores(cacheDir, keyOfScores, { scores, scoreMs });
    }
    return {
      id: task.id,
      failed: text === null,
      ...(error === undefined ? {} : { error }),
      ms,
      scoreMs,
      ...(cpuMs === undefined ? {} : { cpuMs }),
      ...(scoreCpuMs === undefined ? {} : { scoreCpuMs }),
      cached,
      scores,
      ...(task.wantText ? { text } : {}),
      ...(wantMetadata && metadata ? { metadata } : {}),
      ...(quality === undefined ? {} : { quality }),
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

/** What a page's cached output is keyed on: its bytes and the URL the extractor was given (links, URL features and site rules read it). */
function inputHash(page: { html: Uint8Array; url?: string }): string {
  const bytes = sha256(page.html);
  return page.url === undefined ? bytes : sha256(`${bytes}\0${page.url}`);
}
