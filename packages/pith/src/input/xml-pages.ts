/**
 * The page input format (CUTER's "universal XML" input, schemas/pages.xsd): one page
 * or a batch of pages, each with its URL, the title known for it (from a feed, say)
 * and its HTML.
 *
 * ```xml
 * <?xml version="1.0" encoding="UTF-8"?>
 * <pages version="1">                         (or a single <page> as the root)
 *   <page id="a1" url="https://example.com/a">
 *     <title>The article title</title>        optional
 *     <html><![CDATA[<!doctype html>…]]></html>
 *   </page>
 *   <page url="https://example.com/b">
 *     <html encoding="base64" charset="windows-1252">PCFkb2N0eXBl…</html>
 *   </page>
 * </pages>
 * ```
 *
 * `<html>` holds the page as text (escaped or in CDATA sections), or with
 * `encoding="base64"` its raw bytes, for pages that are not UTF-8 or hold characters
 * XML cannot carry; `charset` then names their encoding (otherwise it is found as
 * for any page: BOM, `<meta>`, detection).
 */
import { base64ToBytes } from '../base64.js';
import { PithError } from '../errors.js';
import { decodeBytes } from './decode.js';
import { encodingForLabel } from './labels.js';
import { childElements, readXml, textOf, type XmlElement } from './xml-reader.js';

/** One page read from the input format. */
export interface XmlPage {
  id?: string;
  url?: string;
  /** The article title known for the page (pass it to `extract` as `title`). */
  title?: string;
  /** The page: a string, or raw bytes when the input carried it base64-encoded. */
  html: string | Uint8Array;
  /** `text/html; charset=…` when the input named the bytes' charset (pass it to `extract` as `contentType`). */
  contentType?: string;
}

function invalid(element: XmlElement, message: string): never {
  throw new PithError('READ_FAILED', `xml: line ${element.line}: ${message}`);
}

function checkAttributes(element: XmlElement, allowed: readonly string[]): void {
  for (const name of Object.keys(element.attributes)) {
    if (!allowed.includes(name)) invalid(element, `<${element.name}> has no attribute '${name}'`);
  }
}

/** Only whitespace may sit between the elements of a page or a batch. */
function checkNoText(element: XmlElement): void {
  for (const child of element.children) {
    if (typeof child === 'string' && /\S/.test(child))
      invalid(element, `<${element.name}> holds text outside its elements`);
  }
}

/** Read on the text without its trailing white space: `\s*` on both sides of `={0,2}` retried every split of a long run. */
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}$/;

function readPage(element: XmlElement): XmlPage {
  checkAttributes(element, ['id', 'url']);
  checkNoText(element);
  const children = childElements(element);
  let index = 0;
  let title: string | undefined;
  if (children[index]?.name === 'title') {
    const titleElement = children[index++];
    checkAttributes(titleElement, []);
    if (childElements(titleElement).length > 0) invalid(titleElement, '<title> holds text only');
    title = textOf(titleElement);
  }
  const htmlElement = children[index++];
  if (htmlElement?.name !== 'html') {
    invalid(
      htmlElement ?? element,
      `expected <html> in <page>, found ${htmlElement ? `<${htmlElement.name}>` : 'nothing'}`,
    );
  }
  if (index < children.length) invalid(children[index], `unexpected <${children[index].name}> in <page>`);
  checkAttributes(htmlElement, ['encoding', 'charset']);
  if (childElements(htmlElement).length > 0) {
    invalid(htmlElement, '<html> holds text only: put the markup in a CDATA section or escape it');
  }
  const encoding = htmlElement.attributes.encoding ?? 'text';
  const charset = htmlElement.attributes.charset?.trim();
  let html: string | Uint8Array;
  if (encoding === 'base64') {
    const text = textOf(htmlElement);
    if (!BASE64.test(text.trimEnd())) invalid(htmlElement, '<html encoding="base64"> is not valid base64');
    html = base64ToBytes(text);
  } else if (encoding === 'text') {
    if (charset !== undefined) invalid(htmlElement, 'charset is only meaningful with encoding="base64"');
    html = textOf(htmlElement);
  } else {
    invalid(htmlElement, `encoding must be "text" or "base64", not "${encoding}"`);
  }
  const page: XmlPage = { html };
  const { id, url } = element.attributes;
  if (id !== undefined) page.id = id;
  if (url !== undefined) page.url = url.trim();
  if (title !== undefined) page.title = title;
  if (charset) page.contentType = `text/html; charset=${charset}`;
  return page;
}

/** Decodes XML bytes: BOM, else the declaration's encoding, else UTF-8. */
function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return decodeBytes(bytes.subarray(3), 'utf-8');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeBytes(bytes.subarray(2), 'utf-16be');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeBytes(bytes.subarray(2), 'utf-16le');
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  const encoding = declared ? encodingForLabel(declared[1]) : null;
  return decodeBytes(bytes, encoding ?? 'utf-8');
}

/**
 * Reads the page input format: a `<pages>` batch or a single `<page>`.
 * @param input the XML, as a string or as bytes (UTF-8 unless a BOM or the XML
 *   declaration says otherwise)
 * @throws PithError('READ_FAILED') with the line for malformed XML or a document
 *   that does not follow schemas/pages.xsd
 */
export function readXmlPages(input: string | Uint8Array): XmlPage[] {
  const text = typeof input === 'string' ? input : decodeXmlBytes(input);
  const root = readXml(text);
  if (root.name === 'page') return [readPage(root)];
  if (root.name !== 'pages') invalid(root, `the root must be <pages> or <page>, not <${root.name}>`);
  checkAttributes(root, ['version']);
  if (root.attributes.version !== undefined && root.attributes.version !== '1') {
    invalid(root, `unsupported version "${root.attributes.version}" (this reader knows version 1)`);
  }
  checkNoText(root);
  return childElements(root).map((child) => {
    if (child.name !== 'page') invalid(child, `expected <page> in <pages>, found <${child.name}>`);
    return readPage(child);
  });
}
