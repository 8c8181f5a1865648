import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Doc, NodeKind, parseHtml, type Selection } from '../../src/dom/index.js';
import { pith } from '../../src/extractors/pith/index.js';

function keptText(doc: Doc, selection: Selection): string {
  const parts: string[] = [];
  for (let node = 0; node < doc.size; node++) {
    if (selection.has(node) && doc.kind(node) === NodeKind.Text && !doc.columns.hidden[node])
      parts.push(doc.text(node));
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const paragraph = (n: number) =>
  `<p>This is paragraph ${n} of the story, with enough words, commas, and clauses to read as prose, like a real article would.</p>`;

const page = `<html><head><title>The Story | Site</title></head><body>
<header class="site-header"><a href="/">Site</a><nav><a href="/a">A</a> <a href="/b">B</a></nav></header>
<div class="layout">
  <div class="main-column">
    <h1>The Story</h1>
    <div class="article-body">${[1, 2, 3, 4, 5].map(paragraph).join('')}
      <div class="share-tools"><a href="/fb">Facebook</a> <a href="/tw">Twitter</a> <a href="/mail">Mail</a></div>
      ${[6, 7].map(paragraph).join('')}
    </div>
  </div>
  <div class="sidebar"><h3>Popular</h3><ul><li><a href="/1">One popular story with a long title</a></li><li><a href="/2">Another popular story</a></li></ul></div>
</div>
<footer><p>Copyright Site, all rights reserved, forever and ever.</p></footer>
</body></html>`;

describe('pith extractor', () => {
  const doc = parseHtml(page);
  const extraction = pith.extract(doc, {}, { title: 'The Story' });
  const text = keptText(doc, extraction.selection);

  test('keeps every paragraph of the article', () => {
    for (let n = 1; n <= 7; n++) assert.match(text, new RegExp(`paragraph ${n} of the story`));
  });

  test('keeps the title heading that sits outside the body container', () => {
    assert.match(text, /^The Story/);
  });

  test('drops navigation, share tools, sidebar and footer', () => {
    for (const boilerplate of ['Facebook', 'Popular', 'Copyright', 'Site A B']) {
      assert.ok(!text.includes(boilerplate), `"${boilerplate}" should be gone`);
    }
  });

  test('reports its candidates and pruning in the diagnostics', () => {
    assert.ok(extraction.diagnostics.candidates.length > 0);
    assert.equal(doc.attr(extraction.diagnostics.candidates[0].node, 'class'), 'article-body');
    assert.ok((extraction.diagnostics.pruned['tag:footer'] ?? 0) >= 1);
  });

  test('an empty page gives an empty selection', () => {
    const empty = parseHtml('');
    assert.equal(pith.extract(empty, {}, {}).selection.keptTextLength(), 0);
  });

  test('a page that is only short text keeps it (the retry relaxes pruning)', () => {
    const short = parseHtml('<body><div class="comment">Just one short note here.</div></body>');
    assert.match(keptText(short, pith.extract(short, {}, {}).selection), /one short note/);
  });
});
