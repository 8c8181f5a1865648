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
 *
 * The outside peers (trafilatura, jusText, readability-lxml: Python; boilerpipe: Java) run in a
 * long-lived child process per bench worker (./external.ts); a missing interpreter, JVM or package
 * rejects with a {@link PeerRuntimeError}, and the bench skips that peer with one line.
 */
import { createArticleExtractor } from './article-extractor.js';
import { createBoilerpipe } from './boilerpipe.js';
import { createDefuddle } from './defuddle.js';
import { createPostlight } from './postlight.js';
import { createJustext, createReadabilityLxml, createTrafilatura } from './python.js';
import { createReadabilityJsdom } from './readability-jsdom.js';
import { createReadabilityLinkedom } from './readability-linkedom.js';
import type { TextExtractor } from './types.js';

export const PEERS: Record<string, () => Promise<TextExtractor>> = {
  'readability-jsdom': () => createReadabilityJsdom(),
  'readability-linkedom': () => createReadabilityLinkedom(),
  defuddle: () => createDefuddle(),
  postlight: () => createPostlight(),
  'article-extractor': () => createArticleExtractor(),
  trafilatura: () => createTrafilatura(),
  justext: () => createJustext(),
  'readability-lxml': () => createReadabilityLxml(),
  'boilerpipe-default': () => createBoilerpipe('default'),
  'boilerpipe-article': () => createBoilerpipe('article'),
};

export { createArticleExtractor } from './article-extractor.js';
export { type BoilerpipePeerOptions, type BoilerpipeVariant, createBoilerpipe } from './boilerpipe.js';
export { createDefuddle, type DefuddleDom, type DefuddlePeerOptions } from './defuddle.js';
export { ExternalPeer, PeerRuntimeError } from './external.js';
export { createPostlight, type PostlightPeerOptions } from './postlight.js';
export {
  createJustext,
  createPythonPeer,
  createReadabilityLxml,
  createTrafilatura,
  type PythonPeerName,
  type PythonPeerOptions,
  trafilaturaMetadata,
} from './python.js';
export type { ReadabilityPeerOptions } from './readability.js';
export { createReadabilityJsdom } from './readability-jsdom.js';
export { createReadabilityLinkedom } from './readability-linkedom.js';
export {
  htmlToText,
  importModule,
  type ModuleLoader,
  outputText,
  PeerDependencyError,
  type PeerMetadata,
  type PeerOptions,
  type PeerOutput,
  type PeerTextSource,
  PLACEHOLDER_URL,
  pageUrl,
  type TextExtractor,
} from './types.js';
