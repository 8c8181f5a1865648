/**
 * `pith bench` end to end on ../shared/datasets/sample: pith and all-text with a stub peer,
 * through the CLI from source (worker threads and speed children under tsx), and once from a
 * compiled build. Checks the shape of the reports and that the values are sane; no timings.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseResult } from '../../src/eval/bench/results-io.js';
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
  run(['--import', 'tsx', path.join(REPO_ROOT, 'src', 'cli', 'main.ts')], args);

function out(): string {
  return mkdtempSync(path.join(tmpdir(), 'pith-bench-'));
}

describe('pith bench (end to end)', { skip }, () => {
  it('runs pith, all-text and a stub peer over every sample dataset and writes sane reports', () => {
    const dir = out();
    const datasets = [
      'cleaneval',
      'cleanportaleval',
      'l3s-gn1',
      'readability-testpages',
      'trafilatura-eval',
      'wcxb-dev',
    ];
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
        ['readability-testpages', 'readability-testpages', 5, 'word-sequence'],
        ['trafilatura-eval', 'trafilatura-eval', 6, 'snippets'],
        ['wcxb-dev', 'wcxb', 7, 'bag-of-words'],
      ],
    );
    assert.equal(result.skippedPeers[0]?.name, 'stub-missing');
    assert.equal(result.pages.length, 33 * 3);
    for (const page of result.pages) {
      assert.equal(page.failed, false, `${page.dataset}/${page.id} × ${page.extractor}: ${page.error}`);
      if (page.dataset === 'trafilatura-eval') assert.ok(page.scores.snippets && !page.scores.wordSequence);
      else
        assert.ok(
          page.scores.wordSequence && page.scores.bagOfWords && page.scores.shingles && page.scores.lcs,
        );
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
      for (const v of [p.scores.bagOfWords?.f1, p.scores.shingles?.tp, p.scores.spaceSavings?.raw]) {
        if (v !== undefined) assert.ok(v >= 0 && v <= 1, `${p.dataset}/${p.id}: ${v}`);
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
    }

    const md = readFileSync(path.join(dir, 'report.md'), 'utf8');
    assert.match(md, /\| CleanEval \| precision \| recall \| F1 \|/);
    assert.match(md, /\| L3S-GN1 \(Google News\) \| precision \| recall \| F1 \|/);
    assert.match(md, /\*published:\* trafilatura 2\.2\.0 \(standard\)/);
    assert.match(md, /\| page type \| n \| pith F1 \|/);
    assert.match(md, /\| stub-text \(peer\) \|/);
    assert.match(md, /ratios are to all-text instead/);
    const html = readFileSync(path.join(dir, 'report.html'), 'utf8');
    assert.ok((html.match(/<svg /g) ?? []).length > 20);
    assert.doesNotMatch(html, /<script/);
    assert.match(stdout, /\| extractor \| cleaneval F1 \(word seq\.\) \|/);
    assert.match(stdout, /Worst 2 pages of wcxb-dev/);
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
    const args = (dir: string) => [
      '--dataset',
      samplePath('cleaneval'),
      '--extractor',
      'all-text',
      '--cache-dir',
      cacheDir,
      '--resamples',
      '50',
      '--out',
      dir,
    ];
    const first = out();
    const second = out();
    assert.equal(fromSource(args(first)).code, 0);
    assert.equal(fromSource(args(second)).code, 0);
    const a = parseResult(readFileSync(path.join(first, 'results.json'), 'utf8'));
    const b = parseResult(readFileSync(path.join(second, 'results.json'), 'utf8'));
    assert.ok(a.pages.every((p) => !p.cached));
    assert.ok(b.pages.every((p) => p.cached));
    assert.deepEqual(
      b.pages.map((p) => p.scores),
      a.pages.map((p) => p.scores),
    );
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
  // Inside the repo, so that the build finds node_modules; .cache/ is ignored by git.
  const build = path.join(REPO_ROOT, '.cache', `test-dist-${process.pid}`);
  after(() => rmSync(build, { recursive: true, force: true }));

  it('starts its worker threads and speed children from dist/ (plain node, no tsx)', () => {
    const tsc = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        'tsconfig.build.json',
        '--outDir',
        build,
      ],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
    assert.ok(existsSync(path.join(build, 'eval', 'bench', 'worker.js')));
    const dir = out();
    const { code, stderr } = run(
      [path.join(build, 'cli', 'main.js')],
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
