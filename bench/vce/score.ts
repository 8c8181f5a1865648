/**
 * Scoring for the VCE benchmarks.
 *
 * - Word level (final figures): seed 002's word-sequence P/R/F1 of the extracted text
 *   (CleanEval, L3S-GN1) and trafilatura's snippet counts, through src/eval.
 * - Word level, fast (tuning only): the page's words are aligned ONCE with the gold
 *   words (difflib, as the metric does), every text node learns how many of its words
 *   are gold, and a selection's P/R is read off those counts.
 * - Block level (the paper's b-precision/b-recall/b-F): the unit is a block of the VCE
 *   block tree; a block is relevant when most (≥ half) of its own words are gold words;
 *   an extractor retrieved a block when it kept most of the block's own words.
 */

import {
  countSnippets,
  normaliseWords,
  SequenceMatcher,
  type SnippetCounts,
  scoreWordSequence,
  type WordSequenceScore,
} from '@pith/workbench/eval';
import {
  type BlockTree,
  type Doc,
  type Extraction,
  formatExtraction,
  NodeKind,
  type Selection,
} from 'pith/internal';
import { type BenchPage, prepareRetrieved } from './common.js';

export interface GoldAnnotation {
  /** Words per text node (0 for other nodes). */
  words: Int32Array;
  /** Gold-matched words per text node. */
  gold: Int32Array;
  goldWords: number;
}

/** Aligns the page's visible words with the gold words and counts per text node. */
export function annotateGold(doc: Doc, page: BenchPage): GoldAnnotation {
  const words = new Int32Array(doc.size);
  const gold = new Int32Array(doc.size);
  const goldWords = normaliseWords(page.goldText ?? '');
  const pageWords: string[] = [];
  const owner: number[] = [];
  const root = doc.contentRoot;
  const stop = doc.end(root);
  for (let node = root; node < stop; node++) {
    if (doc.kind(node) !== NodeKind.Text || doc.columns.hidden[node]) continue;
    const nodeWords = normaliseWords(prepareRetrieved(page, doc.text(node)));
    words[node] = nodeWords.length;
    for (const word of nodeWords) {
      pageWords.push(word);
      owner.push(node);
    }
  }
  if (pageWords.length > 0 && goldWords.length > 0) {
    for (const block of new SequenceMatcher(pageWords, goldWords).getMatchingBlocks()) {
      for (let i = block.a; i < block.a + block.size; i++) gold[owner[i]]++;
    }
  }
  return { words, gold, goldWords: goldWords.length };
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export function prf(hit: number, retrieved: number, relevant: number): Prf {
  const precision = retrieved > 0 ? hit / retrieved : 0;
  const recall = relevant > 0 ? hit / relevant : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** Fast word P/R/F1 of a selection from the per-node gold counts (tuning proxy). */
export function proxyWordScore(annotation: GoldAnnotation, selection: Selection): Prf {
  let retrieved = 0;
  let hit = 0;
  const { words, gold } = annotation;
  for (let node = 0; node < words.length; node++) {
    if (words[node] === 0 || !selection.has(node)) continue;
    retrieved += words[node];
    hit += gold[node];
  }
  return prf(hit, retrieved, annotation.goldWords);
}

export interface BlockScore extends Prf {
  relevant: number;
  retrieved: number;
  hit: number;
}

/** The paper's block-level P/R/F of a selection over a block tree; undefined when no block is relevant. */
export function blockScore(
  annotation: GoldAnnotation,
  tree: BlockTree,
  selection: Selection,
): BlockScore | undefined {
  const count = tree.blocks.length;
  const own = new Float64Array(count);
  const ownGold = new Float64Array(count);
  const ownKept = new Float64Array(count);
  const { words, gold } = annotation;
  for (let node = 0; node < words.length; node++) {
    if (words[node] === 0) continue;
    const block = tree.blockOf[node];
    if (block < 0) continue;
    own[block] += words[node];
    ownGold[block] += gold[node];
    if (selection.has(node)) ownKept[block] += words[node];
  }
  let relevant = 0;
  let retrieved = 0;
  let hit = 0;
  for (let block = 0; block < count; block++) {
    if (own[block] === 0) continue;
    const isRelevant = ownGold[block] * 2 >= own[block];
    const isRetrieved = ownKept[block] * 2 >= own[block];
    if (isRelevant) relevant++;
    if (isRetrieved) retrieved++;
    if (isRelevant && isRetrieved) hit++;
  }
  if (relevant === 0) return undefined;
  return { relevant, retrieved, hit, ...prf(hit, retrieved, relevant) };
}

/** The extracted text as the final figures score it (the text format, as `pith extract` writes it). */
export function extractedText(extraction: Extraction, page: BenchPage): string {
  return formatExtraction(extraction, 'text', { url: page.url });
}

export function wordScore(page: BenchPage, text: string): WordSequenceScore {
  return scoreWordSequence(prepareRetrieved(page, text), page.goldText ?? '');
}

export function snippetScore(page: BenchPage, text: string | null): SnippetCounts {
  return countSnippets(page.snippets ?? { with: [], without: [] }, text);
}
