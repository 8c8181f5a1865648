/**
 * Peers that return Markdown, for the structure benchmark (issue 19): Defuddle's own Markdown
 * (`markdown: true`, its Turndown-based converter), and Mozilla Readability's article HTML turned
 * into Markdown by the standard converter, Turndown with GitHub-flavoured tables (Joplin's
 * maintained `@joplin/turndown-plugin-gfm`, which writes every table as a pipe table where the
 * original plugin leaves tables without a header row as HTML). Each `extract` returns Markdown.
 */
import { createDefuddle } from './defuddle.js';
import { loadJsdom, withJsdomDocument } from './jsdom.js';
import { loadReadability, READABILITY_PACKAGE } from './readability.js';
import { loadPeerModule, type PeerOptions, peerPackageVersion, type TextExtractor } from './types.js';

interface TurndownService {
  use(plugin: unknown): TurndownService;
  turndown(html: string): string;
}
interface TurndownModule {
  default: new (options: Record<string, string>) => TurndownService;
}
interface GfmModule {
  gfm: unknown;
  default?: { gfm: unknown };
}

const TURNDOWN_PEER = 'readability-turndown';

/** Readability (on jsdom) → article HTML → Turndown + GFM tables. */
export async function createReadabilityTurndown(options: PeerOptions = {}): Promise<TextExtractor<string>> {
  const { load } = options;
  const readability = await loadReadability(TURNDOWN_PEER, load);
  const jsdom = await loadJsdom(TURNDOWN_PEER, load);
  const turndownModule = await loadPeerModule<TurndownModule>(TURNDOWN_PEER, 'turndown', 'turndown', load);
  const gfmModule = await loadPeerModule<GfmModule>(
    TURNDOWN_PEER,
    '@joplin/turndown-plugin-gfm',
    '@joplin/turndown-plugin-gfm',
    load,
  );
  const gfm = gfmModule.gfm ?? gfmModule.default?.gfm;
  const service = new turndownModule.default({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  }).use(gfm);
  const version =
    `${peerPackageVersion(TURNDOWN_PEER, READABILITY_PACKAGE)}+jsdom.${peerPackageVersion(TURNDOWN_PEER, 'jsdom')}` +
    `+turndown.${peerPackageVersion(TURNDOWN_PEER, 'turndown')}`;
  return {
    name: TURNDOWN_PEER,
    version,
    extract(html: string, url: string): Promise<string> {
      return withJsdomDocument(jsdom, html, url, (document) => {
        const article = new readability.Readability(document).parse();
        return article?.content ? service.turndown(article.content) : '';
      });
    },
  };
}

/** The Markdown peers by name. */
export const MARKDOWN_PEERS: Record<string, () => Promise<TextExtractor<string>>> = {
  defuddle: () => createDefuddle({ markdown: true }),
  'readability-turndown': () => createReadabilityTurndown(),
};
