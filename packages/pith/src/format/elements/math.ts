/**
 * Formulas: which element of a page is a formula, and its TeX. A formula is written once, from the
 * best source the markup holds, and everything that only renders it is skipped:
 *
 * | markup | TeX from |
 * |---|---|
 * | MathML `<math>` | its `application/x-tex` annotation, else `alttext`, else the MathML converted (mathml-to-latex) |
 * | KaTeX `.katex` / `.katex-display` | the annotation of its `.katex-mathml`; `.katex-html` is the rendering |
 * | MathJax 2 `<script type="math/tex">` (`; mode=display`) | the script; the `.MathJax*` spans before it are the rendering |
 * | MathJax 3 `<mjx-container>` | its assistive MathML |
 * | MediaWiki `.mwe-math-element` | the hidden MathML's annotation, else the fallback image's `alt` |
 * | `data-math` / `data-tex` / `data-latex` on an element (Gemini, Temml, …) | the attribute |
 * | an image of a formula (`class="latex"`, a LaTeX-rendering URL, or an `alt` that is TeX) | its `alt` |
 *
 * Display (a block of its own) when the markup says so: `display="block"`, `mode=display`,
 * `.katex-display`, a `-display` MediaWiki class, a `block`/`display` class beside `data-math`.
 */
import { MathMLToLaTeX } from 'mathml-to-latex';
import { type Doc, TAG, tick } from '../../dom/index.js';

export interface Formula {
  tex: string;
  display: boolean;
}

/** What an element is as far as formulas go. */
export type FormulaRole = Formula | 'rendering' | undefined;

/** Anything in the source that may be a formula's markup (one scan decides whether to look). */
const MATH_MARKERS =
  /<math[\s>]|katex|mathjax|mjx-|mwe-math|math\/tex|data-(?:math|tex|latex)\b|latex|\\[a-z]{2,}/i;

/**
 * True when the kept part of the page may hold formulas. Formulas are only looked for among kept
 * elements (and the scripts of kept parents), so only the source those span is scanned: about a
 * quarter of the page on news pages, where the head's scripts would open the gate on 37 of 200
 * speed pages and the kept part on 4.
 */
export function mayHoldFormulas(doc: Doc, kept: Uint8Array): boolean {
  const { sourceStart, sourceEnd } = doc.columns;
  let start = doc.source.length;
  let stop = 0;
  for (let node = 1; node < doc.size; node++) {
    if (kept[node] === 0) continue;
    if (sourceStart[node] < start) start = sourceStart[node];
    if (sourceEnd[node] > stop) stop = sourceEnd[node];
  }
  return stop > start && MATH_MARKERS.test(doc.source.slice(start, stop));
}

const WHITESPACE_RUN = /\s+/g;

function classOf(doc: Doc, node: number): string {
  return doc.attr(node, 'class') ?? '';
}

function hasClass(classes: string, name: string): boolean {
  // Not in the string, in no token: most class strings are answered without splitting them.
  if (classes.length < name.length || classes.indexOf(name) < 0) return false;
  for (const token of classes.split(/\s+/, 40)) if (token === name) return true;
  return false;
}

/** The text of an annotation-like subtree, trimmed. */
function textOf(doc: Doc, node: number): string {
  const parts: string[] = [];
  const stop = doc.end(node);
  for (let at = node + 1; at < stop; at++) {
    tick('output');
    if (doc.isText(at)) parts.push(doc.text(at));
  }
  return parts.join('').trim();
}

/** The first descendant element named `name` (custom tags by name), or -1. */
function findByName(doc: Doc, node: number, name: string): number {
  const stop = doc.end(node);
  for (let at = node + 1; at < stop; at++) {
    tick('output');
    if (doc.isElement(at) && doc.tagName(at) === name) return at;
  }
  return -1;
}

/** The first descendant element with class `name`, or -1. */
function findByClass(doc: Doc, node: number, name: string): number {
  const stop = doc.end(node);
  for (let at = node + 1; at < stop; at++) {
    tick('output');
    if (doc.isElement(at) && hasClass(classOf(doc, at), name)) return at;
  }
  return -1;
}

/** The TeX annotation of a `<math>`, or ''. */
function annotationTex(doc: Doc, math: number): string {
  const stop = doc.end(math);
  for (let at = math + 1; at < stop; at++) {
    tick('output');
    if (doc.isElement(at) && doc.tagName(at) === 'annotation') {
      const encoding = (doc.attr(at, 'encoding') ?? '').toLowerCase();
      if (encoding.includes('tex')) return textOf(doc, at);
    }
  }
  return '';
}

/** MathML elements serialised for conversion: at most this many nodes (a larger one is read as text). */
const MAX_MATHML_NODES = 5000;

const XML_SPECIAL = /[&<>"]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
function escapeXml(text: string): string {
  // own-keys: one of the characters XML_SPECIAL matches
  return text.replace(XML_SPECIAL, (char) => XML_ESCAPES[char]);
}

/** A `<math>` subtree as MathML source (annotations left out), or undefined when too large. */
function serialiseMathMl(doc: Doc, math: number): string | undefined {
  const stop = doc.end(math);
  if (stop - math > MAX_MATHML_NODES) return undefined;
  const out: string[] = [];
  const open: number[] = [];
  for (let at = math; at < stop; at++) {
    tick('output');
    while (open.length > 0 && doc.end(open[open.length - 1]) <= at) {
      out.push(`</${doc.tagName(open.pop() as number)}>`);
    }
    if (doc.isText(at)) {
      out.push(escapeXml(doc.text(at)));
      continue;
    }
    if (!doc.isElement(at)) continue;
    const name = doc.tagName(at);
    if (name === 'annotation' || name === 'annotation-xml') {
      at = doc.end(at) - 1;
      continue;
    }
    let attributes = '';
    for (const [key, value] of Object.entries(doc.attributes(at))) {
      if (/^[a-z][\w-]*$/i.test(key) && key !== 'xmlns') attributes += ` ${key}="${escapeXml(value)}"`;
    }
    out.push(`<${name}${attributes}>`);
    open.push(at);
  }
  while (open.length > 0) out.push(`</${doc.tagName(open.pop() as number)}>`);
  return out.join('');
}

/** The TeX of a `<math>`: annotation, `alttext`, or the MathML converted; '' when none can be had. */
export function mathTex(doc: Doc, math: number): string {
  const annotation = annotationTex(doc, math);
  if (annotation !== '') return annotation;
  const alt = doc.attr(math, 'alttext')?.trim();
  if (alt) return alt;
  const source = serialiseMathMl(doc, math);
  if (source === undefined) return '';
  try {
    return MathMLToLaTeX.convert(source).trim();
  } catch {
    return '';
  }
}

function formula(tex: string, display: boolean): Formula | undefined {
  const unwrapped = withoutStyleWrapper(tex.trim());
  const clean = display ? unwrapped : unwrapped.replace(WHITESPACE_RUN, ' ').trim();
  return clean === '' ? undefined : { tex: clean, display };
}

const STYLE_WRAPPER = /^\{\\(?:displaystyle|textstyle)(?![a-zA-Z])\s*/;

/**
 * A formula without the `{\displaystyle …}` (or `{\textstyle …}`) group around all of it that
 * MediaWiki puts in every annotation and `alt`: the delimiters `$…$` / `$$…$$` already say how it
 * is set. Left as it is when the group closes before the end (`{\displaystyle a}+b`).
 */
function withoutStyleWrapper(tex: string): string {
  const open = STYLE_WRAPPER.exec(tex);
  if (!open || !tex.endsWith('}')) return tex;
  let depth = 0;
  for (let index = 0; index < tex.length; index++) {
    const char = tex[index];
    if (char === '\\') index++;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0 && index < tex.length - 1) return tex;
  }
  return depth === 0 ? tex.slice(open[0].length, -1).trim() : tex;
}

/** Classes of MathJax 2's renderings (the TeX is in the `<script type="math/tex">` after them). */
const MATHJAX_RENDERING =
  /(?:^|\s)(?:MathJax_Preview|MathJax|MathJax_Display|MathJax_SVG|MathJax_SVG_Display|MathJax_CHTML|MathJax_MathML|MJX_Assistive_MathML)(?:\s|$)/;

/** Read on the trimmed type: `\s*` on both sides of an optional part retried every split of a long space run. */
const MATH_SCRIPT = /^math\/tex\s*(;\s*mode\s*=\s*display)?$/i;

/** The `<script type="math/tex">` an element renders: the next element sibling that is one, or -1. */
function nextMathScript(doc: Doc, node: number): number {
  let at = doc.nextSibling(node);
  for (let steps = 0; at >= 0 && steps < 4; steps++, at = doc.nextSibling(at)) {
    if (!doc.isElement(at)) continue;
    if (doc.tag(at) === TAG.script) return MATH_SCRIPT.test((doc.attr(at, 'type') ?? '').trim()) ? at : -1;
    if (!MATHJAX_RENDERING.test(classOf(doc, at))) return -1;
  }
  return -1;
}

/** URLs of services that render LaTeX as an image (the TeX is in the URL and the `alt`). */
const LATEX_IMAGE_URL =
  /latex\.php|latex\.codecogs\.com|\/math\/render\/|mathtex\.cgi|[?&]cht=tx\b|\/latex\?|tex2img|quicklatex/i;
const TEX_COMMAND = /\\[a-zA-Z]{2,}/;
const TEX_SYNTAX = /[{}^]/;

/** The TeX of an image of a formula, or undefined for any other image. */
function imageFormula(doc: Doc, img: number): Formula | undefined {
  const alt = doc.attr(img, 'alt')?.trim();
  if (!alt) return undefined;
  const classes = classOf(doc, img);
  const src = doc.attr(img, 'src') ?? '';
  const marked =
    /(?:^|[\s-])(?:latex|tex|math|equation)(?:$|[\s-])/i.test(classes) ||
    classes.includes('mwe-math-fallback-image') ||
    LATEX_IMAGE_URL.test(src);
  if (!marked && !(TEX_COMMAND.test(alt) && TEX_SYNTAX.test(alt))) return undefined;
  const display = /display|aligncenter/.test(classes) || isAloneInBlock(doc, img);
  return formula(alt, display);
}

/** True when an element is the only content of its parent block (a formula on its own line). */
function isAloneInBlock(doc: Doc, node: number): boolean {
  const parent = doc.parent(node);
  if (parent <= 0 || doc.tag(parent) !== TAG.p) return false;
  const stop = doc.end(parent);
  for (let at = parent + 1; at < stop; at++) {
    tick('output');
    if (at >= node && at < doc.end(node)) continue;
    if (doc.isText(at) && doc.text(at).trim() !== '') return false;
    if (doc.isElement(at) && doc.tag(at) === TAG.img && at !== node) return false;
  }
  return true;
}

/**
 * What `node` (an element) is for formulas: a formula (its TeX; its subtree is the formula's and
 * is not written), the rendering of a formula written from another element ('rendering': skipped),
 * or undefined. Call only when `mayHoldFormulas(doc, kept)`.
 */
export function formulaRole(doc: Doc, node: number): FormulaRole {
  const tag = doc.tag(node);
  if (tag === TAG.math) {
    return formula(mathTex(doc, node), doc.attr(node, 'display') === 'block');
  }
  if (tag === TAG.script) {
    const match = MATH_SCRIPT.exec((doc.attr(node, 'type') ?? '').trim());
    return match ? formula(textOf(doc, node), match[1] !== undefined) : undefined;
  }
  if (tag === TAG.img) return imageFormula(doc, node);
  if (tag === TAG.unknown && doc.tagName(node) === 'mjx-container') {
    const math = findByName(doc, node, 'math');
    const tex = math >= 0 ? mathTex(doc, math) : '';
    return tex === '' ? undefined : formula(tex, doc.attr(node, 'display') === 'true');
  }
  const classes = classOf(doc, node);
  const data = doc.attr(node, 'data-math') ?? doc.attr(node, 'data-tex') ?? doc.attr(node, 'data-latex');
  if (data !== undefined && data.trim() !== '') {
    return formula(data, /(?:^|[\s-])(?:block|display)(?:$|[\s-])/i.test(classes));
  }
  if (classes === '') return undefined;
  if (hasClass(classes, 'katex-display') || hasClass(classes, 'katex')) {
    const mathml = findByClass(doc, node, 'katex-mathml');
    const math = findByName(doc, mathml >= 0 ? mathml : node, 'math');
    if (math < 0) return undefined;
    return formula(mathTex(doc, math), hasClass(classes, 'katex-display'));
  }
  if (hasClass(classes, 'mwe-math-element')) {
    const math = findByName(doc, node, 'math');
    const display =
      classes.includes('display') ||
      findByClass(doc, node, 'mwe-math-mathml-display') >= 0 ||
      findByClass(doc, node, 'mwe-math-fallback-image-display') >= 0;
    let tex = math >= 0 ? mathTex(doc, math) : '';
    if (tex === '') {
      const image = doc.findFirst(TAG.img, node);
      tex = image > 0 ? (doc.attr(image, 'alt') ?? '') : '';
    }
    return formula(tex, display);
  }
  if (MATHJAX_RENDERING.test(classes) && nextMathScript(doc, node) >= 0) return 'rendering';
  return undefined;
}
