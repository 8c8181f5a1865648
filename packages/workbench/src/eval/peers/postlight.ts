/**
 * Peer `postlight`: Postlight Parser (formerly Mercury), `Parser.parse(url, { html,
 * fetchAllPages: false, contentType: 'text' })`; the text is its `content` field.
 *
 * No network, checked in its code (dist/mercury.js, 2.2.3): `Resource.create(url, html)` builds
 * the document from `html` and calls `fetchResource` (postman-request) only when `html` is
 * falsy, so an empty page is answered here ('') and never passed on; `fetchAllPages: false`
 * keeps it from following next-page links (`collectAllPages`). The URL only selects a
 * site-specific extractor; an invalid one makes Postlight refuse, so the placeholder stands in.
 *
 * Risks: reported memory-hungry on some pages (cheerio 0.22 trees, several passes over the whole
 * page), which did not show on the pages measured here (docs/decisions.md, "Peers"); it loads
 * moment/moment-timezone and cheerio once per process and prints one Node DEP0170 warning
 * (`url.parse` of a `urn:` link). Postlight reports an unusable page as `{ error: true, message }`,
 * which becomes a thrown error here.
 */
import {
  htmlToText,
  loadPeerModule,
  type PeerOptions,
  type PeerTextSource,
  pageUrl,
  peerPackageVersion,
  type TextExtractor,
  textSuffix,
} from './types.js';

const NAME = 'postlight';
const PACKAGE = '@postlight/parser';

interface PostlightResult {
  content?: string | null;
  error?: boolean;
  message?: string;
}

interface PostlightParser {
  parse(
    url: string,
    options: { html: string; fetchAllPages: false; contentType: 'text' | 'html' },
  ): Promise<PostlightResult>;
}

export interface PostlightPeerOptions extends PeerOptions {
  /** `native` (default): `contentType: 'text'`; `pith`: `contentType: 'html'` read by pith's parser. */
  text?: PeerTextSource;
}

export async function createPostlight(options: PostlightPeerOptions = {}): Promise<TextExtractor<string>> {
  const { load, text = 'native' } = options;
  const module = await loadPeerModule<{ default: PostlightParser }>(NAME, PACKAGE, PACKAGE, load);
  const parser = module.default;
  return {
    name: NAME,
    version: `${peerPackageVersion(NAME, PACKAGE)}${textSuffix(text)}`,
    async extract(html: string, url: string): Promise<string> {
      // An empty html would make Postlight fetch the URL instead (see above).
      if (html.trim() === '') return '';
      const contentType = text === 'native' ? 'text' : 'html';
      const result = await parser.parse(pageUrl(url), { html, fetchAllPages: false, contentType });
      if (result.error) throw new Error(`postlight: ${result.message ?? 'failed'}`);
      const content = result.content ?? '';
      return text === 'native' ? content.trim() : htmlToText(content);
    },
  };
}
