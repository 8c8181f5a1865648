/**
 * features/footnotes: the footnote marks of a page and the notes they point to (found once per
 * `Doc`, cached); format/ writes them as `[^1]` marks and definitions, or DPUB-ARIA notes.
 */
export { type Footnotes, footnotesOf, keepsNoteText, type Note, withoutLeadingLabel } from './find.js';
