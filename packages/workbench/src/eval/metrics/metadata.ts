/**
 * Metadata against a dataset's gold (WCXB: title, author, publish_date; trafilatura's benchmark:
 * title, author, date), one field at a time, the same way for pith and for every peer that reads
 * metadata:
 *
 * - title: equal after normalisation (Unicode NFKC, case, whitespace, and typography: curly and
 *   straight quotes, dashes, the ellipsis, soft hyphens and zero-width characters);
 * - author: every name of the gold among the extractor's names (issue 42: "the gold author inside
 *   pith's authors"), after splitting both sides with one rule (`;`, `,`, `&`, `|`, " and " in the
 *   languages of the datasets) and normalising each name as a title is. The stricter reading (the
 *   same set of names) is `sameAuthorNames`; an answer right by the first and not the second lists
 *   names the gold lacks (`authorNamesBeyond`), which reports count so that padding shows;
 * - date: the same day (the first ten characters of an ISO date, `YYYY-MM-DD`).
 *
 * A page whose gold has no value for a field (null, '' or absent) is right when the extractor
 * has none either, and wrong when it has one.
 */

/** The fields scored. */
export type MetadataField = 'title' | 'author' | 'date';
export const METADATA_FIELDS: readonly MetadataField[] = ['title', 'author', 'date'];

/** What an extractor read (pith's `Metadata` and a peer's metadata both fit). */
export interface MetadataValues {
  title?: string;
  authors: readonly string[];
  /** Publication date, ISO 8601 (a day, or a date-time). */
  published?: string;
}

/** The gold of one page, as a dataset writes it (null or '' = annotated as absent). */
export interface MetadataGoldValues {
  title?: string | null;
  author?: string | null;
  date?: string | null;
}

/** One field of one page. */
export interface MetadataFieldScore {
  /** The gold has a value. */
  gold: boolean;
  /** The extractor has a value. */
  found: boolean;
  /** Equal values, or neither has one. */
  correct: boolean;
}

export type MetadataScores = Record<MetadataField, MetadataFieldScore>;

const QUOTES_SINGLE = /[‘’‚‛′`´]/g;
const QUOTES_DOUBLE = /[“”„‟″]/g;
const DASHES = /[‐‑‒–—―−]/g;
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/** A title or a name as compared: NFKC, typography unified, case and whitespace ignored. */
export function normaliseMetadataText(value: string): string {
  return value
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(QUOTES_SINGLE, "'")
    .replace(QUOTES_DOUBLE, '"')
    .replace(DASHES, '-')
    .replace(/…/g, '...')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where a list of names splits: `;`, `,`, `&`, `|`, and "and" in en, de, fr, es, it, nl, pt. */
const NAME_SEPARATOR = /\s*[;,&|]\s*(?:(?:and|und|et|y|e|en)\s+)?|\s+(?:and|und|et|y|e|en)\s+/i;

/** The set of names in an author string or list, split and normalised by one rule for every side. */
export function authorNameSet(value: string | readonly string[]): Set<string> {
  const text = typeof value === 'string' ? value : value.join('; ');
  const names = new Set<string>();
  for (const part of text.split(NAME_SEPARATOR)) {
    const name = normaliseMetadataText(part).replace(/^[\s.'"-]+|[\s.'"-]+$/g, '');
    if (name !== '') names.add(name);
  }
  return names;
}

/** Every name of the gold is among the answer's (the scorer's reading; both sides from `authorNameSet`). */
export function goldNamesInside(gold: ReadonlySet<string>, answer: ReadonlySet<string>): boolean {
  return gold.size > 0 && [...gold].every((name) => answer.has(name));
}

/** The same set of names (the strict reading, reported beside the scorer's). */
export function sameAuthorNames(gold: ReadonlySet<string>, answer: ReadonlySet<string>): boolean {
  return gold.size === answer.size && goldNamesInside(gold, answer);
}

/** The answer's names the gold lacks. */
export function authorNamesBeyond(gold: ReadonlySet<string>, answer: ReadonlySet<string>): number {
  let count = 0;
  for (const name of answer) if (!gold.has(name)) count++;
  return count;
}

/** The day of a date (`YYYY-MM-DD`), or undefined; `2020.05.01` and `2020/05/01` read too. */
export function dayOf(value: string | undefined | null): string | undefined {
  const match = value ? /^\s*(\d{4})[-/.](\d{2})[-/.](\d{2})/.exec(value) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

function field(gold: boolean, found: boolean, equal: () => boolean): MetadataFieldScore {
  return { gold, found, correct: gold ? found && equal() : !found };
}

/** Scores one page's metadata (undefined = the extractor read none) against its gold. */
export function scoreMetadata(gold: MetadataGoldValues, actual: MetadataValues | undefined): MetadataScores {
  const title = actual?.title;
  const authors = authorNameSet(actual?.authors ?? []);
  const day = dayOf(actual?.published);
  return {
    title: field(
      present(gold.title),
      present(title),
      () => normaliseMetadataText(gold.title ?? '') === normaliseMetadataText(title ?? ''),
    ),
    author: field(present(gold.author), authors.size > 0, () =>
      goldNamesInside(authorNameSet(gold.author ?? ''), authors),
    ),
    date: field(present(gold.date), day !== undefined, () => dayOf(gold.date) === day),
  };
}

/** Counts of one field over some pages. */
export interface MetadataFieldCounts {
  pages: number;
  /** Pages whose gold has a value. */
  withGold: number;
  /** …of which the extractor's value is equal. */
  correctWithGold: number;
  /** …of which the extractor has none. */
  missing: number;
  /** Pages whose gold has none, where the extractor has none either (right). */
  rightNone: number;
  /** Pages whose gold has none, where the extractor has one (wrong). */
  extra: number;
}

/** Sums one field's scores. */
export function countMetadataField(
  scores: readonly MetadataScores[],
  name: MetadataField,
): MetadataFieldCounts {
  const counts: MetadataFieldCounts = {
    pages: 0,
    withGold: 0,
    correctWithGold: 0,
    missing: 0,
    rightNone: 0,
    extra: 0,
  };
  for (const page of scores) {
    const score = page[name];
    counts.pages++;
    if (score.gold) {
      counts.withGold++;
      if (score.correct) counts.correctWithGold++;
      if (!score.found) counts.missing++;
    } else if (score.found) counts.extra++;
    else counts.rightNone++;
  }
  return counts;
}
