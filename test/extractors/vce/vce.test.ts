import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseHtml } from '../../../src/dom/index.js';
import { runVce, type VceDiagnostics, vce } from '../../../src/extractors/vce/index.js';
import { EXTRACTORS, extract, extractAsync, isPithError, type LayoutProvider } from '../../../src/index.js';
import { estimateLayout } from '../../../src/layout/index.js';
import { byId } from './helpers.js';
import { NO_TEXT, TABLE_LAYOUT } from './pages.js';

describe('the vce extractor without a browser (estimated layout)', () => {
  test('is registered, needs a layout, and exposes every threshold as a parameter', () => {
    assert.equal(EXTRACTORS.vce, vce);
    assert.equal(vce.needsLayout, true);
    const names = vce.parameters.map((parameter) => parameter.name);
    for (const name of [
      'distanceThreshold',
      'linkDensityThreshold',
      'minTextRatio',
      'minWidthRatio',
      'minHeightRatio',
      'maxLinkDensityRatio',
      'denominatorEpsilon',
      'relativeTop',
    ]) {
      assert.ok(names.includes(name), name);
    }
  });

  test('extract() keeps the article cell of a table layout and drops the navigation cell', () => {
    const result = extract(TABLE_LAYOUT, { extractor: 'vce', format: 'text', diagnostics: true });
    assert.match(result.content, /Council approves the new bridge/);
    assert.match(result.content, /bridge paragraph 5/);
    assert.doesNotMatch(result.content, /Section 3/);
    const diagnostics = result.diagnostics as VceDiagnostics;
    assert.equal(diagnostics.layout.source, 'estimate');
    assert.ok(diagnostics.blockCount > 1);
    const main = diagnostics.blocks.find((block) => block.id === diagnostics.mainBlock);
    assert.ok(main, 'the main block is listed');
    assert.deepEqual(result.extraction.roots, [main.root]);
    // The navigation cell is inside the main block's element but was never added to it.
    const nav = diagnostics.blocks.find((block) => block.tag === 'td' && block.linkDensity === 1);
    assert.ok(nav && !nav.addedToParent);
  });

  test('a page without text: empty content, no main block', () => {
    const result = extract(NO_TEXT, { extractor: 'vce', format: 'text', diagnostics: true });
    assert.equal(result.content.trim(), '');
    assert.equal((result.diagnostics as VceDiagnostics).mainBlock, null);
    assert.deepEqual(result.extraction.roots, []);
    // An empty input is not a page at all (issue 14): it says so.
    assert.throws(
      () => extract('', { extractor: 'vce', format: 'text' }),
      (error: unknown) => isPithError(error) && error.code === 'NOT_HTML',
    );
  });

  test('uses the layout it is given instead of estimating one', () => {
    const doc = parseHtml(TABLE_LAYOUT);
    const layout = estimateLayout(doc, { viewport: { width: 900, height: 700 } });
    const extraction = vce.extract(doc, {}, { layout });
    assert.equal(extraction.diagnostics.layout.viewport.width, 900);
    assert.equal(runVce(doc, {}, layout).layout, layout);
  });

  test('the viewport option reaches the estimated layout', () => {
    const result = extract(TABLE_LAYOUT, {
      extractor: 'vce',
      format: 'json',
      diagnostics: true,
      viewport: { width: 1024, height: 700 },
    });
    const diagnostics = JSON.parse(result.content).diagnostics as VceDiagnostics;
    assert.equal(diagnostics.layout.viewport.width, 1024);
    assert.ok(diagnostics.blocks.length <= 150);
  });

  test('the selection never keeps what the page does not render', () => {
    const html = `<body><div id="a"><h1>Headline for the story</h1>${'<p>Words of the story that go on and on for a while. </p>'.repeat(8)}
<p id="secret" style="display:none">Secret hidden words</p></div><div>${'<a href="/x">link</a> '.repeat(30)}</div></body>`;
    const doc = parseHtml(html);
    const { selection } = runVce(doc);
    assert.ok(!selection.has(byId(doc, 'secret')));
    assert.ok(selection.keptTextLength() > 0);
  });

  test('bad parameter values are refused', () => {
    assert.throws(
      () => extract(TABLE_LAYOUT, { extractor: 'vce', extractorOptions: { distanceThreshold: -2 } }),
      (error) => isPithError(error) && error.code === 'BAD_OPTION',
    );
  });
});

describe('extractAsync with a layout provider', () => {
  /** A provider that lays every element out as the estimate does, and says where it came from. */
  const measuring: LayoutProvider = {
    async layout(doc, { viewport }) {
      return { ...estimateLayout(doc, { viewport }), source: 'browser' };
    },
  };
  const failing: LayoutProvider = {
    async layout() {
      throw new Error('no browser here');
    },
  };

  test("the provider's layout is the one the extractor reads", async () => {
    const result = await extractAsync(TABLE_LAYOUT, { extractor: 'vce', format: 'text', layout: measuring });
    assert.equal(result.layout?.source, 'browser');
    assert.deepEqual(result.warnings, []);
    assert.equal(result.content, extract(TABLE_LAYOUT, { extractor: 'vce', format: 'text' }).content);
  });

  test('a failing provider falls back to the estimate with a warning', async () => {
    const result = await extractAsync(TABLE_LAYOUT, { extractor: 'vce', format: 'text', layout: failing });
    assert.equal(result.layout?.source, 'estimate');
    assert.equal(result.warnings.length, 1);
    assert.match(result.warnings[0], /layout failed \(no browser here\).*estimated layout/);
    assert.equal(result.content, extract(TABLE_LAYOUT, { extractor: 'vce', format: 'text' }).content);
  });

  test("with onLayoutError 'error' the provider's error rejects the call", async () => {
    await assert.rejects(
      extractAsync(TABLE_LAYOUT, { extractor: 'vce', layout: failing, onLayoutError: 'error' }),
      /no browser here/,
    );
  });

  test('without a provider the layout is estimated, with no warning', async () => {
    for (const options of [{}, { layout: 'estimate' as const }]) {
      const result = await extractAsync(TABLE_LAYOUT, { extractor: 'vce', ...options });
      assert.equal(result.layout?.source, 'estimate');
      assert.deepEqual(result.warnings, []);
    }
  });

  test('extractors that need no layout get none, whatever the layout option says', async () => {
    const result = await extractAsync(TABLE_LAYOUT, { extractor: 'all-text', layout: failing });
    assert.equal(result.layout, undefined);
    assert.deepEqual(result.warnings, []);
    assert.equal(result.content, extract(TABLE_LAYOUT, { extractor: 'all-text' }).content);
  });

  test('a layout that is neither a provider nor estimate is a BAD_OPTION', async () => {
    for (const layout of ['browser', 'paper', {}]) {
      await assert.rejects(
        extractAsync(TABLE_LAYOUT, { extractor: 'vce', layout: layout as never }),
        (error) => isPithError(error) && error.code === 'BAD_OPTION',
      );
    }
  });
});
