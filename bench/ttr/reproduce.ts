/**
 * Reproduces the analyses of seed 000 (TTR, Weninger & Hsu 2008) on our datasets:
 *
 * - per clustering method, mean/median LCS recall and edit distance ratio (the paper's
 *   Tables 2 and 3), with the count of perfect scores;
 * - the threshold sweep k = 0.0 … 2.0 in steps of 0.1 (the paper's Fig. 5), as an SVG;
 * - space savings, raw and gzip (Table 4);
 * - seed 002's word-sequence F1 per method, beside the published extractors;
 *
 * each with reflow off (the paper) and on, on CleanEval (final), L3S-GN1 and
 * trafilatura-eval. trafilatura-eval has snippet gold, not a text: there the
 * snippet precision/recall/F1 stand in for LCS/EDR and word F1.
 *
 *   npx tsx bench/ttr/reproduce.ts [--dataset cleaneval --dataset l3s-gn1 --dataset trafilatura-eval]
 *     [--limit N] [--sweep-sample N] [--seed 1] [--svg docs/algorithms/ttr-threshold-sweep.svg]
 *     [--pages-out FILE.jsonl] [--chart-only]
 *
 * Markdown tables go to stdout, progress to stderr. Each dataset's sweep curves are kept in
 * .cache/ttr-bench/, and the chart is drawn from every dataset found there, so datasets can
 * run as separate processes. `--sweep-sample N` runs the sweep
 * on N pages per dataset drawn with a fixed seed (default: every page).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  applyRetrievedTransform,
  countSnippets,
  type DatasetPage,
  readCleanEval,
  readL3sGn1,
  readTrafilaturaEval,
  type SnippetCounts,
  scoreLcs,
  scoreWordSequence,
  seededRandom,
  snippetScores,
  spaceSavings,
  summariseWordSequence,
  sumSnippetCounts,
  type WordSequenceScore,
} from '@pith/workbench/eval';
import {
  decodeHtml,
  formatExtraction,
  getExtractor,
  parseHtml,
  renderLinePlot,
  TTR_METHODS,
  ttr,
} from 'pith/internal';

const DATASETS = ['cleaneval', 'l3s-gn1', 'trafilatura-eval'] as const;
type DatasetName = (typeof DATASETS)[number];

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', multiple: true },
    limit: { type: 'string' },
    'sweep-sample': { type: 'string' },
    seed: { type: 'string', default: '1' },
    svg: { type: 'string', default: 'docs/algorithms/ttr-threshold-sweep.svg' },
    'pages-out': { type: 'string' },
    'chart-only': { type: 'boolean', default: false },
  },
  strict: true,
});
// --chart-only redraws the sweep chart from the curves of earlier runs, without scoring anything.
const datasets = (
  values['chart-only'] ? [] : values.dataset?.length ? values.dataset : [...DATASETS]
) as DatasetName[];
for (const name of datasets) if (!DATASETS.includes(name)) throw new Error(`unknown dataset ${name}`);
const limit = values.limit ? Number(values.limit) : undefined;
const sweepSample = values['sweep-sample'] ? Number(values['sweep-sample']) : undefined;
const seed = Number(values.seed);

const SWEEP = Array.from({ length: 21 }, (_, i) => Math.round(i) / 10);
const REFLOW = [false, true] as const;
/** Where each dataset's sweep curves are kept, so that separate runs (one per dataset) make one chart. */
const CURVES_DIR = path.join('.cache', 'ttr-bench');
const BASELINES = ['all-text', 'pith'] as const;
const STYLE_VARIANTS = ['threshold+nostyle', 'threshold+reflow+nostyle'] as const;

/** Seed 002's published word-sequence F1 (datasets README), for the comparison table. */
const PUBLISHED: Record<string, [string, number, number, number][]> = {
  cleaneval: [
    ['NCleaner En', 0.923, 0.895, 0.897],
    ['Repustate', 0.94, 0.889, 0.896],
    ['Diffbot', 0.932, 0.89, 0.891],
    ['Boilerpipe DEF', 0.931, 0.856, 0.872],
    ['Python Readability', 0.841, 0.833, 0.803],
    ['Goose', 0.934, 0.719, 0.77],
    ['Node Readability', 0.704, 0.878, 0.753],
  ],
  'l3s-gn1': [
    ['Boilerpipe ART', 0.931, 0.955, 0.939],
    ['Diffbot', 0.924, 0.968, 0.935],
    ['Goose', 0.934, 0.887, 0.901],
    ['Boilerpipe DEF', 0.863, 0.938, 0.887],
    ['NCleaner En', 0.742, 0.947, 0.812],
    ['Node Readability', 0.688, 0.968, 0.789],
    ['Python Readability', 0.638, 0.825, 0.681],
  ],
};

interface VariantScore {
  lcs?: { lcsRecall: number; editDistanceRatio: number; unit: 'word' | 'char' };
  word?: WordSequenceScore;
  snippets?: SnippetCounts;
  savings: { raw: number; gzip: number };
  ms: number;
  failed?: string;
}

/** Per variant name (e.g. 'threshold', 'threshold+reflow', 'all-text'), the per-page scores. */
type Scores = Map<string, VariantScore[]>;

function variantName(method: string, reflow: boolean): string {
  return reflow ? `${method}+reflow` : method;
}

async function load(name: DatasetName): Promise<DatasetPage[]> {
  const dir = path.join('.cache', 'datasets', name);
  const reader =
    name === 'cleaneval'
      ? readCleanEval(dir)
      : name === 'l3s-gn1'
        ? readL3sGn1(dir)
        : readTrafilaturaEval(dir);
  const pages: DatasetPage[] = [];
  for await (const page of reader) {
    pages.push(page);
    if (limit !== undefined && pages.length >= limit) break;
  }
  return pages;
}

function score(page: DatasetPage, text: string, ms: number, withWords: boolean): VariantScore {
  const savings = spaceSavings(page.html, text);
  if (page.gold.snippets) return { snippets: countSnippets(page.gold.snippets, text), savings, ms };
  if (page.gold.text === undefined) throw new Error(`${page.id}: gold has neither text nor snippets`);
  const retrieved = applyRetrievedTransform(text, page.retrievedTransform);
  return {
    lcs: scoreLcs(retrieved, page.gold.text),
    ...(withWords ? { word: scoreWordSequence(retrieved, page.gold.text) } : {}),
    savings,
    ms,
  };
}

function push(scores: Scores, name: string, value: VariantScore): void {
  const list = scores.get(name);
  if (list) list.push(value);
  else scores.set(name, [value]);
}

function mean(xs: readonly number[]): number {
  const finite = xs.filter(Number.isFinite);
  return finite.length ? finite.reduce((a, b) => a + b, 0) / finite.length : Number.NaN;
}

function median(xs: readonly number[]): number {
  const sorted = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(2)}%` : '–');
const fix3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');

function pickSample(n: number, size: number | undefined): Set<number> {
  const all = Array.from({ length: n }, (_, i) => i);
  if (size === undefined || size >= n) return new Set(all);
  const random = seededRandom(seed);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(random() * (n - i));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return new Set(all.slice(0, size));
}

const cpus = os.cpus();
process.stdout.write(
  `Run ${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model.trim() ?? '?'} (shared machine)\n` +
    `Command: npx tsx bench/ttr/reproduce.ts ${process.argv.slice(2).join(' ')}\n\n`,
);

const panels: string[] = [];
const pageLines: string[] = [];

for (const name of datasets) {
  process.stderr.write(`${name}: loading\n`);
  const pages = await load(name);
  const sweepPages = pickSample(pages.length, sweepSample);
  const scores: Scores = new Map();
  const sweep = new Map<string, VariantScore[]>(); // key `${reflow}:${k}`
  const started = performance.now();
  pages.forEach((page, index) => {
    let doc: ReturnType<typeof parseHtml>;
    try {
      doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
    } catch (error) {
      // Every variant of an unparseable page scores as empty text.
      for (const reflow of REFLOW) {
        for (const method of TTR_METHODS) {
          push(scores, variantName(method, reflow), { ...score(page, '', 0, true), failed: String(error) });
        }
      }
      for (const variant of [...STYLE_VARIANTS, ...BASELINES]) {
        push(scores, variant, { ...score(page, '', 0, true), failed: String(error) });
      }
      return;
    }
    for (const reflow of REFLOW) {
      for (const method of TTR_METHODS) {
        const t0 = performance.now();
        const text = formatExtraction(ttr.extract(doc, { method, reflow }, {}), 'text');
        const result = score(page, text, performance.now() - t0, true);
        push(scores, variantName(method, reflow), result);
        if (method === 'threshold' && sweepPages.has(index)) {
          const key = `${reflow}:1`;
          sweep.set(key, [...(sweep.get(key) ?? []), result]);
        }
        pageLines.push(
          JSON.stringify({ dataset: name, id: page.id, variant: variantName(method, reflow), ...result }),
        );
      }
      if (!sweepPages.has(index)) continue;
      for (const k of SWEEP) {
        if (k === 1) continue;
        const t0 = performance.now();
        const text = formatExtraction(ttr.extract(doc, { method: 'threshold', k, reflow }, {}), 'text');
        const key = `${reflow}:${k}`;
        sweep.set(key, [...(sweep.get(key) ?? []), score(page, text, performance.now() - t0, false)]);
      }
    }
    // <style> removed too (the paper removes only scripts and comments), for the threshold method.
    for (const reflow of REFLOW) {
      const t0 = performance.now();
      const text = formatExtraction(ttr.extract(doc, { reflow, removeStyle: true }, {}), 'text');
      push(
        scores,
        `${variantName('threshold', reflow)}+nostyle`,
        score(page, text, performance.now() - t0, true),
      );
    }
    for (const baseline of BASELINES) {
      const t0 = performance.now();
      const text = formatExtraction(getExtractor(baseline).extract(doc, {}, {}), 'text');
      push(scores, baseline, score(page, text, performance.now() - t0, true));
    }
    if ((index + 1) % 50 === 0 || index + 1 === pages.length) {
      process.stderr.write(
        `${name}: ${index + 1}/${pages.length} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
      );
    }
  });

  const snippets = pages[0]?.gold.snippets !== undefined;
  const variants = [
    ...REFLOW.flatMap((reflow) => TTR_METHODS.map((m) => variantName(m, reflow))),
    ...STYLE_VARIANTS,
    ...BASELINES,
  ];
  process.stdout.write(`## ${name} (n = ${pages.length}${limit ? `, --limit ${limit}` : ''})\n\n`);

  if (!snippets) {
    process.stdout.write(
      'LCS recall and EDR (seed 000, characters with whitespace removed; words when |o|·|m| > 4·10⁸):\n\n' +
        '| variant | LCS mean | LCS median | LCS = 1 | EDR mean | EDR median | EDR = 1 | scored by words | ms/page |\n' +
        '|---|---|---|---|---|---|---|---|---|\n',
    );
    for (const variant of variants) {
      const list = scores.get(variant) ?? [];
      const lcs = list.map((s) => s.lcs?.lcsRecall ?? Number.NaN);
      const edr = list.map((s) => s.lcs?.editDistanceRatio ?? Number.NaN);
      process.stdout.write(
        `| ${variant} | ${pct(mean(lcs))} | ${pct(median(lcs))} | ${lcs.filter((x) => x === 1).length} | ${pct(mean(edr))} | ${pct(median(edr))} | ${edr.filter((x) => x === 1).length} | ${list.filter((s) => s.lcs?.unit === 'word').length} | ${mean(list.map((s) => s.ms)).toFixed(1)} |\n`,
      );
    }
    process.stdout.write(
      '\nWord-sequence P/R/F1 (seed 002: means over regular documents; special cases counted apart):\n\n' +
        '| extractor | P | R | F1 | F1 all docs | special cases |\n|---|---|---|---|---|---|\n',
    );
    for (const variant of variants) {
      const list = (scores.get(variant) ?? []).map((s) => ({
        ...(s.word as WordSequenceScore),
        failed: s.failed !== undefined,
      }));
      const summary = summariseWordSequence(list);
      const special = Object.entries(summary.specialCases)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ');
      process.stdout.write(
        `| ttr ${variant} | ${fix3(summary.precision)} | ${fix3(summary.recall)} | ${fix3(summary.f1)} | ${fix3(summary.f1AllDocuments)} | ${special || '–'} |\n`.replace(
          /^\| ttr (all-text|pith) /,
          '| $1 ',
        ),
      );
    }
    for (const [extractor, p, r, f] of PUBLISHED[name] ?? []) {
      process.stdout.write(
        `| ${extractor} (published, seed 002) | ${fix3(p)} | ${fix3(r)} | ${fix3(f)} | | |\n`,
      );
    }
  } else {
    process.stdout.write(
      'Snippet scores (trafilatura eval_common.py, micro-averaged; this dataset has no gold text for LCS/EDR):\n\n' +
        '| variant | precision | recall | accuracy | F1 | ms/page |\n|---|---|---|---|---|---|\n',
    );
    for (const variant of variants) {
      const list = scores.get(variant) ?? [];
      const s = snippetScores(sumSnippetCounts(list.map((x) => x.snippets as SnippetCounts)));
      process.stdout.write(
        `| ${variant} | ${fix3(s.precision)} | ${fix3(s.recall)} | ${fix3(s.accuracy)} | ${fix3(s.f1)} | ${mean(list.map((x) => x.ms)).toFixed(1)} |\n`,
      );
    }
  }

  process.stdout.write(
    '\nSpace savings (Table 4: means over pages):\n\n| variant | raw | gzip |\n|---|---|---|\n',
  );
  for (const variant of variants) {
    const list = scores.get(variant) ?? [];
    process.stdout.write(
      `| ${variant} | ${pct(mean(list.map((s) => s.savings.raw)))} | ${pct(mean(list.map((s) => s.savings.gzip)))} |\n`,
    );
  }

  // The k sweep (Fig. 5): LCS (recall) and EDR (precision), or snippet recall and precision.
  process.stdout.write(
    `\nThreshold sweep (n = ${sweepPages.size}${sweepPages.size < pages.length ? `, sampled with seed ${seed}` : ''}):\n\n` +
      `| k | ${REFLOW.map((r) => (snippets ? `recall${r ? ' +reflow' : ''} | precision${r ? ' +reflow' : ''}` : `LCS${r ? ' +reflow' : ''} | EDR${r ? ' +reflow' : ''}`)).join(' | ')} |\n|---|---|---|---|---|\n`,
  );
  const curves = REFLOW.map((reflow) =>
    SWEEP.map((k) => {
      const list = sweep.get(`${reflow}:${k}`) ?? [];
      if (snippets) {
        const s = snippetScores(sumSnippetCounts(list.map((x) => x.snippets as SnippetCounts)));
        return [s.recall, s.precision];
      }
      return [
        mean(list.map((x) => x.lcs?.lcsRecall ?? Number.NaN)),
        mean(list.map((x) => x.lcs?.editDistanceRatio ?? Number.NaN)),
      ];
    }),
  );
  SWEEP.forEach((k, i) => {
    process.stdout.write(
      `| ${k.toFixed(1)} | ${curves.map((curve) => `${pct(curve[i][0])} | ${pct(curve[i][1])}`).join(' | ')} |\n`,
    );
  });
  process.stdout.write('\n');
  mkdirSync(CURVES_DIR, { recursive: true });
  const record: SweepRecord = {
    dataset: name,
    n: sweepPages.size,
    sampled: sweepPages.size < pages.length,
    snippets,
    curves,
  };
  writeFileSync(path.join(CURVES_DIR, `sweep-${name}.json`), JSON.stringify(record));
}

/** One dataset's sweep: per reflow setting, per k, [recall-like, precision-like] means. */
interface SweepRecord {
  dataset: string;
  n: number;
  sampled: boolean;
  snippets: boolean;
  curves: number[][][];
}

/** One chart panel per dataset whose sweep has been run (this run's or an earlier one's). */
function sweepPanel(record: SweepRecord): string {
  const series = REFLOW.flatMap((reflow, r) => {
    const suffix = reflow ? ' (reflow)' : '';
    return [
      {
        name: `${record.snippets ? 'snippet recall' : 'LCS recall'}${suffix}`,
        values: record.curves[r].map((v) => v[0] ?? Number.NaN),
        color: '#1f77b4',
        dashed: reflow,
        markers: true,
      },
      {
        name: `${record.snippets ? 'snippet precision' : 'EDR'}${suffix}`,
        values: record.curves[r].map((v) => v[1] ?? Number.NaN),
        color: '#d62728',
        dashed: reflow,
        markers: true,
      },
    ];
  });
  return renderLinePlot({
    series,
    x: SWEEP,
    yMin: 0,
    yMax: 1,
    title: `${record.dataset} (n = ${record.n}${record.sampled ? ', sampled' : ''}): threshold at k·σ`,
    xLabel: 'k (threshold = k·σ of the smoothed TTR)',
    yLabel: record.snippets ? 'micro-averaged over snippets' : 'mean over pages',
    width: 760,
    height: 320,
  });
}

for (const name of DATASETS) {
  const file = path.join(CURVES_DIR, `sweep-${name}.json`);
  if (existsSync(file)) panels.push(sweepPanel(JSON.parse(readFileSync(file, 'utf8')) as SweepRecord));
}

if (values.svg && panels.length > 0) {
  const height = 320;
  const body = panels.map((svg, i) => svg.replace('<svg ', `<svg y="${i * height}" `)).join('');
  writeFileSync(
    values.svg,
    `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="${panels.length * height}" viewBox="0 0 760 ${panels.length * height}">\n${body}</svg>\n`,
  );
  process.stderr.write(`sweep chart: ${values.svg}\n`);
}
if (values['pages-out']) {
  writeFileSync(values['pages-out'], `${pageLines.join('\n')}\n`);
  process.stderr.write(`per-page results: ${values['pages-out']}\n`);
}
