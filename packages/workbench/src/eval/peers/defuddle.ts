/**
 * Peer `defuddle`: Defuddle's Node entry (`defuddle/node`) on a DOM document. Defuddle returns the
 * content as HTML and has no plain-text field; the text is taken from that HTML with pith's own
 * parser ({@link htmlToText}).
 *
 * The DOM (option `dom`, measured in docs/decisions.md, "Peers"):
 * - `linkedom+parse5` (default): the page is parsed by parse5 (the WHATWG tree-construction
 *   algorithm) and re-serialised, then read by linkedom. linkedom alone builds wrong trees on
 *   malformed pages (a `<body>` inside a `<noscript>` in the head left the real body empty), and
 *   Defuddle then finds nothing; through parse5 it scores exactly as on jsdom, at linkedom's speed.
 * - `linkedom`: linkedom's `parseHTML` directly, as in Defuddle's README.
 * - `jsdom`: spec-conformant too, but about 8× slower than linkedom.
 * linkedom documents get the two polyfills Defuddle applies itself when it parses a string with
 * linkedom (an empty `styleSheets`, a `getComputedStyle` that reports nothing), and the page URL.
 *
 * No network: `useAsync: false` turns off Defuddle's async extractors (YouTube transcripts,
 * X/Reddit/Bilibili APIs…), the only code that fetches; as a second guard it gets a `fetch`
 * that refuses at once.
 */
import { loadJsdom, withJsdomDocument } from './jsdom.js';
import {
  htmlToText,
  loadPeerModule,
  type PeerDocument,
  type PeerOptions,
  pageUrl,
  peerPackageVersion,
  refuseFetch,
  type TextExtractor,
} from './types.js';

const NAME = 'defuddle';
const PACKAGE = 'defuddle';

export type DefuddleDom = 'linkedom+parse5' | 'linkedom' | 'jsdom';

export interface DefuddlePeerOptions extends PeerOptions {
  /** The DOM Defuddle runs on (see above); default `linkedom+parse5`. */
  dom?: DefuddleDom;
  /** Return Defuddle's own Markdown (its `markdown` option) instead of the text (the structure benchmark). */
  markdown?: boolean;
}

interface DefuddleModule {
  Defuddle(
    document: PeerDocument,
    url: string,
    options: { useAsync: false; fetch: typeof globalThis.fetch; markdown: boolean },
  ): Promise<{ content?: string | null }>;
}

interface LinkedomDocument {
  URL: string;
  styleSheets?: unknown;
  defaultView?: { getComputedStyle?: unknown } | null;
}

interface LinkedomModule {
  parseHTML(html: string): { document: LinkedomDocument };
}

interface Parse5Module {
  parse(html: string): unknown;
  serialize(document: unknown): string;
}

export async function createDefuddle(options: DefuddlePeerOptions = {}): Promise<TextExtractor<string>> {
  const { load, dom = 'linkedom+parse5', markdown = false } = options;
  const defuddle = await loadPeerModule<DefuddleModule>(NAME, PACKAGE, 'defuddle/node', load);
  const DEFUDDLE_OPTIONS = { useAsync: false, fetch: refuseFetch, markdown } as const;
  const contentText = (content: string | null | undefined): string =>
    content ? (markdown ? content : htmlToText(content)) : '';
  const suffix = markdown ? '+markdown' : '';

  if (dom === 'jsdom') {
    const jsdom = await loadJsdom(NAME, load);
    const version = `${peerPackageVersion(NAME, PACKAGE)}+jsdom.${peerPackageVersion(NAME, 'jsdom')}${suffix}`;
    return {
      name: NAME,
      version,
      extract(html: string, url: string): Promise<string> {
        return withJsdomDocument(jsdom, html, url, async (document, href) =>
          contentText((await defuddle.Defuddle(document, href, DEFUDDLE_OPTIONS)).content),
        );
      },
    };
  }

  const linkedom = await loadPeerModule<LinkedomModule>(NAME, 'linkedom', 'linkedom', load);
  let version = `${peerPackageVersion(NAME, PACKAGE)}+linkedom.${peerPackageVersion(NAME, 'linkedom')}`;
  let prepare = (html: string): string => html;
  if (dom === 'linkedom+parse5') {
    const parse5 = await loadPeerModule<Parse5Module>(NAME, 'parse5', 'parse5', load);
    version += `+parse5.${peerPackageVersion(NAME, 'parse5')}`;
    prepare = (html) => parse5.serialize(parse5.parse(html));
  }
  version += suffix;
  return {
    name: NAME,
    version,
    async extract(html: string, url: string): Promise<string> {
      const href = pageUrl(url);
      const { document } = linkedom.parseHTML(prepare(html));
      if (!document.styleSheets) document.styleSheets = [];
      const view = document.defaultView;
      if (view && !view.getComputedStyle) view.getComputedStyle = () => ({ display: '' });
      document.URL = href; // read-only by the spec, writable in linkedom: Defuddle reads it
      return contentText((await defuddle.Defuddle(document, href, DEFUDDLE_OPTIONS)).content);
    },
  };
}
