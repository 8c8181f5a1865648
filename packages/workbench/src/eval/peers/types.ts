/**
 * What every peer (an extractor that is not pith's, run beside it in the workbench) looks like,
 * and the helpers the peer modules share: loading a dev dependency on demand, reading its
 * version, choosing a URL, turning peer HTML into text.
 *
 * Peers are dev dependencies. pith's library must never depend on them, so every peer module
 * loads its packages with a dynamic `import()` when the peer is created, never at module load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseHtml } from 'pith/internal';

/**
 * What a page gives back when a peer has more than its text: its metadata (outside peers that read
 * them: trafilatura) and its own timing (outside peers time the extraction in their own process,
 * leaving out the pipe to it). Field names and meanings are those of pith's `Metadata`
 * (`title`, `authors` as a list, `published` as the peer gives it, `siteName`, `description`), so
 * one scorer compares pith's and a peer's metadata with a dataset's gold.
 */
export interface PeerMetadata {
  title?: string;
  /** Author names in the peer's order (trafilatura's `"A; B"` split on `;`). */
  authors: string[];
  /** Publication date as the peer gives it (trafilatura: `YYYY-MM-DD`). */
  published?: string;
  siteName?: string;
  description?: string;
}

export interface PeerOutput {
  text: string;
  metadata?: PeerMetadata;
  /** Extraction time measured by the peer itself, in ms (else the harness times the call). */
  ms?: number;
  /** CPU time of the extraction measured by the peer itself, in ms. */
  cpuMs?: number;
}

/**
 * One peer, ready to run. `extract` receives the page already decoded by pith (a string) and
 * its URL ('' when the dataset has none) and returns the main text ('' when the peer finds
 * nothing), or a {@link PeerOutput} with the text and more. It may throw: catching per page is
 * the runner's job. `close` frees what the peer holds across pages (an outside peer's process).
 */
export type TextExtractor<Output extends string | PeerOutput = string | PeerOutput> = {
  name: string;
  version: string;
  extract(html: string, url: string): Promise<Output> | Output;
  close?(): Promise<void>;
};

/** The text of what a peer's `extract` returned. */
export function outputText(output: string | PeerOutput): string {
  return typeof output === 'string' ? output : output.text;
}

/** A DOM document of whichever implementation (jsdom, linkedom); peers only pass it along. */
export type PeerDocument = object;

/** Loads a module by specifier; `import()` by default, replaced in tests. */
export type ModuleLoader = (specifier: string) => Promise<unknown>;

export const importModule: ModuleLoader = (specifier) => import(specifier);

/**
 * Where a peer's text comes from. `native`: the peer's own text (Readability's `textContent`,
 * Postlight's `contentType: 'text'`). `pith`: the peer's HTML content read by pith's parser
 * ({@link htmlToText}). The native texts concatenate text nodes, so adjacent blocks with no
 * whitespace between them in the source run together ("2012Die"), which costs those peers words
 * (docs/decisions.md, "Peers"). Defuddle and article-extractor have no text field: always `pith`.
 */
export type PeerTextSource = 'native' | 'pith';

/**
 * The part of a peer's `version` that records a non-default text source, so that cached outputs
 * of the two variants never mix ('' for `native`).
 */
export function textSuffix(text: PeerTextSource): string {
  return text === 'native' ? '' : '+pith-text';
}

/** What every peer factory accepts. */
export interface PeerOptions {
  /** How to load the peer's packages (tests inject a failing loader). */
  load?: ModuleLoader;
}

/** Thrown when a peer's package is not installed. */
export class PeerDependencyError extends Error {
  readonly peer: string;
  readonly dependency: string;
  constructor(peer: string, dependency: string, cause?: unknown) {
    super(`peer ${peer} needs dev dependency ${dependency}: run npm install`, { cause });
    this.name = 'PeerDependencyError';
    this.peer = peer;
    this.dependency = dependency;
  }
}

function isModuleNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/**
 * Loads `specifier` (a module of the package `dependency`) for `peer`. A missing module becomes
 * a {@link PeerDependencyError}; any other failure is rethrown as it is. The caller states the
 * module's shape with `T`: the peers' own typings are not needed by pith's library.
 */
export async function loadPeerModule<T>(
  peer: string,
  dependency: string,
  specifier: string,
  load: ModuleLoader = importModule,
): Promise<T> {
  try {
    return (await load(specifier)) as T;
  } catch (error) {
    if (isModuleNotFound(error)) throw new PeerDependencyError(peer, dependency, error);
    throw error;
  }
}

const requireHere = createRequire(import.meta.url);

/**
 * The installed version of `dependency`, read from its package.json. The file is located on
 * Node's resolution paths rather than through `require.resolve('x/package.json')`, which a
 * package's `exports` map may forbid (defuddle's does).
 */
export function peerPackageVersion(peer: string, dependency: string): string {
  for (const dir of requireHere.resolve.paths(dependency) ?? []) {
    const file = path.join(dir, dependency, 'package.json');
    if (!existsSync(file)) continue;
    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    if (typeof version === 'string') return version;
  }
  throw new PeerDependencyError(peer, dependency);
}

/**
 * Any http(s) URL works for the peers' purposes (resolving relative links, picking a
 * site-specific rule set); some refuse to run without one (Postlight, article-extractor) and
 * jsdom throws on an invalid one. `example.com` is reserved and matches no site rule.
 */
export const PLACEHOLDER_URL = 'https://example.com/';

/** `url` when it is an absolute http(s) URL, {@link PLACEHOLDER_URL} otherwise. */
export function pageUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.href;
  } catch {
    // not a URL: fall through
  }
  return PLACEHOLDER_URL;
}

/**
 * The text of an HTML fragment a peer returned, by pith's own parser: the same whitespace and
 * block-boundary rules as pith's text output, so peers are not scored on their text serialisers.
 */
export function htmlToText(html: string): string {
  return parseHtml(html).textContent(0);
}

/**
 * A `fetch` that refuses at once. Handed to peers that accept a fetch function (Defuddle), so an
 * unexpected network call fails fast instead of waiting on a network the machine does not have.
 */
export const refuseFetch: typeof globalThis.fetch = (input) =>
  Promise.reject(new Error(`peers never use the network (refused fetch of ${String(input)})`));
