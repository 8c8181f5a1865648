/**
 * Reason codes: short, stable names for what lowered an extraction's quality or emptied it,
 * read from the same signals as the model. Each is a plain rule with its threshold here; what
 * each costs in F1 on held-out pages is in docs/algorithms/quality.md.
 */
import { QUALITY_FEATURES } from './features.js';
import { SHELL_MAX_WORDS } from './signals.js';

export const QUALITY_REASONS = [
  /** Nothing was kept. */
  'EMPTY',
  /** Fewer than `TOO_SHORT_WORDS` words were kept. */
  'TOO_SHORT',
  /** The heuristic stage found no region of text worth the name. */
  'NO_MAIN_REGION',
  /** The classifier kept almost nothing of the region: the region is the answer (a fallback). */
  'FALLBACK',
  /** Most of the kept text is link text (a list of links, not a body). */
  'MOSTLY_LINKS',
  /** Almost no text in the HTML, and the page is a script application's shell. */
  'SCRIPT_RENDERED',
  /** The page marks itself as behind a paywall: what is kept may be a teaser. */
  'PAYWALL',
  /** The kept text is in many separate stretches of the page: no one region stood out. */
  'MANY_CANDIDATES',
  /** A large share of the page's text is in blocks the classifier was unsure of. */
  'UNCERTAIN',
  /** No candidate selection is estimated good: the chosen one's estimated F1 is under `NO_GOOD_ESTIMATE`. */
  'NO_GOOD_CANDIDATE',
] as const;

/** The default extractor's choice (issue 37): below this estimated F1 no candidate is good. */
export const NO_GOOD_ESTIMATE = 0.5;

export type QualityReason = (typeof QUALITY_REASONS)[number];

export const TOO_SHORT_WORDS = 50;
const MIN_REGION_CHARS = 500;
const MOSTLY_LINKS_SHARE = 0.5;
const SHELL_SCRIPT_SHARE = 0.5;
const MANY_RUNS = 25;
const UNCERTAIN_SHARE = 0.35;

/**
 * Each code in words, for people: the web page shows these beside the codes (and its glossary
 * lists them); a tool that prints codes to a person takes its sentence from here, not a copy.
 */
export const QUALITY_REASON_TEXTS: Readonly<Record<QualityReason, string>> = {
  EMPTY: 'Nothing was kept.',
  TOO_SHORT: `Fewer than ${TOO_SHORT_WORDS} words were kept: too little text to be sure it is the main content.`,
  NO_MAIN_REGION: `No part of the page has ${MIN_REGION_CHARS} characters of text or more: there is no clear main text to find.`,
  FALLBACK:
    'The classifier kept almost nothing of the likely article, so that region was kept whole instead.',
  MOSTLY_LINKS: `More than ${100 * MOSTLY_LINKS_SHARE}% of the kept text is link text: a list of links rather than a body.`,
  SCRIPT_RENDERED: 'The HTML has almost no text: the page is drawn by its scripts, which pith does not run.',
  PAYWALL: 'The page says it is behind a paywall: what was kept may be only a teaser.',
  MANY_CANDIDATES: `The kept text is in ${MANY_RUNS} or more separate stretches of the page: no one region stood out.`,
  UNCERTAIN: `The classifier was unsure of ${100 * UNCERTAIN_SHARE}% or more of the page's text.`,
  NO_GOOD_CANDIDATE:
    'None of the candidate extractions looked good: the best of them was estimated under half right.',
};

const column = (name: string) => QUALITY_FEATURES.indexOf(name);
const KEPT_WORDS = column('kept.words');
const KEPT_LINK_SHARE = column('kept.linkShare');
const PAGE_WORDS = column('page.words');
const SCRIPT_SHARE = column('page.scriptShare');
const MOUNT_POINT = column('page.emptyMountPoint');
const PAYWALL = column('page.paywall');
const TOP_CHARS = column('heuristic.topChars');
const FALLBACK = column('pith.decidedByFallback');
const KEPT_RUNS = column('pith.keptRuns');
const UNCERTAIN = column('pith.uncertainShare');

/**
 * The codes that apply to one extraction, in `QUALITY_REASONS` order, from its feature row
 * (`qualityFeatures`), so that the reasons of the training rows are those of extraction time.
 * A comparison with NaN (a feature another extractor does not have) is false.
 */
export function qualityReasons(row: ArrayLike<number>, choiceEstimate?: number): QualityReason[] {
  const keptWords = row[KEPT_WORDS];
  const holds: Record<QualityReason, boolean> = {
    EMPTY: keptWords === 0,
    TOO_SHORT: keptWords > 0 && keptWords < TOO_SHORT_WORDS,
    NO_MAIN_REGION: row[TOP_CHARS] < MIN_REGION_CHARS,
    FALLBACK: row[FALLBACK] === 1,
    MOSTLY_LINKS: row[KEPT_LINK_SHARE] > MOSTLY_LINKS_SHARE,
    SCRIPT_RENDERED:
      row[PAGE_WORDS] < SHELL_MAX_WORDS && (row[MOUNT_POINT] === 1 || row[SCRIPT_SHARE] > SHELL_SCRIPT_SHARE),
    PAYWALL: row[PAYWALL] === 1,
    MANY_CANDIDATES: row[KEPT_RUNS] >= MANY_RUNS,
    UNCERTAIN: row[UNCERTAIN] >= UNCERTAIN_SHARE,
    NO_GOOD_CANDIDATE: choiceEstimate !== undefined && choiceEstimate < NO_GOOD_ESTIMATE,
  };
  return QUALITY_REASONS.filter((reason) => holds[reason]);
}
