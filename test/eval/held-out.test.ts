import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  headlineNotes,
  headlineTable,
  renderMarkdownReport,
} from '../../packages/workbench/src/eval/report-bench.js';
import { pithExtractorRef } from '../../packages/workbench/src/eval/runs/extractors.js';
import { pageDigest, parseHeldOut, readHeldOut } from '../../packages/workbench/src/eval/runs/held-out.js';
import { summariseBench } from '../../packages/workbench/src/eval/runs/summary.js';
import type { BenchPageResult, BenchResult } from '../../packages/workbench/src/eval/runs/types.js';

const bytes = (s: string) => new TextEncoder().encode(s);

function heldOutFile(pages: Record<string, number>, extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pith-held-out-'));
  writeFileSync(path.join(dir, 'fold-0.json'), '{"a":0}');
  writeFileSync(path.join(dir, 'fold-1.json'), '{"a":1}');
  const file = path.join(dir, 'folds.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'pith-held-out',
      version: 1,
      extractor: 'pith',
      option: 'model',
      scheme: '2-fold by site',
      datasets: ['d'],
      models: ['fold-0.json', 'fold-1.json'],
      pages,
      ...extra,
    }),
  );
  return file;
}

describe('held-out models', () => {
  it('finds a page’s model by its bytes; pages no model saw get the first', () => {
    const seen = pageDigest(bytes('<p>seen</p>'));
    const file = heldOutFile({ [seen]: 1 });
    const heldOut = readHeldOut(file);
    assert.equal(heldOut.modelFor(seen), path.join(path.dirname(file), 'fold-1.json'));
    assert.equal(
      heldOut.modelFor(pageDigest(bytes('<p>new</p>'))),
      path.join(path.dirname(file), 'fold-0.json'),
    );
    assert.equal(heldOut.scheme, '2-fold by site');
    assert.match(heldOut.digest, /^[0-9a-f]{16}$/);
  });

  it('refuses what is not a held-out file', () => {
    assert.throws(() => parseHeldOut('{}', 'x.json'), /not a pith-held-out file/);
    assert.throws(() => parseHeldOut('nope', 'x.json'), /not JSON/);
    const base = {
      format: 'pith-held-out',
      version: 1,
      extractor: 'pith',
      option: 'model',
      scheme: 's',
      datasets: [],
    };
    assert.throws(
      () => parseHeldOut(JSON.stringify({ ...base, models: ['a'], pages: { ['0'.repeat(64)]: 3 } }), 'x'),
      /model 3 is not one of the 1 models/,
    );
    assert.throws(() => parseHeldOut(JSON.stringify({ ...base, models: [], pages: {} }), 'x'), /non-empty/);
    assert.throws(() => readHeldOut('/nonexistent/held-out.json'), /cannot read it/);
  });

  it('`pith:held-out=FILE` is a row of its own: labelled, versioned by its models, without the pseudo-option', () => {
    const file = heldOutFile({});
    const ref = pithExtractorRef(`pith:favor=precision,held-out=${file}`);
    assert.equal(ref.label, 'pith:favor=precision (held out, 2-fold by site)');
    assert.deepEqual({ ...ref.options }, { favor: 'precision' });
    assert.match(ref.version, /\+held-out-[0-9a-f]{16}$/);
    assert.equal(ref.heldOut?.of, 'pith:favor=precision');
    assert.throws(() => pithExtractorRef(`density:held-out=${file}`), /pith's, not density's/);
    assert.throws(() => pithExtractorRef(`pith:model=x,held-out=${file}`), /leave that option out/);
  });
});

function page(dataset: string, id: string, extractor: string, f1: number): BenchPageResult {
  return {
    dataset,
    id,
    extractor,
    failed: false,
    ms: 1,
    bytes: 10,
    cached: false,
    scores: { bagOfWords: { precision: f1, recall: f1, f1, predicted: 10, reference: 10, overlap: 10 * f1 } },
  };
}

describe('reports with a held-out row', () => {
  const dataset = (name: string) => ({
    name,
    format: 'wcxb' as const,
    dir: `/x/${name}`,
    pages: 2,
    scoring: { primary: 'bag-of-words' as const, removeNonAscii: false },
  });
  const heldOutLabel = 'pith (held out, 5-fold by site)';
  const result: BenchResult = {
    schema: 1,
    startedAt: '2026-01-02T03:04:05.000Z',
    wallMs: 1,
    qualityWallMs: 1,
    machine: { node: 'v20', platform: 'linux', arch: 'x64', cpus: 2, cpuModel: 'CPU', memoryGb: 8 },
    jobs: 1,
    timeoutMs: 1000,
    datasets: [dataset('trained'), dataset('unseen')],
    extractors: [
      { name: 'pith', kind: 'pith', version: '1' },
      {
        name: heldOutLabel,
        kind: 'pith',
        version: '1',
        heldOut: { of: 'pith', scheme: '5-fold by site', datasets: ['trained'] },
      },
      { name: 'peer-x', kind: 'peer', version: '2' },
    ],
    skippedPeers: [],
    workerReplacements: 0,
    pages: [
      ...['trained', 'unseen'].flatMap((d) => [
        page(d, '1', 'pith', 0.9),
        page(d, '2', 'pith', 0.9),
        page(d, '1', heldOutLabel, 0.7),
        page(d, '2', heldOutLabel, 0.7),
        page(d, '1', 'peer-x', 0.5),
        page(d, '2', 'peer-x', 0.5),
      ]),
    ],
  };

  it('the headline shows the held-out figure where the model was trained, the in-sample one marked beside it', () => {
    const summaries = summariseBench(result, { resamples: 50 });
    const table = headlineTable(summaries);
    const lines = table.split('\n');
    const pithLine = lines.find((line) => line.startsWith('| pith |')) ?? '';
    assert.match(pithLine, /\| 0\.700 .*held out¹; 0\.900 in-sample \| 0\.900 /);
    assert.ok(!table.includes(heldOutLabel), 'the held-out row is folded into pith’s');
    assert.match(headlineNotes(summaries), /pith \(5-fold by site\) on trained/);
    const report = renderMarkdownReport(result, { summaries });
    assert.match(report, /\| pith \(in-sample\) \|/);
    assert.match(report, /\| pith \(held out, 5-fold by site\) \|/);
    assert.match(report, /¹ Held out/);
  });
});
