/**
 * jsdom, shared by the peers that can run on it (`readability-jsdom`, `defuddle` with `dom: 'jsdom'`).
 *
 * Memory: a jsdom window is only released once the event loop has turned (jsdom defers part of
 * its teardown to timers and immediates). {@link withJsdomDocument} therefore closes the window
 * and then awaits one `setImmediate` before it resolves, so a caller that awaits each page in
 * turn never piles up windows. A caller must await one page before starting the next: running
 * pages in one synchronous loop, or all at once with Promise.all, would defeat this and grow the
 * heap without bound.
 *
 * No network: jsdom loads no subresources and runs no scripts unless asked to (neither is).
 * Its console output (CSS it cannot parse, …) goes to a virtual console that prints nothing.
 */
import { loadPeerModule, type ModuleLoader, type PeerDocument, pageUrl } from './types.js';

export interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { url: string; virtualConsole: object },
  ) => { window: { document: PeerDocument; close(): void } };
  VirtualConsole: new () => object;
}

export function loadJsdom(peer: string, load?: ModuleLoader): Promise<JsdomModule> {
  return loadPeerModule<JsdomModule>(peer, 'jsdom', 'jsdom', load);
}

/** Lets the event loop turn once, which is when jsdom frees a closed window. */
export function turnEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Parses `html` into a jsdom document at `url` (the placeholder URL when it is not an http(s)
 * URL: jsdom throws on an invalid one), runs `use` on it, then closes the window and lets the
 * event loop turn, whether `use` succeeded or threw.
 */
export async function withJsdomDocument<T>(
  jsdom: JsdomModule,
  html: string,
  url: string,
  use: (document: PeerDocument, url: string) => T | Promise<T>,
): Promise<T> {
  const href = pageUrl(url);
  const { window } = new jsdom.JSDOM(html, { url: href, virtualConsole: new jsdom.VirtualConsole() });
  try {
    return await use(window.document, href);
  } finally {
    window.close();
    await turnEventLoop();
  }
}
