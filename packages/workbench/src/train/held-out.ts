/**
 * Held-out models, from the trainer's side: writing the file that maps each training page to
 * the model that did not see it (the format is the bench's, src/eval/runs/held-out.ts), and
 * scoring it with the bench, so the figures a model's manifest records are the ones
 * `pith bench -e NAME:held-out=FILE` prints.
 */
import path from 'node:path';
import {
  type DatasetSpec,
  HELD_OUT_FORMAT,
  HELD_OUT_OPTION,
  HELD_OUT_VERSION,
  type HeldOutFile,
  type ListOptions,
  pagePrimaryScore,
  runBench,
  summariseBench,
} from '../eval/index.js';
import { writeModelFile } from './model-file.js';

export interface HeldOutPlan {
  extractor: string;
  option: string;
  scheme: string;
  datasets: readonly string[];
  /** Model files (absolute or relative to the working directory). */
  models: readonly string[];
  /** Page bytes' sha256 → index in `models`. */
  pages: ReadonlyMap<string, number>;
  manifest?: Record<string, unknown>;
}

/** Writes a held-out file (pages in key order: same plan, same bytes). */
export async function writeHeldOut(file: string, plan: HeldOutPlan): Promise<void> {
  const folder = path.dirname(path.resolve(file));
  const content: HeldOutFile = {
    format: HELD_OUT_FORMAT,
    version: HELD_OUT_VERSION,
    extractor: plan.extractor,
    option: plan.option,
    scheme: plan.scheme,
    datasets: [...plan.datasets],
    models: plan.models.map((model) => path.relative(folder, path.resolve(model))),
    pages: Object.fromEntries([...plan.pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    ...(plan.manifest ? { manifest: plan.manifest } : {}),
  };
  await writeModelFile(file, `${JSON.stringify(content, null, 1)}\n`);
}

/** One dataset's held-out figure in its primary metric, as the bench computes it. */
export interface HeldOutFigure {
  metric: string;
  /** Pages of the dataset in the run (word sequence means leave out seed 002's special cases). */
  pages: number;
  f1: number;
  /** 95% bootstrap interval (1,000 resamples, seed 1). */
  low: number;
  high: number;
  /** Mean per-page score by page type, when the dataset has types. */
  byType?: Record<string, { pages: number; f1: number }>;
}

const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 10000) / 10000 : value);

/** Scores the held-out models on the datasets they were trained from, with the bench. */
export async function scoreHeldOut(
  file: string,
  datasets: readonly DatasetSpec[],
  options: {
    jobs: number;
    list?: ListOptions;
    limit?: number;
    log?: (message: string) => void;
    /** The extractor the models belong to (default: pith). */
    extractor?: string;
  },
): Promise<Record<string, HeldOutFigure>> {
  const { result } = await runBench({
    datasets,
    extractors: [`${options.extractor ?? 'pith'}:${HELD_OUT_OPTION}=${file}`],
    peers: [],
    jobs: options.jobs,
    timeoutMs: 120_000,
    ...(options.list ? { listOptions: options.list } : {}),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    warn: (message) => options.log?.(message),
  });
  const summaries = summariseBench(result, { resamples: 1000, seed: 1 });
  const figures: Record<string, HeldOutFigure> = {};
  for (const summary of summaries) {
    const row = summary.rows[0];
    const primary = summary.info.scoring.primary;
    const figure: HeldOutFigure = {
      metric: primary,
      pages: row.pages,
      f1: round(row.primary.f1.estimate),
      low: round(row.primary.f1.low),
      high: round(row.primary.f1.high),
    };
    const byType = new Map<string, number[]>();
    for (const page of result.pages) {
      if (page.dataset !== summary.info.name || page.pageType === undefined) continue;
      const score = pagePrimaryScore(page, primary);
      if (!Number.isFinite(score)) continue;
      byType.set(page.pageType, [...(byType.get(page.pageType) ?? []), score]);
    }
    if (byType.size > 0) {
      figure.byType = Object.fromEntries(
        [...byType].map(([type, scores]) => [
          type,
          { pages: scores.length, f1: round(scores.reduce((a, b) => a + b, 0) / scores.length) },
        ]),
      );
    }
    // own-keys: a dataset's name, from the run's own list
    figures[summary.info.name] = figure;
    options.log?.(
      `  ${summary.info.name}: ${primary} F1 ${figure.f1.toFixed(4)} [${figure.low.toFixed(3)}, ${figure.high.toFixed(3)}] (n = ${figure.pages})`,
    );
  }
  return figures;
}
