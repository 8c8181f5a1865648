/**
 * The learned choice (issue 42): for the title, the authors and the publication date, the page's
 * candidates (candidates.ts) are scored by the field's model (model.ts) over their features
 * (features.ts), and the likeliest is the answer — unless the row that stands for "the page does
 * not say", given the model's margin, is likelier, or the likeliest's probability is under the field's
 * floor: then the field is empty. Every other field is
 * the rules' (merge.ts). `sources` says where each answer came from.
 */
import { isPithError } from '../errors.js';
import {
  type AuthorCandidate,
  type DateCandidate,
  readCandidates,
  type TitleCandidate,
  type TitleMention,
} from './candidates.js';
import { candidateRows, RowStores } from './features.js';
import type { Sources } from './merge.js';
import { type ChosenField, chosenRow, type MetadataModel, rowProbability, weightedMargins } from './model.js';
import type { Metadata, MetadataSources } from './types.js';

/** What the rules read from a page: every source, and their answer. */
export interface MetadataReading {
  /** The rules' metadata: what the extractors read (their inputs do not move with the model). */
  rules: Metadata;
  sources: Sources;
  siteNames: readonly string[];
  url: string | undefined;
  now: number;
}

export interface ChooseOptions {
  /**
   * The page-type recogniser's probabilities (features/page-type, in its PAGE_TYPES order), a
   * feature of every field, and each type's margins count by its probability; missing when not given.
   */
  pageType?: ArrayLike<number>;
  /** The model; null: the rules' answers. */
  model: MetadataModel | null;
}

/** The rows of the page being chosen, in stores kept from page to page (read before the next page's). */
const CHOICE_ROWS = new RowStores();
/** Each row's probability, in a store kept from field to field (every value written before it is read). */
let probabilityStore = new Float64Array(64);

/**
 * Index of the row chosen (the candidates', then "none"), with the margins of the page's types
 * (weighted by their probabilities): `rulesRow` is the rules' answer's (`count`, the "none" row,
 * when they found nothing).
 */
function likeliest(
  model: MetadataModel,
  field: ChosenField,
  rows: Float32Array,
  count: number,
  rulesRow: number,
  types: ArrayLike<number> | undefined,
): number {
  // No candidate: the "none" row alone, which `chosenRow` returns whatever its probability (a
  // third of the speed mix's authors and dates); the model is not asked.
  if (count === 0) return 0;
  const entry = model.fields[field];
  const width = entry.model.featureNames.length;
  if (probabilityStore.length < count + 1) probabilityStore = new Float64Array(2 * (count + 1));
  const probabilities = probabilityStore.subarray(0, count + 1);
  for (let row = 0; row <= count; row++) probabilities[row] = rowProbability(entry, rows, row * width);
  return chosenRow(probabilities, rulesRow, weightedMargins(entry, types));
}

const TITLE_SOURCE_NAMES: Readonly<Record<string, string>> = {
  og: 'og:title',
  twitter: 'twitter:title',
  'ld.headline': 'json-ld:headline',
  'ld.name': 'json-ld:name',
  'ld.page': 'json-ld:WebPage',
  micro: 'microdata:headline',
  'meta.other': 'meta:title',
  title: 'html:title',
  'h1.first': 'html:h1',
  'h1.other': 'html:h1',
  h2: 'html:h2',
  breadcrumb: 'breadcrumb',
};

const AUTHOR_SOURCE_NAMES: Readonly<Record<string, string>> = {
  'ld.person': 'json-ld:author',
  'ld.org': 'json-ld:author',
  'meta.author': 'meta:author',
  'meta.article': 'meta:article:author',
  'meta.dc': 'meta:dc:creator',
  'meta.other': 'meta:author',
  'meta.label': 'twitter:data',
  micro: 'microdata:author',
  'byline.first': 'html:byline',
  'byline.other': 'html:byline',
  'text.first': 'html:byline',
  'text.other': 'html:byline',
  starter: 'html:thread-starter',
  post: 'html:post-author',
  box: 'html:author-box',
};

const DATE_SOURCE_NAMES: Readonly<Record<string, string>> = {
  'ld.published': 'json-ld:datePublished',
  'ld.modified': 'json-ld:dateModified',
  'meta.published': 'meta:published',
  'meta.modified': 'meta:modified',
  'micro.published': 'microdata:datePublished',
  'micro.modified': 'microdata:dateModified',
  'time.pub': 'html:time',
  'time.other': 'html:time',
  shown: 'html:text',
  'shown.updated': 'html:text',
  relative: 'html:text#relative',
  byline: 'html:byline',
  url: 'url',
};

/** The public names of where a value was found, each once, in the order met (the rules' own mention left out). */
function named(list: readonly string[], names: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const source of list) {
    const name = Object.hasOwn(names, source) ? names[source] : undefined;
    if (name !== undefined && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * The sources of a field's mentions. Lists here are built by a loop into a literal, not `map`:
 * `map`'s array from an empty list has other elements than one of strings, and `choose`'s
 * optimised code was thrown away at the other ("wrong map", then a recompile).
 */
function mentionSources(mentions: readonly { source: string }[]): string[] {
  const out: string[] = [];
  for (const mention of mentions) out.push(mention.source);
  return out;
}

function titleSourceNames(mentions: readonly TitleMention[]): string[] {
  const out: string[] = [];
  for (const name of named(mentionSources(mentions), TITLE_SOURCE_NAMES)) {
    const forms = mentions.filter((mention) => TITLE_SOURCE_NAMES[mention.source] === name);
    if (forms.some((mention) => mention.form === 'whole')) out.push(name);
    else
      out.push(
        forms.some((mention) => mention.form === 'stripped') ? `${name}#without-site` : `${name}#part`,
      );
  }
  return out;
}

/** The ISO value of a chosen day: the rules' when they chose that day, else the first mention with a time. */
function dateValue(candidate: DateCandidate, rules: Metadata): string {
  if (rules.published?.startsWith(candidate.day)) return rules.published;
  return candidate.mentions.find((mention) => mention.iso.length > 10)?.iso ?? candidate.day;
}

/**
 * The metadata of a reading: the rules' fields, with the title, authors and date chosen by the
 * model. Never throws on page content: should the choice fail (a bug, an engine limit), the
 * answer is the rules'; the time budget running out stops the page.
 */
export function chooseMetadata(reading: MetadataReading, options: ChooseOptions): Metadata {
  try {
    return choose(reading, options);
  } catch (error) {
    if (isPithError(error) && error.code === 'TIMEOUT') throw error;
    return reading.rules;
  }
}

function choose(reading: MetadataReading, options: ChooseOptions): Metadata {
  const { rules, sources, siteNames, url, now } = reading;
  const candidates = readCandidates(sources, rules, siteNames, url, now);
  const model = options.model;
  let title: TitleCandidate | undefined;
  let authors: AuthorCandidate | undefined;
  let date: DateCandidate | undefined;
  // The rules' answers, found among the candidates by their sources.
  const rulesTitle = candidates.titles.findIndex((candidate) =>
    candidate.mentions.some((m) => m.source === 'rules'),
  );
  const rulesAuthors = candidates.authors.findIndex((candidate) => candidate.sources.includes('rules'));
  const rulesDate = candidates.dates.findIndex((candidate) =>
    candidate.mentions.some((m) => m.source === 'rules'),
  );
  if (model === null) {
    title = candidates.titles[rulesTitle];
    authors = candidates.authors[rulesAuthors];
    date = candidates.dates[rulesDate];
  } else {
    // The probabilities as doubles in a typed array: the caller's list may hold small integers or
    // doubles, whose arrays differ, and code optimised for one was thrown away at the other.
    const types = options.pageType === undefined ? undefined : Float64Array.from(options.pageType);
    const rows = candidateRows(candidates, sources, rules, siteNames, url, types, CHOICE_ROWS);
    title = pick(model, 'title', rows.titles, candidates.titles, rulesTitle, types);
    authors = pick(model, 'author', rows.authors, candidates.authors, rulesAuthors, types);
    date = pick(model, 'date', rows.dates, candidates.dates, rulesDate, types);
  }
  // The rules' other fields in their order, authors emptied (without `delete`, which leaves an
  // object V8 keeps as a dictionary; nor a rest copy and a spread, two slow copies a page).
  // (A rest copy took ~5 µs a call, this loop ~0.2.) Own keys only, as the rest copy took them.
  const metadata = {} as Metadata;
  const copy = metadata as unknown as Record<string, unknown>;
  const given = rules as unknown as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (key !== 'title' && key !== 'published' && key !== 'sources')
      // own-keys: the rules' own keys (merge's field names), into a new object of the same fields
      copy[key] = given[key];
  metadata.authors = [];
  const found: MetadataSources = {};
  if (title !== undefined) {
    metadata.title = title.text;
    found.title = orRules(titleSourceNames(title.mentions));
  }
  if (authors !== undefined) {
    metadata.authors = authors.names;
    found.authors = orRules(named(authors.sources, AUTHOR_SOURCE_NAMES));
  }
  if (date !== undefined) {
    metadata.published = dateValue(date, rules);
    found.published = orRules(named(mentionSources(date.mentions), DATE_SOURCE_NAMES));
  }
  if (rules.sources?.siteName !== undefined) found.siteName = rules.sources.siteName;
  if (rules.sources?.language !== undefined) found.language = rules.sources.language;
  metadata.sources = found;
  return metadata;
}

/** A value only the rules give (a title they rewrote) is theirs. */
const orRules = (names: string[]): string[] => (names.length > 0 ? names : ['pith:rules']);

function pick<T>(
  model: MetadataModel,
  field: ChosenField,
  rows: Float32Array,
  list: readonly T[],
  rulesAt: number,
  types: ArrayLike<number> | undefined,
): T | undefined {
  const at = likeliest(model, field, rows, list.length, rulesAt < 0 ? list.length : rulesAt, types);
  return at < list.length ? list[at] : undefined;
}
