/**
 * The quality model's input: one named row of numbers per extraction of the default extractor.
 * The names are recorded in the model file and checked when it is read.
 */
import { PAGE_TYPES } from '../features/page-type/index.js';
import type { QualitySignals } from './signals.js';

export const QUALITY_FEATURES = [
  'page.words',
  'page.linkShare',
  'page.scriptShare',
  'page.scripts',
  'page.paywall',
  'page.emptyMountPoint',
  'kept.words',
  'kept.share',
  'kept.linkShare',
  'kept.wordsPerPiece',
  'kept.structuredBodyRatio',
  'meta.structuredBodyWords',
  'meta.title',
  'meta.date',
  'meta.author',
  'pith.decidedByModel',
  'pith.decidedByFallback',
  'pith.blocks',
  'pith.keptBlockShare',
  'pith.keptRegionRatio',
  'pith.regionWords',
  'pith.meanMargin',
  'pith.uncertainShare',
  'pith.keptMeanProbability',
  'pith.keptNearShare',
  'pith.droppedNearShare',
  'pith.keptRuns',
  'pith.modelKeptShare',
  'pith.postRuleChanges',
  'pith.expectedRecall',
  'pith.expectedF1',
  'pith.droppedMass',
  'pith.keptSentenceShare',
  'heuristic.candidates',
  'heuristic.runnerUpRatio',
  'heuristic.topShare',
  'heuristic.topChars',
  'heuristic.topLinkDensity',
  'heuristic.retried',
  'heuristic.droppedInside',
  'heuristic.pruned',
  'type.probability',
  ...PAGE_TYPES.map((type) => `type.${type}`),
] as const;

export type QualityFeatureName = (typeof QUALITY_FEATURES)[number];

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** The score of the best candidate that is neither inside the top one nor around it, over the top one's. */
function runnerUpRatio(signals: QualitySignals, contains: (a: number, b: number) => boolean): number {
  const candidates = signals.pith?.heuristic.candidates ?? [];
  const top = candidates[0];
  if (!top || !(top.score > 0)) return 0;
  for (const candidate of candidates.slice(1)) {
    if (contains(top.node, candidate.node) || contains(candidate.node, top.node)) continue;
    return candidate.score / top.score;
  }
  return 0;
}

function sum(record: Record<string, number> | undefined): number {
  let total = 0;
  for (const value of Object.values(record ?? {})) total += value;
  return total;
}

/** The feature row of one extraction (NaN where the default extractor's diagnostics are missing). */
export function qualityFeatures(
  signals: QualitySignals,
  contains: (ancestor: number, descendant: number) => boolean,
): Float32Array {
  const { counts, pith } = signals;
  const confidence = pith?.confidence;
  const top = pith?.heuristic.candidates[0];
  const values: Record<QualityFeatureName, number> = {
    'page.words': counts.pageWords,
    'page.linkShare': ratio(counts.pageLinkChars, counts.pageChars),
    'page.scriptShare': ratio(counts.scriptChars, counts.sourceChars),
    'page.scripts': counts.scripts,
    'page.paywall': signals.paywall ? 1 : 0,
    'page.emptyMountPoint': signals.emptyMountPoint ? 1 : 0,
    'kept.words': counts.keptWords,
    'kept.share': ratio(counts.keptChars, counts.pageChars),
    'kept.linkShare': ratio(counts.keptLinkChars, counts.keptChars),
    'kept.wordsPerPiece': ratio(counts.keptWords, counts.keptTextNodes),
    'kept.structuredBodyRatio':
      signals.structuredBodyWords > 0 ? counts.keptWords / signals.structuredBodyWords : Number.NaN,
    'meta.structuredBodyWords': signals.structuredBodyWords,
    'meta.title': signals.hasTitle ? 1 : 0,
    'meta.date': signals.hasDate ? 1 : 0,
    'meta.author': signals.hasAuthor ? 1 : 0,
    'pith.decidedByModel': pith ? (pith.decidedBy === 'model' ? 1 : 0) : Number.NaN,
    'pith.decidedByFallback': pith ? (pith.decidedBy === 'fallback' ? 1 : 0) : Number.NaN,
    'pith.blocks': pith ? pith.blocks : Number.NaN,
    'pith.keptBlockShare': pith ? ratio(pith.keptBlocks, pith.blocks) : Number.NaN,
    'pith.keptRegionRatio':
      pith?.keptWords !== undefined && pith.regionWords ? pith.keptWords / pith.regionWords : Number.NaN,
    'pith.regionWords': pith?.regionWords ?? Number.NaN,
    'pith.meanMargin': confidence?.meanMargin ?? Number.NaN,
    'pith.uncertainShare': confidence?.uncertainShare ?? Number.NaN,
    'pith.keptMeanProbability': confidence?.keptMeanProbability ?? Number.NaN,
    'pith.keptNearShare': confidence?.keptNearShare ?? Number.NaN,
    'pith.droppedNearShare': confidence?.droppedNearShare ?? Number.NaN,
    'pith.keptRuns': confidence?.keptRuns ?? Number.NaN,
    'pith.modelKeptShare': confidence?.keptShare ?? Number.NaN,
    'pith.postRuleChanges': pith ? sum(pith.postRules as Record<string, number> | undefined) : Number.NaN,
    'pith.expectedRecall': confidence?.expectedRecall ?? Number.NaN,
    'pith.expectedF1': confidence?.expectedF1 ?? Number.NaN,
    'pith.droppedMass': confidence?.droppedMass ?? Number.NaN,
    'pith.keptSentenceShare': confidence?.keptSentenceShare ?? Number.NaN,
    'heuristic.candidates': pith ? pith.heuristic.candidates.length : Number.NaN,
    'heuristic.runnerUpRatio': pith ? runnerUpRatio(signals, contains) : Number.NaN,
    'heuristic.topShare': top ? ratio(top.textLength, counts.pageChars) : Number.NaN,
    'heuristic.topChars': pith ? (top?.textLength ?? 0) : Number.NaN,
    'heuristic.topLinkDensity': top ? top.linkDensity : Number.NaN,
    'heuristic.retried': pith ? (pith.heuristic.retried ? 1 : 0) : Number.NaN,
    'heuristic.droppedInside': pith ? pith.heuristic.droppedInside : Number.NaN,
    'heuristic.pruned': pith ? sum(pith.heuristic.pruned) : Number.NaN,
    'type.probability': pith ? pith.pageType.probability : Number.NaN,
    'type.article': pith ? pith.pageType.probabilities.article : Number.NaN,
    'type.forum': pith ? pith.pageType.probabilities.forum : Number.NaN,
    'type.product': pith ? pith.pageType.probabilities.product : Number.NaN,
    'type.collection': pith ? pith.pageType.probabilities.collection : Number.NaN,
    'type.listing': pith ? pith.pageType.probabilities.listing : Number.NaN,
    'type.documentation': pith ? pith.pageType.probabilities.documentation : Number.NaN,
    'type.service': pith ? pith.pageType.probabilities.service : Number.NaN,
  };
  // A plain loop: Float32Array.from with a mapping function costs several times more here.
  const row = new Float32Array(QUALITY_FEATURES.length);
  // own-keys: the feature names, each a key of `values`
  for (let index = 0; index < row.length; index++) row[index] = values[QUALITY_FEATURES[index]];
  return row;
}
