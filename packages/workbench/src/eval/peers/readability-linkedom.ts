/**
 * Peer `readability-linkedom`: Mozilla Readability on linkedom's DOMParser, a much lighter DOM
 * than jsdom (no layout, no CSSOM, no event-loop-bound teardown). linkedom is pinned to
 * 0.18.14: 0.18.15 depends on a package the registry here does not serve.
 *
 * linkedom documents have no URL, so Readability cannot resolve relative links; that does not
 * change the text.
 */
import {
  loadReadability,
  READABILITY_PACKAGE,
  type ReadabilityPeerOptions,
  readabilityText,
} from './readability.js';
import {
  loadPeerModule,
  type PeerDocument,
  peerPackageVersion,
  type TextExtractor,
  textSuffix,
} from './types.js';

const NAME = 'readability-linkedom';

interface LinkedomModule {
  DOMParser: new () => { parseFromString(html: string, type: 'text/html'): PeerDocument };
}

export async function createReadabilityLinkedom(
  options: ReadabilityPeerOptions = {},
): Promise<TextExtractor<string>> {
  const { load, text = 'native' } = options;
  const readability = await loadReadability(NAME, load);
  const linkedom = await loadPeerModule<LinkedomModule>(NAME, 'linkedom', 'linkedom', load);
  const version = `${peerPackageVersion(NAME, READABILITY_PACKAGE)}+linkedom.${peerPackageVersion(NAME, 'linkedom')}${textSuffix(text)}`;
  return {
    name: NAME,
    version,
    extract(html: string): string {
      const document = new linkedom.DOMParser().parseFromString(html, 'text/html');
      return readabilityText(readability, document, text);
    },
  };
}
