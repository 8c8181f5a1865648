import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  classifyChunk,
  loadDensityModel,
  type NgramCounts,
  parseDensityModel,
} from '../../src/extractors/density/index.js';
import { useModelFiles } from '../../src/tools/index.js';
import {
  countsToFile,
  countsToModel,
  type DatasetChunks,
  errorCounts,
  evaluateLeaveOneOut,
  evaluateSplit,
  filterCounts,
  NgramCounter,
  pruneCounts,
  serializeModelFile,
  splitPages,
  type TrainingExample,
  trainCounts,
} from '../../src/train/index.js';

// The trainer's round trip reads its model back from a file: the tools' reader, as the CLI installs it.
await useModelFiles();

const MANIFEST = {
  datasets: [],
  command: 'test',
  date: '2026-01-01T00:00:00.000Z',
  code: { pith: '0', extractor: '1' },
  options: {},
};

const CONTENT = [
  'The river bends slowly through the valley, carving a wide loop in the soft bank.',
  'Water on the outside of a bend runs faster and erodes the bank over many years.',
  'Sediment settles on the inside of the bend, where the current is slow and calm.',
  'Over centuries the loop grows until the river cuts through its neck in a flood.',
];
const BOILERPLATE = [
  'Copyright 2024 Example Corporation. All rights reserved. Terms of use apply.',
  'Subscribe to our newsletter for weekly updates. Follow us on social media.',
  'Home | News | Sport | Weather | Contact us | Privacy policy | Cookie settings',
  'Share this article on Facebook, Twitter, LinkedIn or send it by e-mail.',
];

function examples(): TrainingExample[] {
  return [
    ...CONTENT.map((text) => ({ text, label: 'keep' as const })),
    ...BOILERPLATE.map((text) => ({ text, label: 'discard' as const })),
  ];
}

describe('training', () => {
  test('a trained model classifies its own kind of text', () => {
    const model = countsToModel(trainCounts(examples(), { n: 4, minCount: 1 }), 60);
    assert.equal(
      classifyChunk(model, 'The current erodes the outside of the bend in the river.').category,
      'keep',
    );
    assert.equal(
      classifyChunk(model, 'Follow us on Facebook. Privacy policy and cookie settings.').category,
      'discard',
    );
    const errors = errorCounts(model, examples());
    assert.equal(errors.errors, 0);
    assert.equal(errors.chunks, 8);
    assert.equal(errors.keepAllRate, 0.5);
  });

  test('train → save → load round trip: same counts, same probabilities', () => {
    const trained = trainCounts(examples(), { n: 5, minCount: 1 });
    const file = countsToFile(trained, 60, MANIFEST);
    const dir = mkdtempSync(join(tmpdir(), 'pith-density-'));
    const path = join(dir, 'model.json');
    writeFileSync(path, serializeModelFile(file));
    const loaded = loadDensityModel(path);
    const inMemory = countsToModel(trained, 60, MANIFEST);
    assert.equal(loaded.n, 5);
    assert.equal(loaded.minTextChars, 60);
    assert.equal(loaded.maxChunkChars, 2000);
    assert.equal(loaded.keep.chunks, 4);
    assert.deepEqual(loaded.manifest, MANIFEST);
    for (const text of [...CONTENT, ...BOILERPLATE, 'unseen text ✓ 東京']) {
      assert.deepEqual(classifyChunk(loaded, text), classifyChunk(inMemory, text));
    }
    assert.equal(file.categories[0].ngrams, trained.keep.counts.chars.length);
  });

  test('maxChunkChars: only the first characters of a chunk are counted', () => {
    const trained = trainCounts(
      [
        { text: 'abcdefgh', label: 'keep' },
        { text: 'xyxyxy', label: 'discard' },
      ],
      { n: 2, minCount: 1, maxChunkChars: 3 },
    );
    assert.equal(trained.maxChunkChars, 3);
    // keep counts "abc": unigrams a, b, c and bigrams ab, bc; discard "xyx": x, y, xy, yx.
    assert.equal(trained.keep.characters, 3);
    assert.equal(trained.keep.counts.chars.length, 5);
    assert.equal(trained.discard.characters, 3);
    assert.equal(trained.discard.counts.chars.length, 4);
    // The model reads as much of a chunk as training counted: 'abc' and 'abcZZZZ' score alike.
    const model = countsToModel(trained, 60);
    assert.equal(model.maxChunkChars, 3);
    assert.deepEqual(classifyChunk(model, 'abcZZZZ'), classifyChunk(model, 'abc'));
    // 0 counts whole chunks.
    assert.equal(trainCounts([{ text: 'abcdefgh', label: 'keep' }], { maxChunkChars: 0 }).keep.characters, 8);
    assert.throws(() => trainCounts([], { maxChunkChars: -1 }), /maxChunkChars/);
  });

  test('determinism: the same data gives a byte-identical file', () => {
    const first = serializeModelFile(
      countsToFile(trainCounts(examples(), { n: 6, minCount: 1 }), 60, MANIFEST),
    );
    const second = serializeModelFile(
      countsToFile(trainCounts(examples(), { n: 6, minCount: 1 }), 60, MANIFEST),
    );
    assert.equal(first, second);
  });

  test('a bad file is refused with a reason', () => {
    const file = countsToFile(trainCounts(examples(), { n: 3, minCount: 1 }), 60, MANIFEST);
    assert.throws(() => parseDensityModel({ ...file, formatVersion: 99 }), /format version 99/);
    assert.throws(() => parseDensityModel({ ...file, smoothing: 'kneser-ney' }), /smoothing/);
    assert.throws(() => parseDensityModel({ ...file, maxChunkChars: -1 }), /maxChunkChars/);
    assert.throws(() => parseDensityModel({ ...file, categories: [file.categories[0]] }), /discard/);
    const dir = mkdtempSync(join(tmpdir(), 'pith-density-'));
    writeFileSync(join(dir, 'bad.json'), '{"format": "something else"}');
    assert.throws(
      () => loadDensityModel(join(dir, 'bad.json')),
      (error: Error & { code?: string }) => {
        return error.code === 'BAD_OPTION' && /not a usable model/.test(error.message);
      },
    );
    assert.throws(() => loadDensityModel(join(dir, 'missing.json')), /cannot read model/);
  });

  test('pruning harder after the fact equals pruning while training (property)', () => {
    const text = fc.stringMatching(/^[a-e ]{0,40}$/);
    fc.assert(
      fc.property(fc.array(text, { maxLength: 10 }), fc.integer({ min: 1, max: 4 }), (texts, minCount) => {
        const counter = new NgramCounter(4);
        for (const t of texts) counter.add(t);
        const direct: NgramCounts = pruneCounts(counter, texts, minCount);
        const after = filterCounts(pruneCounts(counter, texts, 1), minCount);
        assert.deepEqual(after, direct);
      }),
    );
  });
});

describe('evaluation splits', () => {
  test('90/10 by pages: ⌊0.9·n⌋ train, deterministic for a seed, a partition', () => {
    const pages = Array.from({ length: 25 }, (_, i) => i);
    const { train, test: held } = splitPages(pages, 7);
    assert.equal(train.length, 22);
    assert.equal(held.length, 3);
    assert.deepEqual(
      [...train, ...held].sort((x, y) => x - y),
      pages,
    );
    assert.deepEqual(splitPages(pages, 7), { train, test: held });
    assert.notDeepEqual(splitPages(pages, 8).test, held);
  });

  test('split and leave-one-dataset-out count errors over the right chunks', () => {
    const page = (id: string, chunks: TrainingExample[]) => ({
      dataset: 'd',
      id,
      chunks,
      unlabelled: 0,
      labelSource: 'gold-text' as const,
    });
    const datasets: DatasetChunks[] = [
      {
        name: 'one',
        pages: CONTENT.map((text, i) =>
          page(`a${i}`, [
            { text, label: 'keep' },
            { text: BOILERPLATE[i], label: 'discard' },
          ]),
        ),
      },
      {
        name: 'two',
        pages: CONTENT.map((text, i) => page(`b${i}`, [{ text: `${text} Again.`, label: 'keep' }])),
      },
    ];
    const options = { n: 4, minCount: 1, minTextChars: 60, seed: 3 };
    const split = evaluateSplit(datasets, options);
    // 4 pages per dataset: 3 train, 1 test each.
    assert.deepEqual(
      split.datasets.map((d) => [d.dataset, d.trainPages, d.testPages, d.chunks]),
      [
        ['one', 3, 1, 2],
        ['two', 3, 1, 1],
      ],
    );
    assert.equal(split.overall.chunks, 3);
    const loo = evaluateLeaveOneOut(datasets, options);
    assert.ok(loo);
    assert.deepEqual(
      loo.datasets.map((d) => [d.dataset, d.trainPages, d.testPages, d.chunks]),
      [
        ['one', 4, 4, 8],
        ['two', 4, 4, 4],
      ],
    );
    // Trained on 'one' only, 'two' (all keep) is classified from the keep model of 'one'.
    assert.equal(loo.datasets[1].keepAllRate, 0);
    assert.equal(evaluateLeaveOneOut([datasets[0]], options), null);
  });

  test('a model file records what it was trained from', () => {
    const file = countsToFile(trainCounts(examples(), { n: 3, minCount: 2 }), 45, MANIFEST);
    const parsed = JSON.parse(serializeModelFile(file));
    assert.equal(parsed.format, 'pith-density-model');
    assert.equal(parsed.formatVersion, 2);
    assert.equal(parsed.maxChunkChars, 2000);
    assert.equal(parsed.smoothing, 'witten-bell');
    assert.equal(parsed.n, 3);
    assert.equal(parsed.minCount, 2);
    assert.equal(parsed.minTextChars, 45);
    assert.equal(parsed.manifest.command, 'test');
    assert.deepEqual(
      parsed.categories.map((c: { name: string; chunks: number }) => [c.name, c.chunks]),
      [
        ['keep', 4],
        ['discard', 4],
      ],
    );
  });
});
