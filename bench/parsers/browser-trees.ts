// Chromium's DOM for the broken-markup cases (bench/parsers/cases/*.html) and for a fixed sample of
// dataset pages, as flat item lists (see trees.ts). Writes .cache/parsers/browser-trees.json, which
// fidelity.ts compares with parse5 and htmlparser2.
//
//   npx tsx bench/parsers/browser-trees.ts [--per-dataset=10]
//
// (another --per-dataset writes browser-trees-<n>.json; fidelity.ts takes the same flag)
// Needs Debian's chromium (/usr/bin/chromium; `apt-get install -y chromium`) and playwright-core.
// JavaScript is off, every network request is aborted, and the HTML (the same decoded string the
// other parsers get) is loaded with page.setContent. For dataset pages only, `http-equiv="refresh"`
// is renamed so that a meta refresh cannot navigate away before the DOM is read; this does not change
// the tree (attributes are not compared for pages).

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { cacheDir, loadPage, samplePages } from './corpus.js';
import { BROWSER_ITEMS_SRC, type Item } from './trees.js';

export const casesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cases');

export function listCases(): { id: string; html: string }[] {
  return readdirSync(casesDir)
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((f) => ({ id: f.replace(/\.html$/, ''), html: readFileSync(path.join(casesDir, f), 'utf8') }));
}

/** .cache/parsers/browser-trees.json for the default sample (10 pages per dataset), else -<n>.json. */
export function browserTreesFile(perDataset: number): string {
  return perDataset === 10 ? 'browser-trees.json' : `browser-trees-${perDataset}.json`;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function browserItems(browser: Browser, html: string, withAttrs: boolean): Promise<Item[]> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await context.route('**/*', (route) => route.abort());
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const items = (await page.evaluate(`(${BROWSER_ITEMS_SRC})(${withAttrs})`)) as Item[];
    if (page.url() !== 'about:blank') throw new Error(`page navigated to ${page.url()}`);
    return items;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const per = Number(process.argv.find((a) => a.startsWith('--per-dataset='))?.split('=')[1] ?? 10);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const version = browser.version();
  const cases: Record<string, Item[]> = {};
  const pages: Record<string, Item[]> = {};
  const errors: Record<string, string> = {};
  try {
    for (const c of listCases()) cases[c.id] = await browserItems(browser, c.html, true);
    process.stderr.write(`chromium ${version}: ${Object.keys(cases).length} cases\n`);
    const refs = samplePages(per);
    for (const [i, ref] of refs.entries()) {
      const page = loadPage(ref);
      const html = page.html.replace(/http-equiv\s*=\s*(["']?)refresh/gi, 'http-equiv=$1x-refresh');
      try {
        pages[ref.id] = await browserItems(browser, html, false);
      } catch (err) {
        errors[ref.id] = err instanceof Error ? err.message : String(err);
      }
      if ((i + 1) % 10 === 0 || i + 1 === refs.length)
        process.stderr.write(`${i + 1}/${refs.length} pages\n`);
    }
  } finally {
    await browser.close();
  }
  mkdirSync(cacheDir, { recursive: true });
  const out = path.join(cacheDir, browserTreesFile(per));
  const meta = { chromium: version, date: new Date().toISOString(), perDataset: per, args: CHROMIUM_ARGS };
  writeFileSync(out, JSON.stringify({ meta, cases, pages, errors }));
  console.log(
    `wrote ${path.relative(process.cwd(), out)}: ${Object.keys(cases).length} cases, ` +
      `${Object.keys(pages).length} pages, ${Object.keys(errors).length} errors`,
  );
  for (const [id, e] of Object.entries(errors)) console.log(`  error ${id}: ${e}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
