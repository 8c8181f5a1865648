/**
 * A feed run's conditional-GET validators (ETag, Last-Modified), so that the next run fetches only
 * what changed. A validator is kept only once what it stands for is written: a page's when its
 * record is written, a feed's when the run has finished (else the next run would skip items it
 * never wrote). `pith feed` keeps them in a file; a queue's feed job in its results store.
 */
import type { ValidatorStore, Validators } from '../input/feed/index.js';
import type { PageRecord } from '../output/index.js';

type ValidatorMap = Record<string, Validators>;

/** The kept text's validators; anything unreadable is no validators (every page is fetched). */
function parseValidators(text: string | undefined): ValidatorMap {
  if (text === undefined) return {};
  try {
    const parsed = JSON.parse(text) as { validators?: unknown };
    const validators = parsed.validators;
    return validators !== null && typeof validators === 'object' ? (validators as ValidatorMap) : {};
  } catch {
    return {};
  }
}

export class FeedValidators {
  /** Validators of earlier runs, by URL (feed or item), sent with each fetch. */
  readonly #known: ValidatorMap;
  /** Pages fetched in this run, by their final URL: the URL asked for and its validators. */
  readonly #pages = new Map<string, { itemUrl: string; validators: Validators }>();
  readonly #feeds = new Map<string, Validators>();
  /** This run's validators that may be kept. */
  readonly #kept: ValidatorMap = {};

  /** `text`: what `serialize` wrote in an earlier run (undefined: none). */
  constructor(text?: string) {
    this.#known = parseValidators(text);
  }

  /** For the fetcher. */
  readonly store: ValidatorStore = {
    get: (url) => (Object.hasOwn(this.#known, url) ? this.#known[url] : undefined),
    set: (url, validators) => {
      // own-keys: an absolute http(s) URL, never a prototype member's name
      this.#known[url] = validators;
    },
  };

  /** feedSource's `onFetched`. */
  readonly onFetched = (url: string, itemUrl: string, validators: Validators): void => {
    this.#pages.set(url, { itemUrl, validators });
  };

  /** feedSource's `onFeedFetched`. */
  readonly onFeedFetched = (url: string, validators: Validators): void => {
    this.#feeds.set(url, validators);
  };

  /** These records are written: their pages' validators may be kept (a failed page's are not). */
  written(records: readonly PageRecord[]): void {
    for (const record of records) {
      const fetched = record.url ? this.#pages.get(record.url) : undefined;
      // own-keys: an absolute http(s) URL, never a prototype member's name
      if (fetched && record.ok) this.#kept[fetched.itemUrl] = fetched.validators;
    }
  }

  /** The run finished: the feeds' validators may be kept. */
  finished(): void {
    // own-keys: an absolute http(s) URL, never a prototype member's name
    for (const [url, validators] of this.#feeds) this.#kept[url] = validators;
  }

  /**
   * The text to keep: this run's validators over `base` (the kept text as it is now, which another
   * run may have changed since; undefined: what this run started from).
   */
  serialize(base?: string): string {
    const validators = { ...(base === undefined ? this.#known : parseValidators(base)), ...this.#kept };
    return `${JSON.stringify({ validators })}\n`;
  }
}
