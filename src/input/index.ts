/**
 * input/: from bytes to a decoded HTML string, in any JavaScript runtime.
 *
 * - {@link decodeHtml}: BOM → HTTP/declared charset → `<meta>` prescan → detection → windows-1252,
 *   with a guard against lying charset declarations.
 * - {@link readXmlPages}: pages in CUTER's XML batch format (schemas/pages.xsd), read with a small
 *   exact XML reader ({@link readXml}).
 *
 * Reading files and streams (read.ts), fetching (fetch.ts, ip.ts), archives (warc/) and feeds (feed/)
 * need Node: they are the tools' (src/internal.ts re-exports them), not on the library's import graph.
 */
export { charsetFromContentType, mimeEssence } from './content-type.js';
export {
  DEFAULT_MAX_INPUT_BYTES,
  type DecodedHtml,
  type DecodeOptions,
  decodeBytes,
  decodeHtml,
  type EncodingSource,
  META_PRESCAN_BYTES,
} from './decode.js';
export { DETECTION_SAMPLE_BYTES, detectEncoding } from './detect.js';
export { encodingForLabel } from './labels.js';
export { prescanMetaCharset } from './prescan.js';
export { binaryFormatOf, checkIsPage, looksBinary } from './sniff.js';
export { isAscii, utf8Length } from './utf8.js';
export { readXmlPages, type XmlPage } from './xml-pages.js';
export { childElements, readXml, textOf, type XmlElement, type XmlReadOptions } from './xml-reader.js';
