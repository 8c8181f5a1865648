import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { blockText, segmentBlocks } from '../../packages/pith/src/features/blocks/index.js';
import type { DatasetPage } from '../../packages/workbench/src/eval/index.js';
import { SNIPPET_LABELLER, TEXT_LABELLER } from '../../packages/workbench/src/train/index.js';

const HTML = `<html><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article>
<p>The council approved the new cycling lanes on Tuesday evening.</p>
<p>Work starts in spring and should take about three months.</p>
<p>Residents  can comment
 until Friday.</p>
</article>
<aside><p>Subscribe to our newsletter for more stories.</p></aside>
<footer><p>Copyright 2024 Example News. The council approved a statement.</p></footer>
</body></html>`;

function page(gold: DatasetPage['gold']): DatasetPage {
  return { id: 'x', html: new TextEncoder().encode(HTML), gold };
}

function labelled(labeller: typeof SNIPPET_LABELLER, gold: DatasetPage['gold']) {
  const doc = parseHtml(HTML);
  const blocks = segmentBlocks(doc);
  const { share, tokens } = labeller.label(blocks, page(gold));
  return Array.from({ length: blocks.count }, (_, b) => ({
    text: blockText(blocks, b),
    share: share[b],
    tokens: tokens[b],
  }));
}

describe('block labels', () => {
  test('snippets: a block holding a with-snippet is main content, a without-snippet not, the rest unlabelled', () => {
    const rows = labelled(SNIPPET_LABELLER, {
      snippets: {
        with: ['approved the new cycling lanes', 'three months. Residents can comment'],
        without: ['Subscribe to our newsletter', 'Copyright 2024'],
      },
    });
    const by = (start: string) => rows.find((row) => row.text.startsWith(start));
    assert.equal(by('The council approved')?.share, 1);
    // A snippet across two blocks (whitespace collapsed as the metric does) marks both.
    assert.equal(by('Work starts')?.share, 1);
    assert.equal(by('Residents')?.share, 1);
    assert.equal(by('Subscribe')?.share, 0);
    assert.equal(by('Copyright')?.share, 0);
    assert.ok(Number.isNaN(by('Home')?.share ?? 0), 'the menu has no label');
    assert.equal(by('Work starts')?.tokens, 10);
  });

  test('snippets: a block with both kinds has no label', () => {
    const rows = labelled(SNIPPET_LABELLER, {
      snippets: { with: ['The council approved a statement'], without: ['Copyright 2024'] },
    });
    assert.ok(Number.isNaN(rows.find((row) => row.text.startsWith('Copyright'))?.share ?? 0));
  });

  test('text gold: the share of a block covered by gold shingles; every block labelled', () => {
    const rows = labelled(TEXT_LABELLER, {
      text: 'The council approved the new cycling lanes on Tuesday evening. Work starts in spring and should take about three months.',
    });
    assert.equal(rows.find((row) => row.text.startsWith('The council'))?.share, 1);
    assert.equal(rows.find((row) => row.text.startsWith('Subscribe'))?.share, 0);
    assert.ok(rows.every((row) => !Number.isNaN(row.share)));
    assert.equal(TEXT_LABELLER.accepts(page({ snippets: { with: [], without: [] } })), false);
  });
});
