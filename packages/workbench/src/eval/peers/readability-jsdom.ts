/**
 * Peer `readability-jsdom`: Mozilla Readability on jsdom, the reference setup of Readability
 * outside Firefox. `extract` is async because it yields to the event loop after each page, which
 * is when jsdom frees the page's memory (see jsdom.ts): await one page before the next.
 */
import { loadJsdom, withJsdomDocument } from './jsdom.js';
import {
  loadReadability,
  READABILITY_PACKAGE,
  type ReadabilityPeerOptions,
  readabilityText,
} from './readability.js';
import { peerPackageVersion, type TextExtractor, textSuffix } from './types.js';

const NAME = 'readability-jsdom';

export async function createReadabilityJsdom(
  options: ReadabilityPeerOptions = {},
): Promise<TextExtractor<string>> {
  const { load, text = 'native' } = options;
  const readability = await loadReadability(NAME, load);
  const jsdom = await loadJsdom(NAME, load);
  const version = `${peerPackageVersion(NAME, READABILITY_PACKAGE)}+jsdom.${peerPackageVersion(NAME, 'jsdom')}${textSuffix(text)}`;
  return {
    name: NAME,
    version,
    extract(html: string, url: string): Promise<string> {
      return withJsdomDocument(jsdom, html, url, (document) => readabilityText(readability, document, text));
    },
  };
}
