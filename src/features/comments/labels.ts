/**
 * A comment's author and date read from the nodes the finder marked (find.ts): the name without
 * its "Posted by" label or "says:" verb, the date as ISO 8601 when it parses (else as written, when
 * short). format/comments.ts writes what these return.
 */
import type { Doc } from '../../dom/index.js';
import { cleanAuthors, parseDate } from '../../metadata/index.js';

const POSTED_BY =
  /^\s*(?:posted|written|submitted|geschrieben|verfasst|publié|publicado|scritto)\s+(?=by\b|von\b|par\b|por\b|da\b)/i;
const MAX_LABEL = 200;
/** "Ann says:", "Ann schreibt:": the verb after a name in comment headers. */
const SAYS =
  /\s+(?:says|said|wrote|writes|sagt|schreibt|schrieb|meint|dit|a écrit|écrit|dice|escribió|scrive|zegt|schreef)\s*:?\s*$/i;

/** A label's text as a reader sees it (soft hyphens dropped, composed), like the text outputs. */
function labelText(doc: Doc, node: number): string {
  const text = doc.textContent(node);
  return (text.indexOf('\u00ad') < 0 ? text : text.replace(/\u00ad/g, '')).normalize('NFC');
}

/** The author named by the node `author` (-1: none), cleaned; undefined when no name is left. */
export function commentAuthor(doc: Doc, author: number): string | undefined {
  if (author < 0) return undefined;
  // "Posted by: Ann | 5 May": the label goes first (cleanAuthors takes "Posted …" for a dateline).
  const raw = labelText(doc, author).slice(0, MAX_LABEL).replace(SAYS, '').replace(POSTED_BY, '');
  const names = cleanAuthors([raw]);
  return names.length > 0 ? names.join(', ') : undefined;
}

/**
 * The date of the node `date` (-1: none): its `datetime` or its text as ISO 8601 (dates after `now`
 * rejected), else the text as written when short and not the author's own label.
 */
export function commentDate(doc: Doc, date: number, author: number, now: number): string | undefined {
  if (date < 0) return undefined;
  const datetime = doc.attr(date, 'datetime');
  const parsed = parseDate(datetime, now) ?? parseDate(labelText(doc, date).slice(0, MAX_LABEL), now);
  if (parsed !== undefined) return parsed;
  if (author === date) return undefined;
  const written = labelText(doc, date);
  return written !== '' && written.length <= 80 ? written : undefined;
}
