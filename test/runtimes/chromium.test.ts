// The library's browser bundle in headless Chromium (Debian's, driven by playwright-core): a page loads
// the bundle as an ES module from a loopback server and extracts the cases, each output byte-identical
// to Node's. Skipped without Chromium, except in CI, where .ci/run installs it and a missing one fails.
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { browserSkip, CHROMIUM } from '../layout/browser-helpers.js';
import { CHROMIUM_ARGS, serveStatic } from './browser.js';
import { assertSameAsNode, nodeOutputs, type RuntimeCase, type RuntimeRun, runtimeCases } from './cases.js';
import { BROWSER_BUNDLE_DIR, browserBundleFiles, HARNESS } from './library.js';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>pith in the browser</title>
<script type="module">
import * as pith from '/pith.js';
import { runCases } from '/harness.mjs';
window.runPith = (cases) => runCases(pith, cases);
document.documentElement.dataset.ready = 'true';
</script></head><body></body></html>`;

test("chromium: the examples extracted byte-identical to Node's", { skip: browserSkip }, async (t) => {
  const cases = runtimeCases();
  const routes = new Map<string, string | { bytes: Uint8Array; type: string }>([
    ['/', { bytes: new TextEncoder().encode(PAGE), type: 'text/html; charset=utf-8' }],
    ['/harness.mjs', HARNESS],
  ]);
  for (const name of await browserBundleFiles()) routes.set(`/${name}`, join(BROWSER_BUNDLE_DIR, name));
  const server = await serveStatic(routes);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.base}/`);
    await page.waitForSelector('html[data-ready]', { timeout: 60_000 }).catch(() => {
      throw new Error(`the bundle did not load in Chromium: ${errors.join('; ')}`);
    });
    const run = await page.evaluate(
      (all: RuntimeCase[]) =>
        (window as unknown as { runPith: (c: RuntimeCase[]) => Promise<RuntimeRun> }).runPith(all),
      cases,
    );
    t.diagnostic(assertSameAsNode('chromium', run, await nodeOutputs(cases)));
  } finally {
    await browser.close();
    await server.close();
  }
});
