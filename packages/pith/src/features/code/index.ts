/**
 * features/code: what a code listing's markup says — the language a highlighter marked it with,
 * line-number gutters, copy buttons, `<code>` wrappers that hold blocks, `white-space: pre` listings.
 * format/ writes the listing; this room only reads the page.
 */
export {
  type CodeHeader,
  codeHeaders,
  codeHoldsBlocks,
  codeLanguage,
  GutterTest,
  isBlockListing,
  isCodeButton,
  isPreformatted,
  isVersoHover,
  isVersoListing,
} from './detect.js';
