/**
 * A small, exact XML 1.0 reader for pith's own XML formats: elements, attributes,
 * character data, CDATA sections, the five predefined entities and character
 * references. Comments and processing instructions are skipped. A DOCTYPE without
 * an internal subset is skipped; an internal subset is refused (no entity
 * definitions, so no entity-expansion attacks). No namespaces processing: names
 * are kept as written.
 *
 * Every well-formedness error is reported with its line and column. The reader is
 * iterative (no recursion), so deep documents cannot overflow the stack; depth is
 * bounded by `maxDepth`.
 */
import { PithError } from '../errors.js';

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** Child elements and text (CDATA sections become text), in document order. */
  readonly children: (XmlElement | string)[];
  /** 1-based line of the start tag. */
  readonly line: number;
}

export interface XmlReadOptions {
  /** Deepest element nesting accepted (default 256). */
  maxDepth?: number;
}

// XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
const INVALID_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
// Names: a practical subset of the XML Name production (letters of any script allowed).
const NAME = /[\p{L}_:][\p{L}\p{M}\p{Nd}\-._:\u00B7\u203F\u2040]*/uy;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

class Reader {
  private at = 0;
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  fail(message: string, at = this.at): never {
    let line = 1;
    let lineStart = 0;
    for (let index = 0; index < at && index < this.text.length; index++) {
      if (this.text.charCodeAt(index) === 10) {
        line++;
        lineStart = index + 1;
      }
    }
    throw new PithError('READ_FAILED', `xml: line ${line}, column ${at - lineStart + 1}: ${message}`);
  }

  // Start tags come in document order, so the line count advances from where it last stopped.
  private lineCursor = 0;
  private lineAtCursor = 1;
  lineAt(at: number): number {
    for (; this.lineCursor < at; this.lineCursor++)
      if (this.text.charCodeAt(this.lineCursor) === 10) this.lineAtCursor++;
    return this.lineAtCursor;
  }

  private startsWith(token: string): boolean {
    return this.text.startsWith(token, this.at);
  }

  private skipSpace(): void {
    while (this.at < this.text.length) {
      const code = this.text.charCodeAt(this.at);
      if (code !== 32 && code !== 9 && code !== 10 && code !== 13) break;
      this.at++;
    }
  }

  private name(): string {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.text);
    if (!match) this.fail('expected a name');
    this.at += match[0].length;
    return match[0];
  }

  /** Decodes entity and character references in a run of text or an attribute value. */
  private decode(raw: string, start: number): string {
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&\s]*);?/g, (whole, body: string, offset: number) => {
      if (!whole.endsWith(';')) this.fail(`'&' must start a reference ending in ';'`, start + offset);
      if (Object.hasOwn(PREDEFINED, body)) return PREDEFINED[body];
      const numeric = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(body);
      if (!numeric)
        this.fail(
          `unknown entity '&${body};' (only &lt; &gt; &amp; &apos; &quot; are defined)`,
          start + offset,
        );
      const code =
        numeric[1] !== undefined ? Number.parseInt(numeric[1], 16) : Number.parseInt(numeric[2], 10);
      if (!(code <= 0x10ffff) || INVALID_CHAR.test(String.fromCodePoint(code))) {
        this.fail(`character reference '&${body};' is not an XML character`, start + offset);
      }
      return String.fromCodePoint(code);
    });
  }

  /** Comments, processing instructions and (outside the root) whitespace and a DOCTYPE. */
  private skipMisc(prolog: boolean): boolean {
    if (this.startsWith('<!--')) {
      const end = this.text.indexOf('-->', this.at + 4);
      if (end < 0) this.fail('unterminated comment');
      const inner = this.text.indexOf('--', this.at + 4);
      if (inner < end) this.fail("'--' is not allowed inside a comment", inner);
      this.at = end + 3;
      return true;
    }
    if (this.startsWith('<?')) {
      const start = this.at;
      this.at += 2;
      const target = this.name();
      if (target.toLowerCase() === 'xml') this.fail('the XML declaration must come first', start);
      const end = this.text.indexOf('?>', this.at);
      if (end < 0) this.fail('unterminated processing instruction', start);
      this.at = end + 2;
      return true;
    }
    if (prolog && this.startsWith('<!DOCTYPE')) {
      const start = this.at;
      let quote = '';
      for (this.at += 9; this.at < this.text.length; this.at++) {
        const char = this.text[this.at];
        if (quote) {
          if (char === quote) quote = '';
        } else if (char === '"' || char === "'") quote = char;
        else if (char === '[') this.fail('DTD internal subsets are not supported', this.at);
        else if (char === '>') {
          this.at++;
          return true;
        }
      }
      this.fail('unterminated DOCTYPE', start);
    }
    return false;
  }

  read(): XmlElement {
    const text = this.text;
    const invalid = INVALID_CHAR.exec(text);
    if (invalid)
      this.fail(
        `character U+${invalid[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`,
        invalid.index,
      );
    if (text.charCodeAt(0) === 0xfeff) this.at = 1;
    if (this.startsWith('<?xml') && /[\s?]/.test(text[this.at + 5] ?? '')) {
      const end = text.indexOf('?>', this.at);
      if (end < 0) this.fail('unterminated XML declaration');
      const declaration = text.slice(this.at, end);
      const version = /version\s*=\s*["']([^"']*)["']/.exec(declaration);
      if (!version || !/^1\.\d+$/.test(version[1])) this.fail('the XML declaration needs version="1.x"');
      this.at = end + 2;
    }
    for (;;) {
      this.skipSpace();
      if (!this.skipMisc(true)) break;
    }
    if (!this.startsWith('<'))
      this.fail(this.at >= text.length ? 'no root element' : 'expected the root element');
    const root = this.element();
    for (;;) {
      this.skipSpace();
      if (this.at >= text.length) break;
      if (!this.skipMisc(false)) this.fail('content after the root element');
    }
    return root;
  }

  /** Reads the element starting at `<` and everything inside it, iteratively. */
  private element(): XmlElement {
    const text = this.text;
    const stack: XmlElement[] = [];
    let root: XmlElement | undefined;
    for (;;) {
      if (this.at >= text.length) {
        if (stack.length > 0) this.fail(`unclosed element <${stack[stack.length - 1].name}>`);
        break;
      }
      const current = stack[stack.length - 1];
      if (text.charCodeAt(this.at) !== 60 /* < */) {
        const next = text.indexOf('<', this.at);
        const end = next < 0 ? text.length : next;
        const raw = text.slice(this.at, end);
        const close = raw.indexOf(']]>');
        if (close >= 0) this.fail("']]>' is not allowed in character data", this.at + close);
        if (!current) this.fail('text outside the root element');
        const decoded = this.decode(raw, this.at);
        this.at = end;
        appendText(current, decoded);
        continue;
      }
      if (this.startsWith('<![CDATA[')) {
        if (!current) this.fail('CDATA outside the root element');
        const end = text.indexOf(']]>', this.at + 9);
        if (end < 0) this.fail('unterminated CDATA section');
        appendText(current, text.slice(this.at + 9, end));
        this.at = end + 3;
        continue;
      }
      if (this.startsWith('</')) {
        const start = this.at;
        this.at += 2;
        const name = this.name();
        this.skipSpace();
        if (text[this.at] !== '>') this.fail("expected '>'");
        this.at++;
        if (!current) this.fail(`end tag </${name}> without a start tag`, start);
        if (current.name !== name) this.fail(`end tag </${name}> does not match <${current.name}>`, start);
        stack.pop();
        if (stack.length === 0) break;
        continue;
      }
      if (this.startsWith('<!--') || this.startsWith('<?')) {
        if (!current) this.fail('expected an element');
        this.skipMisc(false);
        continue;
      }
      if (this.startsWith('<!')) this.fail('unexpected markup declaration');
      // A start tag.
      const start = this.at;
      if (root && stack.length === 0) this.fail('content after the root element');
      this.at++;
      const name = this.name();
      const attributes: Record<string, string> = Object.create(null);
      for (;;) {
        const beforeSpace = this.at;
        this.skipSpace();
        const char = text[this.at];
        if (char === '>' || char === '/') break;
        if (this.at === beforeSpace) this.fail('expected whitespace before an attribute');
        const attributeName = this.name();
        this.skipSpace();
        if (text[this.at] !== '=') this.fail(`expected '=' after attribute ${attributeName}`);
        this.at++;
        this.skipSpace();
        const quote = text[this.at];
        if (quote !== '"' && quote !== "'") this.fail('attribute values must be quoted');
        const end = text.indexOf(quote, this.at + 1);
        if (end < 0) this.fail('unterminated attribute value');
        const raw = text.slice(this.at + 1, end);
        const lt = raw.indexOf('<');
        if (lt >= 0) this.fail("'<' is not allowed in an attribute value", this.at + 1 + lt);
        if (Object.hasOwn(attributes, attributeName)) this.fail(`duplicate attribute ${attributeName}`);
        // Attribute-value normalisation: literal tab, CR and LF become spaces; references stay exact.
        attributes[attributeName] = this.decode(raw.replace(/[\t\n\r]/g, ' '), this.at + 1);
        this.at = end + 1;
      }
      const element: XmlElement = { name, attributes, children: [], line: this.lineAt(start) };
      if (current) current.children.push(element);
      else root = element;
      if (text[this.at] === '/') {
        if (text[this.at + 1] !== '>') this.fail("expected '/>'");
        this.at += 2;
        if (stack.length === 0) break;
        continue;
      }
      this.at++;
      stack.push(element);
      if (stack.length > this.maxDepth) this.fail(`elements nested deeper than ${this.maxDepth}`, start);
    }
    if (!root) this.fail('no root element');
    return root;
  }
}

function appendText(element: XmlElement, text: string): void {
  if (text === '') return;
  const children = element.children;
  const last = children[children.length - 1];
  if (typeof last === 'string') children[children.length - 1] = last + text;
  else children.push(text);
}

/**
 * Parses an XML document into its root element.
 * @throws PithError('READ_FAILED') with line and column for any well-formedness error.
 */
export function readXml(text: string, options: XmlReadOptions = {}): XmlElement {
  return new Reader(text, options.maxDepth ?? 256).read();
}

/** The text of an element: its character data and that of its descendants, in order. */
export function textOf(element: XmlElement): string {
  let out = '';
  for (const child of element.children) out += typeof child === 'string' ? child : textOf(child);
  return out;
}

/** The child elements of an element. */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== 'string');
}
