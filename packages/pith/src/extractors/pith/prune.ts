import { type Doc, NodeKind, TAG, tick } from '../../dom/index.js';
import { hasCueWord } from '../../features/blocks/index.js';
import { BOILERPLATE_ROLES, MAYBE_CONTENT_CLASS, styleHides, UNLIKELY_CLASS } from './cues.js';

/** Elements that are never main content, whatever they hold. */
const FURNITURE_TAGS = new Set<number>([
  TAG.nav,
  TAG.aside,
  TAG.footer,
  TAG.button,
  TAG.select,
  TAG.input,
  TAG.textarea,
  TAG.dialog,
  TAG.menu,
  TAG.iframe,
  TAG.object,
  TAG.embed,
  TAG.canvas,
  TAG.svg,
  TAG.script,
  TAG.style,
  TAG.template,
  TAG.head,
]);

/** Never pruned by a class/id cue: the main container itself is often named oddly. */
const PROTECTED_TAGS = new Set<number>([TAG.html, TAG.body, TAG.article, TAG.main]);

/**
 * Above this share of the page's text, an element is too big to be furniture: a
 * boilerplate-looking class on the page wrapper must not delete the page.
 */
const MAX_PRUNED_SHARE = 0.4;

/**
 * A form holding this many paragraphs of prose wraps the page's content, not a few controls:
 * ASP.NET WebForms and some CMSs put the whole content column inside one `<form>`, which the
 * "small form" rule would otherwise delete with the article in it. A comment or newsletter form's
 * notices are one or two such paragraphs.
 */
const FORM_WRAPPER_PARAGRAPHS = 3;
/** A paragraph of prose: at least this many characters of text. */
const PROSE_PARAGRAPH_CHARS = 150;

export function wrapsProse(doc: Doc, form: number): boolean {
  let paragraphs = 0;
  const stop = doc.end(form);
  for (let node = form + 1; node < stop; node++) {
    if (doc.tag(node) !== TAG.p || doc.textLength(node) < PROSE_PARAGRAPH_CHARS) continue;
    if (++paragraphs >= FORM_WRAPPER_PARAGRAPHS) return true;
    node = doc.end(node) - 1;
  }
  return false;
}

export interface Pruned {
  /** 1 for the top of each removed subtree (descendants are implied). */
  removed: Uint8Array;
  /** How many subtrees each rule removed. */
  reasons: Record<string, number>;
}

/**
 * Marks page furniture as removed without touching the document: hidden
 * elements, navigation landmarks, form controls, small forms and (when
 * `useClassCues`) elements whose class or id names boilerplate.
 */
export function prune(doc: Doc, root: number, useClassCues: boolean): Pruned {
  const removed = new Uint8Array(doc.size);
  const reasons: Record<string, number> = {};
  const pageText = Math.max(1, doc.textLength(root));
  const stop = doc.end(root);
  for (let node = root + 1; node < stop; node++) {
    tick('pith');
    if (doc.kind(node) !== NodeKind.Element) continue;
    const reason = pruneReason(doc, node, pageText, useClassCues);
    if (reason === undefined) continue;
    removed[node] = 1;
    // own-keys: pruneReason's own codes
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    node = doc.end(node) - 1;
  }
  return { removed, reasons };
}

function pruneReason(doc: Doc, node: number, pageText: number, useClassCues: boolean): string | undefined {
  const tag = doc.tag(node);
  if (FURNITURE_TAGS.has(tag)) return `tag:${doc.tagName(node)}`;
  if (doc.attr(node, 'hidden') !== undefined) return 'hidden';
  const style = doc.attr(node, 'style');
  if (style !== undefined && styleHides(style)) return 'hidden';
  if (doc.attr(node, 'aria-hidden') === 'true' && doc.textLength(node) < 0.1 * pageText) return 'aria-hidden';
  const role = doc.attr(node, 'role');
  if (role !== undefined && BOILERPLATE_ROLES.has(role.toLowerCase())) return `role:${role.toLowerCase()}`;
  const share = doc.textLength(node) / pageText;
  if (tag === TAG.form && share < 0.5 && !wrapsProse(doc, node)) return 'form';
  if (!useClassCues || PROTECTED_TAGS.has(tag) || share > MAX_PRUNED_SHARE) return undefined;
  const classAndId = doc.classAndId(node);
  if (hasCueWord(classAndId, UNLIKELY_CLASS) && !MAYBE_CONTENT_CLASS.test(classAndId)) {
    return 'class';
  }
  if (tag === TAG.header && doc.linkDensity(node) > 0.3) return 'header';
  return undefined;
}
