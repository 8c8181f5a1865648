/**
 * Microdata (`itemscope` / `itemtype` / `itemprop`): one pass over the tree
 * builds the items and their properties; the main item (an Article-like
 * `itemtype` first) gives headline, author, dates, description and image.
 */
import { type Doc, NodeKind, TAG, tick, withoutTrailing } from '../dom/index.js';
import { rank } from './jsonld.js';
import { NOT_PAGE_BYLINES, nameLine, withoutArbitraryValues } from './page.js';

const MAX_ITEMS = 2_000;
const MAX_VALUES_PER_PROP = 20;
/** Longest visible text read as a short value (a name, a headline, a date). */
const MAX_SHORT_TEXT = 500;
const MAX_LONG_TEXT = 5_000;
/** Most elements under a property element whose text is read (keeps every read bounded). */
const MAX_VALUE_ELEMENTS = 500;

/** True when reading the element's text stays within the bounds. */
function readable(doc: Doc, node: number, maxText: number): boolean {
  return doc.textLength(node) <= maxText && doc.tagCount(node) <= MAX_VALUE_ELEMENTS;
}

interface Item {
  node: number;
  end: number;
  types: string[];
  props: Map<string, number[]>;
}

/** What the page's microdata says (raw values, not yet cleaned). */
export interface MicrodataData {
  types: string[];
  headline?: string;
  name?: string;
  authors: string[];
  published?: string;
  modified?: string;
  description?: string;
  images: string[];
  publisher?: string;
  keywords: string[];
  language?: string;
}

function typesOf(itemtype: string | undefined): string[] {
  if (!itemtype) return [];
  return itemtype
    .trim()
    .split(/\s+/)
    .slice(0, 5)
    .map((type) => withoutTrailing(type, 0x2f).replace(/^.*[/#]/, ''))
    .filter((type) => type.length > 0);
}

/** Builds the items. Item 0 is a pseudo-item holding the `itemprop`s outside any `itemscope`. */
function readItems(doc: Doc): { items: Item[]; itemOf: Map<number, number> } {
  const items: Item[] = [{ node: 0, end: doc.size, types: [], props: new Map() }];
  const itemOf = new Map<number, number>();
  const open: number[] = [0];
  for (let node = 0; node < doc.size; node++) {
    tick('metadata');
    while (open.length > 1 && node >= items[open[open.length - 1]].end) open.pop();
    if (doc.kind(node) !== NodeKind.Element) continue;
    // `attr` reads the attribute list in place (`attributes()` would build a record per element).
    const itemprop = doc.attr(node, 'itemprop');
    if (itemprop !== undefined) {
      const owner = items[open[open.length - 1]];
      for (const name of itemprop.trim().toLowerCase().split(/\s+/).slice(0, 5)) {
        if (name.length === 0) continue;
        let values = owner.props.get(name);
        if (!values) {
          values = [];
          owner.props.set(name, values);
        }
        if (values.length < MAX_VALUES_PER_PROP) values.push(node);
      }
    }
    if (items.length < MAX_ITEMS && doc.attr(node, 'itemscope') !== undefined) {
      itemOf.set(node, items.length);
      open.push(items.length);
      items.push({ node, end: doc.end(node), types: typesOf(doc.attr(node, 'itemtype')), props: new Map() });
    }
  }
  return { items, itemOf };
}

/** The microdata value of a property element (HTML spec, §5.4), or undefined when too long. */
function propertyValue(doc: Doc, node: number, maxText: number): string | undefined {
  const tag = doc.tag(node);
  const attr = (name: string) => doc.attr(node, name);
  let value: string | undefined;
  if (tag === TAG.meta) value = attr('content');
  else if (
    tag === TAG.img ||
    tag === TAG.audio ||
    tag === TAG.video ||
    tag === TAG.source ||
    tag === TAG.embed ||
    tag === TAG.iframe ||
    tag === TAG.track
  )
    value = attr('src');
  else if (tag === TAG.a || tag === TAG.area || tag === TAG.link) value = attr('href');
  else if (tag === TAG.object) value = attr('data');
  else if (tag === TAG.data || tag === TAG.meter) value = attr('value');
  else if (tag === TAG.time) value = attr('datetime');
  value ??= attr('content');
  if (value === undefined) {
    if (!readable(doc, node, maxText)) return undefined;
    value = doc.textContent(node);
  }
  return value.trim().length > 0 ? value : undefined;
}

/** The visible text of a property element (for names: an `<a itemprop=author>` is text, not its href). */
function textValueOf(doc: Doc, node: number, maxText: number): string | undefined {
  const tag = doc.tag(node);
  if (tag === TAG.meta) return doc.attr(node, 'content');
  const content = doc.attr(node, 'content');
  if (content !== undefined && content.trim().length > 0) return content;
  if (!readable(doc, node, maxText)) return undefined;
  const text = doc.textContent(node);
  return text.length > 0 ? text : undefined;
}

/** Item types whose authors are not the page's when the item sits inside another one. */
const NOT_PAGE_AUTHORS = /review|comment|rating/i;
/**
 * Item types whose authors are never the page's: a forum thread marks each post up as a
 * top-level `Comment`, or each reply as an `Answer` (XenForo), and the first one on the page may
 * be a moderator's note, not the thread starter's post (the byline rules read the labelled
 * starter instead; a `Question`'s author is the asker's and stays).
 */
const REPLY_TYPE = /comment|answer/i;

/**
 * Whether an author property sits in a part of the page that is not the item's own text, between the
 * property and its item: a sidebar's or the comments' teasers of other articles, each marked up with
 * its writer (WCXB dev 0363: five "author" properties of the page's item, four in `column-sidebar`
 * inside `comment-area-wrap`). A class that holds most of the page is its layout's.
 */
function inOtherPart(doc: Doc, node: number, item: number): boolean {
  const pageText = doc.textLength(doc.body >= 0 ? doc.body : 0);
  for (let up = doc.parent(node); up > item; up = doc.parent(up)) {
    const cues = doc.classAndId(up);
    if (
      cues !== '' &&
      NOT_PAGE_BYLINES.test(withoutArbitraryValues(cues)) &&
      doc.textLength(up) * 2 < pageText
    )
      return true;
  }
  return false;
}

export function microdataData(doc: Doc): MicrodataData {
  const data: MicrodataData = { types: [], authors: [], images: [], keywords: [] };
  // Most pages have no microdata: one scan of the attribute store says so, not a walk over every
  // element (the walk would find no item and no property, and end here too).
  if (!doc.hasAttributeContaining('itemprop', '') && !doc.hasAttributeContaining('itemscope', ''))
    return data;
  const { items, itemOf } = readItems(doc);
  if (items.length === 1 && items[0].props.size === 0) return data;

  let main = items[0];
  let mainRank = 0;
  for (let index = 1; index < items.length; index++) {
    const itemRank = rank(items[index].types);
    if (itemRank > mainRank) {
      main = items[index];
      mainRank = itemRank;
    }
  }
  data.types = main.types;

  const first = (item: Item, names: readonly string[], long = false, asText = false): string | undefined => {
    for (const name of names) {
      for (const node of item.props.get(name) ?? []) {
        const value = asText
          ? textValueOf(doc, node, long ? MAX_LONG_TEXT : MAX_SHORT_TEXT)
          : propertyValue(doc, node, long ? MAX_LONG_TEXT : MAX_SHORT_TEXT);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  };
  /** A person or organisation: its item's name, or the element's text. */
  const nameOf = (node: number): string | undefined => {
    const itemIndex = itemOf.get(node);
    if (itemIndex !== undefined) {
      const item = items[itemIndex];
      const name = first(item, ['name'], false, true);
      if (name !== undefined) return name;
      const given = first(item, ['givenname'], false, true);
      const family = first(item, ['familyname'], false, true);
      if (given !== undefined || family !== undefined) return [given, family].filter(Boolean).join(' ');
    }
    // The name's line alone when a role or a date sits on the next ("By <a>Keith Barry</a><br><span>Senior
    // Autos Reporter</span>" in an `itemprop=author` span, WCXB dev 4048), as a byline's.
    const text = textValueOf(doc, node, MAX_SHORT_TEXT);
    return text !== undefined && doc.tag(node) !== TAG.meta && doc.attr(node, 'content') === undefined
      ? (nameLine(doc, node) ?? text)
      : text;
  };

  data.headline = first(main, ['headline'], false, true);
  data.name = main === items[0] ? undefined : first(main, ['name'], false, true);
  // Authors of the main item; else the first item that names any. Never those of a reply, nor
  // those of a review inside another item (a product's customer reviews name their writers).
  const inOther = (item: Item) =>
    items.some(
      (other, index) => index > 0 && other !== item && other.node < item.node && item.end <= other.end,
    );
  const authorItems = [main, ...items.filter((item) => item !== main)].filter(
    (item) =>
      !item.types.some((type) => REPLY_TYPE.test(type)) &&
      !(item.types.some((type) => NOT_PAGE_AUTHORS.test(type)) && inOther(item)),
  );
  for (const item of authorItems) {
    const nodes = [...(item.props.get('author') ?? []), ...(item.props.get('creator') ?? [])];
    for (const node of nodes) {
      if (inOtherPart(doc, node, item.node)) continue;
      const name = nameOf(node);
      if (name !== undefined) data.authors.push(name);
    }
    if (data.authors.length > 0) break;
  }
  const pick = (names: readonly string[], long = false): string | undefined =>
    first(main, names, long) ?? (main !== items[0] ? first(items[0], names, long) : undefined);
  data.published = pick(['datepublished', 'datecreated', 'uploaddate']);
  data.modified = pick(['datemodified']);
  data.description = pick(['description'], true);
  for (const node of [...(main.props.get('image') ?? []), ...(main.props.get('thumbnailurl') ?? [])]) {
    const itemIndex = itemOf.get(node);
    const image =
      itemIndex !== undefined
        ? (first(items[itemIndex], ['url', 'contenturl']) ?? propertyValue(doc, node, 0))
        : propertyValue(doc, node, 0);
    if (image !== undefined) {
      data.images.push(image);
      break;
    }
  }
  const publisher = [...(main.props.get('publisher') ?? []), ...(items[0].props.get('publisher') ?? [])];
  for (const node of publisher) {
    const name = nameOf(node);
    if (name !== undefined) {
      data.publisher = name;
      break;
    }
  }
  const keywords = pick(['keywords']);
  if (keywords !== undefined) data.keywords.push(keywords);
  data.language = pick(['inlanguage']);
  return data;
}
