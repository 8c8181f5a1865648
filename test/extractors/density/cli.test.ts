import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { REPO_ROOT, runPith } from '../../helpers.js';

/** Runs the CLI from source, as `pith …` would run from dist. */
const pith = (args: string[]) => runPith(args);

const ARTICLE = join(REPO_ROOT, 'examples', 'article.html');

describe('pith extract --extractor density (CLI)', () => {
  test('uses the shipped model by default; the filter alone needs no model', () => {
    const run = pith(['extract', '--extractor', 'density', '-f', 'json', '--diagnostics', ARTICLE]);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.diagnostics.model.path, 'density');
    assert.ok(result.diagnostics.passedLines > 0);

    const alone = pith([
      'extract',
      '--extractor',
      'density',
      '--density-classifier',
      'false',
      '--density-model',
      '/nonexistent/model.json',
      ARTICLE,
    ]);
    assert.equal(alone.code, 0, alone.stderr);
    assert.ok(alone.stdout.trim().length > 0);
  });

  test('a missing or corrupt model is a usage error that says what to do', () => {
    const missing = pith([
      'extract',
      '--extractor',
      'density',
      '--density-model',
      '/nonexistent/m.json',
      ARTICLE,
    ]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read model \/nonexistent\/m\.json \(no such file\)/);
    assert.match(missing.stderr, /pith train density/);
    assert.match(missing.stderr, /--density-classifier false/);

    // A model file cut short (e.g. copied while being written) is refused, not half-used.
    const dir = mkdtempSync(join(tmpdir(), 'pith-density-cli-'));
    const truncated = join(dir, 'truncated.json');
    const shipped = readFileSync(join(REPO_ROOT, 'models', 'density.json'), 'utf8');
    writeFileSync(truncated, shipped.slice(0, 2000));
    const corrupt = pith(['extract', '--extractor', 'density', '--density-model', truncated, ARTICLE]);
    assert.equal(corrupt.code, 2);
    assert.match(corrupt.stderr, /truncated\.json is not a usable model: .*JSON/);

    const oldVersion = join(dir, 'v1.json');
    writeFileSync(oldVersion, JSON.stringify({ ...JSON.parse(shipped), formatVersion: 1 }));
    const old = pith(['extract', '--extractor', 'density', '--density-model', oldVersion, ARTICLE]);
    assert.equal(old.code, 2);
    assert.match(old.stderr, /format version 1 is not supported \(this pith reads versions 2 and 3\)/);
  });
});
