import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DatasetPage } from '../../packages/workbench/src/eval/datasets/types.js';
import { markdownTable, snippetTable, wordSequenceTable } from '../../packages/workbench/src/eval/report.js';
import {
  runExtractor,
  summariseSnippetRun,
  summariseWordRun,
} from '../../packages/workbench/src/eval/runner.js';

const bytes = (s: string) => new TextEncoder().encode(s);

const textPages: DatasetPage[] = [
  {
    id: 'a',
    html: bytes('<p>alpha beta gamma delta</p>'),
    gold: { text: 'alpha beta gamma delta' },
  },
  { id: 'b', html: bytes('<p>one two</p><nav>menu</nav>'), gold: { text: 'one two' } },
  { id: 'c', html: bytes('<p>nothing</p>'), gold: { text: '' } },
  {
    id: 'd',
    html: bytes('<p>Łódź</p>'),
    gold: { text: '?ód?' },
    retrievedTransform: 'above-latin1-to-question-mark',
  },
  { id: 'e', html: bytes('crash'), gold: { text: 'some words' } },
];

// A stub extractor: the text of the page with tags removed; throws on "crash".
const stub = (page: DatasetPage) => {
  const html = new TextDecoder().decode(page.html);
  if (html === 'crash') throw new Error('boom');
  return html.replace(/<[^>]*>/g, ' ');
};

describe('runExtractor + summaries', () => {
  it('scores text datasets with the word-sequence metric, counting failures and special cases', () => {
    const progress: number[] = [];
    const run = runExtractor('stub', textPages, stub, { onPage: (done) => progress.push(done) });
    assert.deepEqual(progress, [1, 2, 3, 4, 5]);
    assert.equal(run.failures, 1);
    const failed = run.pages.find((p) => p.id === 'e')!;
    assert.equal(failed.failed, true);
    assert.equal(failed.error, 'Error: boom');
    assert.equal(failed.word?.special, 'retrievedEmpty');
    assert.equal(run.pages.find((p) => p.id === 'd')!.word?.f1, 1); // retrievedTransform applied
    const row = summariseWordRun(run, { resamples: 200 });
    assert.equal(row.summary.scored, 3);
    assert.deepEqual(row.summary.specialCases, {
      mismatch: 0,
      retrievedEmpty: 1,
      relevantEmpty: 1,
      bothEmpty: 0,
    });
    // a: 1/1/1; b: P 2/3, R 1; d: 1/1/1.
    assert.equal(row.precision.estimate, (1 + 2 / 3 + 1) / 3);
    assert.equal(row.recall.estimate, 1);
    assert.ok(row.pagesPerSecond > 0);
    const table = wordSequenceTable([row]);
    assert.match(table, /^\| extractor \| n \(scored \/ all\) \|/);
    assert.match(table, /\| stub \| 3 \/ 5 \| 0\.889 \(/);
    assert.match(table, /\| 0 \/ 1 \/ 1 \/ 0 \| 1 \|/);
  });

  it('scores snippet datasets micro-averaged; a failure finds no snippet', () => {
    const pages: DatasetPage[] = [
      {
        id: 'x',
        html: bytes('<p>keep this</p> <i>ad here</i>'),
        gold: { snippets: { with: ['keep this'], without: ['ad here'] } },
      },
      { id: 'y', html: bytes('crash'), gold: { snippets: { with: ['a', 'b'], without: ['c'] } } },
    ];
    const run = runExtractor('stub', pages, stub);
    const row = summariseSnippetRun(run, { resamples: 100 });
    assert.deepEqual(row.counts, { tp: 1, fp: 1, fn: 2, tn: 1 });
    assert.equal(row.precision.estimate, 0.5);
    assert.equal(row.recall.estimate, 1 / 3);
    assert.equal(row.f1.estimate, 2 / 5);
    assert.equal(row.failures, 1);
    assert.match(snippetTable([row]), /\| stub \| 2 \| 0\.500 \(.*\| 1 \/ 1 \/ 2 \/ 1 \| 1 \|/);
  });
});

describe('markdownTable', () => {
  it('escapes pipes and newlines', () => {
    assert.equal(markdownTable(['a', 'b'], [['x|y', 'p\nq']]), '| a | b |\n| --- | --- |\n| x\\|y | p q |');
  });
});
