/**
 * The title step: where the page title goes in a content format. The walks ask
 * it about the few blocks at the top of the body (does this one repeat the
 * title?); printing the title on top is the caller's (`withTitle` in blocks.ts,
 * the HTML writer's first line). Changing the convention means changing this
 * file and the options callers pass, not the walks.
 */
import { lettersKey } from '../dom/index.js';
import { WHITESPACE_RUN, withoutSoftHyphens } from './common.js';
import type { FormatOptions } from './types.js';

/**
 * The form in which a heading is compared with the page title (`dropTitle`):
 * letters and digits only (any script), lower case — so case, spacing and
 * punctuation ("Title: Sub" / "Title — Sub") do not matter. '' for no title.
 */
export function titleKey(text: string | undefined): string {
  if (text === undefined) return '';
  return lettersKey(text.length > 2000 ? text.slice(0, 2000) : text);
}

/**
 * How far into the body a heading may come and still be taken for the title:
 * the blocks before it are at most this many, and this many characters.
 */
export const TITLE_SEARCH_BLOCKS = 3;
export const TITLE_SEARCH_CHARACTERS = 300;

/** Shortest key a heading and the title may share as a part (a phrase like "Climate change" is no headline). */
const MIN_SHARED_KEY = 20;

/**
 * A heading and the title that are the same headline with a part more in one of them: the title
 * with a section or site before or after it ("Aktuelles - Illegale Migration …" over the heading
 * "Illegale Migration …"), or a heading with a kicker in front ("Thema Verbraucherschutz Mehr
 * Transparenz bei Preisanpassungen" under the title "Transparenz bei Preisanpassungen"). The
 * shared part is at least half of the longer key and MIN_SHARED_KEY letters. Not a heading with a
 * part of any length after the title ("Chocolate chip cookies: ingredients" under "Chocolate Chip
 * Cookies"): that is a section of the page.
 */
function isTitleWithPart(heading: string, title: string): boolean {
  if (heading.length < title.length) {
    return (
      heading.length >= MIN_SHARED_KEY &&
      2 * heading.length >= title.length &&
      (title.startsWith(heading) || title.endsWith(heading))
    );
  }
  if (title.length < MIN_SHARED_KEY) return false;
  // A kicker in front; after the title only a few letters of a button or label glued to it
  // ("… What to watch in 2015 Add to ...": the title at least four fifths of the heading).
  return (
    (2 * title.length >= heading.length && heading.endsWith(title)) ||
    (5 * title.length >= 4 * heading.length && heading.startsWith(title))
  );
}

/** `[text](destination)` and `![alt](src)` leave their destination out of a title comparison. */
const MARKDOWN_DESTINATION = /\]\([^)]*\)/g;

/**
 * Finds the block of the body that repeats the page title, when the options
 * ask for it to be left out (`dropTitle`, or `printTitle`, which prints it on
 * top instead): the first heading within reach of the top, or a first
 * paragraph, whose text equals the title compared by `titleKey`. The search
 * ends at the first match or once past reach.
 */
export class TitleSearch {
  /** The title's comparison key while a block may still repeat it ('' once not). */
  private key: string;
  /** Whether a heading was compared already. */
  private headingSeen = false;

  constructor(options: FormatOptions) {
    this.key = options.dropTitle || options.printTitle ? titleKey(options.title) : '';
  }

  /** True when the options print the title on top of the body. */
  static prints(options: FormatOptions): boolean {
    return options.printTitle === true && titleKey(options.title) !== '';
  }

  /** The title to print on top of the body as text (whitespace collapsed), when the options print one. */
  static printed(options: FormatOptions): string | undefined {
    if (!TitleSearch.prints(options)) return undefined;
    return withoutSoftHyphens(options.title as string)
      .replace(WHITESPACE_RUN, ' ')
      .trim();
  }

  get searching(): boolean {
    return this.key !== '';
  }

  /**
   * Longest text (before whitespace is collapsed) worth comparing with the title: far more than
   * any heading that repeats it, and it spares reading a first paragraph of megabytes whole
   * (fuzz seed 203, page 3039: 440 ms for one comparison).
   */
  get longestCandidate(): number {
    return 100 * this.key.length + 10_000;
  }

  /**
   * True while a block is within reach of the top (`blocks` blocks and `chars`
   * characters of the body before it); once past, the search ends.
   */
  reaches(blocks: number, chars: number): boolean {
    if (this.key === '') return false;
    if (blocks > TITLE_SEARCH_BLOCKS || chars > TITLE_SEARCH_CHARACTERS) {
      this.key = '';
      return false;
    }
    return true;
  }

  /**
   * True (and the search ends) when a block of this text repeats the title; the body's first
   * heading also when one of the two is the other with a part more before or after it
   * (`isTitleWithPart`). Only the first: a headline the page splits over two headings (an
   * `<h1>` and an `<h2>` that the title joins) keeps its second part (L3S-GN1's CBS pages).
   */
  repeatedBy(text: string, heading = false): boolean {
    if (this.key === '') return false;
    const key = titleKey(text);
    const firstHeading = heading && !this.headingSeen;
    // An empty heading is no heading here (the Markdown and text writers never ask about one).
    if (heading && key !== '') this.headingSeen = true;
    if (key !== this.key && !(firstHeading && isTitleWithPart(key, this.key))) return false;
    this.key = '';
    return true;
  }

  /** `repeatedBy` for a rendered first paragraph (link and image destinations left out). */
  repeatedByParagraph(rendered: string): boolean {
    return this.key !== '' && this.repeatedBy(rendered.replace(MARKDOWN_DESTINATION, ']'));
  }
}
