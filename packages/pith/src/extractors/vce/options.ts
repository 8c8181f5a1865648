/**
 * VCE's parameters. The paper names its thresholds but gives no values: the defaults here
 * were tuned on the datasets (docs/algorithms/vce.md has the grid, the leave-one-dataset-out
 * check and the commands).
 */
import { PithError } from '../../errors.js';
import type { ExtractorParameter } from '../types.js';

export interface VceOptions {
  /**
   * DetectBlock: an element starts a new block when more than this many of the six
   * visual styles (width, height, font size, background colour, top, left) differ from
   * its parent's.
   */
  distanceThreshold: number;
  /** Two positions or sizes closer than this many px count as equal. */
  sizeTolerance: number;
  /** Two font sizes closer than this many px count as equal. */
  fontTolerance: number;
  /**
   * TextManipulation: a child block gives its text to its parent block when its link
   * density is below this (or it is a leaf link).
   */
  linkDensityThreshold: number;
  /** Whether inline-level elements (`a`, `span`, `b`…) may start blocks (the paper does not restrict). */
  inlineBlocks: boolean;
  /** Minimum conditions: a candidate's text length is at least this × the average block's. */
  minTextRatio: number;
  /** Minimum conditions: a candidate's width is at least this × the average block's. */
  minWidthRatio: number;
  /** Minimum conditions: a candidate's height is at least this × the average block's. */
  minHeightRatio: number;
  /** Minimum conditions: a candidate's link density is at most this × the page's (0 disables). */
  maxLinkDensityRatio: number;
  /**
   * Added to FactorValue's denominator (LinkDensity + RepeatedPatterns × Top), which is 0
   * for a block with no link and no repeated child pattern.
   */
  denominatorEpsilon: number;
  /** Measure Top in the denominator as a fraction of the page height (else in px). */
  relativeTop: boolean;
}

export const VCE_DEFAULTS: Readonly<VceOptions> = Object.freeze({
  distanceThreshold: 0,
  sizeTolerance: 2,
  fontTolerance: 0.5,
  linkDensityThreshold: 0.5,
  inlineBlocks: false,
  minTextRatio: 4,
  minWidthRatio: 0,
  minHeightRatio: 2,
  maxLinkDensityRatio: 2,
  // Tuned: the larger, the better on every dataset (docs/algorithms/vce.md); at 1e6 the
  // denominator is practically constant and blocks are ranked by the numerator.
  denominatorEpsilon: 1e6,
  relativeTop: false,
});

/**
 * A literal reading of the paper with no tuning: a block when 3 of the 6 styles differ,
 * candidates at the page averages of text and width, a small ε. Kept for comparison
 * (`bench/vce/run.ts --paper`).
 */
export const VCE_PAPER_READING: Readonly<VceOptions> = Object.freeze({
  distanceThreshold: 2,
  sizeTolerance: 2,
  fontTolerance: 0.5,
  linkDensityThreshold: 0.5,
  inlineBlocks: true,
  minTextRatio: 1,
  minWidthRatio: 1,
  minHeightRatio: 0,
  maxLinkDensityRatio: 0,
  denominatorEpsilon: 0.05,
  relativeTop: true,
});

export const VCE_PARAMETERS: readonly ExtractorParameter[] = [
  {
    name: 'distanceThreshold',
    type: 'number',
    default: VCE_DEFAULTS.distanceThreshold,
    description:
      'A new block starts when more than this many of width, height, font size, background, top and left differ from the parent.',
  },
  {
    name: 'sizeTolerance',
    type: 'number',
    default: VCE_DEFAULTS.sizeTolerance,
    description: 'Positions and sizes closer than this (px) count as equal.',
  },
  {
    name: 'fontTolerance',
    type: 'number',
    default: VCE_DEFAULTS.fontTolerance,
    description: 'Font sizes closer than this (px) count as equal.',
  },
  {
    name: 'linkDensityThreshold',
    type: 'number',
    default: VCE_DEFAULTS.linkDensityThreshold,
    description: 'A child block adds its text to its parent when its link density is below this.',
  },
  {
    name: 'inlineBlocks',
    type: 'boolean',
    default: VCE_DEFAULTS.inlineBlocks,
    description: 'Let inline elements (links, spans) start blocks.',
  },
  {
    name: 'minTextRatio',
    type: 'number',
    default: VCE_DEFAULTS.minTextRatio,
    description: "A candidate's text length must be at least this times the average block's.",
  },
  {
    name: 'minWidthRatio',
    type: 'number',
    default: VCE_DEFAULTS.minWidthRatio,
    description: "A candidate's width must be at least this times the average block's.",
  },
  {
    name: 'minHeightRatio',
    type: 'number',
    default: VCE_DEFAULTS.minHeightRatio,
    description: "A candidate's height must be at least this times the average block's.",
  },
  {
    name: 'maxLinkDensityRatio',
    type: 'number',
    default: VCE_DEFAULTS.maxLinkDensityRatio,
    description: "A candidate's link density must be at most this times the page's (0: no condition).",
  },
  {
    name: 'denominatorEpsilon',
    type: 'number',
    default: VCE_DEFAULTS.denominatorEpsilon,
    description: 'Added to the FactorValue denominator, which is 0 for a block without links or repeats.',
  },
  {
    name: 'relativeTop',
    type: 'boolean',
    default: VCE_DEFAULTS.relativeTop,
    description: 'Top in the FactorValue denominator as a fraction of the page height (else px).',
  },
];

/** Options merged over the defaults, with numbers checked. */
export function resolveOptions(options: Partial<VceOptions>): VceOptions {
  const resolved = { ...VCE_DEFAULTS, ...options };
  for (const parameter of VCE_PARAMETERS) {
    const value = resolved[parameter.name as keyof VceOptions];
    if (parameter.type === 'number' && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
      throw new PithError('BAD_OPTION', `vce: ${parameter.name} must be a number ≥ 0, got ${String(value)}`);
    }
    if (parameter.type === 'boolean' && typeof value !== 'boolean') {
      throw new PithError('BAD_OPTION', `vce: ${parameter.name} must be true or false, got ${String(value)}`);
    }
  }
  return resolved;
}
