/**
 * What every dataset reader yields: one page with its gold standard.
 *
 * A gold standard carries whatever the dataset annotates: a main-content text
 * (scored with the text metrics), must/must-not snippets (the snippet metrics),
 * and, where the dataset has them, the page type, the language and metadata.
 * WCXB carries all of these at once.
 */
import type { SnippetGold } from '../metrics/snippets.js';

/** Gold metadata, as the dataset writes it (null = annotated as absent). */
export interface GoldMetadata {
  title?: string | null;
  author?: string | null;
  /** Publication date, in the dataset's own format. */
  date?: string | null;
}

export interface Gold {
  /** The main content as plain text (word-sequence, bag-of-words, shingle… metrics). */
  text?: string;
  /** Snippets that must / must not appear in the main content. */
  snippets?: SnippetGold;
  /** The page type (WCXB: article, forum, product, collection, listing, documentation, service). */
  pageType?: string;
  /** The page language, when the dataset records it. */
  language?: string;
  metadata?: GoldMetadata;
}

/** The gold of a dataset that annotates main-content text. */
export type TextGold = Gold & { text: string };
/** The gold of a dataset that annotates snippets. */
export type SnippetsGold = Gold & { snippets: SnippetGold };

/**
 * A transformation of an extracted text before scoring, when the gold went
 * through a lossy channel the extractor's input did not. Named (not a function)
 * so that pages can be sent to worker threads.
 */
export type RetrievedTransform = 'above-latin1-to-question-mark';

const CHARACTERS_ABOVE_LATIN1 = /[\u0100-\u{10ffff}]/gu;

/** Applies a named transformation to an extracted text. */
export function applyRetrievedTransform(text: string, transform: RetrievedTransform | undefined): string {
  switch (transform) {
    case undefined:
      return text;
    case 'above-latin1-to-question-mark':
      return text.replace(CHARACTERS_ABOVE_LATIN1, '?');
  }
}

export interface DatasetPage<G extends Gold = Gold> {
  /** Stable id within the dataset (the file stem, or the case folder). */
  id: string;
  /** The page's raw bytes, as the extractor should receive them. */
  html: Uint8Array;
  /** The page URL, when the dataset records it. */
  url?: string;
  gold: G;
  /**
   * Applied to an extracted text before scoring (L3S-GN1: characters above U+00FF → `?`,
   * as the annotation tool did to the gold).
   */
  retrievedTransform?: RetrievedTransform;
}

/** A page listed but not yet read: the bench lists every dataset first (counts, `--only`, `--limit`). */
export interface PageRef<P extends DatasetPage = DatasetPage> {
  id: string;
  /**
   * The page's file, when it is one (gzip'd when it ends in `.gz`): the bench takes its size on
   * disk to start the largest pages first.
   */
  file?: string;
  /** The page URL when the listing knows it (the sealed split is decided by site, before loading). */
  url?: string;
  load(): Promise<P>;
}

export type DatasetReader<G extends Gold = Gold> = (dir: string) => AsyncGenerator<DatasetPage<G>>;

/** Yields the pages of a list, reading each when it is needed. */
export async function* loadAll<P extends DatasetPage>(refs: readonly PageRef<P>[]): AsyncGenerator<P> {
  for (const ref of refs) yield await ref.load();
}
