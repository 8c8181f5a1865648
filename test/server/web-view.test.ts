/**
 * The web page as a guide (issue 40, item 8), in a real headless Chromium (Debian's, through
 * playwright-core): an honest quality badge whose codes are said in words. Every check runs
 * at a laptop's width (1280 px) and a phone's (390 px), with a screenshot of each in
 * .cache/test-artifacts/server/. Skipped without Chromium, except in CI.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { QUALITY_REASON_TEXTS, type QualityReason } from '../../src/index.js';
import type { PithServer } from '../../src/server/index.js';
import { REPO_ROOT } from '../helpers.js';
import { browserSkip, CHROMIUM } from '../layout/browser-helpers.js';
import { testServer } from './helpers.js';

const ARTIFACTS = join(REPO_ROOT, '.cache', 'test-artifacts', 'server');
const WIDTHS = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** 22 characters of text: a page too short to judge, which the quality model still scores high. */
const SHORT_PAGE = '<p>Only a few words here.</p>';

describe('the web page guides the reader (Chromium, 1280 and 390 px)', { skip: browserSkip }, () => {
  let server: PithServer;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = testServer({ concurrency: 1, queue: 8 });
    base = await server.listen();
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh page at `viewport`, with `html` pasted and extracted by `extractor`. */
  async function extracted(
    viewport: { width: number; height: number },
    html: string,
    extractor = 'pith',
  ): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector(`#extractor option[value="${extractor}"]`, { state: 'attached' });
    await page.locator('#extractor').selectOption(extractor);
    await page.locator('#source').fill(html);
    const answered = page.waitForResponse((response) => response.url().includes('/v1/extract'));
    await page.locator('#run').click();
    await answered;
    await page.locator('.result header').first().waitFor();
    // The page scrolls its results up smoothly: measure once it has stopped.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const at = window.scrollY;
          setTimeout(() => resolve(window.scrollY === at), 150);
        }),
    );
    return page;
  }

  async function horizontalOverflow(page: Page): Promise<number> {
    return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  for (const { name, viewport } of WIDTHS) {
    test(`${name}: a 22-character page's badge is not green beside its codes, each code said in words`, async () => {
      const page = await extracted(viewport, SHORT_PAGE);
      const badge = page.locator('.result .quality-badge');
      const codes = (await badge.locator('code.reason').allTextContents()) as QualityReason[];
      assert.ok(codes.includes('TOO_SHORT'), `codes: ${codes.join(' ')}`);
      const score = Number(await badge.getAttribute('data-quality'));
      assert.ok(score >= 0.8, `a high score is the case in point (${score})`);
      // Colour rule: green needs no reason code; the badge's colour is amber, not green.
      assert.equal(await badge.getAttribute('data-band'), 'fair');
      const colour = await badge.evaluate((element) => getComputedStyle(element).color);
      const green = await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.className = 'quality-badge good';
        document.body.append(probe);
        const value = getComputedStyle(probe).color;
        probe.remove();
        return value;
      });
      assert.notEqual(colour, green, 'the badge is not green');
      // Each code, in words, where the result is: the library's sentence, not the raw code alone.
      for (const code of codes) {
        const item = page.locator(`.result ul.reasons li[data-reason="${code}"]`);
        assert.equal(await item.isVisible(), true, `${code} is explained`);
        const said = (await item.textContent()) ?? '';
        assert.ok(said.includes(QUALITY_REASON_TEXTS[code]), `${code}: ${said}`);
      }
      assert.match((await page.locator('.result ul.reasons li.rule').textContent()) ?? '', /not green/);
      // The colour rule, stated once on the page.
      await page.locator('#quality-help summary').click();
      assert.match(
        (await page.locator('#quality-help').textContent()) ?? '',
        /green for a score of 0\.80 or more/,
      );
      assert.ok((await horizontalOverflow(page)) <= 0, 'nothing scrolls sideways');
      await page.locator('.result').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, `web-view-${name}-badge.png`) });
    });
  }
});
