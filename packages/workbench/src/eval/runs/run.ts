/**
 * The bench run: N extractors (pith's and peers) × M datasets in one pass over a
 * pool of worker threads, then (optionally) the speed measurement.
 *
 * Pages are listed first (counts for progress, `--limit`), then read a few at a
 * time, the largest files first (so that the run does not end on one slow page
 * while the other workers idle): every page goes to every extractor; the pool
 * runs the (page, extractor) tasks in parallel, each against a time budget. A
 * page that fails or times out is scored as an empty text and counted; nothing
 * stops the run.
 */
import { stat } from 'node:fs/promises';
import os from 'node:os';
import {
  type DatasetScoring,
  type DatasetSpec,
  datasetScoring,
  type ListOptions,
  listDataset,
} from '../datasets/registry.js';
import type { DatasetPage, PageRef } from '../datasets/types.js';
import {
  defaultPeersModule,
  type ExtractorRef,
  importPeers,
  moduleHref,
  type PeerFactories,
  pithExtractorRef,
} from './extractors.js';
import { TaskPool } from './pool.js';
import { scorePage } from './scoring.js';
import { measureSpeed, type SpeedPage } from './speed.js';
import { describeError, type TaskResult } from './task.js';
import type { BenchExtractorInfo, BenchPageResult, BenchResult, MachineInfo } from './types.js';

export interface BenchProgress {
  phase: 'quality' | 'speed';
  done: number;
  total: number;
  failed: number;
  cached: number;
  /** Speed phase: the extractor being measured. */
  current?: string;
  elapsedMs: number;
}

export interface BenchConfig {
  datasets: readonly DatasetSpec[];
  /** pith extractor names (see EXTRACTORS). */
  extractors: readonly string[];
  /** Peer names, or ['all'] for every peer the peers module exports. */
  peers: readonly string[];
  /** The module exporting PEERS (path or URL); default src/eval/peers. */
  peersModule?: string;
  jobs: number;
  /** At most this many pages per dataset. */
  limit?: number;
  /** Time budget per page and extractor, in milliseconds. */
  timeoutMs: number;
  /** The output cache folder; undefined = no cache. */
  cacheDir?: string;
  /** Force seed 002's non-ASCII removal on or off for every dataset (default: per dataset). */
  removeNonAscii?: boolean;
  listOptions?: ListOptions;
  /** Keep the extracted texts (returned in `texts`, not in the results). */
  keepTexts?: boolean;
  /**
   * Give the extractors each page's bytes only, not its URL: how a user with saved files runs
   * `pith extract DIR` (the page's own `<link rel=canonical>` is all it has then).
   */
  withoutUrls?: boolean;
  /** Run the speed measurement on up to this many pages (undefined = no speed pass). */
  speedPages?: number;
  command?: string;
  onProgress?: (progress: BenchProgress) => void;
  warn?: (message: string) => void;
  /** What extractors print in the worker threads (peers' warnings); default: this process's stderr. */
  onWorkerOutput?: (text: string) => void;
}

export interface BenchOutput {
  result: BenchResult;
  /** dataset → extractor → page id → text (null = failed), when `keepTexts`. */
  texts: Map<string, Map<string, Map<string, string | null>>>;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: os.platform(),
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1e9),
  };
}

/** Resolves the peers to run: loads each once (then closes it) to learn its version; skips the absent. */
export async function probePeers(
  names: readonly string[],
  peersModule: string | undefined,
  warn: (message: string) => void,
): Promise<{ refs: ExtractorRef[]; skipped: { name: string; reason: string }[] }> {
  const skipped: { name: string; reason: string }[] = [];
  if (names.length === 0) return { refs: [], skipped };
  let peers: PeerFactories;
  try {
    if (!peersModule) throw new Error('src/eval/peers is not there');
    peers = await importPeers(peersModule);
  } catch (error) {
    const reason = `no peers module: ${describeError(error)}`;
    for (const name of names) if (name !== 'all') skipped.push({ name, reason });
    warn(`peers skipped (${reason})`);
    return { refs: [], skipped };
  }
  const wanted = names.includes('all') ? Object.keys(peers) : [...names];
  const refs: ExtractorRef[] = [];
  for (const name of wanted) {
    const factory = Object.hasOwn(peers, name) ? peers[name] : undefined;
    if (!factory) {
      const reason = `unknown peer (choose from ${Object.keys(peers).join(', ') || 'none'})`;
      skipped.push({ name, reason });
      warn(`peer '${name}' skipped: ${reason}`);
      continue;
    }
    try {
      const peer = await factory();
      refs.push({ kind: 'peer', name, label: name, version: `${peer.name}@${peer.version}`, options: {} });
      await peer.close?.();
    } catch (error) {
      const reason = describeError(error);
      skipped.push({ name, reason });
      warn(`peer '${name}' skipped: ${reason}`);
    }
  }
  return { refs, skipped };
}

interface ListedDataset {
  spec: DatasetSpec;
  scoring: DatasetScoring;
  refs: PageRef[];
}

/** Size on disk of each page's file (0 when unknown), read a few hundred at a time. */
async function fileSizes(refs: readonly PageRef[]): Promise<number[]> {
  const sizes = new Array<number>(refs.length).fill(0);
  const batch = 256;
  for (let start = 0; start < refs.length; start += batch) {
    await Promise.all(
      refs.slice(start, start + batch).map(async (ref, offset) => {
        if (!ref.file) return;
        try {
          sizes[start + offset] = (await stat(ref.file)).size;
        } catch {
          // unknown: scheduled last
        }
      }),
    );
  }
  return sizes;
}

/** Spreads `count` picks evenly over `total` items (deterministic). */
function evenIndices(total: number, count: number): Set<number> {
  const picks = new Set<number>();
  if (total <= 0 || count <= 0) return picks;
  const step = total / Math.min(count, total);
  for (let i = 0; i < Math.min(count, total); i++) picks.add(Math.floor(i * step));
  return picks;
}

/** Runs the bench; see the module comment. */
export async function runBench(config: BenchConfig): Promise<BenchOutput> {
  const startedAt = new Date();
  const started = performance.now();
  const warn = config.warn ?? (() => {});
  const peersModule = config.peersModule ? moduleHref(config.peersModule) : defaultPeersModule()?.href;

  const ours = config.extractors.map((name) => pithExtractorRef(name));
  const { refs: peerRefs, skipped } = await probePeers(config.peers, peersModule, warn);
  const extractors = [...ours, ...peerRefs];
  if (extractors.length === 0) throw new Error('no extractor to run');
  const names = new Set<string>();
  for (const ref of extractors) {
    if (names.has(ref.label)) throw new Error(`extractor '${ref.label}' given twice`);
    names.add(ref.label);
  }

  const listed: ListedDataset[] = [];
  for (const spec of config.datasets) {
    let refs = await listDataset(spec, config.listOptions);
    if (config.limit !== undefined) refs = refs.slice(0, config.limit);
    const scoring = await datasetScoring(spec);
    if (config.removeNonAscii !== undefined) scoring.removeNonAscii = config.removeNonAscii;
    listed.push({ spec, scoring, refs });
  }
  const labels = new Set<string>();
  for (const dataset of listed) {
    if (labels.has(dataset.spec.name)) throw new Error(`dataset '${dataset.spec.name}' given twice`);
    labels.add(dataset.spec.name);
  }

  const totalPages = listed.reduce((sum, d) => sum + d.refs.length, 0);
  const total = totalPages * extractors.length;
  const speedPicks = evenIndices(totalPages, config.speedPages ?? 0);
  const speedPages = new Map<number, SpeedPage>();

  const pool = new TaskPool({
    size: config.jobs,
    settings: {
      ...(config.cacheDir ? { cacheDir: config.cacheDir } : {}),
      ...(peersModule ? { peersModule } : {}),
    },
    timeoutMs: config.timeoutMs,
    ...(config.onWorkerOutput ? { onOutput: config.onWorkerOutput } : {}),
  });
  const results: BenchPageResult[] = [];
  const texts: BenchOutput['texts'] = new Map();
  let done = 0;
  let failed = 0;
  let cached = 0;
  let taskId = 0;
  const report = () =>
    config.onProgress?.({
      phase: 'quality',
      done,
      total,
      failed,
      cached,
      elapsedMs: performance.now() - started,
    });

  const processPage = async (dataset: ListedDataset, ref: PageRef, index: number) => {
    let page: DatasetPage;
    try {
      page = await ref.load();
    } catch (error) {
      // An unreadable page is a failure of every extractor on it.
      warn(`${dataset.spec.name}/${ref.id}: cannot read the page: ${describeError(error)}`);
      for (const extractor of extractors) {
        results.push({
          dataset: dataset.spec.name,
          id: ref.id,
          extractor: extractor.label,
          failed: true,
          error: `unreadable page: ${describeError(error)}`,
          ms: 0,
          bytes: 0,
          cached: false,
          scores: {},
        });
        done++;
        failed++;
      }
      report();
      return;
    }
    const url = config.withoutUrls ? undefined : page.url;
    if (speedPicks.has(index)) speedPages.set(index, { html: page.html, ...(url ? { url } : {}) });
    await Promise.all(
      extractors.map(async (extractor) => {
        const result: TaskResult = await pool.run({
          id: taskId++,
          extractor,
          page: {
            id: page.id,
            html: page.html,
            ...(url ? { url } : {}),
            gold: page.gold,
            ...(page.retrievedTransform ? { retrievedTransform: page.retrievedTransform } : {}),
          },
          pageKey: `${dataset.spec.name}\0${page.id}`,
          scoring: {
            removeNonAscii: dataset.scoring.removeNonAscii,
            ...(dataset.scoring.headlineInGold ? { headlineInGold: true } : {}),
          },
          wantText: config.keepTexts ?? false,
        });
        // Timeouts and crashes come back without scores: score them as an empty text.
        const scores =
          result.failed && Object.keys(result.scores).length === 0
            ? scorePage(page, null, { removeNonAscii: dataset.scoring.removeNonAscii })
            : result.scores;
        results.push({
          dataset: dataset.spec.name,
          id: page.id,
          extractor: extractor.label,
          failed: result.failed,
          ...(result.error === undefined ? {} : { error: result.error }),
          ...(result.timedOut ? { timedOut: true } : {}),
          ms: result.ms,
          ...(result.scoreMs === undefined ? {} : { scoreMs: result.scoreMs }),
          ...(result.cpuMs === undefined ? {} : { cpuMs: result.cpuMs }),
          ...(result.scoreCpuMs === undefined ? {} : { scoreCpuMs: result.scoreCpuMs }),
          bytes: page.html.length,
          cached: result.cached,
          ...(page.gold.pageType ? { pageType: page.gold.pageType } : {}),
          ...(page.gold.language ? { language: page.gold.language } : {}),
          scores,
          ...(result.metadata ? { metadata: result.metadata } : {}),
          ...(result.quality === undefined ? {} : { quality: result.quality }),
        });
        if (config.keepTexts) {
          const byExtractor = texts.get(dataset.spec.name) ?? new Map<string, Map<string, string | null>>();
          texts.set(dataset.spec.name, byExtractor);
          const byId = byExtractor.get(extractor.label) ?? new Map<string, string | null>();
          byExtractor.set(extractor.label, byId);
          byId.set(page.id, result.text ?? null);
        }
        done++;
        if (result.failed) failed++;
        if (result.cached) cached++;
        report();
      }),
    );
  };

  // Largest files first: the slowest tasks start early and the run ends on small pages, with
  // every worker busy to the end. `index` stays the listing order (the speed sample's picks).
  const order: { dataset: ListedDataset; ref: PageRef; index: number; size: number }[] = [];
  for (const dataset of listed) {
    const sizes = await fileSizes(dataset.refs);
    dataset.refs.forEach((ref, i) => {
      order.push({ dataset, ref, index: order.length, size: sizes[i] });
    });
  }
  order.sort((x, y) => y.size - x.size || x.index - y.index);
  // A window of pages in flight keeps every worker busy while bounding memory.
  const window = Math.max(2, config.jobs * 3);
  const inFlight = new Set<Promise<void>>();
  try {
    for (const { dataset, ref, index } of order) {
      const promise: Promise<void> = processPage(dataset, ref, index).finally(() => inFlight.delete(promise));
      inFlight.add(promise);
      if (inFlight.size >= window) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    await pool.close();
  }
  report();
  const qualityWallMs = performance.now() - started;

  // Results in a stable order: datasets, pages, extractors as given.
  const datasetOrder = new Map(listed.map((d, i) => [d.spec.name, i]));
  const pageOrder = new Map<string, number>();
  for (const d of listed) {
    d.refs.forEach((ref, i) => {
      pageOrder.set(`${d.spec.name}\0${ref.id}`, i);
    });
  }
  const extractorOrder = new Map(extractors.map((e, i) => [e.label, i]));
  results.sort(
    (x, y) =>
      (datasetOrder.get(x.dataset) ?? 0) - (datasetOrder.get(y.dataset) ?? 0) ||
      (pageOrder.get(`${x.dataset}\0${x.id}`) ?? 0) - (pageOrder.get(`${y.dataset}\0${y.id}`) ?? 0) ||
      (extractorOrder.get(x.extractor) ?? 0) - (extractorOrder.get(y.extractor) ?? 0),
  );

  const result: BenchResult = {
    schema: 1,
    startedAt: startedAt.toISOString(),
    wallMs: 0,
    qualityWallMs,
    ...(config.command ? { command: config.command } : {}),
    machine: machineInfo(),
    jobs: config.jobs,
    timeoutMs: config.timeoutMs,
    datasets: listed.map((d) => ({
      name: d.spec.name,
      format: d.spec.format,
      dir: d.spec.dir,
      pages: d.refs.length,
      scoring: d.scoring,
    })),
    extractors: extractors.map(
      (e): BenchExtractorInfo => ({
        name: e.label,
        kind: e.kind,
        version: e.version,
        ...(e.heldOut
          ? { heldOut: { of: e.heldOut.of, scheme: e.heldOut.scheme, datasets: e.heldOut.datasets } }
          : {}),
      }),
    ),
    skippedPeers: skipped,
    workerReplacements: pool.replacements,
    pages: results,
  };

  if (config.speedPages !== undefined && speedPages.size > 0) {
    const speedStarted = performance.now();
    result.speed = await measureSpeed({
      pages: [...speedPages.entries()].sort(([x], [y]) => x - y).map(([, page]) => page),
      sample: `${speedPages.size} pages spread evenly over the ${totalPages} pages of ${listed.map((d) => d.spec.name).join(', ')}`,
      // A held-out variant runs the same code as its extractor: timed once is enough.
      extractors: extractors.filter((extractor) => !extractor.heldOut),
      ...(peersModule ? { peersModule } : {}),
      timeoutMs: Math.max(config.timeoutMs, 60_000),
      onProgress: (name, speedDone, speedTotal) =>
        config.onProgress?.({
          phase: 'speed',
          done: speedDone,
          total: speedTotal,
          failed: 0,
          cached: 0,
          current: name,
          elapsedMs: performance.now() - speedStarted,
        }),
    });
  }
  result.wallMs = performance.now() - started;
  return { result, texts };
}
