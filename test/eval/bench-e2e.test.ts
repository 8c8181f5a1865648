/**
 * `pith bench` end to end on ../shared/datasets/sample: pith and all-text with a stub peer,
 * through the CLI from source (worker threads and speed children under tsx), and once from a
 * compiled build. Checks the shape of the reports and that the values are sane; no timings.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SHARED_DATASETS } from '../../packages/workbench/src/eval/datasets/index.js';
import { parseResult } from '../../packages/workbench/src/eval/runs/results-io.js';
import { HAS_SAMPLE, REPO_ROOT, samplePath } from '../helpers.js';

const skip = HAS_SAMPLE ? false : 'dataset samples not found (../shared/datasets/sample)';
const STUB_PEERS = path.join(REPO_ROOT, 'test', 'eval', 'fixtures', 'stub-peers.ts');

function run(entry: string[], args: string[]) {
  const result = spawnSync(process.execPath, [...entry, 'bench', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const fromSource = (args: string[]) =>
  run(['--import', 'tsx', path.join(REPO_ROOT, 'packages', 'cli', 'src', 'main.ts')], args);

function out(): string {
  return mkdtempSync(path.join(tmpdir(), 'pith-bench-'));
}

/** Arguments of a run of all-text and a stub peer over one sample dataset, with an output cache. */
const cachedRun = (dataset: string, peer: string, cacheDir: string, dir: string) => [
  '--dataset',
  samplePath(dataset),
  '--extractor',
  'all-text',
  '--peer',
  peer,
  '--peers-module',
  STUB_PEERS,
  '--cache-dir',
  cacheDir,
  '--resamples',
  '50',
  '--out',
  dir,
];

/** The first test's run, re-rendered by `npm run bench:report -- --from` in a later test. */
let fullRunDir: string | undefined;

/** The lines of the Markdown table right after `intro` (a line that ends the intro paragraph). */
function tableAfter(md: string, intro: RegExp, from = 0): string[] {
  const lines = md.slice(from).split('\n');
  const start = lines.findIndex((line) => intro.test(line));
  assert.ok(start >= 0, `no ${intro} in the report`);
  const table: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('|')) table.push(line);
    else if (table.length > 0) break;
  }
  return table;
}

describe('pith bench (end to end)', { skip }, () => {
  it('runs pith, all-text and a stub peer over every sample dataset and writes sane reports', () => {
    const dir = out();
    const datasets = SHARED_DATASETS;
    const { code, stdout, stderr } = fromSource([
      ...datasets.flatMap((name) => ['--dataset', samplePath(name)]),
      '--extractor',
      'pith',
      '--extractor',
      'all-text',
      '--peer',
      'stub-text',
      '--peer',
      'stub-missing',
      '--peers-module',
      STUB_PEERS,
      '--jobs',
      '2',
      '--no-cache',
      '--worst',
      '2',
      '--save-text',
      '--speed',
      '--speed-pages',
      '4',
      '--resamples',
      '200',
      '--out',
      dir,
    ]);
    assert.equal(code, 0, stderr);
    assert.match(stderr, /peer 'stub-missing' skipped: .*not installed/);
    assert.match(stderr, /page runs/);
    // What a peer prints goes to workers.log, not between the progress lines.
    assert.doesNotMatch(stderr, /a warning about the Kosovo page/);
    assert.match(stderr, /workers\.log \(1 line the extractors printed\)/);
    assert.match(
      readFileSync(path.join(dir, 'workers.log'), 'utf8'),
      /^stub-text: a warning about the Kosovo page\n$/,
    );

    const result = parseResult(readFileSync(path.join(dir, 'results.json'), 'utf8'));
    assert.deepEqual(
      result.extractors.map((e) => [e.name, e.kind]),
      [
        ['pith', 'pith'],
        ['all-text', 'pith'],
        ['stub-text', 'peer'],
      ],
    );
    assert.deepEqual(
      result.datasets.map((d) => [d.name, d.format, d.pages, d.scoring.primary]),
      [
        ['cleaneval', 'cleaneval', 5, 'word-sequence'],
        ['cleanportaleval', 'cleaneval', 5, 'word-sequence'],
        ['l3s-gn1', 'l3s-gn1', 5, 'word-sequence'],
        // The dev split: the sample's other newspaper pages are of sealed sites.
        ['newspaper-fulltext', 'newspaper-fulltext', 2, 'shingles'],
        ['readability-testpages', 'readability-testpages', 5, 'word-sequence'],
        ['trafilatura-eval', 'trafilatura-eval', 5, 'snippets'],
        ['wcxb-dev', 'wcxb', 7, 'bag-of-words'],
      ],
    );
    assert.equal(result.skippedPeers[0]?.name, 'stub-missing');
    assert.equal(result.pages.length, 34 * 3);
    // Metadata travel with the results where the gold has metadata (WCXB), from pith's runs; the
    // stub peer reads none, and datasets without gold metadata (CleanEval) carry none.
    for (const page of result.pages) {
      const where = `${page.dataset}/${page.id}/${page.extractor}`;
      if (page.extractor === 'stub-text' || page.dataset === 'cleaneval')
        assert.equal(page.metadata, undefined, where);
      else if (page.dataset === 'wcxb-dev' && !page.failed)
        assert.ok(Array.isArray(page.metadata?.authors), where);
    }
    assert.ok(
      result.pages.some((p) => p.dataset === 'wcxb-dev' && p.metadata?.title),
      'some WCXB page has a title',
    );
    // Per-page JSON: one entry per page and extractor, in dataset, page, extractor order.
    const keys = result.pages.map((p) => `${p.dataset}/${p.id}/${p.extractor}`);
    assert.equal(new Set(keys).size, keys.length);
    for (const dataset of result.datasets) {
      const ids = result.pages.filter((p) => p.dataset === dataset.name && p.extractor === 'pith');
      assert.equal(ids.length, dataset.pages, dataset.name);
    }
    // --save-text: one {id: text} file per dataset and extractor, the format of WCXB's evaluate.py.
    for (const dataset of result.datasets) {
      const texts = JSON.parse(readFileSync(path.join(dir, 'texts', dataset.name, 'pith.json'), 'utf8'));
      assert.deepEqual(
        Object.keys(texts).sort(),
        result.pages
          .filter((p) => p.dataset === dataset.name && p.extractor === 'pith')
          .map((p) => p.id)
          .sort(),
      );
      assert.ok(
        Object.values(texts).every((t) => typeof t === 'string' && t.length > 0),
        dataset.name,
      );
    }
    // trafilatura-eval has no language field: each page's declared language (see datasets.test.ts).
    assert.deepEqual(
      result.pages
        .filter((p) => p.dataset === 'trafilatura-eval' && p.extractor === 'pith')
        .map((p) => p.language),
      ['en', 'de', 'de', 'de', 'ja'],
    );
    for (const page of result.pages) {
      assert.equal(page.failed, false, `${page.dataset}/${page.id} × ${page.extractor}: ${page.error}`);
      assert.ok(page.scores.spaceSavings, `${page.dataset}/${page.id}: space savings`);
      if (page.dataset === 'trafilatura-eval') assert.ok(page.scores.snippets && !page.scores.wordSequence);
      else {
        const s = page.scores;
        assert.ok(
          s.wordSequence && s.bagOfWords && s.shingles && s.lcs && s.cuter,
          `${page.dataset}/${page.id}`,
        );
        assert.equal(s.lcs.unit, 'word');
      }
      if (page.dataset === 'wcxb-dev') assert.ok(page.pageType && page.scores.snippets);
    }
    const mean = (
      dataset: string,
      extractor: string,
      pick: (p: (typeof result.pages)[number]) => number | undefined,
    ) => {
      const values = result.pages
        .filter((p) => p.dataset === dataset && p.extractor === extractor)
        .map(pick)
        .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      return values.reduce((s, v) => s + v, 0) / values.length;
    };
    // Sane values: pith keeps the article and drops most boilerplate on the news pages; all-text keeps everything.
    assert.ok(mean('l3s-gn1', 'pith', (p) => p.scores.wordSequence?.f1) > 0.8);
    assert.ok(mean('l3s-gn1', 'all-text', (p) => p.scores.wordSequence?.recall) > 0.95);
    assert.ok(
      mean('l3s-gn1', 'pith', (p) => p.scores.wordSequence?.precision) >
        mean('l3s-gn1', 'all-text', (p) => p.scores.wordSequence?.precision),
    );
    for (const p of result.pages) {
      const s = p.scores;
      for (const v of [
        s.bagOfWords?.f1,
        s.shingles?.tp,
        s.spaceSavings?.raw,
        s.lcs?.editDistanceRatio,
        s.cuter?.noise,
      ]) {
        if (v !== undefined) assert.ok(v >= 0 && v <= 1, `${p.dataset}/${p.id}: ${v}`);
      }
      for (const v of [s.lcs?.lcsRecall, s.cuter?.accuracy]) {
        if (v !== undefined && !Number.isNaN(v)) assert.ok(v >= 0 && v <= 1, `${p.dataset}/${p.id}: ${v}`);
      }
    }

    // Speed: parse-only floor, then each extractor; no readability-jsdom, so ratios are to all-text.
    assert.deepEqual(
      result.speed?.rows.map((r) => r.name),
      ['parse-only', 'pith', 'all-text', 'stub-text'],
    );
    assert.equal(result.speed?.reference, 'all-text');
    for (const row of result.speed?.rows ?? []) {
      assert.equal(row.pages, 4);
      assert.ok(
        row.docsPerSecond > 0 && row.p50Ms <= row.p95Ms && row.p95Ms <= row.maxMs && row.peakRssMb > 0,
        row.name,
      );
      // CPU time per page is recorded too (NaN when the 10 ms ticks of four tiny pages sum to 0).
      assert.equal(typeof row.cpuDocsPerSecond, 'number', row.name);
    }

    const md = readFileSync(path.join(dir, 'report.md'), 'utf8');
    assert.match(md, /\| CleanEval \| precision \| recall \| F1 \|/);
    assert.match(md, /\| L3S-GN1 \(Google News\) \| precision \| recall \| F1 \|/);
    assert.match(md, /\*published:\* trafilatura 2\.2\.0 \(standard\)/);
    assert.match(md, /\| page type \| n \| pith F1 \|/);
    assert.match(md, /\| stub-text \(peer\) \|/);
    assert.match(md, /ratios are to all-text instead/);
    // Seed 002's table shape: the published rows, then ours in bold, for both datasets.
    const cleaneval = tableAfter(md, /^In seed 002's table shape/);
    assert.match(cleaneval[0], /^\| CleanEval \|/);
    assert.match(cleaneval[2], /^\| Boilerpipe DEF \*\(published\)\* \| 0\.931 \| 0\.856 \| 0\.872 \|$/);
    assert.deepEqual(
      cleaneval.slice(-3).map((line) => line.split('|')[1].trim()),
      ['**pith**', '**all-text**', '**stub-text (peer)**'],
    );
    const l3s = tableAfter(md, /^In seed 002's table shape/, md.indexOf('## l3s-gn1'));
    assert.match(l3s[0], /^\| L3S-GN1 \(Google News\) \|/);
    assert.match(md, /\*published:\* rs-trafilatura/); // WCXB's rows
    // Every metric, one column each, on a text-gold dataset, a snippet+text one and a snippet one.
    const metrics = (dataset: string) =>
      tableAfter(md, /^Every metric on this dataset/, md.indexOf(`## ${dataset} (`))[0];
    assert.equal(
      metrics('cleaneval'),
      '| extractor | word-seq. F1 | bag-of-words F1 | shingle F1 | LCS recall | edit-distance ratio | CUTER accuracy | CUTER noise | space savings raw | space savings gzip |',
    );
    assert.match(metrics('wcxb-dev'), /\| bag-of-words F1 \| shingle F1 \| snippet F1 \| LCS recall \|/);
    assert.equal(
      metrics('trafilatura-eval'),
      '| extractor | snippet F1 | space savings raw | space savings gzip |',
    );
    assert.match(md, /LCS recall and edit-distance ratio are over words/);
    // Per language on trafilatura-eval (the sample has too few pages per language: all pooled).
    const languages = tableAfter(md, /^By the language each page declares/);
    assert.equal(languages[0], '| language | n | pith F1 | all-text F1 | stub-text (peer) F1 |');
    assert.match(languages[2], /^\| other \(de 3, en 1, ja 1\) \| 5 \| \d\.\d{3} \|/);
    // Speed with ratios to the reference (all-text here: no readability-jsdom in this run).
    const speed = tableAfter(md, /^Each extractor in a child process of its own/);
    assert.match(
      speed[0],
      /\| docs\/s ÷ all-text \| CPU docs\/s ÷ all-text \| p50 ÷ all-text \| p95 ÷ all-text \| peak RSS ÷ all-text \|/,
    );
    // CPU time of four tiny pages can sum to 0 ticks: its ratio is then '–'.
    assert.match(
      speed.find((line) => line.startsWith('| all-text |')) ?? '',
      /\| 1\.00× \| (1\.00×|–) \| 1\.00× \|/,
    );
    assert.match(md, /The 2 worst pages per extractor/);
    const html = readFileSync(path.join(dir, 'report.html'), 'utf8');
    assert.ok((html.match(/<svg /g) ?? []).length > 20);
    assert.doesNotMatch(html, /<script/);
    // The charts of the issue: per-page F1 distributions, special-case bars, P–R scatter, speed bars.
    for (const chart of [
      /Distribution of per-page scores \(20 bins\)/,
      /Special cases \(seed 002\)/,
      /Precision against recall/,
      /documents per second \(one thread\)/,
    ])
      assert.match(html, chart);
    assert.match(stdout, /\| extractor \| cleaneval F1 \(word seq\.\) \|/);
    assert.match(stdout, /Worst 2 pages of wcxb-dev/);
    fullRunDir = dir;
  });

  it('`npm run bench:report -- --from DIR` re-renders a finished run without running anything', () => {
    assert.ok(fullRunDir, 'needs the full sample run above');
    const docs = out();
    const render = () =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(REPO_ROOT, 'bench', 'report', 'run.ts'),
          '--from',
          fullRunDir as string,
          '--docs-dir',
          docs,
        ],
        { cwd: REPO_ROOT, encoding: 'utf8' },
      );
    // Read before: the re-render rewrites the run's report.md (with 2,000 resamples, not 200).
    const runReport = readFileSync(path.join(fullRunDir as string, 'report.md'), 'utf8');
    writeFileSync(
      path.join(docs, 'benchmarks-journal.md'),
      '# Benchmarks\n\n## Kept by hand\n\nSome text.\n',
    );
    const first = render();
    assert.equal(first.status, 0, first.stderr);
    const second = render();
    assert.equal(second.status, 0, second.stderr);
    const md = readFileSync(path.join(docs, 'benchmarks-journal.md'), 'utf8');
    // The hand-written part is kept and the generated section appears once, between its markers.
    assert.match(md, /^# Benchmarks\n\n## Kept by hand\n\nSome text\.\n/);
    assert.equal(md.match(/<!-- bench:report:start/g)?.length, 1);
    assert.equal(md.match(/<!-- bench:report:end -->/g)?.length, 1);
    assert.match(md, /## Workbench: every extractor and peer on every dataset/);
    assert.match(md, /\| CleanEval \| precision \| recall \| F1 \|/);
    assert.match(md, /\| L3S-GN1 \(Google News\) \| precision \| recall \| F1 \|/);
    assert.match(md, /\| page type \| n \| pith F1 \|/);
    assert.match(md, /\| language \| n \| pith F1 \|/);
    assert.match(md, /\| docs\/s ÷ all-text \|/);
    // The numbers are the run's: the headline's point estimates are those of the run's own report
    // (the intervals differ: other resample counts).
    const headline = (text: string) =>
      tableAfter(text, /^F1 in each dataset's own metric/)
        .join('\n')
        .replace(/ \([^)]*\)/g, '');
    assert.match(headline(runReport), /\| pith \| \d\.\d{3} \|/);
    assert.equal(headline(md), headline(runReport));
    assert.ok((readFileSync(path.join(docs, 'report.html'), 'utf8').match(/<svg /g) ?? []).length > 20);
  });

  it('fails a page that runs over its time budget, replaces the worker and goes on', () => {
    const dir = out();
    const { code, stderr } = fromSource([
      '--dataset',
      samplePath('l3s-gn1'),
      '--extractor',
      'all-text',
      '--peer',
      'stub-hang',
      '--peers-module',
      STUB_PEERS,
      '--timeout',
      '4000',
      '--no-cache',
      '--resamples',
      '50',
      '--out',
      dir,
    ]);
    assert.equal(code, 0, stderr);
    const result = parseResult(readFileSync(path.join(dir, 'results.json'), 'utf8'));
    const hung = result.pages.filter((p) => p.extractor === 'stub-hang' && p.timedOut);
    assert.deepEqual(
      hung.map((p) => p.id),
      ['01ccc7c5-a1d1-46e1-a5f7-43310df16575'],
    );
    assert.equal(hung[0].failed, true);
    assert.equal(hung[0].scores.wordSequence?.special, 'retrievedEmpty'); // scored as empty text
    assert.ok(result.workerReplacements >= 1);
    assert.equal(result.pages.filter((p) => p.failed).length, 1);
    assert.match(readFileSync(path.join(dir, 'report.md'), 'utf8'), /\| 1 \(1 timed out\) \|/);
  });

  it('takes outputs from the cache on a second run, with the same scores', () => {
    const cacheDir = out();
    const args = (dir: string) => cachedRun('cleaneval', 'stub-text', cacheDir, dir);
    const first = out();
    const second = out();
    assert.equal(fromSource(args(first)).code, 0);
    assert.equal(fromSource(args(second)).code, 0);
    const a = parseResult(readFileSync(path.join(first, 'results.json'), 'utf8'));
    const b = parseResult(readFileSync(path.join(second, 'results.json'), 'utf8'));
    assert.ok(a.pages.every((p) => !p.cached));
    // pith's outputs are keyed on a hash of its code and models: when someone edits them between
    // the two runs (a shared working tree), all-text's version changes and it rightly re-runs.
    const version = (r: typeof a, name: string) => r.extractors.find((e) => e.name === name)?.version;
    assert.equal(version(a, 'stub-text'), version(b, 'stub-text'));
    for (const name of ['all-text', 'stub-text']) {
      if (version(a, name) !== version(b, name)) continue;
      const pagesOf = (r: typeof a) => r.pages.filter((p) => p.extractor === name);
      assert.ok(
        pagesOf(b).every((p) => p.cached),
        name,
      );
      assert.deepEqual(
        pagesOf(b).map((p) => p.scores),
        pagesOf(a).map((p) => p.scores),
      );
    }
  });

  it('--without-urls gives the extractors the bytes only, and keys the cache on the URL too', () => {
    const cacheDir = out();
    const texts = (extra: string[]) => {
      const dir = out();
      const result = fromSource([
        ...cachedRun('wcxb-dev', 'stub-url', cacheDir, dir),
        '--save-text',
        ...extra,
      ]);
      assert.equal(result.code, 0, result.stderr);
      const file = path.join(dir, 'texts', 'wcxb-dev', 'stub-url.json');
      return Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
    };
    const given = texts([]);
    assert.ok(given.length > 0 && given.every((text) => text.startsWith('url http')), given.join(' | '));
    // Same pages, same cache: the outputs made with a URL are not taken for the run without.
    assert.deepEqual(new Set(texts(['--without-urls'])), new Set(['no url']));
  });

  it('--only re-runs one page and prints a word-level diff against the gold', () => {
    const { code, stdout, stderr } = fromSource([
      '--dataset',
      samplePath('l3s-gn1'),
      '--extractor',
      'pith',
      '--only',
      'l3s-gn1/3e28d03f-3cd2-4bfa-bf25-7b86c30f885b',
    ]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^# l3s-gn1\/3e28d03f-3cd2-4bfa-bf25-7b86c30f885b \(http/m);
    assert.match(stdout, /^## pith: word-seq P \d\.\d{3} R \d\.\d{3} F1 \d\.\d{3}/m);
    assert.match(stdout, /\d+ words in common, \d+ gold words missing/);
    assert.match(stdout, /Fergie Cautious When Traveling/);
    const missing = fromSource(['--dataset', samplePath('l3s-gn1'), '--extractor', 'pith', '--only', 'nope']);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no page 'nope'/);
  });

  it('names `npm run datasets` when a dataset NAME is not unpacked, and rejects unknown extractors', () => {
    const unknown = fromSource(['--dataset', 'no-such-dataset-here']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /npm run datasets/);
    const extractor = fromSource(['--dataset', samplePath('l3s-gn1'), '--extractor', 'nope']);
    assert.equal(extractor.code, 2);
    assert.match(extractor.stderr, /unknown extractor 'nope'/);
  });
});

describe('pith bench from a compiled build', { skip }, () => {
  // The packages' builds (npm ci builds every workspace): the CLI's dist/ reaches the other packages'
  // dist/ through node_modules, and the library's models sit beside its dist/.
  const cli = path.join(REPO_ROOT, 'packages', 'cli', 'dist', 'main.js');

  it('starts its worker threads and speed children from dist/ (plain node, no tsx)', () => {
    const worker = path.join(REPO_ROOT, 'packages', 'workbench', 'dist', 'eval', 'runs', 'task-thread.js');
    assert.ok(existsSync(cli) && existsSync(worker), 'the packages are built (npm run build)');
    const dir = out();
    const { code, stderr } = run(
      [cli],
      [
        '--dataset',
        samplePath('cleaneval'),
        '--extractor',
        'all-text',
        '--jobs',
        '2',
        '--no-cache',
        '--speed',
        '--speed-pages',
        '2',
        '--resamples',
        '50',
        '--out',
        dir,
      ],
    );
    assert.equal(code, 0, stderr);
    const result = parseResult(readFileSync(path.join(dir, 'results.json'), 'utf8'));
    assert.equal(result.pages.length, 5);
    assert.ok(result.pages.every((p) => !p.failed));
    assert.deepEqual(
      result.speed?.rows.map((r) => [r.name, r.pages]),
      [
        ['parse-only', 2],
        ['all-text', 2],
      ],
    );
  });
});
