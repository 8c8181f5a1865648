/**
 * What the quality estimate and the reason codes read of one extraction: counts over the page
 * and the selection (one pass over the nodes), the default extractor's own diagnostics (the
 * heuristic stage's candidates, the block classifier's margins, the page type) and a few cues
 * of pages whose content is not in the HTML (script-rendered, behind a paywall).
 */
import { type Doc, type Extraction, NodeKind, TAG, tick } from '../dom/index.js';
import { type PithDiagnostics, pageDocOf } from '../extractors/index.js';
import type { Metadata } from '../metadata/index.js';

/** Counts over the page and what was kept, from one pass over the nodes. */
export interface PageCounts {
  pageChars: number;
  pageWords: number;
  pageLinkChars: number;
  keptChars: number;
  keptWords: number;
  keptLinkChars: number;
  /** Kept text nodes: how many pieces the selection is made of. */
  keptTextNodes: number;
  /** Source characters inside `<script>` elements, and their number. */
  scriptChars: number;
  scripts: number;
  sourceChars: number;
}

/** Everything the model and the reasons read; `pith` is undefined for other extractors. */
export interface QualitySignals {
  counts: PageCounts;
  pith: PithDiagnostics | undefined;
  /** A paywall marker in the source (a `paywall` class or id, JSON-LD `isAccessibleForFree: false`). */
  paywall: boolean;
  /** An empty application mount point (`<div id="root">`…) on a page with almost no text. */
  emptyMountPoint: boolean;
  structuredBodyWords: number;
  hasTitle: boolean;
  hasDate: boolean;
  hasAuthor: boolean;
}

export function pageCounts(doc: Doc, kept: Uint8Array): PageCounts {
  const { kind, tag, hidden, textLength, linkTextLength, wordCount, sourceStart, sourceEnd } = doc.columns;
  const counts: PageCounts = {
    pageChars: 0,
    pageWords: 0,
    pageLinkChars: 0,
    keptChars: 0,
    keptWords: 0,
    keptLinkChars: 0,
    keptTextNodes: 0,
    scriptChars: 0,
    scripts: 0,
    sourceChars: doc.source.length,
  };
  for (let node = 1; node < doc.size; node++) {
    tick('quality');
    const nodeKind = kind[node];
    if (nodeKind === NodeKind.Element) {
      if (tag[node] === TAG.script) {
        counts.scripts++;
        counts.scriptChars += sourceEnd[node] - sourceStart[node];
      }
      continue;
    }
    if (nodeKind !== NodeKind.Text || hidden[node]) continue;
    counts.pageChars += textLength[node];
    counts.pageWords += wordCount[node];
    counts.pageLinkChars += linkTextLength[node];
    if (!kept[node]) continue;
    counts.keptChars += textLength[node];
    counts.keptWords += wordCount[node];
    counts.keptLinkChars += linkTextLength[node];
    if (textLength[node] > 0) counts.keptTextNodes++;
  }
  return counts;
}

/** Words of visible text under which a page may be an empty shell filled in by scripts. */
export const SHELL_MAX_WORDS = 150;
/** Ids of the elements single-page applications mount into. */
const MOUNT_POINT_IDS = new Set(['root', 'app', '__next', '__nuxt', 'main-app', 'react-root', 'ember-app']);
/**
 * A class or id naming a paywall, or JSON-LD's `"isAccessibleForFree": false`. Not the bare word:
 * scripts of sites without one mention it (on WCXB, 51 of 865 pages, mean F1 0.915). Read from
 * the parsed page (the attribute store, the JSON-LD scripts), not by a search of the whole source,
 * which cost 0.3 ms a page, most of the quality step.
 */
const NOT_FREE = /"isAccessibleForFree"\s*:\s*"?(?:false|False)/;

function hasPaywallMark(doc: Doc): boolean {
  if (doc.hasAttributeContaining('class', 'aywall') || doc.hasAttributeContaining('id', 'aywall')) {
    return true;
  }
  const { sourceStart, sourceEnd } = doc.columns;
  for (const script of doc.findAll(TAG.script)) {
    tick('quality');
    if (!doc.attr(script, 'type')?.toLowerCase().includes('ld+json')) continue;
    const text = doc.source.slice(sourceStart[script], sourceEnd[script]);
    if (text.includes('isAccessibleForFree') && NOT_FREE.test(text)) return true;
  }
  return false;
}

function hasEmptyMountPoint(doc: Doc): boolean {
  const { kind, textLength } = doc.columns;
  for (let node = 1; node < doc.size; node++) {
    tick('quality');
    if (kind[node] !== NodeKind.Element || textLength[node] > 0) continue;
    const id = doc.attr(node, 'id');
    if (id !== undefined && MOUNT_POINT_IDS.has(id)) return true;
  }
  return false;
}

function countWords(text: string | undefined): number {
  if (!text) return 0;
  const words = text.match(/\S+/g);
  return words ? words.length : 0;
}

export function qualitySignals(extraction: Extraction, metadata: Metadata): QualitySignals {
  const counts = pageCounts(extraction.doc, extraction.selection.kept);
  // The page's own marks (a paywall, an app's empty root) are read on the page, also where its
  // embedded body answered (its own document then holds the answer's words alone).
  const page = pageDocOf(extraction);
  return {
    counts,
    pith: extraction.extractor === 'pith' ? (extraction.diagnostics as PithDiagnostics) : undefined,
    paywall: hasPaywallMark(page),
    emptyMountPoint: counts.pageWords < SHELL_MAX_WORDS && hasEmptyMountPoint(page),
    structuredBodyWords: countWords(metadata.structuredBody),
    hasTitle: metadata.title !== undefined,
    hasDate: metadata.published !== undefined,
    hasAuthor: metadata.authors.length > 0,
  };
}
