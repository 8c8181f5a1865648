/**
 * Tunes VCE's thresholds on the datasets, with a leave-one-dataset-out check.
 *
 *   npx tsx bench/vce/tune.ts [--sample=…] [--datasets=…]
 *
 * Grid: every block-tree setting (distanceThreshold × inlineBlocks × linkDensityThreshold)
 * × every FindMainBlock setting (minTextRatio × minWidthRatio × minHeightRatio ×
 * maxLinkDensityRatio × denominatorEpsilon × relativeTop), on the browser layouts cached
 * by layouts.ts AND on estimated layouts (one set of defaults serves both).
 * Score per dataset and layout: the fast word F1 (score.ts; CleanEval, L3S-GN1), or
 * trafilatura's snippet F1 on the formatted text. Objective: the mean over datasets × layouts.
 * Pages without a cached browser layout are skipped (run layouts.ts first).
 * Writes .cache/vce/tune.json and prints the best settings overall and per held-out dataset.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SnippetCounts } from '@pith/workbench/eval';
import {
  averageFontSize,
  averagesOf,
  type BlockTree,
  type Doc,
  estimateLayout,
  formatExtraction,
  getBlockTree,
  type Layout,
  linkDensityOf,
  resolveOptions,
  type Selection,
  selectMainBlock,
  VCE_DEFAULTS,
  type VceOptions,
} from 'pith/internal';
import {
  type BenchPage,
  CACHE_DIR,
  type DatasetName,
  loadBenchPage,
  loadLayout,
  parsePage,
  sampleRefs,
  sampleSizes,
  selectedDatasets,
} from './common.js';
import { annotateGold, type GoldAnnotation, snippetScore } from './score.js';

type TreeSetting = Pick<VceOptions, 'distanceThreshold' | 'inlineBlocks' | 'linkDensityThreshold'>;
type MainSetting = Pick<
  VceOptions,
  | 'minTextRatio'
  | 'minWidthRatio'
  | 'minHeightRatio'
  | 'maxLinkDensityRatio'
  | 'denominatorEpsilon'
  | 'relativeTop'
>;

const product = <T extends object>(axes: { [K in keyof T]: readonly T[K][] }): T[] => {
  let out: Partial<T>[] = [{}];
  for (const key of Object.keys(axes) as (keyof T)[]) {
    out = out.flatMap((partial) => axes[key].map((value) => ({ ...partial, [key]: value })));
  }
  return out as T[];
};

export const TREE_GRID: TreeSetting[] = product<TreeSetting>({
  distanceThreshold: [0, 1, 2, 3],
  inlineBlocks: [true, false],
  linkDensityThreshold: [0.2, 0.33, 0.5],
});
export const MAIN_GRID: MainSetting[] = product<MainSetting>({
  minTextRatio: [1, 2, 4, 8, 16],
  minWidthRatio: [0, 0.5, 1],
  minHeightRatio: [0, 1, 2],
  maxLinkDensityRatio: [0, 1, 2],
  denominatorEpsilon: [0.05, 1, 5, 25, 100, 1e6],
  relativeTop: [true, false],
});

const LAYOUTS = ['browser', 'estimate'] as const;
type LayoutKind = (typeof LAYOUTS)[number];

/** Per dataset × layout: per config, the sum of page F1s (text) or snippet counts (snippets). */
interface Accumulator {
  pages: number;
  f1Sum: Float64Array;
  tp: Float64Array;
  fp: Float64Array;
  fn: Float64Array;
}

const configCount = TREE_GRID.length * MAIN_GRID.length;
const accumulators = new Map<string, Accumulator>();
function accumulator(dataset: DatasetName, layout: LayoutKind): Accumulator {
  const key = `${dataset}|${layout}`;
  let acc = accumulators.get(key);
  if (!acc) {
    acc = {
      pages: 0,
      f1Sum: new Float64Array(configCount),
      tp: new Float64Array(configCount),
      fp: new Float64Array(configCount),
      fn: new Float64Array(configCount),
    };
    accumulators.set(key, acc);
  }
  return acc;
}

/** Per-block arrays of one tree, for evaluating every FindMainBlock setting quickly. */
function blockArrays(tree: BlockTree, annotation: GoldAnnotation) {
  const n = tree.blocks.length;
  const kept = new Float64Array(n);
  const keptGold = new Float64Array(n);
  for (let node = 0; node < annotation.words.length; node++) {
    const block = tree.blockOf[node];
    if (block < 0 || annotation.words[node] === 0) continue;
    kept[block] += annotation.words[node];
    keptGold[block] += annotation.gold[node];
  }
  for (let id = n - 1; id > 0; id--) {
    const block = tree.blocks[id];
    if (block.addedToParent) {
      kept[block.parent] += kept[id];
      keptGold[block.parent] += keptGold[id];
    }
  }
  const numerator = new Float64Array(n);
  const density = new Float64Array(n);
  const repeated = new Float64Array(n);
  const topPx = new Float64Array(n);
  const text = new Float64Array(n);
  const width = new Float64Array(n);
  const height = new Float64Array(n);
  for (const block of tree.blocks) {
    const bottom = Math.max(0, tree.pageHeight - (block.y + block.height));
    numerator[block.id] = block.textLength * Math.max(0, block.width) * averageFontSize(block) * bottom;
    density[block.id] = linkDensityOf(block);
    repeated[block.id] = block.repeatedPatterns;
    topPx[block.id] = Math.max(0, block.y);
    text[block.id] = block.textLength;
    width[block.id] = block.width;
    height[block.id] = block.height;
  }
  return { n, kept, keptGold, numerator, density, repeated, topPx, text, width, height };
}

function evaluatePage(
  page: BenchPage,
  doc: Doc,
  layout: Layout,
  kind: LayoutKind,
  annotation: GoldAnnotation,
) {
  const acc = accumulator(page.dataset, kind);
  acc.pages++;
  const snippets = page.snippets !== undefined;
  TREE_GRID.forEach((treeSetting, treeIndex) => {
    const options = resolveOptions({ ...treeSetting });
    const tree = getBlockTree(doc, layout, options);
    const averages = averagesOf(tree.general);
    const arrays = blockArrays(tree, annotation);
    const snippetCache = new Map<number, SnippetCounts>();
    const mains = new Int32Array(MAIN_GRID.length).fill(-1);
    const factor = new Float64Array(arrays.n);
    let lastFactorKey = '';
    MAIN_GRID.forEach((setting, mainIndex) => {
      const factorKey = `${setting.denominatorEpsilon}|${setting.relativeTop}`;
      if (factorKey !== lastFactorKey) {
        for (let id = 0; id < arrays.n; id++) {
          const top = setting.relativeTop
            ? arrays.topPx[id] / Math.max(1, tree.pageHeight)
            : arrays.topPx[id];
          factor[id] =
            arrays.numerator[id] /
            (arrays.density[id] + arrays.repeated[id] * top + setting.denominatorEpsilon);
        }
        lastFactorKey = factorKey;
      }
      const minText = setting.minTextRatio * averages.textLength;
      const minWidth = setting.minWidthRatio * averages.width;
      const minHeight = setting.minHeightRatio * averages.height;
      const maxDensity =
        setting.maxLinkDensityRatio > 0 ? setting.maxLinkDensityRatio * averages.linkDensity : 2;
      let main = -1;
      for (let id = 0; id < arrays.n; id++) {
        if (arrays.text[id] <= 0 || arrays.text[id] < minText || arrays.width[id] < minWidth) continue;
        if (arrays.height[id] < minHeight || arrays.density[id] > maxDensity) continue;
        if (main < 0 || factor[id] > factor[main]) main = id;
      }
      if (main < 0) {
        for (let id = 0; id < arrays.n; id++) {
          if (arrays.text[id] <= 0) continue;
          if (main < 0 || factor[id] > factor[main]) main = id;
        }
      }
      mains[mainIndex] = main;
    });
    MAIN_GRID.forEach((_, mainIndex) => {
      const config = treeIndex * MAIN_GRID.length + mainIndex;
      const main = mains[mainIndex];
      if (snippets) {
        let counts = snippetCache.get(main);
        if (!counts) {
          const selection = selectMainBlock(doc, layout, tree, main);
          const text = formatSelection(doc, selection, page);
          counts = snippetScore(page, text);
          snippetCache.set(main, counts);
        }
        acc.tp[config] += counts.tp;
        acc.fp[config] += counts.fp;
        acc.fn[config] += counts.fn;
      } else {
        const retrieved = main >= 0 ? arrays.kept[main] : 0;
        const hit = main >= 0 ? arrays.keptGold[main] : 0;
        const precision = retrieved > 0 ? hit / retrieved : 0;
        const recall = annotation.goldWords > 0 ? hit / annotation.goldWords : 0;
        acc.f1Sum[config] += precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
      }
    });
  });
}

function formatSelection(doc: Doc, selection: Selection, page: BenchPage): string {
  return formatExtraction(
    { extractor: 'vce', version: 'tune', doc, selection, roots: [], diagnostics: {} },
    'text',
    { url: page.url },
  );
}

function scoreOf(acc: Accumulator, config: number, snippets: boolean): number {
  if (snippets) {
    const tp = acc.tp[config];
    const precision = tp + acc.fp[config] > 0 ? tp / (tp + acc.fp[config]) : 0;
    const recall = tp + acc.fn[config] > 0 ? tp / (tp + acc.fn[config]) : 0;
    return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  }
  return acc.pages > 0 ? acc.f1Sum[config] / acc.pages : 0;
}

function describe(config: number): VceOptions {
  const tree = TREE_GRID[Math.floor(config / MAIN_GRID.length)];
  const main = MAIN_GRID[config % MAIN_GRID.length];
  return { ...VCE_DEFAULTS, ...tree, ...main };
}

function configIndex(options: VceOptions): number {
  const tree = TREE_GRID.findIndex(
    (t) =>
      t.distanceThreshold === options.distanceThreshold &&
      t.inlineBlocks === options.inlineBlocks &&
      t.linkDensityThreshold === options.linkDensityThreshold,
  );
  const main = MAIN_GRID.findIndex((m) =>
    (Object.keys(m) as (keyof MainSetting)[]).every((key) => m[key] === options[key]),
  );
  return tree < 0 || main < 0 ? -1 : tree * MAIN_GRID.length + main;
}

const datasets = selectedDatasets();
const sizes = sampleSizes();
const started = performance.now();
for (const dataset of datasets) {
  const refs = await sampleRefs(dataset, sizes[dataset]);
  let done = 0;
  for (const ref of refs) {
    const page = await loadBenchPage(dataset, ref);
    const doc = parsePage(page);
    const browser = loadLayout(dataset, page.id, doc);
    done++;
    if (!browser) continue;
    const annotation = annotateGold(doc, page);
    if (page.snippets === undefined && annotation.goldWords === 0) continue;
    evaluatePage(page, doc, browser, 'browser', annotation);
    evaluatePage(page, doc, estimateLayout(doc), 'estimate', annotation);
    if (done % 50 === 0 || done === refs.length) {
      process.stderr.write(
        `${dataset}: ${done}/${refs.length} (${Math.round((performance.now() - started) / 1000)} s)\n`,
      );
    }
  }
}

const cells = [...accumulators.keys()].map((key) => {
  const [dataset, layout] = key.split('|') as [DatasetName, LayoutKind];
  return { key, dataset, layout, snippets: dataset === 'trafilatura-eval' };
});

function objective(config: number, include: (dataset: DatasetName) => boolean): number {
  const chosen = cells.filter((cell) => include(cell.dataset));
  if (chosen.length === 0) return 0;
  let sum = 0;
  for (const cell of chosen) sum += scoreOf(accumulators.get(cell.key) as Accumulator, config, cell.snippets);
  return sum / chosen.length;
}

function best(include: (dataset: DatasetName) => boolean): number {
  let bestConfig = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let config = 0; config < configCount; config++) {
    const score = objective(config, include);
    if (score > bestScore) {
      bestScore = score;
      bestConfig = config;
    }
  }
  return bestConfig;
}

function cellScores(config: number): Record<string, number> {
  return Object.fromEntries(
    cells.map((cell) => [
      cell.key,
      Math.round(scoreOf(accumulators.get(cell.key) as Accumulator, config, cell.snippets) * 1000) / 1000,
    ]),
  );
}

const paperish = configIndex(resolveOptions({}));
const overall = best(() => true);
const report = {
  date: new Date().toISOString(),
  pages: Object.fromEntries(
    cells.map((cell) => [cell.key, (accumulators.get(cell.key) as Accumulator).pages]),
  ),
  grid: { trees: TREE_GRID.length, mains: MAIN_GRID.length, configs: configCount },
  currentDefaults: {
    options: resolveOptions({}),
    index: paperish,
    scores: paperish >= 0 ? cellScores(paperish) : null,
  },
  best: {
    options: describe(overall),
    objective: objective(overall, () => true),
    scores: cellScores(overall),
  },
  leaveOneOut: Object.fromEntries(
    datasets.map((heldOut) => {
      const config = best((dataset) => dataset !== heldOut);
      return [
        heldOut,
        {
          options: describe(config),
          trainObjective: objective(config, (dataset) => dataset !== heldOut),
          heldOutScores: Object.fromEntries(
            LAYOUTS.map((layout) => {
              const key = `${heldOut}|${layout}`;
              const acc = accumulators.get(key);
              return [
                layout,
                acc ? Math.round(scoreOf(acc, config, heldOut === 'trafilatura-eval') * 1000) / 1000 : null,
              ];
            }),
          ),
          bestOnHeldOut: cellScores(best((dataset) => dataset === heldOut)),
        },
      ];
    }),
  ),
  // How sensitive the objective is to each setting around the best: best score per value.
  sensitivity: Object.fromEntries(
    (Object.keys(describe(overall)) as (keyof VceOptions)[])
      .filter((key) => key !== 'sizeTolerance' && key !== 'fontTolerance')
      .map((key) => {
        const values = new Map<string, number>();
        const bestOptions = describe(overall);
        for (let config = 0; config < configCount; config++) {
          const options = describe(config);
          // Only configs that differ from the best in this one setting.
          const others = (Object.keys(options) as (keyof VceOptions)[]).every(
            (other) => other === key || options[other] === bestOptions[other],
          );
          if (!others) continue;
          values.set(String(options[key]), Math.round(objective(config, () => true) * 1000) / 1000);
        }
        return [key, Object.fromEntries(values)];
      }),
  ),
};
mkdirSync(CACHE_DIR, { recursive: true });
writeFileSync(path.join(CACHE_DIR, 'tune.json'), JSON.stringify(report, null, 2));
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
