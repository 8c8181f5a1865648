/**
 * The metadata choice of `extract()` reads the page type's probabilities from the default
 * extractor's diagnostics without settling their lazy `pageType` (turning the getter into a data
 * property cost a twentieth of the choice): what it reads must be what `pageType` says when read,
 * before and after, and what a caller wrote there once written.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnosticsPageTypeProbabilities } from '../../packages/pith/src/extractors/pith/index.js';
import { extract } from '../../packages/pith/src/index.js';

const ARTICLE =
  '<!doctype html><html lang="en"><head><title>Night trains return to the Alps | Rail Weekly</title>' +
  '<meta property="og:type" content="article"></head><body><nav><a href="/">Home</a></nav><article>' +
  '<h1>Night trains return to the Alps</h1><p class="byline">By Anna Berger, 3 March 2024</p>' +
  `<p>${'The sleeper from Vienna to Innsbruck runs again from May, three nights a week. '.repeat(12)}</p>` +
  `<p>${'Tickets go on sale in April; couchettes cost less than a hotel room in the valley. '.repeat(10)}</p>` +
  '</article><footer>© Rail Weekly</footer></body></html>';

describe("the page type's probabilities read without settling the diagnostics", () => {
  it('are those `pageType` gives when read afterwards, and the getter is still in place until then', () => {
    const result = extract(ARTICLE, { format: 'text', diagnostics: true });
    const diagnostics = result.extraction.diagnostics as {
      pageType: { probabilities: Record<string, number> };
    };
    const peeked = diagnosticsPageTypeProbabilities(diagnostics);
    assert.ok(peeked !== undefined);
    assert.equal(typeof Object.getOwnPropertyDescriptor(diagnostics, 'pageType')?.get, 'function');
    // The metadata (the choice reads the probabilities) leaves the getter too.
    assert.ok(result.metadata.title !== undefined);
    assert.equal(typeof Object.getOwnPropertyDescriptor(diagnostics, 'pageType')?.get, 'function');
    assert.deepEqual(diagnostics.pageType.probabilities, peeked);
    assert.equal(diagnostics.pageType.probabilities, peeked, 'the same decision, not a second one');
    assert.equal(Object.getOwnPropertyDescriptor(diagnostics, 'pageType')?.get, undefined);
    assert.equal(diagnosticsPageTypeProbabilities(diagnostics), peeked);
  });

  it('a page type written by a caller is the one read; no diagnostics, none', () => {
    const result = extract(ARTICLE, { format: 'text' });
    const diagnostics = result.extraction.diagnostics as { pageType: unknown };
    const written = { type: 'forum', probability: 1, probabilities: { forum: 1 } };
    diagnostics.pageType = written;
    assert.equal(diagnosticsPageTypeProbabilities(diagnostics), written.probabilities);
    assert.equal(diagnosticsPageTypeProbabilities(undefined), undefined);
    assert.equal(diagnosticsPageTypeProbabilities({}), undefined);
  });
});
