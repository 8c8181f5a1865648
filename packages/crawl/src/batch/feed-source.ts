/**
 * The item pages of feeds as a batch source: each feed (URL or file) read, each item's page fetched
 * politely (robots.txt, per-host limits, retries, conditional GET) several at once, and handed on
 * with the item's title as the title hint and the feed's fields to merge into the record.
 */
import { readFile } from 'node:fs/promises';
import { FetchStatusError } from '@pith/tools';
import { isPithError } from 'pith';
import {
  type FeedItem,
  type PoliteFetcher,
  readFeed,
  robotsDisallowed,
  type Validators,
} from '../feed/index.js';
import type { PageRecord } from '../output/index.js';
import type { BatchSource, SourceItem } from './run.js';
import type { PageResult, PageSettings } from './types.js';

export interface FeedSourceOptions {
  settings: PageSettings;
  fetcher: PoliteFetcher;
  /** Item pages fetched at once, over all hosts (default 8; each host has its own limit). */
  concurrency?: number;
  /** A feed that could not be read, and why (the run goes on): the error, for the caller to word. */
  onFeedProblem?: (feed: string, problem: Error) => void;
  /** A page was fetched: its validators, to keep once its record is written. */
  onFetched?: (url: string, itemUrl: string, validators: Validators) => void;
  /** A feed was fetched: its validators, to keep when the run finishes. */
  onFeedFetched?: (url: string, validators: Validators) => void;
}

const FEED_TYPES = [
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
  'application/feed+json',
  'application/json',
  'application/xml',
  'text/xml',
  'text/plain',
  'text/html',
];

export function feedSource(feeds: readonly string[], options: FeedSourceOptions): BatchSource {
  return async function* (): AsyncGenerator<SourceItem> {
    const seen = new Set<string>();
    for (const [input, feed] of feeds.entries()) {
      const position = (index: number) => ({ offset: index, skip: 0 });
      const loaded = await loadFeed(feed, options);
      if ('skip' in loaded) {
        yield { kind: 'skip', reason: loaded.skip, input, position: position(0), bytesRead: 0 };
        continue;
      }
      const items: { item: FeedItem & { url: string }; index: number }[] = [];
      for (const [index, item] of loaded.items.entries()) {
        if (!item.url) {
          yield { kind: 'skip', reason: 'no-link', input, position: position(index), bytesRead: 0 };
        } else if (seen.has(item.url)) {
          yield { kind: 'skip', reason: 'duplicate', input, position: position(index), bytesRead: 0 };
        } else {
          seen.add(item.url);
          items.push({ item: { ...item, url: item.url }, index });
        }
      }
      const fetched = mapConcurrent(items, options.concurrency ?? 8, ({ item, index }) =>
        fetchPage(
          item.url,
          { url: item.url, feedUrl: loaded.url ?? feed, feedItemId: item.id ?? item.url },
          input,
          position(index),
          options,
          item,
        ),
      );
      for await (const result of fetched) yield result;
    }
  };
}

async function loadFeed(
  feed: string,
  options: FeedSourceOptions,
): Promise<{ items: FeedItem[]; url: string | undefined } | { skip: string }> {
  let text: string;
  let url: string | undefined;
  try {
    if (/^https?:\/\//i.test(feed)) {
      const result = await options.fetcher.fetch(feed, { conditional: true, accept: FEED_TYPES });
      if (result.kind === 'not-modified') return { skip: 'feed-not-modified' };
      if (result.kind === 'disallowed') {
        options.onFeedProblem?.(feed, robotsDisallowed(feed));
        return { skip: 'feed-disallowed' };
      }
      text = Buffer.from(result.page.bytes).toString('utf8');
      url = result.page.url;
      options.onFeedFetched?.(feed, result.validators);
    } else {
      text = await readFile(feed, 'utf8');
    }
  } catch (error) {
    const problem = error instanceof Error ? error : new Error(String(error));
    options.onFeedProblem?.(feed, problem);
    return { skip: feedProblem(problem) };
  }
  try {
    return { items: readFeed(text, url).items, url };
  } catch (error) {
    options.onFeedProblem?.(feed, error instanceof Error ? error : new Error(String(error)));
    return { skip: 'bad-feed' };
  }
}

/**
 * Why a feed could not be had, as a skip reason: four answers a caller acts on differently.
 * `feed-unreachable` (no answer, a timeout, a 5xx or 429 after the retries, its robots.txt
 * unreachable: try again later), `feed-refused` (the server said no: 4xx), `feed-blocked` (pith's
 * address policy: --allow-private), `feed-disallowed` (robots.txt); anything else (not a feed, too
 * large, not a feed's type) is a `bad-feed`.
 */
export function feedProblem(error: Error): FeedProblem {
  if (!isPithError(error)) return 'feed-unreachable'; // a file that cannot be read
  if (error.code === 'FETCH_BLOCKED') return 'feed-blocked';
  if (error.code === 'FETCH_ROBOTS_DISALLOWED') return 'feed-disallowed';
  if (error.code === 'FETCH_FAILED' || error.code === 'FETCH_TIMEOUT') return 'feed-unreachable';
  if (error instanceof FetchStatusError)
    return error.status === 429 || error.status >= 500 ? 'feed-unreachable' : 'feed-refused';
  return 'bad-feed';
}

/** Why a feed gave no item (skip reasons of the feed itself). */
export type FeedProblem =
  | 'feed-unreachable'
  | 'feed-refused'
  | 'feed-blocked'
  | 'feed-disallowed'
  | 'bad-feed';

/** The skip reasons that say a feed could not be read (a run with one of them did not do its work). */
export const FEED_PROBLEMS: readonly FeedProblem[] = [
  'feed-unreachable',
  'feed-refused',
  'feed-blocked',
  'feed-disallowed',
  'bad-feed',
];

export interface UrlSourceOptions {
  settings: PageSettings;
  fetcher: PoliteFetcher;
  /** Pages fetched at once, over all hosts (default 8; each host has its own limit). */
  concurrency?: number;
}

/** The pages of a list of URLs as a batch source: fetched politely, several at once (a queue's `urls` job). */
export function urlSource(urls: readonly string[], options: UrlSourceOptions): BatchSource {
  return async function* (): AsyncGenerator<SourceItem> {
    const fetched = mapConcurrent([...urls.entries()], options.concurrency ?? 8, ([index, url]) =>
      fetchPage(url, { url }, 0, { offset: index, skip: 0 }, options),
    );
    for await (const result of fetched) yield result;
  };
}

/** One page fetched: a page to extract (a feed item's title as the hint, its fields merged), a skip, or a failed record. */
async function fetchPage(
  url: string,
  fields: Partial<PageRecord>,
  input: number,
  position: { offset: number; skip: number },
  options: UrlSourceOptions & Pick<FeedSourceOptions, 'onFetched'>,
  item?: FeedItem,
): Promise<SourceItem> {
  try {
    const result = await options.fetcher.fetch(url, { conditional: true });
    if (result.kind === 'not-modified')
      return { kind: 'skip', reason: 'not-modified', input, position, bytesRead: 0 };
    if (result.kind === 'disallowed')
      return { kind: 'skip', reason: 'robots-disallowed', input, position, bytesRead: 0 };
    const { page } = result;
    options.onFetched?.(page.url, url, result.validators);
    return {
      kind: 'page',
      input,
      position,
      bytesRead: page.bytes.length,
      task: {
        body: page.bytes,
        url: page.url,
        ...(page.contentType ? { contentType: page.contentType } : {}),
        ...(item?.title ? { title: item.title } : {}),
        settings: options.settings,
      },
      fields: { ...fields, url: page.url, httpStatus: page.status },
      ...(item ? { merge: (page: PageResult) => mergeFeedFields(page, item) } : {}),
    };
  } catch (error) {
    return {
      kind: 'failed',
      input,
      position,
      bytesRead: 0,
      // A page answered with an error status keeps it (a 404 is not a page that never answered).
      fields: error instanceof FetchStatusError ? { ...fields, httpStatus: error.status } : fields,
      code: isPithError(error) ? error.code : 'INTERNAL',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The feed's own fields with the page's metadata: the feed's title and date first (cleaner), authors and tags joined. */
export function mergeFeedFields(page: PageResult, item: FeedItem): Partial<PageRecord> {
  return {
    title: item.title ?? page.title,
    published: item.published ?? page.published,
    authors: [...new Set([...page.authors, ...item.authors])],
    tags: [...new Set([...page.tags, ...item.categories])],
  };
}

/** Runs `fn` over `items`, `limit` at once, yielding results as they finish. */
async function* mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const running = new Map<number, Promise<{ key: number; value: R }>>();
  let next = 0;
  const start = () => {
    const key = next++;
    running.set(
      key,
      fn(items[key]).then((value) => ({ key, value })),
    );
  };
  while (next < items.length && running.size < limit) start();
  while (running.size > 0) {
    const { key, value } = await Promise.race(running.values());
    running.delete(key);
    if (next < items.length) start();
    yield value;
  }
}
