/**
 * Pages analysed once for many CUTER settings (tune.ts): decode, parse, metadata and
 * CUTER's parameter-independent analysis are done once per page; each setting then
 * runs only the decisions, and pages whose selection did not change reuse their score.
 *
 * The texts come from the same formatter as `extract(…, { format: 'text' })`;
 * evaluate.ts re-measures the chosen settings through the public API.
 */

import { cuterAccuracyDetails, normaliseWords, scoreWordArrays } from '@pith/workbench/eval';
import {
  analysePage,
  buildSelection,
  type CuterAnalysis,
  type CuterOptions,
  cuter,
  cuterDecide,
  type Doc,
  decodeHtml,
  extractMetadata,
  formatExtraction,
  parseHtml,
} from 'pith/internal';
import { type ClassedPage, prepareRetrieved } from './pages.js';

export interface PageScore {
  /** Word-sequence F1 (seed 002), with the special cases scored 0 (1 when both texts are empty). */
  f1: number;
  precision: number;
  recall: number;
  /** CUTER's Y/A (NaN when the gold is empty) and (X−Y)/X. */
  accuracy: number;
  noise: number;
}

export interface PreparedPage {
  page: ClassedPage;
  doc: Doc;
  /** The analysis in characters (the default unit). */
  analysis: CuterAnalysis;
  /** The analysis in UTF-8 bytes, made when first asked for. */
  bytesAnalysis?: CuterAnalysis;
  title: string | undefined;
  goldWords: string[];
  cache: Map<string, PageScore>;
}

export function preparePage(page: ClassedPage): PreparedPage {
  const html = decodeHtml(page.html).text;
  const doc = parseHtml(html, { url: page.url });
  const metadata = extractMetadata(doc, { url: page.url });
  return {
    page,
    doc,
    analysis: analysePage(doc, 'characters'),
    title: metadata.title,
    goldWords: normaliseWords(page.goldText),
    cache: new Map(),
  };
}

/** Scores an extracted text against the page's gold with both metrics. */
export function scoreText(prepared: PreparedPage, text: string): PageScore {
  const retrieved = prepareRetrieved(prepared.page, text);
  const word = scoreWordArrays(normaliseWords(retrieved), prepared.goldWords);
  const f1 = word.special === null ? word.f1 : word.special === 'bothEmpty' ? 1 : 0;
  const { accuracy, noise } = cuterAccuracyDetails(retrieved, prepared.page.goldText);
  return {
    f1,
    precision: word.special === null ? word.precision : 0,
    recall: word.special === null ? word.recall : 0,
    accuracy,
    noise,
  };
}

/** Runs CUTER with `settings` on a prepared page and scores the result (cached by selection). */
export function scoreSettings(prepared: PreparedPage, settings: CuterOptions): PageScore {
  let analysis = prepared.analysis;
  if (settings.sizeUnit === 'bytes') {
    prepared.bytesAnalysis ??= analysePage(prepared.doc, 'bytes');
    analysis = prepared.bytesAnalysis;
  }
  const decision = cuterDecide(analysis, settings, settings.titleHint ? prepared.title : undefined);
  const members = decision.article >= 0 ? decision.groups[decision.article].members.join(',') : '';
  const key = [
    settings.sizeUnit,
    settings.fill ? 'fill' : members,
    settings.maxLp,
    settings.dropShare,
    settings.adCues,
    decision.spanStart,
    decision.spanEnd,
    decision.titleNode,
  ].join('|');
  const cached = prepared.cache.get(key);
  if (cached) return cached;
  const selection = buildSelection(analysis, decision, settings);
  const text = formatExtraction(
    {
      extractor: cuter.name,
      version: cuter.version,
      doc: prepared.doc,
      selection,
      roots: [],
      diagnostics: {},
    },
    'text',
    { url: prepared.page.url, title: prepared.title },
  );
  const score = scoreText(prepared, text);
  prepared.cache.set(key, score);
  return score;
}
