/**
 * Pages with labelled comments, for measuring the comment finder and its cues:
 *
 * - L3S-GN1 (`annotated/*.html`): every text node carries the label of its
 *   nearest `x-nc-selN` ancestor; `x-nc-sel5` is "user comments", `x-nc-sel1`/
 *   `x-nc-sel2` headline and full text. The finder runs on the annotated copy (a
 *   browser re-serialisation that keeps the page's own classes and ids), so
 *   labels and finder output refer to the same nodes.
 * - trafilatura-eval (`evaldata.json`): `comments` lists snippets of the comment
 *   section of 142 pages (mostly German), `with` snippets of the main text. The
 *   text nodes holding each snippet are located in the parsed page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Doc, decodeHtml, IS_BLOCK, IS_VOID, NodeKind, parseHtml, TAG } from 'pith/internal';

/** Per text node: what it is in the gold. */
export const LABEL = { none: 0, comment: 1, main: 2, other: 3 } as const;

export interface LabelledPage {
  dataset: 'l3s-gn1' | 'trafilatura-eval';
  id: string;
  doc: Doc;
  /**
   * Per node: LABEL.comment for comment text, LABEL.main for main-content text,
   * LABEL.other for other labelled text, LABEL.none where nothing is known.
   * Only text nodes carry labels.
   */
  labels: Uint8Array;
  /** trafilatura-eval: the snippets and whether each was located in the page. */
  snippets?: { comment: string[]; found: boolean[] };
}

const SEL = /(?:^|\s)x-nc-sel(\d)(?:\s|$)/;

/**
 * L3S-GN1 annotated pages (all of them, or only those with comment text when
 * `onlyWithComments`). The annotation wraps labelled content in extra `<span>`s;
 * the page is written back without them and parsed again, so the finder sees the
 * page's own structure, and each text node takes the label of its characters.
 */
export function l3sPages(dir: string, onlyWithComments: boolean): LabelledPage[] {
  const folder = join(dir, 'annotated');
  if (!existsSync(folder)) return [];
  const pages: LabelledPage[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.html')) continue;
    const html = readFileSync(join(folder, name), 'utf8');
    if (onlyWithComments && !html.includes('x-nc-sel5')) continue;
    const annotated = parseHtml(html);
    const selection = new Int8Array(annotated.size).fill(-1);
    const wrapper = new Uint8Array(annotated.size);
    const annotatedLabels = new Uint8Array(annotated.size);
    let comments = 0;
    for (let node = 1; node < annotated.size; node++) {
      selection[node] = selection[annotated.parent(node)];
      if (annotated.isElement(node)) {
        const cls = annotated.attr(node, 'class') ?? '';
        const match = SEL.exec(cls);
        if (match) {
          selection[node] = Number(match[1]);
          // The annotation's own wrapper: a class that is only the label.
          if (cls.trim() === match[0].trim()) wrapper[node] = 1;
        }
      } else if (
        annotated.isText(node) &&
        !annotated.columns.hidden[node] &&
        annotated.textLength(node) > 0
      ) {
        const sel = selection[node];
        annotatedLabels[node] =
          sel === 5 ? LABEL.comment : sel === 1 || sel === 2 ? LABEL.main : sel >= 0 ? LABEL.other : 0;
        if (sel === 5) comments++;
      }
    }
    if (onlyWithComments && comments === 0) continue;
    const doc = parseHtml(serialise(annotated, wrapper));
    pages.push({
      dataset: 'l3s-gn1',
      id: name.replace(/\.html$/, ''),
      doc,
      labels: transferLabels(annotated, annotatedLabels, doc),
    });
  }
  return pages;
}

const RAW_TEXT = new Set<number>([TAG.script, TAG.style, TAG.xmp, TAG.iframe, TAG.noembed, TAG.noframes]);

/** Writes a document back to HTML, leaving out the elements flagged in `unwrap` (their content stays). */
function serialise(doc: Doc, unwrap: Uint8Array): string {
  const out: string[] = [];
  const closers: { end: number; text: string }[] = [];
  const escapeText = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (let node = 1; node < doc.size; node++) {
    while (closers.length > 0 && closers[closers.length - 1].end <= node) {
      out.push((closers.pop() as { text: string }).text);
    }
    const kind = doc.kind(node);
    if (kind === NodeKind.Text) {
      const parent = doc.parent(node);
      out.push(RAW_TEXT.has(doc.tag(parent)) ? doc.text(node) : escapeText(doc.text(node)));
    } else if (kind === NodeKind.Element) {
      if (unwrap[node]) continue;
      const name = doc.tagName(node);
      if (name === '') continue;
      const attributes = Object.entries(doc.attributes(node))
        .map(([key, value]) => ` ${key}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
        .join('');
      out.push(`<${name}${attributes}>`);
      if (!IS_VOID[doc.tag(node)]) closers.push({ end: doc.end(node), text: `</${name}>` });
    }
  }
  while (closers.length > 0) out.push((closers.pop() as { text: string }).text);
  return out.join('');
}

/** Labels of `to`'s text nodes from `from`'s, matched character by character through the visible text. */
function transferLabels(from: Doc, fromLabels: Uint8Array, to: Doc): Uint8Array {
  const chars: number[] = [];
  for (let node = 0; node < from.size; node++) {
    if (!from.isText(node) || from.columns.hidden[node]) continue;
    const text = from.text(node);
    for (let index = 0; index < text.length; index++) chars.push(fromLabels[node]);
  }
  const labels = new Uint8Array(to.size);
  let at = 0;
  for (let node = 0; node < to.size; node++) {
    if (!to.isText(node) || to.columns.hidden[node]) continue;
    const length = to.text(node).length;
    const counts = [0, 0, 0, 0];
    for (let index = 0; index < length && at + index < chars.length; index++) counts[chars[at + index]]++;
    at += length;
    if (to.textLength(node) === 0) continue;
    let best = 0;
    for (let label = 1; label < 4; label++) if (counts[label] > counts[best]) best = label;
    labels[node] = best;
  }
  return labels;
}

interface TextIndex {
  text: string;
  /** For each character of `text`, the text node it comes from (-1 for inserted spaces). */
  owner: Int32Array;
}

/** The page's visible text, whitespace collapsed, with a space at block boundaries, and who wrote each character. */
function textIndex(doc: Doc): TextIndex {
  const chars: string[] = [];
  const owners: number[] = [];
  let lastSpace = true;
  const push = (char: string, owner: number) => {
    const space = /\s/.test(char);
    if (space) {
      if (lastSpace) return;
      chars.push(' ');
      owners.push(owner);
    } else {
      chars.push(char);
      owners.push(owner);
    }
    lastSpace = space;
  };
  const { kind, tag, end, hidden } = doc.columns;
  const blockEnds: number[] = [];
  for (let node = 0; node < doc.size; node++) {
    while (blockEnds.length > 0 && node >= blockEnds[blockEnds.length - 1]) {
      blockEnds.pop();
      push(' ', -1);
    }
    if (kind[node] === NodeKind.Text) {
      if (hidden[node]) continue;
      for (const char of doc.text(node)) push(char, node);
    } else if (kind[node] === NodeKind.Element && IS_BLOCK[tag[node]]) {
      push(' ', -1);
      blockEnds.push(end[node]);
    }
  }
  return { text: chars.join(''), owner: Int32Array.from(owners) };
}

/** Marks the text nodes under every occurrence of `snippet` (whitespace-normalised); false when absent. */
function markSnippet(index: TextIndex, snippet: string, labels: Uint8Array, label: number): boolean {
  const needle = snippet.replace(/\s+/g, ' ').trim();
  if (needle === '') return false;
  let found = false;
  for (let at = index.text.indexOf(needle); at >= 0; at = index.text.indexOf(needle, at + 1)) {
    found = true;
    for (let char = at; char < at + needle.length; char++) {
      const owner = index.owner[char];
      if (owner >= 0 && labels[owner] !== LABEL.comment) labels[owner] = label;
    }
  }
  return found;
}

interface EvalEntry {
  file: string;
  with: string[];
  comments?: string[] | string;
}

/** trafilatura-eval pages: those whose entry lists comment snippets, or all when `all`. */
export function trafilaturaCommentPages(dir: string, all = false): LabelledPage[] {
  const path = join(dir, 'evaldata.json');
  if (!existsSync(path)) return [];
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, EvalEntry>;
  const pages: LabelledPage[] = [];
  for (const url of Object.keys(data).sort()) {
    const entry = data[url];
    const comments = (Array.isArray(entry.comments) ? entry.comments : [entry.comments ?? ''])
      .map((snippet) => snippet.trim())
      .filter((snippet) => snippet !== '');
    if (comments.length === 0 && !all) continue;
    let file = '';
    for (const sub of ['html', 'cache', 'eval']) {
      if (existsSync(join(dir, sub, entry.file))) {
        file = join(dir, sub, entry.file);
        break;
      }
    }
    if (file === '') continue;
    const html = decodeHtml(new Uint8Array(readFileSync(file))).text;
    const doc = parseHtml(html, { url });
    const labels = new Uint8Array(doc.size);
    const index = textIndex(doc);
    const found = comments.map((snippet) => markSnippet(index, snippet, labels, LABEL.comment));
    for (const snippet of entry.with) markSnippet(index, snippet, labels, LABEL.main);
    pages.push({
      dataset: 'trafilatura-eval',
      id: entry.file,
      doc,
      labels,
      snippets: { comment: comments, found },
    });
  }
  return pages;
}
