/**
 * Layout from a real headless Chromium (Debian's `chromium`), driven by `playwright-core`.
 *
 * - playwright-core is loaded with a dynamic `import()` on first use, so `extract()` and
 *   every other path never pay its load time (~250 ms) and work without it.
 * - Safety: page JavaScript is off (`javaScriptEnabled: false`); every request is routed
 *   and aborted except the one fake URL the page itself is served from (from memory);
 *   as a second wall, host resolution fails for every name and any connection that
 *   escaped routing goes to a closed local proxy port; a `<meta refresh>` is disarmed.
 *   Playwright gives each launch a fresh temporary profile (user-data-dir) and removes it
 *   on close.
 * - Measurement: DevTools `DOMSnapshot.captureSnapshot` (boxes and computed styles of the
 *   whole render tree in one call; no script runs in the page), mapped onto the `Doc`
 *   through `data-pith-id` (instrument.ts, snapshot.ts).
 * - One browser serves many pages: a pool of `concurrency` slots (a context + a page
 *   each, reused), a per-page timeout, a slot thrown away after any failure, the browser
 *   relaunched on the next page after a crash. A page that fails fails alone.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { type Doc, withDeadline } from '../dom/index.js';
import { PithError } from '../errors.js';
import { instrumentHtml } from './instrument.js';
import { type DomSnapshot, layoutFromSnapshot, SNAPSHOT_STYLES } from './snapshot.js';
import { DEFAULT_VIEWPORT, type Layout, type LayoutProvider, type Viewport } from './types.js';

/** Chromium flags: headless, no sandbox (containers), and nothing that talks to the network. */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Belt and braces behind request routing: no name resolves, and a connection that
  // escaped routing (a preconnect hint) goes to the discard port of a closed proxy.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--proxy-server=http://127.0.0.1:9',
]);

/** Where Chromium is looked for when no path is given (after `$PITH_CHROMIUM`). */
export const CHROMIUM_CANDIDATES: readonly string[] = Object.freeze([
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]);

/** The fake URL the page is served from (never resolved: the route answers it). */
const PAGE_URL = 'https://page.pith.invalid/';

export interface BrowserEngineOptions {
  /** The Chromium binary (default: `$PITH_CHROMIUM`, else the first of `CHROMIUM_CANDIDATES`, else `chromium` on PATH). */
  executablePath?: string;
  /** Pages laid out at once, each in its own context (default 2). */
  concurrency?: number;
  /** Time allowed per page, load and snapshot, in ms (default 30,000). */
  timeoutMs?: number;
  /** Default viewport (1366×768). */
  viewport?: Viewport;
  /** Time allowed for launching the browser, in ms (default 30,000). */
  launchTimeoutMs?: number;
}

export interface PageLayoutOptions {
  viewport?: Viewport;
  timeoutMs?: number;
}

export interface ScreenshotOptions extends PageLayoutOptions {
  /** CSS added to the page (the outlines). */
  css?: string;
  /** Cut the full-page image at this height in px (default 10,000). */
  maxHeight?: number;
}

export interface BrowserAvailability {
  available: boolean;
  /** The Chromium binary that would be used. */
  executablePath?: string;
  /** Why it is not available. */
  reason?: string;
}

type Playwright = typeof import('playwright-core');

let playwrightModule: Promise<Playwright> | undefined;

/** playwright-core, loaded on first use; a PithError naming the fix when it is absent. */
async function loadPlaywright(): Promise<Playwright> {
  playwrightModule ??= import('playwright-core').catch((error: unknown) => {
    playwrightModule = undefined;
    throw new PithError(
      'BAD_OPTION',
      'browser layout needs the playwright-core package (npm install playwright-core), which could not be loaded',
      { cause: error },
    );
  });
  return playwrightModule;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium binary to use, or undefined when none is found. */
export function findChromium(explicit?: string): string | undefined {
  if (explicit) return isExecutable(explicit) ? explicit : undefined;
  const fromEnv = process.env.PITH_CHROMIUM;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  for (const candidate of CHROMIUM_CANDIDATES) if (isExecutable(candidate)) return candidate;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'chromium');
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** Whether browser layout can run here: a Chromium binary and playwright-core. */
export async function browserAvailability(executablePath?: string): Promise<BrowserAvailability> {
  const found = findChromium(executablePath);
  if (!found) {
    const fromEnv = process.env.PITH_CHROMIUM;
    return {
      available: false,
      reason: executablePath
        ? `${executablePath} is not an executable file`
        : fromEnv
          ? `$PITH_CHROMIUM (${fromEnv}) is not an executable file`
          : `no Chromium found (looked at ${CHROMIUM_CANDIDATES.join(', ')} and PATH; apt-get install -y chromium, or set $PITH_CHROMIUM)`,
    };
  }
  try {
    await loadPlaywright();
  } catch (error) {
    return { available: false, executablePath: found, reason: (error as Error).message };
  }
  return { available: true, executablePath: found };
}

interface Slot {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  viewport: Viewport;
  /** The HTML the route serves for PAGE_URL. */
  html: string;
}

/**
 * A headless Chromium serving page layouts. Launch one with `BrowserLayoutEngine.launch()`,
 * call `layout()` for as many pages as you like (concurrently: the pool queues them),
 * and `close()` it when done (the process keeps running while a browser is open).
 */
export class BrowserLayoutEngine implements LayoutProvider {
  readonly executablePath: string;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly viewport: Viewport;
  readonly launchTimeoutMs: number;
  #playwright: Playwright;
  #browser: Browser | undefined;
  #launching: Promise<Browser> | undefined;
  #idle: Slot[] = [];
  #busy = 0;
  #waiting: (() => void)[] = [];
  #closed = false;
  #launches = 0;
  #version = '';

  private constructor(playwright: Playwright, executablePath: string, options: BrowserEngineOptions) {
    this.#playwright = playwright;
    this.executablePath = executablePath;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.viewport = { ...(options.viewport ?? DEFAULT_VIEWPORT) };
    this.launchTimeoutMs = options.launchTimeoutMs ?? 30_000;
  }

  /** Launches Chromium; a PithError ('BAD_OPTION') when no Chromium or playwright-core is available. */
  static async launch(options: BrowserEngineOptions = {}): Promise<BrowserLayoutEngine> {
    const availability = await browserAvailability(options.executablePath);
    if (!availability.available || !availability.executablePath) {
      throw new PithError('BAD_OPTION', `browser layout is not available: ${availability.reason}`);
    }
    const engine = new BrowserLayoutEngine(await loadPlaywright(), availability.executablePath, options);
    await engine.#ensureBrowser();
    return engine;
  }

  /** The browser's version string (e.g. '156.0.8078.79'). */
  get version(): string {
    return this.#version;
  }
  /** How many times the browser was launched (1 + restarts after crashes). */
  get launches(): number {
    return this.#launches;
  }

  /** Lays out one page and maps the result onto `doc`. */
  async layout(doc: Doc, options: PageLayoutOptions = {}): Promise<Layout> {
    const viewport = options.viewport ?? this.viewport;
    return this.#withPage(doc, '', viewport, options.timeoutMs, async (slot, until) => {
      const started = performance.now();
      await this.#load(slot, until - Date.now());
      const snapshot = (await slot.cdp.send('DOMSnapshot.captureSnapshot', {
        computedStyles: [...SNAPSHOT_STYLES],
      })) as unknown as DomSnapshot;
      return withDeadline(until, () =>
        layoutFromSnapshot(doc, snapshot, viewport, performance.now() - started),
      );
    });
  }

  /** Renders the page with `css` added and writes a PNG of the whole page (cut at `maxHeight`). */
  async screenshot(doc: Doc, file: string, options: ScreenshotOptions = {}): Promise<Layout> {
    const viewport = options.viewport ?? this.viewport;
    return this.#withPage(doc, options.css ?? '', viewport, options.timeoutMs, async (slot, until) => {
      const started = performance.now();
      await this.#load(slot, until - Date.now());
      const snapshot = (await slot.cdp.send('DOMSnapshot.captureSnapshot', {
        computedStyles: [...SNAPSHOT_STYLES],
      })) as unknown as DomSnapshot;
      const layout = layoutFromSnapshot(doc, snapshot, viewport, performance.now() - started);
      const maxHeight = options.maxHeight ?? 10_000;
      await slot.page.screenshot({
        path: file,
        type: 'png',
        fullPage: true,
        clip: { x: 0, y: 0, width: layout.pageWidth, height: Math.min(layout.pageHeight, maxHeight) },
        timeout: options.timeoutMs ?? this.timeoutMs,
      });
      return layout;
    });
  }

  /** Closes every page, context and the browser. Safe to call twice. */
  async close(): Promise<void> {
    this.#closed = true;
    const slots = this.#idle.splice(0);
    await Promise.all(slots.map((slot) => slot.context.close().catch(() => undefined)));
    const browser = this.#browser ?? (await this.#launching?.catch(() => undefined));
    this.#browser = undefined;
    await browser?.close().catch(() => undefined);
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /**
   * @internal For tests: crashes the browser process (DevTools `Browser.crash`) and waits
   * until it is gone, so the next page must relaunch it.
   */
  async crashBrowserForTesting(): Promise<void> {
    const browser = this.#browser;
    if (!browser) return;
    const gone = new Promise<void>((resolve) => browser.once('disconnected', () => resolve()));
    const session = await browser.newBrowserCDPSession();
    session.send('Browser.crash').catch(() => undefined);
    await gone;
  }

  async #ensureBrowser(): Promise<Browser> {
    if (this.#browser?.isConnected()) return this.#browser;
    this.#launching ??= (async () => {
      const browser = await this.#playwright.chromium.launch({
        executablePath: this.executablePath,
        headless: true,
        args: [...CHROMIUM_ARGS],
        timeout: this.launchTimeoutMs,
      });
      this.#launches++;
      this.#version = browser.version();
      browser.on('disconnected', () => {
        if (this.#browser === browser) this.#browser = undefined;
        // Slots of a dead browser are useless; they are dropped when next taken.
      });
      if (this.#closed) {
        await browser.close().catch(() => undefined);
        throw new PithError('BAD_OPTION', 'the browser layout engine is closed');
      }
      this.#browser = browser;
      return browser;
    })().finally(() => {
      this.#launching = undefined;
    });
    return this.#launching;
  }

  async #newSlot(viewport: Viewport): Promise<Slot> {
    const browser = await this.#ensureBrowser();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    try {
      const slot: Slot = {
        context,
        page: undefined as unknown as Page,
        cdp: undefined as unknown as CDPSession,
        viewport,
        html: '',
      };
      await context.route('**/*', (route) => {
        const request = route.request();
        if (request.url() === PAGE_URL && request.isNavigationRequest()) {
          return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: slot.html });
        }
        return route.abort('blockedbyclient');
      });
      slot.page = await context.newPage();
      slot.cdp = await context.newCDPSession(slot.page);
      return slot;
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  async #load(slot: Slot, timeoutMs: number): Promise<void> {
    const response = await slot.page.goto(PAGE_URL, {
      waitUntil: 'load',
      // Playwright reads 0 as "no timeout".
      timeout: Math.max(1, timeoutMs),
    });
    if (!response || slot.page.url() !== PAGE_URL) {
      throw new Error(`the page did not load (at ${slot.page.url()})`);
    }
  }

  /** Runs `job` on a pooled page holding the instrumented `doc`, with the per-page timeout. */
  async #withPage<T>(
    doc: Doc,
    css: string,
    viewport: Viewport,
    timeoutMs: number | undefined,
    job: (slot: Slot, until: number) => Promise<T>,
  ): Promise<T> {
    if (this.#closed) throw new PithError('BAD_OPTION', 'the browser layout engine is closed');
    const limit = timeoutMs ?? this.timeoutMs;
    // The page's budget counts from here: waiting for a slot, instrumenting, loading, the snapshot.
    const until = Date.now() + limit;
    await this.#acquire();
    let slot: Slot | undefined;
    let healthy = false;
    let timer: NodeJS.Timeout | undefined;
    try {
      slot = this.#idle.pop();
      if (slot && (!this.#browser || slot.page.isClosed())) {
        await slot.context.close().catch(() => undefined);
        slot = undefined;
      }
      slot ??= await this.#newSlot(viewport);
      if (slot.viewport.width !== viewport.width || slot.viewport.height !== viewport.height) {
        await slot.page.setViewportSize(viewport);
        slot.viewport = { ...viewport };
      }
      slot.html = withDeadline(until, () => instrumentHtml(doc, { extraCss: css }).html);
      // The page's time budget ends here, whatever step is running (the load has its own timeout;
      // the snapshot has none).
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new PithError('TIMEOUT', `browser layout took longer than ${limit} ms`)),
          Math.max(0, until - Date.now()),
        );
      });
      const current = slot;
      const result = await Promise.race([job(current, until), timeout]);
      healthy = true;
      return result;
    } catch (error) {
      if (error instanceof PithError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/timeout/i.test(message)) {
        throw new PithError('TIMEOUT', `browser layout took longer than ${limit} ms`, { cause: error });
      }
      throw new Error(`browser layout failed: ${message}`, { cause: error });
    } finally {
      clearTimeout(timer);
      if (slot) {
        slot.html = '';
        if (healthy && !this.#closed) {
          this.#idle.push(slot);
          this.#release();
        } else {
          // After any failure the slot may be stuck or crashed: close it, a fresh one replaces it.
          // The caller does not wait for that (a page still loading can take long to close); the
          // pool slot is free once it is closed.
          void slot.context
            .close()
            .catch(() => undefined)
            .finally(() => this.#release());
        }
      } else this.#release();
    }
  }

  async #acquire(): Promise<void> {
    while (this.#busy >= this.concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
      if (this.#closed) throw new PithError('BAD_OPTION', 'the browser layout engine is closed');
    }
    this.#busy++;
  }

  #release(): void {
    this.#busy--;
    this.#waiting.shift()?.();
  }
}

/**
 * Lays out one page in a browser launched for the occasion, and closes it. For many
 * pages, launch a `BrowserLayoutEngine` once and reuse it.
 */
export async function browserLayout(
  doc: Doc,
  options: BrowserEngineOptions & PageLayoutOptions = {},
): Promise<Layout> {
  const engine = await BrowserLayoutEngine.launch({ ...options, concurrency: 1 });
  try {
    return await engine.layout(doc, options);
  } finally {
    await engine.close();
  }
}
