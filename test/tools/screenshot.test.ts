import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Doc } from '../../packages/pith/src/dom/index.js';
import { extract } from '../../packages/pith/src/index.js';
import type { BrowserLayoutEngine } from '../../packages/tools/src/browser.js';
import { renderBlocksScreenshot } from '../../packages/tools/src/screenshot.js';

describe('renderBlocksScreenshot of an extraction', () => {
  test("draws the page's document, whose nodes the roots are, where the embedded body answered", async () => {
    // A page that shows only a bio box and embeds its article as JSON-LD `articleBody`.
    const sentence = (n: number) =>
      `Point ${n} of the column says that a leader who reads the mood of the street early wins the argument before it starts.`;
    const body = Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join(' ');
    const data = JSON.stringify({ '@type': 'NewsArticle', headline: 'A playbook', articleBody: body });
    const html = `<html><head><title>A playbook</title><script type="application/ld+json">${data}</script></head>
<body><div id="app"><h1>A playbook</h1><aside><p>Alice Example has written about local politics for the paper since 2008, and her daily needs include journals and several lattes.</p></aside></div></body></html>`;
    const result = extract(html, { format: 'text', diagnostics: true });
    assert.ok((result.diagnostics as { embeddedBody?: unknown }).embeddedBody, 'the embedded body answers');
    const drawn: Doc[] = [];
    const engine = {
      screenshot: async (doc: Doc) => {
        drawn.push(doc);
        return undefined;
      },
    } as unknown as BrowserLayoutEngine;
    await renderBlocksScreenshot(result.extraction.doc, result.extraction, 'unused.png', { engine });
    assert.equal(drawn.length, 1);
    assert.notEqual(drawn[0], result.extraction.doc);
    assert.ok(drawn[0].source.includes('<aside>'), 'the page itself is drawn');
  });
});
