/**
 * Models without a file system: the default extractor's models come with the library, density's and
 * mss's when asked for, and a model that is not shipped only through a reader the caller installs.
 * One process per test file: these tests see the library as a fresh import does.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { extract, extractAsync, isPithError, loadShippedModels, setModelReader } from '../../src/index.js';

const PAGE = `<html><body><nav><a href="/">Home</a> | <a href="/news">News</a></nav><article><h1>Rivers</h1>${'<p>The river bends slowly through the valley, carving a wide loop in the soft clay bank of the plain.</p>'.repeat(6)}</article></body></html>`;

describe('shipped models', () => {
  test('the default extractor needs nothing loaded', () => {
    const result = extract(PAGE, { format: 'text' });
    assert.match(result.content, /The river bends/);
    assert.equal(typeof result.quality, 'number');
  });

  test('density and mss: extract() before loading says how; extractAsync() loads what it needs', async () => {
    for (const extractor of ['density', 'mss']) {
      assert.throws(
        () => extract(PAGE, { extractor }),
        (error) =>
          isPithError(error) &&
          error.code === 'BAD_OPTION' &&
          error.message.includes(`loadShippedModels(['${extractor}'])`),
      );
    }
    const viaAsync = await extractAsync(PAGE, { extractor: 'density', format: 'text' });
    assert.match(viaAsync.content, /The river bends/);
    // Loaded now, for extract() too.
    assert.equal(extract(PAGE, { extractor: 'density', format: 'text' }).content, viaAsync.content);
    await loadShippedModels(['mss']);
    assert.match(extract(PAGE, { extractor: 'mss', format: 'text' }).content, /The river bends/);
  });
});

describe('models that are not shipped', () => {
  test('without a reader, a name that is not a shipped model is a usage error', () => {
    assert.throws(
      () => extract(PAGE, { extractorOptions: { model: 'my-blocks.json' } }),
      (error) => isPithError(error) && error.code === 'BAD_OPTION' && /reads no files/.test(error.message),
    );
  });

  test("a reader the caller installs gives the model's text by name", () => {
    const asked: string[] = [];
    const shipped = readFileSync(new URL('../../models/pith-blocks.json', import.meta.url), 'utf8');
    setModelReader((name) => {
      asked.push(name);
      if (name !== 'copy-of-blocks') throw Object.assign(new Error('no such model'), { code: 'ENOENT' });
      return shipped;
    });
    try {
      const copy = extract(PAGE, { format: 'text', extractorOptions: { model: 'copy-of-blocks' } });
      assert.equal(copy.content, extract(PAGE, { format: 'text' }).content);
      // Read once, then cached by name.
      extract(PAGE, { format: 'text', extractorOptions: { model: 'copy-of-blocks' } });
      assert.deepEqual(asked, ['copy-of-blocks']);
      assert.throws(
        () => extract(PAGE, { extractorOptions: { model: 'elsewhere' } }),
        (error) =>
          isPithError(error) && error.code === 'BAD_OPTION' && /not found: elsewhere/.test(error.message),
      );
    } finally {
      setModelReader(undefined);
    }
  });
});
