/**
 * The shipped metadata model on whole pages of the shared samples (../shared/datasets/sample/wcxb-dev:
 * WCXB dev 2962, bbc.com's technology listing, and 3068, a Steam category page), through the public
 * API: where the rules' fixed order of trust is wrong and the learned choice is right.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { extract, extractAsync, pageUrl } from '../../packages/pith/src/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const sample = resolve(root, '..', 'shared', 'datasets', 'sample', 'wcxb-dev', 'dev');

function samplePage(id: string): { html: Uint8Array; url: string } {
  const truth = JSON.parse(readFileSync(resolve(sample, 'ground-truth', `${id}.json`), 'utf8')) as {
    url: string;
  };
  return { html: gunzipSync(readFileSync(resolve(sample, 'html', `${id}.html.gz`))), url: truth.url };
}

// First in this file: nothing has loaded a model yet (the metadata model loads with the library).
describe('extract() and extractAsync() answer the same metadata (WCXB sample)', {
  skip: !existsSync(sample) && 'sample dataset missing',
}, () => {
  it('the learned choice in the sync extract(), before any model is loaded (WCXB 2962, 3068)', async () => {
    for (const id of ['2962', '3068']) {
      const { html, url } = samplePage(id);
      const sync = extract(html, { url, format: 'json' }).metadata;
      const rules = extract(html, { url, format: 'json', metadataModel: false }).metadata;
      assert.notDeepEqual(sync, rules, `the model changes page ${id}'s metadata`);
      assert.deepEqual(sync, (await extractAsync(html, { url, format: 'json' })).metadata);
    }
  });
});

describe('text and Markdown make the learned choice when `metadata` is first read (WCXB sample)', {
  skip: !existsSync(sample) && 'sample dataset missing',
}, () => {
  it('a getter until read, then the same metadata as the JSON output, an ordinary field in its place', () => {
    for (const id of ['2962', '3068']) {
      const { html, url } = samplePage(id);
      const eager = extract(html, { url, format: 'json' });
      for (const format of ['text', 'markdown', 'html'] as const) {
        const result = extract(html, { url, format });
        const before = Object.getOwnPropertyDescriptor(result, 'metadata');
        assert.equal(typeof before?.get, 'function', `${format}: not chosen before it is read`);
        assert.equal(before?.enumerable, true);
        assert.deepEqual(Object.keys(result).slice(0, 4), ['content', 'format', 'metadata', 'extractor']);
        assert.equal(pageUrl(result), url);
        const unnamed = extract(html, { format });
        assert.equal(pageUrl(unnamed), extract(html, { format: 'json' }).metadata.canonicalUrl);
        assert.equal(typeof Object.getOwnPropertyDescriptor(unnamed, 'metadata')?.get, 'function');
        // A structured clone (a worker pool's message) and JSON read it as any field.
        assert.deepEqual(structuredClone({ ...result, extraction: undefined }).metadata, eager.metadata);
        assert.deepEqual(result.metadata, eager.metadata, `${format}: page ${id}`);
        assert.equal(result.metadata, result.metadata, 'chosen once');
        assert.equal(Object.getOwnPropertyDescriptor(result, 'metadata')?.get, undefined);
        // The body is the rules' either way: the text output with the choice made first is the same.
        const chosenFirst = extract(html, { url, format });
        void chosenFirst.metadata;
        assert.equal(chosenFirst.content, result.content);
      }
      const assigned = extract(html, { url, format: 'text' });
      assigned.metadata = { authors: [], tags: [], title: 'mine' };
      assert.equal(assigned.metadata.title, 'mine', 'a caller may replace it before reading it');
    }
  });
});

describe('the learned choice of the title and the date (WCXB sample)', {
  skip: !existsSync(sample) && 'sample dataset missing',
}, () => {
  it("a listing's title is its <h1>, not the <title>'s first part (WCXB 2962, bbc.com)", async () => {
    const { html, url } = samplePage('2962');
    const chosen = await extractAsync(html, { url, format: 'json' });
    assert.equal(chosen.metadata.title, 'Technology');
    assert.deepEqual(chosen.metadata.sources?.title, ['html:h1']);
    const rules = await extractAsync(html, { url, format: 'json', metadataModel: false });
    assert.equal(rules.metadata.title, 'BBC Technology');
    // The body is the same either way: the extractor reads the rules' metadata.
    const body = (json: string) => (JSON.parse(json) as { content: string }).content;
    assert.equal(body(chosen.content), body(rules.content));
  });

  it("a category page's meta publication date is not its date (WCXB 3068, store.steampowered.com)", async () => {
    const { html, url } = samplePage('3068');
    const chosen = await extractAsync(html, { url, format: 'json' });
    assert.equal(chosen.metadata.published, undefined);
    assert.equal(chosen.metadata.sources?.published, undefined);
    const rules = await extractAsync(html, { url, format: 'json', metadataModel: false });
    assert.equal(rules.metadata.published?.slice(0, 10), '2022-01-19');
  });

  it('a model named by the option is used by extract() too', () => {
    const { html, url } = samplePage('2962');
    assert.equal(
      extract(html, { url, format: 'json', metadataModel: 'metadata' }).metadata.title,
      'Technology',
    );
  });
});
