/**
 * Comments as output: the comment sections found on the page (node ids, found before
 * formatting: src/features/comments) read once into author, date and text, and written as a
 * list (JSON/XML) or as a final section of the Markdown, text or HTML output.
 */
import { type Doc, type Extraction, outputText, Selection, tick } from '../dom/index.js';
import { commentAuthor, commentDate } from '../features/comments/index.js';
import { escapeHtmlAttribute, escapeHtmlText, toHtmlRange } from './html.js';
import { escapeMarkdown } from './inline.js';
import { toMarkdownRange } from './markdown.js';
import { toTextRange } from './text.js';
import type { ContentFormat, FormatOptions, OutputComment } from './types.js';

/** One comment as found on the page: node ids (-1 for none), the shape the finder gives. */
export interface CommentNodes {
  /** Roots of the comment's text parts. */
  text: readonly number[];
  /** Subtrees inside the text parts that are not the comment's text (its header, reply links). */
  skip: readonly number[];
  author: number;
  date: number;
  /** Index, in its section, of the comment it replies to (-1 for none). */
  replyTo: number;
}

/** A comment section as found on the page. */
export interface CommentSectionNodes {
  confidence: number;
  comments: readonly CommentNodes[];
}

export interface CommentsOptions extends FormatOptions {
  /** Sections the finder is less sure of are not read (default 0.5). */
  minConfidence?: number;
  /** The current time, for rejecting dates in the future (default now). */
  now?: number;
}

/** Default confidence a section needs to be output as comments (the same as the finder's). */
const MIN_COMMENT_CONFIDENCE = 0.5;
/** Replies deeper than this are shown at this depth. */
const MAX_REPLY_DEPTH = 8;

/** A comment read from the page, with what rendering it needs. */
interface ReadComment extends OutputComment {
  source: CommentNodes;
  depth: number;
}

/** The comments of a page, read once: the list (JSON, XML) and what the section output needs. */
export interface ReadComments {
  /** The comments worth showing, in page order; `replyTo` indexes this list. */
  readonly list: OutputComment[];
  readonly shown: readonly ReadComment[];
  readonly doc: Doc;
  readonly options: CommentsOptions;
}

/**
 * Reads the comments of the sections at or above `minConfidence`: author and
 * date cleaned (a "By" or "Posted by:" label and a " | date" tail removed from
 * names; dates to ISO 8601 when possible), text as plain text.
 */
export function readComments(
  doc: Doc,
  sections: readonly CommentSectionNodes[],
  options: CommentsOptions = {},
): ReadComments {
  const comments = shown(read(doc, sections, options));
  const list = comments.map(({ author, date, text, replyTo }) => ({
    ...(author === undefined ? {} : { author: outputText(author) }),
    ...(date === undefined ? {} : { date: outputText(date) }),
    text: outputText(text),
    ...(replyTo === undefined ? {} : { replyTo }),
  }));
  return { list, shown: comments, doc, options };
}

/**
 * The comments worth showing (with text or an author), reply links renumbered
 * (a reply to a dropped comment answers that comment's parent) and depths
 * clamped so that a reply is never more than one level under the comment before it.
 */
function shown(comments: readonly ReadComment[]): ReadComment[] {
  const newIndex = new Int32Array(comments.length).fill(-1);
  const out: ReadComment[] = [];
  let previousDepth = -1;
  comments.forEach((comment, index) => {
    if (comment.text === '' && comment.author === undefined) return;
    let parent = comment.replyTo;
    while (parent !== undefined && newIndex[parent] < 0) parent = comments[parent].replyTo;
    const depth = Math.min(parent === undefined ? 0 : comment.depth, previousDepth + 1);
    previousDepth = depth;
    newIndex[index] = out.length;
    const { replyTo: _old, ...rest } = comment;
    out.push({ ...rest, depth, ...(parent === undefined ? {} : { replyTo: newIndex[parent] }) });
  });
  return out;
}

function read(doc: Doc, sections: readonly CommentSectionNodes[], options: CommentsOptions): ReadComment[] {
  const minConfidence = options.minConfidence ?? MIN_COMMENT_CONFIDENCE;
  const now = options.now ?? Date.now();
  const renderer = new PartRenderer(doc, options);
  const out: ReadComment[] = [];
  for (const section of sections) {
    tick('output');
    if (section.confidence < minConfidence) continue;
    const base = out.length;
    const depths: number[] = [];
    for (const comment of section.comments) {
      const text = renderer.render(comment, 'text');
      const author = commentAuthor(doc, comment.author);
      const date = commentDate(doc, comment.date, comment.author, now);
      const depth = comment.replyTo >= 0 ? Math.min(MAX_REPLY_DEPTH, (depths[comment.replyTo] ?? 0) + 1) : 0;
      depths.push(depth);
      if (text === '' && author === undefined) {
        // Nothing to show (an empty or removed comment); keep the indices of replies right.
        out.push({
          source: comment,
          depth,
          text: '',
          ...(comment.replyTo >= 0 ? { replyTo: base + comment.replyTo } : {}),
        });
        continue;
      }
      out.push({
        source: comment,
        depth,
        text,
        ...(author === undefined ? {} : { author }),
        ...(date === undefined ? {} : { date }),
        ...(comment.replyTo >= 0 ? { replyTo: base + comment.replyTo } : {}),
      });
    }
  }
  return out;
}

/** Renders the text parts of one comment at a time, through one selection reused for all. */
class PartRenderer {
  private readonly selection: Selection;
  private readonly extraction: Extraction;

  constructor(
    private readonly doc: Doc,
    private readonly options: FormatOptions,
  ) {
    this.selection = new Selection(doc);
    this.extraction = {
      extractor: 'comments',
      version: '1',
      doc,
      selection: this.selection,
      roots: [],
      diagnostics: undefined,
    };
  }

  render(comment: CommentNodes, format: ContentFormat): string {
    const { doc, selection } = this;
    for (const part of comment.text) selection.keepSubtree(part);
    for (const node of comment.skip) selection.dropSubtree(node);
    const options = { ...this.options, dropTitle: false, printTitle: false };
    const blocks: string[] = [];
    for (const part of comment.text) {
      const range = { start: part, stop: doc.end(part) };
      const text =
        format === 'html'
          ? toHtmlRange(this.extraction, options, range)
          : format === 'text'
            ? toTextRange(this.extraction, options, range)
            : toMarkdownRange(this.extraction, options, range);
      if (text !== '') blocks.push(text);
    }
    for (const part of comment.text) selection.dropSubtree(part);
    return blocks.join(format === 'html' ? '\n' : '\n\n');
  }
}

/**
 * The comments as the last part of a Markdown, text or HTML output ('' when
 * there are none):
 *
 * - Markdown: `## Comments`, then a list with one item per comment — a first
 *   line `**Author** · date` when known, then the comment's text — replies
 *   nested under the comment they answer.
 * - Text: a line `Comments`, then one block per comment (`Author · date` on
 *   its first line), replies indented by two spaces per level.
 * - HTML: `<section><h2>Comments</h2>…</section>` with one `<article>` per
 *   comment (`<header>` with the author and a `<time>`), replies inside.
 */
export function formatComments(comments: ReadComments, format: ContentFormat): string {
  if (comments.shown.length === 0) return '';
  const renderer = new PartRenderer(comments.doc, comments.options);
  switch (format) {
    case 'markdown':
      return outputText(markdownComments(comments.shown, renderer));
    case 'html':
      return outputText(htmlComments(comments.shown, renderer));
    default:
      return outputText(textComments(comments.shown));
  }
}

function header(comment: ReadComment, markdown: boolean): string {
  const parts: string[] = [];
  if (comment.author !== undefined)
    parts.push(markdown ? `**${escapeMarkdown(comment.author, false)}**` : comment.author);
  if (comment.date !== undefined) parts.push(markdown ? escapeMarkdown(comment.date, false) : comment.date);
  return parts.join(' · ');
}

function markdownComments(comments: readonly ReadComment[], renderer: PartRenderer): string {
  const out: string[] = ['## Comments'];
  for (const comment of comments) {
    const indent = '  '.repeat(comment.depth);
    const lines: string[] = [];
    const head = header(comment, true);
    if (head !== '') lines.push(head);
    const body = renderer.render(comment.source, 'markdown');
    if (body !== '') {
      if (lines.length > 0) lines.push('');
      for (const line of body.split('\n')) lines.push(line);
    }
    // "- " then the item's content indented to its column; blank lines stay empty.
    const item = lines.map((line, index) => {
      if (index === 0) return `${indent}- ${line}`;
      return line === '' ? '' : `${indent}  ${line}`;
    });
    out.push(item.join('\n'));
  }
  return out.join('\n\n');
}

function textComments(comments: readonly ReadComment[]): string {
  const out: string[] = ['Comments'];
  for (const comment of comments) {
    const indent = '  '.repeat(comment.depth);
    const lines: string[] = [];
    const head = header(comment, false);
    if (head !== '') lines.push(head);
    if (comment.text !== '') for (const line of comment.text.split('\n')) lines.push(line);
    out.push(lines.map((line) => (line === '' ? '' : `${indent}${line}`)).join('\n'));
  }
  return out.join('\n\n');
}

function htmlComments(comments: readonly ReadComment[], renderer: PartRenderer): string {
  const out: string[] = ['<section>\n<h2>Comments</h2>\n'];
  const open: number[] = [];
  for (const comment of comments) {
    while (open.length > comment.depth) {
      out.push('</article>\n');
      open.pop();
    }
    out.push('<article>');
    open.push(comment.depth);
    const parts: string[] = [];
    if (comment.author !== undefined) parts.push(`<b>${escapeHtmlText(comment.author)}</b>`);
    if (comment.date !== undefined) {
      parts.push(
        `<time datetime="${escapeHtmlAttribute(comment.date)}">${escapeHtmlText(comment.date)}</time>`,
      );
    }
    if (parts.length > 0) out.push(`<header>${parts.join(' · ')}</header>\n`);
    const body = renderer.render(comment.source, 'html');
    if (body !== '') out.push(`${body}\n`);
  }
  while (open.length > 0) {
    out.push('</article>\n');
    open.pop();
  }
  out.push('</section>');
  return out.join('');
}
