// The browser extension (extension/, built by scripts/extension.ts) in headless Chromium: pages of the
// shared sample served on loopback, the extension's popup run on each, its Markdown equal to what
// `pith extract -f markdown --url URL FILE` prints for that page. Skipped without Chromium or the
// sample, except in CI, where a missing Chromium fails.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { buildExtension, EXTENSION_DIR } from '../../scripts/extension.js';
import { HAS_SAMPLE, runPith, samplePath } from '../helpers.js';
import { browserSkip, CHROMIUM } from '../layout/browser-helpers.js';
import { CHROMIUM_ARGS, serveStatic } from './browser.js';

/** Sample pages with their charset declared (the browser and pith read the same characters). */
const PAGES = [
  'readability-testpages/001/source.html',
  'l3s-gn1/input/693c707d-eeab-4486-97d0-2f3d286d1a0e.html',
  'trafilatura-eval/html/maescot.de.schafskunde.html',
  'cleanportaleval/input/blogs.wsj.com_brussels_01.html',
];

/** Chromium's id of an extension loaded unpacked: its path's SHA-256, 32 hex digits written a–p. */
function unpackedExtensionId(path: string): string {
  const hex = createHash('sha256').update(path).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

/** The part of the extension API the test calls (in the popup's page). */
interface ChromeTabs {
  tabs: { query: (filter: { url: string }) => Promise<Array<{ id?: number }>> };
}

const skip = browserSkip || (HAS_SAMPLE ? false : 'no sample datasets');

test("the extension's Markdown of a live page equals pith extract's", { skip }, async (t) => {
  await buildExtension();
  const work = mkdtempSync(join(tmpdir(), 'pith-extension-'));
  // activeTab gives the popup the open tab when the user clicks the toolbar button, which a test cannot
  // do: the test's copy may read loopback pages instead. Every other file is the built extension.
  const extension = join(work, 'extension');
  cpSync(EXTENSION_DIR, extension, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8'));
  writeFileSync(
    join(extension, 'manifest.json'),
    JSON.stringify({ ...manifest, host_permissions: ['http://127.0.0.1/*'] }),
  );
  const routes = new Map(PAGES.map((name, index) => [`/page-${index}.html`, samplePath(name)]));
  const server = await serveStatic(routes);
  const context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
  });
  try {
    const popupUrl = `chrome-extension://${unpackedExtensionId(extension)}/popup.html`;
    for (const [index, name] of PAGES.entries()) {
      const url = `${server.base}/page-${index}.html`;
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const popup = await context.newPage();
      await popup.goto(popupUrl);
      const tabId = await popup.evaluate(async (pageUrl) => {
        const { chrome } = globalThis as unknown as { chrome: ChromeTabs };
        return (await chrome.tabs.query({ url: pageUrl }))[0]?.id;
      }, url);
      await popup.goto(`${popupUrl}?tab=${tabId}`);
      await popup.waitForSelector('body[data-done]', { timeout: 60_000 });
      const status = await popup.textContent('#status');
      assert.equal(await popup.getAttribute('body', 'data-done'), 'true', `${name}: ${status}`);
      const markdown = await popup.inputValue('#markdown');
      const cli = runPith(['extract', '-f', 'markdown', '--url', url, samplePath(name)]);
      assert.equal(cli.code, 0, cli.stderr);
      assert.ok(markdown.length > 200, `${name}: ${markdown.length} characters`);
      assert.equal(
        `${markdown}\n`,
        cli.stdout,
        `${name}: the extension's Markdown differs from pith extract's`,
      );
      t.diagnostic(`${name}: ${markdown.length} characters, the same as pith extract (${status})`);
      await popup.close();
      await page.close();
    }
  } finally {
    await context.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
});
