/**
 * XML 1.0 text for every XML pith writes (the article output, its batches): characters XML
 * forbids removed, markup characters escaped.
 */

import { outputText } from '../dom/index.js';

/**
 * Text XML 1.0 can carry: the output rule of every format (dom/characters.ts) leaves only
 * characters XML allows (C0 controls other than tab/LF/CR and U+FFFE/U+FFFF gone, DEL too,
 * lone surrogates U+FFFD).
 */
export function stripInvalidXml(text: string): string {
  return outputText(text);
}

/** Character data: `&`, `<` and `>` escaped. */
export function escapeXmlText(text: string): string {
  return stripInvalidXml(text).replace(/[&<>]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;',
  );
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** A double-quoted attribute value: markup, quotes and whitespace that normalisation would eat escaped. */
export function escapeXmlAttribute(text: string): string {
  // own-keys: one of the characters the regex matches
  return stripInvalidXml(text).replace(/[&<>"\t\n\r]/g, (char) => ATTRIBUTE_ESCAPES[char]);
}
