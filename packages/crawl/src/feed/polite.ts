/**
 * Fetching many pages of other people's sites without hurting them: robots.txt honoured (read with
 * robots-parser, RFC 9309's rules for a robots.txt that cannot be had), at most `perHost` requests
 * at once to a host and `delayMs` (or the site's Crawl-delay, if larger) between their starts,
 * retries with exponential backoff on 429 and 5xx answering `Retry-After`, and conditional GET
 * (ETag / Last-Modified) so that an unchanged page costs a 304. Every fetch goes through
 * `fetchPage`, the safe fetcher (no private addresses unless allowed, bounded size and time).
 */

import { type FetchedPage, type FetchOptions, FetchStatusError, fetchPage } from '@pith/tools';
import { isPithError, PithError } from 'pith/internal';
import robotsParserModule from 'robots-parser';

export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** Where validators of earlier runs are kept (the CLI persists it on disk). */
export interface ValidatorStore {
  get(url: string): Validators | undefined;
  set(url: string, validators: Validators): void;
}

export interface PoliteOptions {
  /** Options of every fetch (allowPrivate, timeoutMs, maxBytes, userAgent…). */
  fetch?: FetchOptions;
  /** Requests in flight to one host, at most (default 2). */
  perHost?: number;
  /** Time between the starts of two requests to one host, ms (default 1000). */
  delayMs?: number;
  /** Retries after a 429, a 5xx or a broken connection (default 3). */
  retries?: number;
  /** First backoff, doubled at each retry, ms (default 1000). */
  backoffMs?: number;
  /** A longer Retry-After than this fails the page instead of waiting (default 60,000 ms). */
  maxRetryAfterMs?: number;
  /** Honour robots.txt (default true). */
  robots?: boolean;
  /** The product token robots.txt rules are matched against (default 'pith'). */
  robotsAgent?: string;
  /** Validators of earlier fetches, for conditional GET. */
  validators?: ValidatorStore;
}

export type PoliteResult =
  | { kind: 'page'; page: FetchedPage; validators: Validators }
  | { kind: 'not-modified' }
  | { kind: 'disallowed' };

interface HostGate {
  active: number;
  nextStart: number;
  waiting: (() => void)[];
  crawlDelayMs: number;
}

type Robots = {
  isAllowed(url: string, agent: string): boolean | undefined;
  getCrawlDelay(agent: string): number | undefined;
};

// robots-parser is CommonJS: its module.exports is the function its types call the default export.
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robots;

const RETRY_STATUSES = (status: number) => status === 429 || (status >= 500 && status <= 599);

export class PoliteFetcher {
  readonly #options: Required<Omit<PoliteOptions, 'validators' | 'fetch'>> &
    Pick<PoliteOptions, 'validators' | 'fetch'>;
  readonly #hosts = new Map<string, HostGate>();
  readonly #robots = new Map<string, Promise<Robots | 'allow-all' | 'disallow-all'>>();
  /** Requests sent (retries and robots.txt included), for the summary and tests. */
  requests = 0;

  constructor(options: PoliteOptions = {}) {
    this.#options = {
      perHost: options.perHost ?? 2,
      delayMs: options.delayMs ?? 1000,
      retries: options.retries ?? 3,
      backoffMs: options.backoffMs ?? 1000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      robots: options.robots ?? true,
      robotsAgent: options.robotsAgent ?? 'pith',
      validators: options.validators,
      fetch: options.fetch,
    };
  }

  /**
   * Fetches `url` politely. `conditional`: send the validators of an earlier fetch (a 304 is
   * `not-modified`). @throws PithError when the page cannot be had (after the retries).
   */
  async fetch(
    url: string,
    options: { conditional?: boolean; accept?: readonly string[] } = {},
  ): Promise<PoliteResult> {
    if (this.#options.robots && !(await this.#allowed(url))) return { kind: 'disallowed' };
    const conditional = options.conditional ? this.#options.validators?.get(url) : undefined;
    const page = await this.#withRetries(url, {
      ...this.#options.fetch,
      ...(options.accept ? { accept: options.accept } : {}),
      ...(conditional ? { conditional } : {}),
    });
    if (page.status === 304) return { kind: 'not-modified' };
    const validators: Validators = {
      ...(page.headers.etag ? { etag: page.headers.etag } : {}),
      ...(page.headers['last-modified'] ? { lastModified: page.headers['last-modified'] } : {}),
    };
    return { kind: 'page', page, validators };
  }

  async #withRetries(url: string, fetchOptions: FetchOptions): Promise<FetchedPage> {
    for (let attempt = 0; ; attempt++) {
      const host = hostOf(url);
      await this.#acquire(host);
      this.requests++;
      try {
        return await fetchPage(url, fetchOptions);
      } catch (error) {
        const wait = this.#retryWait(error, attempt);
        if (wait === undefined) throw error;
        await sleep(wait);
      } finally {
        this.#release(host);
      }
    }
  }

  /** How long to wait before retrying after `error`, or undefined to give up. */
  #retryWait(error: unknown, attempt: number): number | undefined {
    if (attempt >= this.#options.retries || !isPithError(error)) return undefined;
    const backoff = this.#options.backoffMs * 2 ** attempt * (1 + Math.random() * 0.2);
    if (error instanceof FetchStatusError) {
      if (!RETRY_STATUSES(error.status)) return undefined;
      if (error.retryAfterMs === undefined) return backoff;
      if (error.retryAfterMs > this.#options.maxRetryAfterMs) return undefined;
      return error.retryAfterMs;
    }
    return error.code === 'FETCH_FAILED' ? backoff : undefined;
  }

  async #acquire(host: string): Promise<void> {
    const gate = this.#gate(host);
    for (;;) {
      if (gate.active < this.#options.perHost) {
        const wait = gate.nextStart - Date.now();
        if (wait <= 0) {
          gate.active++;
          gate.nextStart = Date.now() + Math.max(this.#options.delayMs, gate.crawlDelayMs);
          return;
        }
        await sleep(wait);
        continue;
      }
      await new Promise<void>((resolve) => gate.waiting.push(resolve));
    }
  }

  #release(host: string): void {
    const gate = this.#gate(host);
    gate.active--;
    gate.waiting.shift()?.();
  }

  #gate(host: string): HostGate {
    let gate = this.#hosts.get(host);
    if (!gate) {
      gate = { active: 0, nextStart: 0, waiting: [], crawlDelayMs: 0 };
      this.#hosts.set(host, gate);
    }
    return gate;
  }

  async #allowed(url: string): Promise<boolean> {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return true; // the fetch itself reports a bad URL
    }
    let robots = this.#robots.get(origin);
    if (!robots) {
      robots = this.#loadRobots(origin);
      this.#robots.set(origin, robots);
    }
    const rules = await robots;
    if (rules === 'allow-all') return true;
    if (rules === 'disallow-all') return false;
    return rules.isAllowed(url, this.#options.robotsAgent) !== false;
  }

  /**
   * RFC 9309: a 4xx robots.txt allows everything; one that cannot be had (5xx, no answer) makes the
   * site unreachable: nothing is fetched, and the error says why (an unreachable host is not a
   * disallowed page: the caller retries the one, not the other).
   */
  async #loadRobots(origin: string): Promise<Robots | 'allow-all' | 'disallow-all'> {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const page = await this.#withRetries(robotsUrl, {
        ...this.#options.fetch,
        accept: ['*/*'],
        maxBytes: 512 * 1024,
      });
      const rules = robotsParser(robotsUrl, Buffer.from(page.bytes).toString('utf8'));
      const delay = rules.getCrawlDelay(this.#options.robotsAgent);
      if (delay !== undefined && Number.isFinite(delay)) {
        this.#gate(hostOf(robotsUrl)).crawlDelayMs = Math.min(60_000, delay * 1000);
      }
      return rules;
    } catch (error) {
      if (
        error instanceof FetchStatusError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      )
        return 'allow-all';
      if (isPithError(error)) throw error;
      return 'disallow-all';
    }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A PithError for a page robots.txt keeps pith away from (for callers that report it as a failure). */
export function robotsDisallowed(url: string): PithError {
  return new PithError('FETCH_ROBOTS_DISALLOWED', `${url}: disallowed by robots.txt`);
}
