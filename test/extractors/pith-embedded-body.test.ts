import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PithDiagnostics } from '../../packages/pith/src/extractors/pith/index.js';
import { extract } from '../../packages/pith/src/index.js';
import { QUALITY_FEATURES, qualityDetails } from '../../packages/pith/src/quality/index.js';

/**
 * A page shaped as a script-rendered news site's (SCMP's opinion pages in trafilatura's benchmark):
 * the HTML shows a columnist's bio box and a footer, and the column itself is only in the JSON-LD
 * `articleBody` that the page's script renders. The bio is the one block of prose the page shows.
 */
const sentence = (n: number) =>
  `Point ${n} of the column says that a leader who reads the mood of the street early wins the argument before it starts, and that waiting costs more each week.`;
const column = Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join(' ');
const bio =
  'Alice Example fell down the rabbit hole of politics aged twelve, when she ran her first election campaign. She has been writing about local politics for the paper since 2008, and her daily needs include journals and several lattes.';

function page(shown: string, body: string): string {
  const data = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: 'A political playbook worth reading',
    articleBody: body,
  }).replaceAll('</', '<\\/'); // as pages write JSON inside a script
  return `<html><head><title>A political playbook worth reading</title>
<script type="application/ld+json">${data}</script></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/opinion">Opinion</a></nav></header>
<div id="app"><h1>A political playbook worth reading</h1>${shown}
<aside class="author-bio"><p>${bio}</p></aside></div>
<footer><p>Copyright 2020 The Paper. All rights reserved.</p></footer></body></html>`;
}

function extracted(html: string, options: Record<string, unknown> = {}) {
  const result = extract(html, { format: 'text', diagnostics: true, extractorOptions: options });
  return { text: result.content, diagnostics: result.diagnostics as PithDiagnostics };
}

describe('pith: the embedded body of a page that does not show it (issue 37, item 1)', () => {
  test('the JSON-LD articleBody answers when the HTML shows none of it', () => {
    const { text, diagnostics } = extracted(page('', column));
    assert.ok(text.includes('Point 1 of the column'), text);
    assert.ok(text.includes('Point 12 of the column'), text);
    assert.ok(!text.includes('rabbit hole'), text);
    assert.equal(diagnostics.embeddedBody?.words, column.match(/[\p{L}\p{N}]+/gu)?.length);
    assert.ok((diagnostics.embeddedBody?.shownShare ?? 1) < 0.5);
  });

  test('off by the option, the page answers as before (the bio)', () => {
    const { text, diagnostics } = extracted(page('', column), { embeddedBody: false });
    assert.ok(!text.includes('Point 1 of the column'), text);
    assert.equal(diagnostics.embeddedBody, undefined);
  });

  test('a page that shows its body keeps its own answer', () => {
    const shown = Array.from({ length: 12 }, (_, i) => `<p>${sentence(i + 1)}</p>`).join('');
    const { text, diagnostics } = extracted(page(shown, column));
    assert.equal(diagnostics.embeddedBody, undefined);
    assert.ok(text.includes('Point 1 of the column'), text);
  });

  test('a short embedded text (a description, a teaser) never answers', () => {
    const { diagnostics } = extracted(page('', `${sentence(1)} ${sentence(2)}`));
    assert.equal(diagnostics.embeddedBody, undefined);
  });

  test("the embedded text's markup is read as the metadata reads it (tags out), its `&` as text", () => {
    const { text } = extracted(page('', `${column}\n<script>alert(1)</script> & <b>bold</b> a<b`));
    assert.ok(text.endsWith('alert(1) & bold a<b'), text);
  });

  test("the quality's runner-up reads the heuristic's candidates in the page's document, not the body's", () => {
    // The bio box inside a wrapper: the heuristic's runner-up (the wrapper) holds its best candidate.
    const nested = page('', column).replace(
      '<aside class="author-bio">',
      `<div class="wrap"><div class="more"><p>${bio} Again.</p></div></div><aside class="author-bio">`,
    );
    const runnerUp = (embeddedBody: boolean) => {
      const result = extract(nested, {
        format: 'text',
        diagnostics: true,
        extractorOptions: { embeddedBody },
      });
      assert.equal((result.diagnostics as PithDiagnostics).embeddedBody !== undefined, embeddedBody);
      const { features } = qualityDetails(result.extraction, result.metadata);
      return features[QUALITY_FEATURES.indexOf('heuristic.runnerUpRatio')];
    };
    assert.equal(runnerUp(true), runnerUp(false));
  });

  test("the page's paywall mark is read on the page, not on the body's own document", () => {
    const walled = page('', column).replace('<div id="app">', '<div id="app" class="paywall-teaser">');
    const result = extract(walled, { format: 'json', diagnostics: true });
    assert.ok((result.diagnostics as PithDiagnostics).embeddedBody);
    assert.ok(result.reasons.includes('PAYWALL'), result.reasons.join(' '));
  });
});
