import { type Doc, NodeKind, TAG, TAG_COUNT, tick } from '../../dom/index.js';
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

/** `FURNITURE_TAGS` and `PROTECTED_TAGS` by tag number, read for every element of the page. */
const IS_FURNITURE = new Uint8Array(TAG_COUNT);
for (const tag of FURNITURE_TAGS) IS_FURNITURE[tag] = 1;
const IS_PROTECTED = new Uint8Array(TAG_COUNT);
for (const tag of PROTECTED_TAGS) IS_PROTECTED[tag] = 1;

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
  const page: PrunedPage = {
    text: Math.max(1, doc.textLength(root)),
    useClassCues,
    hidden: doc.attributeId('hidden'),
    style: doc.attributeId('style'),
    ariaHidden: doc.attributeId('aria-hidden'),
    role: doc.attributeId('role'),
    unlikelyClass: useClassCues ? new Int8Array(doc.classCount) : undefined,
  };
  const { kind } = doc.columns;
  const stop = doc.end(root);
  for (let node = root + 1; node < stop; node++) {
    tick('pith');
    if (kind[node] !== NodeKind.Element) continue;
    const reason = pruneReason(doc, node, page);
    if (reason === undefined) continue;
    removed[node] = 1;
    // own-keys: pruneReason's own codes
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    node = doc.end(node) - 1;
  }
  return { removed, reasons };
}

/**
 * What `pruneReason` reads the same on every element of a page: the attributes' numbers (each
 * `attr` looked its name up in a map; -1 where no element has it) and, per class string's number,
 * whether it names boilerplate (0: not read yet, 1: yes, -1: no; equal numbers, equal strings).
 */
interface PrunedPage {
  text: number;
  useClassCues: boolean;
  hidden: number;
  style: number;
  ariaHidden: number;
  role: number;
  unlikelyClass: Int8Array | undefined;
}

function pruneReason(doc: Doc, node: number, page: PrunedPage): string | undefined {
  const tag = doc.tag(node);
  if (IS_FURNITURE[tag]) return `tag:${doc.tagName(node)}`;
  if (doc.attrById(node, page.hidden) !== undefined) return 'hidden';
  const style = doc.attrById(node, page.style);
  if (style !== undefined && styleHides(style)) return 'hidden';
  if (doc.attrById(node, page.ariaHidden) === 'true' && doc.textLength(node) < 0.1 * page.text)
    return 'aria-hidden';
  const role = doc.attrById(node, page.role);
  if (role !== undefined && BOILERPLATE_ROLES.has(role.toLowerCase())) return `role:${role.toLowerCase()}`;
  const share = doc.textLength(node) / page.text;
  if (tag === TAG.form && share < 0.5 && !wrapsProse(doc, node)) return 'form';
  if (!page.useClassCues || IS_PROTECTED[tag] || share > MAX_PRUNED_SHARE) return undefined;
  if (unlikelyClass(doc, node, page.unlikelyClass)) return 'class';
  if (tag === TAG.header && doc.linkDensity(node) > 0.3) return 'header';
  return undefined;
}

/** Whether an element's class or id names boilerplate, read once per class string of the page. */
function unlikelyClass(doc: Doc, node: number, known: Int8Array | undefined): boolean {
  const number = doc.classNumber(node);
  if (number === 0) return false;
  if (known !== undefined && number > 0 && known[number] !== 0) return known[number] === 1;
  const classAndId = doc.classAndId(node);
  const unlikely = hasCueWord(classAndId, UNLIKELY_CLASS) && !MAYBE_CONTENT_CLASS.test(classAndId);
  if (known !== undefined && number > 0) known[number] = unlikely ? 1 : -1;
  return unlikely;
}
