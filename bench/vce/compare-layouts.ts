/**
 * How far the estimated layout is from Chromium's, element by element.
 *
 *   npx tsx bench/vce/compare-layouts.ts [--sample=…] [--datasets=…]
 *
 * Over the sampled pages that have a cached browser layout (layouts.ts), for every
 * element of the body that both layouts render with a non-empty box: Pearson's r and
 * Spearman's ρ of x, y (top), width, height and font size per page (medians over pages;
 * r is dominated by the big containers, ρ weighs every element alike), ρ pooled over all
 * elements (every 7th), the median absolute error, the median error of the top as a
 * share of the page height, and how often the two agree on what is rendered at all.
 * Also the page height ratio (estimate / browser).
 * Writes .cache/vce/compare-layouts.json and prints a Markdown table.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pearson, spearman } from '@pith/workbench/eval';
import { Display, estimateLayout, NodeKind } from 'pith/internal';
import {
  CACHE_DIR,
  loadBenchPage,
  loadLayout,
  parsePage,
  sampleRefs,
  sampleSizes,
  selectedDatasets,
} from './common.js';

const MEASURES = ['x', 'y', 'width', 'height', 'fontSize'] as const;
type Measure = (typeof MEASURES)[number];

function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((p, q) => p - q);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface DatasetStats {
  pages: number;
  elements: number;
  perPage: Record<Measure, number[]>;
  perPageRank: Record<Measure, number[]>;
  pooled: Record<Measure, { browser: number[]; estimate: number[] }>;
  absoluteErrors: Record<Measure, number[]>;
  renderAgree: number;
  renderTotal: number;
  pageHeightRatio: number[];
  /** |y/pageHeight| differences: where on the page, as a share of its height. */
  relativeTopErrors: number[];
}

const results: Record<string, DatasetStats> = {};
const sizes = sampleSizes();
for (const dataset of selectedDatasets()) {
  const stats: DatasetStats = {
    pages: 0,
    elements: 0,
    perPage: { x: [], y: [], width: [], height: [], fontSize: [] },
    perPageRank: { x: [], y: [], width: [], height: [], fontSize: [] },
    pooled: {
      x: { browser: [], estimate: [] },
      y: { browser: [], estimate: [] },
      width: { browser: [], estimate: [] },
      height: { browser: [], estimate: [] },
      fontSize: { browser: [], estimate: [] },
    },
    absoluteErrors: { x: [], y: [], width: [], height: [], fontSize: [] },
    renderAgree: 0,
    renderTotal: 0,
    pageHeightRatio: [],
    relativeTopErrors: [],
  };
  for (const ref of await sampleRefs(dataset, sizes[dataset])) {
    const page = await loadBenchPage(dataset, ref);
    const doc = parsePage(page);
    const browser = loadLayout(dataset, page.id, doc);
    if (!browser) continue;
    const estimate = estimateLayout(doc);
    stats.pages++;
    stats.pageHeightRatio.push(estimate.pageHeight / browser.pageHeight);
    const pairs: Record<Measure, { b: number[]; e: number[] }> = {
      x: { b: [], e: [] },
      y: { b: [], e: [] },
      width: { b: [], e: [] },
      height: { b: [], e: [] },
      fontSize: { b: [], e: [] },
    };
    const root = doc.contentRoot;
    for (let node = root + 1; node < doc.end(root); node++) {
      if (doc.kind(node) !== NodeKind.Element || doc.isHiddenContent(node) || !browser.measured[node])
        continue;
      const browserShown = browser.display[node] !== Display.None && browser.visible[node] === 1;
      const estimateShown = estimate.display[node] !== Display.None && estimate.visible[node] === 1;
      stats.renderTotal++;
      if (browserShown === estimateShown) stats.renderAgree++;
      if (!browserShown || !estimateShown || browser.width[node] * browser.height[node] === 0) continue;
      stats.elements++;
      stats.relativeTopErrors.push(
        Math.abs(browser.y[node] / browser.pageHeight - estimate.y[node] / estimate.pageHeight),
      );
      for (const measure of MEASURES) {
        const b = browser[measure][node];
        const e = estimate[measure][node];
        pairs[measure].b.push(b);
        pairs[measure].e.push(e);
        stats.absoluteErrors[measure].push(Math.abs(b - e));
        // Pooled correlation on a thinned sample (every 7th element) to bound memory.
        if (stats.elements % 7 === 0) {
          stats.pooled[measure].browser.push(b);
          stats.pooled[measure].estimate.push(e);
        }
      }
    }
    for (const measure of MEASURES) {
      stats.perPage[measure].push(pearson(pairs[measure].b, pairs[measure].e));
      stats.perPageRank[measure].push(spearman(pairs[measure].b, pairs[measure].e));
    }
  }
  results[dataset] = stats;
}

const summary = Object.fromEntries(
  Object.entries(results).map(([dataset, stats]) => [
    dataset,
    {
      pages: stats.pages,
      elements: stats.elements,
      renderAgreement: stats.renderTotal > 0 ? stats.renderAgree / stats.renderTotal : Number.NaN,
      medianPageHeightRatio: median(stats.pageHeightRatio),
      medianRelativeTopError: median(stats.relativeTopErrors),
      measures: Object.fromEntries(
        MEASURES.map((measure) => [
          measure,
          {
            medianPerPageR: median(stats.perPage[measure]),
            medianPerPageSpearman: median(stats.perPageRank[measure]),
            pooledSpearman: spearman(stats.pooled[measure].browser, stats.pooled[measure].estimate),
            medianAbsError: median(stats.absoluteErrors[measure]),
          },
        ]),
      ),
    },
  ]),
);
mkdirSync(CACHE_DIR, { recursive: true });
writeFileSync(
  path.join(CACHE_DIR, 'compare-layouts.json'),
  JSON.stringify({ date: new Date().toISOString(), summary }, null, 2),
);

const f = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
process.stdout.write(
  '| dataset | pages | elements | rendered agree | page height est/browser | top error (share of page) | ' +
    MEASURES.map((m) => `${m}: r / ρ per page, ρ pooled, median abs err px`).join(' | ') +
    ' |\n|---|---:|---:|---:|---:|---:|' +
    MEASURES.map(() => '---:').join('|') +
    '|\n',
);
for (const [dataset, s] of Object.entries(summary)) {
  process.stdout.write(
    `| ${dataset} | ${s.pages} | ${s.elements} | ${f(s.renderAgreement * 100, 1)}% | ${f(s.medianPageHeightRatio)} | ${f(s.medianRelativeTopError, 3)} | ` +
      MEASURES.map((m) => {
        const v = s.measures[m];
        return `${f(v.medianPerPageR)} / ${f(v.medianPerPageSpearman)}, ${f(v.pooledSpearman)}, ${f(v.medianAbsError, 0)}`;
      }).join(' | ') +
      ' |\n',
  );
}
