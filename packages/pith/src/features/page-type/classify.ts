/**
 * `classifyPageType`: features → model probabilities → rule cues → a type,
 * its probabilities and the reasons.
 */
import type { Doc } from '../../dom/index.js';
import { type PageTypeMetadata, pageTypeFeatures } from './features.js';
import {
  loadPageTypeModel,
  PAGE_TYPES,
  type PageType,
  type PageTypeModel,
  predictPageTypeProbabilities,
} from './model.js';
import { type PageTypeCue, pageTypeCues } from './rules.js';

export interface PageTypeResult {
  type: PageType;
  /** One probability per type, summing to 1. */
  probabilities: Record<PageType, number>;
  /** Why: the cues the page shows, then the model's leading types. */
  reasons: string[];
}

export interface ClassifyPageTypeOptions {
  /** A loaded model, or a model's name (default: the shipped models/page-type.json; the tools' reader takes a file path). */
  model?: PageTypeModel | string;
  /** From `extractMetadata`, when the caller already has it (adds its declared type). */
  metadata?: PageTypeMetadata;
}

/**
 * How cues and the model combine. A strong cue (platform software, a schema.org type that
 * names the page) takes over when the model gives its type at least `overrideMinProbability`;
 * `undefined` leaves the model's choice alone. Chosen by cross-validation
 * (bench/page-type/evaluate.ts, docs/algorithms/page-type.md).
 */
export interface DecisionPolicy {
  overrideMinProbability: number | undefined;
  /**
   * A type other than article is chosen only with at least this probability, else article
   * (most pages on the web are articles, and an extractor that treats an article as a
   * listing loses more than the reverse). 0: off.
   */
  nonArticleMinProbability: number;
}

export const DEFAULT_DECISION_POLICY: Readonly<DecisionPolicy> = Object.freeze({
  overrideMinProbability: undefined,
  nonArticleMinProbability: 0,
});

/** What kind of page a document is, with per-type probabilities and reasons. Never throws on page content. */
export function classifyPageType(
  doc: Doc,
  url?: string,
  options: ClassifyPageTypeOptions = {},
): PageTypeResult {
  const features = pageTypeFeatures(doc, url, options.metadata);
  const model = typeof options.model === 'object' ? options.model : loadPageTypeModel(options.model);
  return classifyPageTypeFeatures(features, model);
}

/** The same decision from an already computed `pageTypeFeatures` vector. */
export function classifyPageTypeFeatures(
  features: ArrayLike<number>,
  model: PageTypeModel,
  policy: DecisionPolicy = DEFAULT_DECISION_POLICY,
): PageTypeResult {
  const probabilities = predictPageTypeProbabilities(model, features);
  const cues = pageTypeCues(features);
  const index = decide(probabilities, cues, policy);
  const record = {} as Record<PageType, number>;
  PAGE_TYPES.forEach((type, k) => {
    record[type] = probabilities[k];
  });
  const ranked = PAGE_TYPES.map((type, k) => ({ type, p: probabilities[k] })).sort((a, b) => b.p - a.p);
  const reasons = cues.map((cue) => `${cue.strength} cue for ${cue.type}: ${cue.reason}`);
  reasons.push(
    `model: ${ranked
      .slice(0, 3)
      .map(({ type, p }) => `${type} ${p.toFixed(2)}`)
      .join(', ')}`,
  );
  if (PAGE_TYPES[index] !== ranked[0].type) {
    reasons.push(
      PAGE_TYPES[index] === 'article' &&
        cues.every((cue) => cue.type !== 'article' || cue.strength !== 'strong')
        ? `${ranked[0].type} is below ${policy.nonArticleMinProbability}: article`
        : `a strong ${PAGE_TYPES[index]} cue overrides the model's ${ranked[0].type}`,
    );
  }
  return { type: PAGE_TYPES[index], probabilities: record, reasons };
}

/** A page's type and its probabilities, without the reasons (what the default extractor reads). */
export interface PageTypeDecision {
  type: PageType;
  probabilities: Record<PageType, number>;
}

/**
 * `classifyPageTypeFeatures`' type and probabilities under the default policy, without its reasons:
 * the extractor reads the page type up to three times a page (the listing profile, the choice's
 * rows, the diagnostics the metadata choice reads), and the reasons (a sort, numbers formatted,
 * strings joined, the cues read) were built for none of them.
 */
export function decidePageType(features: ArrayLike<number>, model: PageTypeModel): PageTypeDecision {
  const probabilities = predictPageTypeProbabilities(model, features);
  // The default policy lets no cue override the model (`decide` reads cues only with a threshold).
  const cues = DEFAULT_DECISION_POLICY.overrideMinProbability === undefined ? [] : pageTypeCues(features);
  const index = decide(probabilities, cues, DEFAULT_DECISION_POLICY);
  const record = {} as Record<PageType, number>;
  PAGE_TYPES.forEach((type, k) => {
    record[type] = probabilities[k];
  });
  return { type: PAGE_TYPES[index], probabilities: record };
}

/** The index of the chosen type. */
export function decide(
  probabilities: ArrayLike<number>,
  cues: readonly PageTypeCue[],
  policy: DecisionPolicy,
): number {
  let best = 0;
  for (let k = 1; k < probabilities.length; k++) if (probabilities[k] > probabilities[best]) best = k;
  const threshold = policy.overrideMinProbability;
  if (threshold !== undefined) {
    for (const cue of cues) {
      if (cue.strength !== 'strong') continue;
      const k = PAGE_TYPES.indexOf(cue.type);
      if (probabilities[k] >= threshold) return k;
    }
  }
  const article = PAGE_TYPES.indexOf('article');
  if (best !== article && probabilities[best] < policy.nonArticleMinProbability) return article;
  return best;
}
