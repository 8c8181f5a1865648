/**
 * `pith train quality`: rows collected from real pages (the sample datasets, the shipped block model
 * for sets it never trained on), trees held out by site, a model file the library loads, the same
 * bytes twice, and the CLI's usage errors.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CHOICE_FEATURE_NAMES, candidatesOf } from '../../packages/pith/src/extractors/pith/index.js';
import { extract } from '../../packages/pith/src/index.js';
import { QUALITY_FEATURES, qualityModelFromJson } from '../../packages/pith/src/quality/index.js';
import type { HeldOutModels } from '../../packages/workbench/src/eval/index.js';
import {
  candidateAgreement,
  collectQualityRows,
  QUALITY_MODEL_CODE,
  type QualityRow,
  readQualityRows,
  trainQuality,
} from '../../packages/workbench/src/train/index.js';
import { HAS_SAMPLE, runPith, samplePath } from '../helpers.js';

/** Rows whose F1 follows one feature (plus a little deterministic noise), over 30 sites of 3 datasets. */
function syntheticRows(): QualityRow[] {
  const rows: QualityRow[] = [];
  for (let i = 0; i < 150; i++) {
    const signal = (i * 37) % 100;
    const features = QUALITY_FEATURES.map((_, j) => (j === 0 ? signal / 100 : ((i * (j + 3)) % 7) / 7));
    rows.push({
      dataset: `set-${i % 3}`,
      id: String(i),
      site: `site-${i % 30}.example`,
      f1: Math.min(1, Math.max(0, signal / 100 + (((i * 13) % 11) - 5) / 100)),
      metric: 'bag-of-words',
      pageType: 'article',
      pageTypeProbability: 0.9,
      reasons: [],
      features,
      model: 'fold',
    });
  }
  return rows;
}

describe('pith train quality', () => {
  test('held out by site: a feature that carries the F1 ranks the pages; the file loads and is deterministic', () => {
    const options = {
      folds: 5,
      seed: 1,
      target: 'blend' as const,
      command: 'test',
      code: QUALITY_MODEL_CODE,
    };
    const first = trainQuality({ ...options, rows: syntheticRows() });
    const second = trainQuality({ ...options, rows: syntheticRows() });
    assert.ok(first.text);
    assert.equal(first.text, second.text);
    const pooled = first.heldOut.calibrated.pooled;
    assert.equal(pooled.n, 150);
    assert.ok(pooled.spearman > 0.8, `Spearman ${pooled.spearman}`);
    assert.deepEqual(Object.keys(first.heldOut.calibrated).sort(), ['pooled', 'set-0', 'set-1', 'set-2']);
    const file = JSON.parse(first.text);
    assert.equal(file.manifest.heldOut.folds, '5 by site, seed 1');
    assert.equal(file.manifest.data['set-1'], 50);
    const model = qualityModelFromJson(file);
    const low = Float32Array.from(QUALITY_FEATURES, (_, j) => (j === 0 ? 0.05 : 0.3));
    const high = Float32Array.from(QUALITY_FEATURES, (_, j) => (j === 0 ? 0.95 : 0.3));
    assert.ok(
      model.predict(high) > model.predict(low) + 0.3,
      `${model.predict(low)} → ${model.predict(high)}`,
    );
    // Candidate features evaluated beside the shipped ones: figures, no model.
    const rows = syntheticRows().map((row, i) => ({ ...row, extra: { probe: i % 2 } }));
    const probe = trainQuality({ ...options, rows, extra: ['probe'] });
    assert.equal(probe.text, undefined);
    assert.equal(probe.heldOut.calibrated.pooled.n, 150);
  });

  test('rows of an older feature list are refused with what to do', () => {
    const rows = syntheticRows().map((row) => ({ ...row, features: row.features.slice(1) }));
    assert.throws(
      () => trainQuality({ rows, folds: 5, seed: 1, target: 'f1', command: 'test', code: [] }),
      /features, expected .*collect them again/,
    );
  });

  test('rows from real pages: the shipped block model for a set it never trained on, one row a page, resumed', {
    skip: !HAS_SAMPLE && 'no ../shared/datasets/sample',
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-quality-rows-'));
    const out = join(dir, 'rows.jsonl');
    const heldOut: HeldOutModels = {
      file: '',
      extractor: 'pith',
      option: 'model',
      scheme: 'none',
      datasets: [],
      models: [],
      modelFor: () => assert.fail('no page of these sets was in the block model’s training'),
      digest: '',
    };
    const datasets = [
      `trafilatura-eval:${samplePath('trafilatura-eval')}`,
      `cleaneval:${samplePath('cleaneval')}`,
    ];
    const written = await collectQualityRows({ datasets, heldOut, out });
    const rows = readQualityRows([out]);
    assert.equal(rows.length, written);
    assert.ok(written >= 6, `${written} rows`);
    for (const row of rows) {
      assert.equal(row.model, 'shipped');
      assert.equal(row.features.length, QUALITY_FEATURES.length);
      assert.ok(row.f1 >= 0 && row.f1 <= 1, `${row.dataset}/${row.id}: ${row.f1}`);
    }
    assert.deepEqual(
      new Set(rows.map((row) => row.metric)),
      new Set(['snippets', rows.find((r) => r.dataset !== 'trafilatura-eval')?.metric]),
    );
    assert.equal(await collectQualityRows({ datasets, heldOut, out }), 0);
  });

  test('the CLI: trains from row files and writes the model; no rows and no held-out file is a usage error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pith-quality-cli-'));
    const rowsFile = join(dir, 'rows.jsonl');
    writeFileSync(
      rowsFile,
      syntheticRows()
        .map((row) => `${JSON.stringify(row)}\n`)
        .join(''),
    );
    const out = join(dir, 'quality.json');
    const run = runPith(['train', 'quality', '--rows', rowsFile, '--out', out, '--svg', join(dir, 'svg')]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\| pooled \| 150 \|/);
    const file = JSON.parse(readFileSync(out, 'utf8'));
    assert.match(file.manifest.command, /^pith train quality --rows /);
    assert.ok(readFileSync(join(dir, 'svg', 'quality-reliability-pooled.svg'), 'utf8').startsWith('<svg'));
    const missing = runPith([
      'train',
      'quality',
      '--held-out',
      join(dir, 'none.json'),
      '--out',
      join(dir, 'x.json'),
    ]);
    assert.equal(missing.code, 2, missing.stderr);
    assert.match(missing.stderr, /none\.json not found: run pith train blocks --folds 5 first/);
  });
});

describe('train quality --candidates: the answer against the candidates', () => {
  const article = `<html><body><nav><a href="/">Home</a> <a href="/a">Archive</a></nav><article>${[1, 2, 3, 4]
    .map(
      (n) =>
        `<p>Paragraph ${n} of the article has enough plain words in it to read as a body, and it ends.</p>`,
    )
    .join(
      '',
    )}</article><footer><p>Copyright 2024, all rights reserved. Contact us.</p></footer></body></html>`;

  test('per candidate its overlap and words as the choice rows give them; none without candidates', () => {
    const built = extract(article, {
      format: 'text',
      extractorOptions: { candidates: true, choice: 'none' },
    });
    const found = candidatesOf(built.extraction);
    assert.ok(found);
    const extra = candidateAgreement(built.extraction);
    const width = CHOICE_FEATURE_NAMES.length;
    const at = (index: number, name: string) =>
      found.features[index * width + CHOICE_FEATURE_NAMES.indexOf(name)];
    found.candidates.forEach((candidate, index) => {
      if (index === 0) return;
      assert.equal(extra[`cand.${candidate.name}.overlap`], at(index, 'c:overlapBalanced'));
      assert.equal(extra[`cand.${candidate.name}.words`], at(index, 'c:wordsVsBalanced'));
    });
    assert.equal(extra['cand.balanced.overlap'], undefined);
    assert.equal(extra['choice.c:logWords'], at(0, 'c:logWords'));
    assert.deepEqual(candidateAgreement(extract(article, { format: 'text' }).extraction), {});
  });
});
