/**
 * Peers: other main-content extractors, run beside pith's on the same pages by the workbench.
 * Each is created on demand and loads its packages (dev dependencies) only then, so pith's
 * library never depends on them; a missing package rejects with a {@link PeerDependencyError}.
 *
 * Every peer receives the page already decoded by pith and returns plain text. The runner must
 * await one `extract` before starting the next (jsdom frees memory only when the event loop
 * turns), catch per page (peers throw on some pages), and bound time and memory per page: the
 * work is synchronous, so only a worker that can be terminated stops a slow page (seconds per
 * large page for jsdom, Defuddle and article-extractor; docs/decisions.md, "Peers"). pith's
 * `all-text` baseline is an extractor of pith's own (src/extractors), not a peer.
 */
import { createArticleExtractor } from './article-extractor.js';
import { createDefuddle } from './defuddle.js';
import { createPostlight } from './postlight.js';
import { createReadabilityJsdom } from './readability-jsdom.js';
import { createReadabilityLinkedom } from './readability-linkedom.js';
import type { TextExtractor } from './types.js';

export const PEERS: Record<string, () => Promise<TextExtractor>> = {
  'readability-jsdom': () => createReadabilityJsdom(),
  'readability-linkedom': () => createReadabilityLinkedom(),
  defuddle: () => createDefuddle(),
  postlight: () => createPostlight(),
  'article-extractor': () => createArticleExtractor(),
};

export { createArticleExtractor } from './article-extractor.js';
export { createDefuddle, type DefuddleDom, type DefuddlePeerOptions } from './defuddle.js';
export { createPostlight, type PostlightPeerOptions } from './postlight.js';
export type { ReadabilityPeerOptions } from './readability.js';
export { createReadabilityJsdom } from './readability-jsdom.js';
export { createReadabilityLinkedom } from './readability-linkedom.js';
export {
  htmlToText,
  importModule,
  type ModuleLoader,
  PeerDependencyError,
  type PeerOptions,
  type PeerTextSource,
  PLACEHOLDER_URL,
  pageUrl,
  type TextExtractor,
} from './types.js';
