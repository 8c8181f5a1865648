/**
 * XML 1.0 text for every XML pith writes (the article output, its batches): characters XML
 * forbids removed, markup characters escaped.
 */

/** Characters XML 1.0 does not allow (C0 controls other than tab/LF/CR, U+FFFE/U+FFFF, lone surrogates). */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Removes the characters XML 1.0 does not allow. */
export function stripInvalidXml(text: string): string {
  return text.replace(INVALID_XML, '');
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
  return stripInvalidXml(text).replace(/[&<>"\t\n\r]/g, (char) => ATTRIBUTE_ESCAPES[char]);
}
