/**
 * What every dataset reader yields: one page with its gold standard.
 */
import type { SnippetGold } from '../metrics/snippets.js';

/** Gold standard as a text (scored with the word-sequence metric). */
export interface TextGold {
  kind: 'text';
  text: string;
}

/** Gold standard as must/must-not snippets (scored with the snippet metric). */
export interface SnippetsGold extends SnippetGold {
  kind: 'snippets';
}

export type Gold = TextGold | SnippetsGold;

export interface DatasetPage<G extends Gold = Gold> {
  /** Stable id within the dataset (the file stem). */
  id: string;
  /** The page's raw bytes, as the extractor should receive them. */
  html: Uint8Array;
  /** The page URL, when the dataset records it. */
  url?: string;
  gold: G;
  /**
   * Applied to an extracted text before scoring, when the gold went through a
   * lossy channel the extractor's input did not (L3S-GN1: characters above U+00FF → `?`).
   */
  prepareRetrieved?: (text: string) => string;
}

export type DatasetReader<G extends Gold = Gold> = (dir: string) => AsyncGenerator<DatasetPage<G>>;
