/**
 * input/feed: feeds in, item pages out, fetched politely.
 *
 * - {@link readFeed}: RSS 0.9x/1.0/2.0, Atom, RDF, JSON Feed → items (url, id, title, date, authors, categories);
 * - {@link PoliteFetcher}: robots.txt, per-host concurrency and delay, retries with backoff on
 *   429/5xx and Retry-After, conditional GET, over the safe fetcher.
 */
export { type Feed, type FeedItem, readFeed } from './parse.js';
export {
  PoliteFetcher,
  type PoliteOptions,
  type PoliteResult,
  robotsDisallowed,
  type ValidatorStore,
  type Validators,
} from './polite.js';
