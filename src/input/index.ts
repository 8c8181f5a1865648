/**
 * input/: from bytes on disk or on the network to a decoded HTML string.
 *
 * - {@link decodeHtml}: BOM → HTTP/declared charset → `<meta>` prescan → detection → windows-1252,
 *   with a guard against lying charset declarations.
 * - {@link readInputFile} / {@link readInputFileSync} / {@link readInputStream}: bounded reads with
 *   transparent gunzip.
 * - {@link fetchPage}: a fetcher for untrusted URLs (no private addresses, bounded redirects, time,
 *   size and media type); {@link isPrivateAddress} is its address policy.
 * - {@link readXmlPages}: pages in CUTER's XML batch format (schemas/pages.xsd), read with a small
 *   exact XML reader ({@link readXml}).
 */
export { charsetFromContentType, mimeEssence } from './content-type.js';
export {
  type DecodedHtml,
  type DecodeOptions,
  decodeBytes,
  decodeHtml,
  type EncodingSource,
  META_PRESCAN_BYTES,
} from './decode.js';
export { DETECTION_SAMPLE_BYTES, detectEncoding } from './detect.js';
export {
  DEFAULT_ACCEPT,
  DEFAULT_FETCH_MAX_BYTES,
  DEFAULT_FETCH_TIMEOUT_MS,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_USER_AGENT,
  FetchBlockedError,
  type FetchedPage,
  type FetchOptions,
  FetchStatusError,
  FetchUnresolvedError,
  fetchPage,
  retryAfterMs,
} from './fetch.js';
export { isPrivateAddress } from './ip.js';
export { encodingForLabel } from './labels.js';
export { prescanMetaCharset } from './prescan.js';
export {
  DEFAULT_MAX_INPUT_BYTES,
  isGzip,
  type ReadInputOptions,
  readInputFile,
  readInputFileSync,
  readInputStream,
} from './read.js';
export { binaryFormatOf, checkIsPage, looksBinary } from './sniff.js';
export { readXmlPages, type XmlPage } from './xml-pages.js';
export { childElements, readXml, textOf, type XmlElement, type XmlReadOptions } from './xml-reader.js';
