import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { VceDiagnostics } from '../../../src/extractors/vce/index.js';
import { extractAsync } from '../../../src/index.js';
import { BrowserLayoutEngine, renderBlocksScreenshot } from '../../../src/internal.js';
import { browserSkip } from '../../layout/browser-helpers.js';
import { COMMENT_THREAD, NO_TEXT, TABLE_LAYOUT, WIDE_SIDEBAR } from './pages.js';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('vce end to end in headless Chromium', { skip: browserSkip }, () => {
  let engine: BrowserLayoutEngine;
  let dir: string;
  before(async () => {
    engine = await BrowserLayoutEngine.launch({ concurrency: 2 });
    dir = mkdtempSync(path.join(tmpdir(), 'pith-vce-'));
  });
  after(async () => {
    await engine?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const run = (html: string) =>
    extractAsync(html, {
      extractor: 'vce',
      format: 'text',
      layout: engine,
      onLayoutError: 'error',
      diagnostics: true,
    });

  test('a comment thread: the article is kept, the comments are not', async () => {
    const result = await run(COMMENT_THREAD);
    assert.equal(result.layout?.source, 'browser');
    assert.deepEqual(result.warnings, []);
    // The headline is metadata.title; content starts with the body (issue 16).
    assert.equal(result.metadata.title, 'Why rivers meander');
    for (let n = 1; n <= 6; n++) assert.match(result.content, new RegExp(`article paragraph ${n} `));
    assert.doesNotMatch(result.content, /Comment \d+:/);
    assert.doesNotMatch(result.content, /Copyright/);
    const diagnostics = result.diagnostics as VceDiagnostics;
    // The comment list is a block whose children repeat one pattern.
    assert.ok(diagnostics.blocks.some((block) => block.repeatedPatterns >= 10));
  });

  test('a sidebar wider than the article: the article is kept, the sidebar links are not', async () => {
    const result = await run(WIDE_SIDEBAR);
    assert.equal(result.metadata.title, 'Floods this spring');
    for (let n = 1; n <= 5; n++) assert.match(result.content, new RegExp(`flood paragraph ${n} `));
    assert.doesNotMatch(result.content, /Most read story/);
    assert.doesNotMatch(result.content, /Copyright|About us/);
    // Each sidebar item is a block (wider than the article) whose text, all links, never
    // reaches its parent (TextManipulation), so no block above it holds the sidebar.
    const diagnostics = result.diagnostics as VceDiagnostics;
    const items = diagnostics.blocks.filter((block) => block.tag === 'li');
    assert.equal(items.length, 25);
    for (const item of items) {
      assert.ok(item.box.width > 480, 'wider than the article');
      assert.equal(item.linkDensity, 1);
      assert.equal(item.addedToParent, false);
    }
  });

  test('a page with no text: nothing, no main block, no error', async () => {
    const result = await run(NO_TEXT);
    assert.equal(result.content.trim(), '');
    assert.equal((result.diagnostics as VceDiagnostics).mainBlock, null);
  });

  test('an old table layout: the article cell', async () => {
    const result = await run(TABLE_LAYOUT);
    assert.match(result.content, /bridge paragraph 5/);
    assert.doesNotMatch(result.content, /Section 3/);
  });

  test('the screenshot diagnostic writes a PNG of the whole page', async () => {
    const result = await run(COMMENT_THREAD);
    const file = path.join(dir, 'blocks.png');
    const shot = await renderBlocksScreenshot(result.extraction.doc, result.extraction, file, { engine });
    assert.ok(shot.outlined > 1);
    const size = pngSize(file);
    assert.equal(size.width, 1366);
    assert.equal(size.height, Math.ceil(shot.layout.pageHeight));
    const capped = path.join(dir, 'capped.png');
    await renderBlocksScreenshot(result.extraction.doc, result.extraction, capped, {
      engine,
      maxHeight: 500,
    });
    assert.equal(pngSize(capped).height, 500);
  });

  test('the screenshot of an HTML string with a hand-made block list', async () => {
    const file = path.join(dir, 'hand.png');
    const shot = await renderBlocksScreenshot(
      '<body><div>one</div></body>',
      [{ node: 3, main: true, label: 'X' }],
      file,
      {
        engine,
        viewport: { width: 800, height: 600 },
      },
    );
    assert.equal(shot.outlined, 1);
    assert.deepEqual(pngSize(file), { width: 800, height: 600 });
  });
});
