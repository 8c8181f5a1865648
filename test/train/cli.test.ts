import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { HAS_SAMPLE, PITH_ARGV, REPO_ROOT, runPith, samplePath } from '../helpers.js';

/** Runs the CLI from source, as `pith …` would run from dist. */
const pith = (args: string[], env: Record<string, string> = {}) => runPith(args, { env });

describe('pith train density (CLI)', { skip: !HAS_SAMPLE && 'no ../shared/datasets/sample' }, () => {
  const datasets = [
    '--dataset',
    `cleaneval:${samplePath('cleaneval')}`,
    '--dataset',
    `l3s-gn1:${samplePath('l3s-gn1')}`,
    '--dataset',
    samplePath('cleanportaleval'),
  ];

  test('trains on the sample datasets, reports held-out error rates, writes a reproducible model', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-train-'));
    const first = join(dir, 'first.json');
    const second = join(dir, 'nested', 'second.json');
    const env = { SOURCE_DATE_EPOCH: '1767225600' };
    const run = pith(['train', 'density', ...datasets, '--out', first, '--n', '4', '--min-count', '2'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /90\/10 page split \(seed 1\)/);
    assert.match(run.stdout, /leave one dataset out/);
    assert.match(run.stdout, /\| l3s-gn1 \| 5 \| \d+ \| \d+ \| \d+\.\d% \|/);
    assert.match(run.stderr, /cleaneval \(cleaneval\): 5 pages, \d+ chunks/);

    const model = JSON.parse(readFileSync(first, 'utf8'));
    assert.equal(model.format, 'pith-density-model');
    assert.equal(model.n, 4);
    assert.equal(model.minCount, 2);
    assert.equal(model.manifest.date, '2026-01-01T00:00:00.000Z');
    assert.deepEqual(
      model.manifest.datasets.map((d: { name: string; format: string; pages: number }) => [
        d.name,
        d.format,
        d.pages,
      ]),
      [
        ['cleaneval', 'cleaneval', 5],
        ['l3s-gn1', 'l3s-gn1', 5],
        ['cleanportaleval', 'cleaneval', 5],
      ],
    );
    assert.match(model.manifest.command, /^pith train density --dataset cleaneval:/);
    assert.ok(model.manifest.evaluation.split.overall.chunks > 0);
    assert.equal(model.manifest.evaluation.leaveOneDatasetOut.datasets.length, 3);

    assert.equal(model.maxChunkChars, 2000);
    assert.match(run.stdout, /max chunk chars 2000/);

    // Same data, same seed, same code: the same bytes (the command differs only in --out). Without
    // SOURCE_DATE_EPOCH the recorded date is the commit's, not the clock's, so two runs still agree.
    const plain = join(dir, 'plain.json');
    const again = pith(['train', 'density', ...datasets, '--out', second, '--n', '4', '--min-count', '2']);
    assert.equal(again.code, 0, again.stderr);
    const third = pith(['train', 'density', ...datasets, '--out', plain, '--n', '4', '--min-count', '2']);
    assert.equal(third.code, 0, third.stderr);
    assert.equal(
      readFileSync(second, 'utf8').replace(second, 'OUT'),
      readFileSync(plain, 'utf8').replace(plain, 'OUT'),
    );
    const a = JSON.parse(readFileSync(first, 'utf8'));
    const b = JSON.parse(readFileSync(second, 'utf8'));
    assert.ok(!Number.isNaN(Date.parse(b.manifest.date)));
    a.manifest.command = b.manifest.command = '';
    a.manifest.date = b.manifest.date = '';
    assert.deepEqual(a, b);
    // Written through a temporary file that is renamed: nothing else is left in the folder.
    assert.deepEqual(readdirSync(join(dir, 'nested')), ['second.json']);

    // The model drives `pith extract --extractor density`.
    const page = samplePath('cleaneval', 'final', 'input', '361.html');
    const extracted = pith([
      'extract',
      '--extractor',
      'density',
      '--density-model',
      first,
      '-f',
      'json',
      '--diagnostics',
      page,
    ]);
    assert.equal(extracted.code, 0, extracted.stderr);
    const result = JSON.parse(extracted.stdout);
    assert.equal(result.extractor, 'density');
    assert.equal(result.diagnostics.model.path, first);
  });

  test('usage errors: unknown dataset, missing --out', () => {
    const missing = pith([
      'train',
      'density',
      '--dataset',
      'cleaneval:/nonexistent/folder',
      '--out',
      '/tmp/x.json',
    ]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /dataset folder not found/);
    const noOut = pith(['train', 'density', '--dataset', samplePath('l3s-gn1')]);
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /--out/);
    // An --out that cannot be written fails before any training.
    const dir = mkdtempSync(join(tmpdir(), 'pith-train-'));
    writeFileSync(join(dir, 'file'), '');
    const unwritable = pith([
      'train',
      'density',
      '--dataset',
      samplePath('l3s-gn1'),
      '--out',
      join(dir, 'file', 'model.json'),
    ]);
    assert.equal(unwritable.code, 2);
    assert.match(unwritable.stderr, /--out .*cannot write there/);
    assert.doesNotMatch(unwritable.stderr, /pages/);
  });
});

describe('pith train blocks (CLI) and pith bench --held-out', {
  skip: !HAS_SAMPLE && 'no ../shared/datasets/sample',
}, () => {
  const datasets = [
    '--dataset',
    `l3s-gn1:${samplePath('l3s-gn1')}`,
    '--dataset',
    samplePath('cleanportaleval'),
    '--dataset',
    `trafilatura-eval:${samplePath('trafilatura-eval')}`,
  ];
  const small = ['--folds', '2', '--param', 'rounds=4', '--param', 'minSamplesLeaf=5', '-j', '1'];

  test('folds by site, held-out figures in the manifest, the same bytes twice; the bench scores each page by its fold model', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-train-blocks-'));
    const env = { SOURCE_DATE_EPOCH: '1767225600' };
    const common = [
      ...datasets,
      ...small,
      '--held-out-dir',
      join(dir, 'held-out'),
      '--rows-dir',
      join(dir, 'rows'),
    ];
    const first = pith(['train', 'blocks', ...common, '--out', join(dir, 'a.json')], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /Held out, 2-fold by site/);
    assert.match(first.stdout, /\| l3s-gn1 \| word-sequence \| 5 \| \d\.\d{4} \|/);
    const model = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'));
    assert.equal(model.format, 'pith-gbdt');
    const manifest = model.manifest;
    assert.equal(manifest.date, '2026-01-01T00:00:00.000Z');
    assert.match(manifest.command, /^pith train blocks --dataset l3s-gn1:/);
    assert.deepEqual(
      manifest.datasets.map((d: { name: string; pages: number; labelling: string }) => [
        d.name,
        d.pages,
        d.labelling,
      ]),
      [
        ['l3s-gn1', 5, 'text'],
        ['cleanportaleval', 5, 'text'],
        ['trafilatura-eval', 5, 'snippets'],
      ],
    );
    assert.ok(manifest.datasets[2].unlabelled > 0, 'snippet pages leave most blocks unlabelled');
    assert.equal(manifest.code.pith, readPackageVersion());
    assert.equal(manifest.options.groupBy, 'site');
    assert.equal(manifest.options.params.rounds, 4);
    assert.equal(manifest.evaluation.folds.datasets['l3s-gn1'].metric, 'word-sequence');
    assert.equal(manifest.evaluation.folds.datasets['trafilatura-eval'].metric, 'snippets');

    // Again, rows recomputed: the same model (the command differs only in --out and the cache flag).
    const second = pith(['train', 'blocks', ...common, '--no-rows-cache', '--out', join(dir, 'b.json')], env);
    assert.equal(second.code, 0, second.stderr);
    const strip = (file: string) => readFileSync(join(dir, file), 'utf8').replace(/"command":"[^"]*"/, '');
    assert.equal(strip('b.json'), strip('a.json'));

    const heldOut = join(dir, 'held-out', 'folds-2-by-site.json');
    const plan = JSON.parse(readFileSync(heldOut, 'utf8'));
    assert.equal(plan.models.length, 2);
    assert.equal(Object.keys(plan.pages).length, 15);
    const bench = spawnSync(
      process.execPath,
      [
        ...PITH_ARGV,
        'bench',
        '--dataset',
        `l3s-gn1:${samplePath('l3s-gn1')}`,
        '--extractor',
        'pith',
        '--held-out',
        heldOut,
        '--no-cache',
        '--jobs',
        '1',
        '--resamples',
        '50',
        '--out',
        join(dir, 'bench'),
      ],
      { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    assert.equal(bench.status, 0, bench.stderr);
    assert.match(bench.stdout, /\| pith \| \d\.\d{3} .*held out¹; \d\.\d{3} in-sample \|/);
    assert.match(bench.stdout, /¹ Held out: .*pith \(2-fold by site\) on l3s-gn1/);
    const report = readFileSync(join(dir, 'bench', 'report.md'), 'utf8');
    assert.match(report, /\| pith \(held out, 2-fold by site\) \|/);
    // The figure the manifest recorded is the bench's.
    const f1 = manifest.evaluation.folds.datasets['l3s-gn1'].f1.toFixed(3);
    assert.match(bench.stdout, new RegExp(`\\| pith \\| ${f1.replace('.', '\\.')} `));
  });

  test('usage errors before any training', () => {
    const unknown = pith(['train', 'blocks', '--dataset', 'nope-no-such-dataset', '--out', '/tmp/x.json']);
    assert.equal(unknown.code, 2);
    const labels = pith([
      'train',
      'blocks',
      ...datasets,
      '--labels',
      'l3s-gn1=guess',
      '--out',
      '/tmp/x.json',
    ]);
    assert.equal(labels.code, 2);
    assert.match(labels.stderr, /choose from text, snippets/);
    const folds = pith(['train', 'blocks', '--folds', 'x', '--out', '/tmp/x.json']);
    assert.equal(folds.code, 2);
    assert.match(folds.stderr, /expected a whole number/);
  });
});

function readPackageVersion(): string {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;
}
