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
import { extract, extractAsync } from '../../packages/pith/src/index.js';

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
