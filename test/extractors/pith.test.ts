import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Doc, NodeKind, parseHtml, type Selection } from '../../src/dom/index.js';
import { type PithDiagnostics, pith } from '../../src/extractors/pith/index.js';
import { extract, setModelReader } from '../../src/index.js';
import { readModelFile } from '../../src/tools/index.js';

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

describe('pith extractor: the heuristic stage', () => {
  const doc = parseHtml(page);
  const extraction = pith.extract(doc, { model: 'none' }, { title: 'The Story' });
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
    assert.ok(extraction.diagnostics.heuristic.candidates.length > 0);
    assert.equal(doc.attr(extraction.diagnostics.heuristic.candidates[0].node, 'class'), 'article-body');
    assert.ok((extraction.diagnostics.heuristic.pruned['tag:footer'] ?? 0) >= 1);
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

describe('pith extractor: the learned stage', () => {
  const doc = parseHtml(page);

  test("model 'none' answers with the heuristic stage", () => {
    const extraction = pith.extract(doc, { model: 'none' }, { title: 'The Story' });
    assert.equal(extraction.diagnostics.decidedBy, 'heuristic');
    assert.equal(extraction.diagnostics.keptBlocks, 0);
  });

  test('a model file that does not exist is a clear error (the tools read files)', () => {
    setModelReader(readModelFile);
    try {
      assert.throws(
        () => pith.extract(doc, { model: '/nonexistent/pith-blocks.json' }, {}),
        (error: Error & { code?: string }) => error.code === 'BAD_OPTION' && /not found/.test(error.message),
      );
    } finally {
      setModelReader(undefined);
    }
  });

  test('the library alone reads no file: a path is a clear error', () => {
    assert.throws(
      () => pith.extract(doc, { model: '/nonexistent/pith-blocks.json' }, {}),
      (error: Error & { code?: string }) =>
        error.code === 'BAD_OPTION' && /not a shipped model .*reads no files/.test(error.message),
    );
  });

  test('with the shipped model, the classifier decides and keeps the article', () => {
    const extraction = pith.extract(doc, {}, { title: 'The Story' });
    // A checkout without models/pith-blocks.json runs the heuristic stage only (documented).
    if (extraction.diagnostics.decidedBy === 'heuristic' && extraction.diagnostics.keptBlocks === 0) return;
    const text = keptText(doc, extraction.selection);
    for (let n = 1; n <= 7; n++) assert.match(text, new RegExp(`paragraph ${n} of the story`));
    assert.ok(!text.includes('Copyright'));
  });

  test('favor: precision keeps a subset of balanced, balanced a subset of recall', () => {
    const kept = (favor: 'precision' | 'balanced' | 'recall') =>
      pith.extract(doc, { favor }, {}).selection.kept;
    const precision = kept('precision');
    const balanced = kept('balanced');
    const recall = kept('recall');
    for (let node = 0; node < doc.size; node++) {
      if (doc.kind(node) !== NodeKind.Text) continue;
      assert.ok(!precision[node] || balanced[node], `node ${node}: kept for precision, not balanced`);
      assert.ok(!balanced[node] || recall[node], `node ${node}: kept balanced, not for recall`);
    }
  });
});

describe('pith: the fallback when the body is missed (issue 16, class 5)', () => {
  test('what the model kept is under a tenth of the heuristic region: the region answers, and the diagnostics say so', () => {
    // The same paragraph in 200 containers: the repeats rule leaves one, a sliver of the article.
    const paragraph =
      '<div class="part"><p>The river bends, and the water on the outside of the curve moves faster than the water on the inside.</p></div>';
    const html = `<html><body><nav><a href="/">Home</a> <a href="/a">About</a></nav><article>${paragraph.repeat(200)}</article></body></html>`;
    const result = extract(html, { format: 'text', diagnostics: true });
    const diagnostics = result.diagnostics as PithDiagnostics;
    assert.equal(diagnostics.decidedBy, 'fallback');
    assert.ok(
      (diagnostics.keptWords ?? 0) * 10 < (diagnostics.regionWords ?? 0),
      JSON.stringify(diagnostics),
    );
    assert.equal(result.content.match(/The river bends/g)?.length, 200);
    assert.ok(!result.content.includes('About'));
  });
});
