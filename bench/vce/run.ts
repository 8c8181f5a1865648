/**
 * VCE on the datasets, with browser layout and with the estimated layout, beside pith
 * and all-text on the same pages, in one run.
 *
 *   npx tsx bench/vce/run.ts [--sample=cleaneval:all,l3s-gn1:all,trafilatura-eval:300]
 *       [--datasets=…] [--resamples=1000] [--paper] [--option=name=value …]
 *
 * (`--paper`: VCE with the literal reading of the paper instead of the tuned defaults.)
 *
 * - Word level: seed 002's word-sequence P/R/F1 (means over regular documents, 95%
 *   bootstrap intervals) on CleanEval and L3S-GN1; trafilatura's snippet P/R/F1
 *   (micro-averaged) on trafilatura-eval. The text is `pith extract --format text`'s.
 * - Block level (the paper's Table 1): b-precision/b-recall/b-F per page, averaged, on
 *   the VCE block tree of the BROWSER layout (with the run's VCE options) as the one
 *   segmentation for every extractor; a block is relevant when ≥ half of its own words are gold words
 *   (CleanEval, L3S-GN1; trafilatura's snippets do not annotate blocks).
 * - Per site, for sites with ≥ 5 pages in the sample (host from the page URL).
 * Browser layouts come from the cache of layouts.ts; a page without one is laid out here.
 * Writes .cache/vce/run.json (per page) and prints Markdown.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BrowserLayoutEngine } from '@pith/tools';
import {
  bootstrapMeans,
  bootstrapSnippetScores,
  formatInterval,
  formatNumber,
  markdownTable,
  type SnippetCounts,
  snippetScores,
  type WordSequenceScore,
} from '@pith/workbench/eval';
import {
  allText,
  type Extraction,
  estimateLayout,
  extractMetadata,
  formatExtraction,
  getBlockTree,
  type Layout,
  pith,
  resolveOptions,
  VCE_PAPER_READING,
  type VceOptions,
  vce,
} from 'pith/internal';
import {
  argValue,
  CACHE_DIR,
  type DatasetName,
  loadBenchPage,
  loadLayout,
  parsePage,
  sampleRefs,
  sampleSizes,
  saveLayout,
  selectedDatasets,
} from './common.js';
import { annotateGold, type BlockScore, blockScore, snippetScore, wordScore } from './score.js';

const RUNS = ['vce (browser)', 'vce (estimate)', 'pith', 'all-text'] as const;
type RunName = (typeof RUNS)[number];

interface PageRow {
  dataset: DatasetName;
  id: string;
  site: string;
  run: RunName;
  ms: number;
  word?: WordSequenceScore;
  snippets?: SnippetCounts;
  block?: BlockScore;
  /** The main block's root element (node id), for vce. */
  mainRoot?: number;
}

const resamples = Number(argValue('resamples') ?? 1000);
// --paper: the literal reading of the paper (no tuning) instead of the tuned defaults.
const vceOptions: Partial<VceOptions> = process.argv.includes('--paper') ? { ...VCE_PAPER_READING } : {};
for (const arg of process.argv) {
  const match = /^--option=([A-Za-z]+)=(.*)$/.exec(arg);
  if (!match) continue;
  const [, name, value] = match;
  (vceOptions as Record<string, unknown>)[name] =
    value === 'true' ? true : value === 'false' ? false : Number(value);
}
const referenceOptions = resolveOptions(vceOptions);

let engine: BrowserLayoutEngine | undefined;
async function browserLayoutOf(
  dataset: DatasetName,
  id: string,
  doc: ReturnType<typeof parsePage>,
): Promise<Layout> {
  const cached = loadLayout(dataset, id, doc);
  if (cached) return cached;
  engine ??= await BrowserLayoutEngine.launch({ concurrency: 1 });
  const layout = await engine.layout(doc);
  saveLayout(dataset, id, doc, layout);
  return layout;
}

const rows: PageRow[] = [];
const sizes = sampleSizes();
const layoutMs = { estimate: 0, estimatePages: 0 };
const started = performance.now();
try {
  for (const dataset of selectedDatasets()) {
    const refs = await sampleRefs(dataset, sizes[dataset]);
    let done = 0;
    for (const ref of refs) {
      const page = await loadBenchPage(dataset, ref);
      const doc = parsePage(page);
      const metadata = extractMetadata(doc, { url: page.url });
      let browser: Layout;
      try {
        browser = await browserLayoutOf(dataset, page.id, doc);
      } catch (error) {
        process.stderr.write(
          `${dataset} ${page.id}: no browser layout (${(error as Error).message}); skipped\n`,
        );
        continue;
      }
      const estimateStarted = performance.now();
      const estimate = estimateLayout(doc);
      layoutMs.estimate += performance.now() - estimateStarted;
      layoutMs.estimatePages++;
      const annotation = page.goldText !== undefined ? annotateGold(doc, page) : undefined;
      const reference = annotation ? getBlockTree(doc, browser, referenceOptions) : undefined;
      const runs: Record<RunName, () => Extraction> = {
        'vce (browser)': () => vce.extract(doc, vceOptions, { metadata, layout: browser }),
        'vce (estimate)': () => vce.extract(doc, vceOptions, { metadata, layout: estimate }),
        pith: () => pith.extract(doc, {}, { metadata }),
        'all-text': () => allText.extract(doc, {}, { metadata }),
      };
      for (const run of RUNS) {
        const runStarted = performance.now();
        const extraction = runs[run]();
        const text = formatExtraction(extraction, 'text', { url: page.url, title: metadata.title });
        const ms = performance.now() - runStarted;
        const row: PageRow = { dataset, id: page.id, site: page.site, run, ms };
        if (extraction.roots.length > 0 && run.startsWith('vce')) row.mainRoot = extraction.roots[0];
        if (page.snippets) row.snippets = snippetScore(page, text);
        else row.word = wordScore(page, text);
        if (annotation && reference) row.block = blockScore(annotation, reference, extraction.selection);
        rows.push(row);
      }
      done++;
      if (done % 50 === 0 || done === refs.length) {
        process.stderr.write(
          `${dataset}: ${done}/${refs.length} (${Math.round((performance.now() - started) / 1000)} s)\n`,
        );
      }
    }
  }
} finally {
  await engine?.close();
}

mkdirSync(CACHE_DIR, { recursive: true });
writeFileSync(
  path.join(CACHE_DIR, process.argv.includes('--paper') ? 'run-paper.jsonl' : 'run.jsonl'),
  rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length ? '\n' : ''),
);

// ── report ────────────────────────────────────────────────────────────────
const bootstrap = { resamples, seed: 1 };
const mean = (values: readonly number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
const cpus = os.cpus();
const out: string[] = [];
out.push(
  `Run ${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model.trim()} (shared machine) · ` +
    `bootstrap ${resamples} resamples · vce options ${JSON.stringify(referenceOptions)}`,
  '',
  `Estimated layout: ${formatNumber(layoutMs.estimate / Math.max(1, layoutMs.estimatePages), 1)} ms per page (mean over ${layoutMs.estimatePages} pages).`,
  '',
);

for (const dataset of selectedDatasets()) {
  const datasetRows = rows.filter((row) => row.dataset === dataset);
  if (datasetRows.length === 0) continue;
  const pages = datasetRows.filter((row) => row.run === 'pith').length;
  out.push(`### ${dataset} (n = ${pages} pages)`, '');
  const snippets = datasetRows[0].snippets !== undefined;
  const tableRows: string[][] = [];
  for (const run of RUNS) {
    const runRows = datasetRows.filter((row) => row.run === run);
    const ms = mean(runRows.map((row) => row.ms));
    if (snippets) {
      const counts = runRows.map((row) => row.snippets as SnippetCounts);
      const intervals = bootstrapSnippetScores(counts, bootstrap);
      const totals = snippetScores(
        counts.reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn, tn: a.tn + c.tn }), {
          tp: 0,
          fp: 0,
          fn: 0,
          tn: 0,
        }),
      );
      tableRows.push([
        run,
        formatInterval(intervals.precision),
        formatInterval(intervals.recall),
        formatInterval(intervals.f1),
        `${totals.tp}/${totals.fp}/${totals.fn}`,
        formatNumber(ms, 2),
      ]);
    } else {
      const regular = runRows
        .filter((row) => row.word && row.word.special === null)
        .map((row) => row.word as WordSequenceScore);
      const [p, r, f] = bootstrapMeans(
        [regular.map((s) => s.precision), regular.map((s) => s.recall), regular.map((s) => s.f1)],
        bootstrap,
      );
      const blocks = runRows.map((row) => row.block).filter((b): b is BlockScore => b !== undefined);
      tableRows.push([
        run,
        formatInterval(p),
        formatInterval(r),
        formatInterval(f),
        `${regular.length}/${runRows.length}`,
        formatNumber(mean(blocks.map((b) => b.precision))),
        formatNumber(mean(blocks.map((b) => b.recall))),
        formatNumber(mean(blocks.map((b) => b.f1))),
        formatNumber(ms, 2),
      ]);
    }
  }
  out.push(
    snippets
      ? markdownTable(
          ['extractor', 'snippet P', 'snippet R', 'snippet F1', 'TP/FP/FN', 'ms/page (extractor + text)'],
          tableRows,
        )
      : markdownTable(
          [
            'extractor',
            'word P',
            'word R',
            'word F1',
            'regular/pages',
            'b-P',
            'b-R',
            'b-F',
            'ms/page (extractor + text)',
          ],
          tableRows,
        ),
    '',
  );
  if (!snippets) {
    const bySite = new Map<string, PageRow[]>();
    for (const row of datasetRows) {
      const list = bySite.get(row.site) ?? [];
      list.push(row);
      bySite.set(row.site, list);
    }
    const siteRows: string[][] = [];
    for (const [site, list] of [...bySite].sort(
      (a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]),
    )) {
      const n = list.filter((row) => row.run === 'pith').length;
      if (n < 5) continue;
      const cells = [site, String(n)];
      for (const run of ['vce (browser)', 'vce (estimate)', 'pith'] as const) {
        const runRows = list.filter((row) => row.run === run);
        const blocks = runRows.map((row) => row.block).filter((b): b is BlockScore => b !== undefined);
        const words = runRows
          .filter((row) => row.word && row.word.special === null)
          .map((row) => (row.word as WordSequenceScore).f1);
        cells.push(
          `${formatNumber(mean(blocks.map((b) => b.f1)), 2)} / ${formatNumber(mean(blocks.map((b) => b.recall)), 2)} / ${formatNumber(mean(blocks.map((b) => b.precision)), 2)}`,
          formatNumber(mean(words), 2),
        );
      }
      siteRows.push(cells);
    }
    if (siteRows.length > 0) {
      out.push(
        `Per site (≥ 5 pages): b-F / b-R / b-P and word F1.`,
        '',
        markdownTable(
          [
            'site',
            'n',
            'vce browser b-F/R/P',
            'word F1',
            'vce estimate b-F/R/P',
            'word F1',
            'pith b-F/R/P',
            'word F1',
          ],
          siteRows,
        ),
        '',
      );
    }
  }
  // How often the two layouts pick the same main element.
  const browserMains = datasetRows.filter((row) => row.run === 'vce (browser)');
  const estimateMains = new Map(
    datasetRows.filter((row) => row.run === 'vce (estimate)').map((row) => [row.id, row.mainRoot]),
  );
  const same = browserMains.filter((row) => row.mainRoot === estimateMains.get(row.id)).length;
  out.push(`Both layouts choose the same main element on ${same}/${browserMains.length} pages.`, '');
}
process.stdout.write(`${out.join('\n')}\n`);
