import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PagePool, type PageSettings } from '../../packages/crawl/src/batch/index.js';

const settings: PageSettings = {
  formats: ['text'],
  extractor: 'pith',
  extractorOptions: {},
  timeoutMs: 2000,
  maxBytes: 1 << 20,
};
const html = Buffer.from(
  '<html><body><article><h1>Hello</h1><p>A page with a few words of text in it, to extract.</p></article></body></html>',
);

describe('PagePool', () => {
  test('a page that kills its thread, or hangs it, fails alone; the pool goes on', async () => {
    const pool = new PagePool({
      threads: 2,
      workerUrl: new URL('./fixtures/faulty-worker.ts', import.meta.url),
    });
    try {
      // Both threads loaded first (on a busy machine that takes longer than the budget below).
      await Promise.all(
        [1, 2].map(() =>
          pool.run({
            body: html,
            url: 'https://warm.example/',
            settings: { ...settings, timeoutMs: 120_000 },
          }),
        ),
      );
      const [crashed, hung, fine] = await Promise.all([
        pool.run({ body: html, url: 'https://crash.example/', settings }),
        pool.run({ body: html, url: 'https://hang.example/', settings }),
        pool.run({ body: html, url: 'https://fine.example/', settings: { ...settings, timeoutMs: 120_000 } }),
      ]);
      assert.equal(crashed.ok, false);
      assert.equal(crashed.errorCode, 'WORKER_FAILED');
      assert.equal(hung.ok, false);
      assert.equal(hung.errorCode, 'TIMEOUT');
      assert.equal(fine.ok, true);
      assert.match(fine.text ?? '', /A page with a few words/);
      const after = await pool.run({
        body: html,
        url: 'https://after.example/',
        settings: { ...settings, timeoutMs: 120_000 },
      });
      assert.equal(after.ok, true, 'threads were replaced');
    } finally {
      await pool.close();
    }
  });

  test('a page that outgrows the heap limit of its thread fails alone (WORKER_FAILED); the next page is extracted', async () => {
    const pool = new PagePool({
      threads: 1,
      maxHeapMb: 160,
      workerUrl: new URL('./fixtures/faulty-worker.ts', import.meta.url),
    });
    try {
      const slow = { ...settings, timeoutMs: 120_000 };
      const hog = await pool.run({ body: html, url: 'https://hog.example/', settings: slow });
      assert.equal(hog.ok, false);
      assert.equal(hog.errorCode, 'WORKER_FAILED');
      const after = await pool.run({ body: html, url: 'https://after.example/', settings: slow });
      assert.equal(after.ok, true);
    } finally {
      await pool.close();
    }
  });

  test('records carry metadata, every requested format, a diagnostics summary, the quality estimate, page type and reasons', async () => {
    const pool = new PagePool({ threads: 1 });
    try {
      const result = await pool.run({
        body: Buffer.from(
          // A byline beside the <meta>: a lone <meta name="author"> is often the site's name, and the learned
          // metadata choice may leave it out (issue 42).
          '<html lang="de"><head><title>Titel</title><meta name="author" content="Ada"></head><body><article><h1>Titel</h1><p class="byline">Von Ada</p><p>Ein Absatz mit <a href="/x">einem Link</a> und genug Worten.</p></article></body></html>',
        ),
        url: 'https://a.example/p',
        settings: { ...settings, timeoutMs: 120_000, formats: ['text', 'markdown', 'html'] },
      });
      assert.equal(result.ok, true);
      assert.equal(result.title, 'Titel');
      assert.deepEqual(result.authors, ['Ada']);
      assert.equal(result.language, 'de');
      assert.equal(result.detectedLanguage, 'de', 'read from the text');
      assert.match(result.markdown ?? '', /\[einem Link\]\(https:\/\/a\.example\/x\)/);
      assert.match(result.html ?? '', /<a href="https:\/\/a\.example\/x">/);
      assert.ok(!(result.text ?? '').startsWith('Titel'), 'the title is its own field');
      assert.ok(
        result.quality !== null && result.quality >= 0 && result.quality <= 1,
        String(result.quality),
      );
      assert.ok(
        ['article', 'service', 'other'].includes(result.detectedPageType ?? ''),
        String(result.detectedPageType),
      );
      assert.ok((result.pageTypeProbability ?? 0) > 0);
      assert.ok(result.reasons.includes('TOO_SHORT'), result.reasons.join());
      assert.equal(result.belowQuality, null, 'no threshold');
      assert.equal(result.extractor, 'pith');
      assert.equal(typeof result.diagnostics?.keptBlocks, 'number');
    } finally {
      await pool.close();
    }
  });
});
