/**
 * Feeds (RSS 0.9x/1.0/2.0, Atom, RDF, JSON Feed) → their items, read by feedsmith (see
 * docs/decisions.md): one shape whatever the format, with the fields a page record takes from a
 * feed (title, link, id, published date, authors, categories).
 */
import { parseFeed } from 'feedsmith';
import { PithError } from 'pith/internal';

export interface FeedItem {
  /** The item's page (absolute URL), when it has one. */
  url?: string;
  /** The item's own id (guid, Atom id, JSON Feed id), else its URL. */
  id?: string;
  title?: string;
  /** ISO 8601 when the feed's date parses, else as given. */
  published?: string;
  authors: string[];
  categories: string[];
}

export interface Feed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title?: string;
  items: FeedItem[];
}

/** Reads a feed document; `base` resolves relative item links. @throws PithError 'BAD_FEED' */
export function readFeed(content: string, base?: string): Feed {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(content);
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new PithError('BAD_FEED', `not a readable RSS, Atom, RDF or JSON feed: ${reason}`);
  }
  const feed = parsed.feed as unknown as Record<string, unknown>;
  const rawItems = (parsed.format === 'atom' ? feed.entries : feed.items) as
    | Record<string, unknown>[]
    | undefined;
  return {
    format: parsed.format as Feed['format'],
    ...(text(feed.title) ? { title: text(feed.title) } : {}),
    items: (rawItems ?? []).map((item) => itemOf(item, parsed.format, base)),
  };
}

function itemOf(item: Record<string, unknown>, format: string, base: string | undefined): FeedItem {
  const dc = (item.dc ?? {}) as { creators?: string[]; subjects?: string[]; dates?: string[] };
  let link: string | undefined;
  let id: string | undefined;
  let date: string | undefined;
  const authors: string[] = [];
  const categories: string[] = [];
  if (format === 'atom') {
    const links = (item.links ?? []) as { href?: string; rel?: string }[];
    link = (links.find((entry) => !entry.rel || entry.rel === 'alternate') ?? links[0])?.href;
    id = text(item.id);
    date = text(item.published) ?? text(item.updated);
    for (const author of (item.authors ?? []) as { name?: string }[])
      if (author.name) authors.push(author.name);
    for (const category of (item.categories ?? []) as { term?: string; label?: string }[]) {
      const name = category.label ?? category.term;
      if (name) categories.push(name);
    }
  } else if (format === 'json') {
    link = text(item.url) ?? text(item.external_url);
    id = text(item.id);
    date = text(item.date_published) ?? text(item.date_modified);
    for (const author of (item.authors ?? (item.author ? [item.author] : [])) as { name?: string }[]) {
      if (author.name) authors.push(author.name);
    }
    for (const tag of (item.tags ?? []) as string[]) categories.push(tag);
  } else {
    link = text(item.link);
    const guid = item.guid as { value?: string } | undefined;
    id = guid?.value ?? (item.rdf as { about?: string } | undefined)?.about;
    date = text(item.pubDate) ?? dc.dates?.[0];
    for (const author of (item.authors ?? []) as { name?: string }[])
      if (author.name) authors.push(author.name);
    for (const category of (item.categories ?? []) as { name?: string }[])
      if (category.name) categories.push(category.name);
  }
  for (const creator of dc.creators ?? []) authors.push(creator);
  for (const subject of dc.subjects ?? []) categories.push(subject);
  const url = absolute(link, base);
  return {
    ...(url ? { url } : {}),
    ...((id ?? url) ? { id: id ?? url } : {}),
    ...(text(item.title) ? { title: text(item.title) } : {}),
    ...(date ? { published: isoDate(date) } : {}),
    authors: [...new Set(authors.map((name) => name.trim()).filter(Boolean))],
    categories: [...new Set(categories.map((name) => name.trim()).filter(Boolean))],
  };
}

/** A string, or the text of a feedsmith text construct (`{ value }`). */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (value && typeof value === 'object' && 'value' in value)
    return text((value as { value: unknown }).value);
  return undefined;
}

function absolute(link: string | undefined, base: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function isoDate(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}
