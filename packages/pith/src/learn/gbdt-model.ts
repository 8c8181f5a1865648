/**
 * A trained gradient-boosted tree ensemble, as flat typed arrays (no object per node), and
 * prediction from raw feature values.
 */
import { sigmoid } from './numbers.js';

/**
 * One tree. Internal node i tests `x[feature[i]] ≤ threshold[i]`: true goes to left[i], false to
 * right[i], and a missing value (NaN) goes left when missingLeft[i] is 1. A child c ≥ 0 is an
 * internal node, c < 0 is leaf ~c (so leaf 0 is -1). Internal nodes and leaves are numbered in
 * pre-order, so every child index is above its parent's. A tree without a split has no internal
 * nodes and one leaf. Leaf values are log-odds contributions, learning rate included.
 */
export interface GbdtTree {
  readonly feature: Int32Array;
  readonly threshold: Float64Array;
  readonly missingLeft: Uint8Array;
  readonly left: Int32Array;
  readonly right: Int32Array;
  /** The loss reduction of each split (for importance), rounded to 6 significant digits. */
  readonly gain: Float64Array;
  readonly leafValue: Float64Array;
}

/** Training parameters of the trees (see trainGbdt for meanings and defaults). */
export interface GbdtParams {
  rounds: number;
  learningRate: number;
  maxDepth: number;
  /** 0: no limit beyond maxDepth. */
  maxLeaves: number;
  lambda: number;
  minChildWeight: number;
  minSamplesLeaf: number;
  minSplitGain: number;
  subsample: number;
  colsampleByTree: number;
  maxBins: number;
  binSampleRows: number;
  /** 0: off. Needs a validation set. */
  earlyStoppingRounds: number;
  seed: number;
}

export interface GbdtModel {
  readonly kind: 'gbdt';
  readonly featureNames: readonly string[];
  /** The starting log-odds: the weighted label mean of the training data. */
  readonly baseScore: number;
  /**
   * The quantisation learnt from the training data, per feature (see binning.ts); null when the
   * model was saved without it (prediction does not need it).
   */
  readonly binEdges: readonly Float64Array[] | null;
  readonly trees: readonly GbdtTree[];
  readonly params: Readonly<GbdtParams>;
  /** How the model was built (written by the trainer, read by tools; prediction ignores it). */
  readonly manifest?: Readonly<Record<string, unknown>>;
}

/** The leaf value one tree gives the row at `features[offset …]`. */
export function treeValue(tree: GbdtTree, features: ArrayLike<number>, offset: number): number {
  const { feature, threshold, missingLeft, left, right } = tree;
  let node = feature.length > 0 ? 0 : -1;
  while (node >= 0) {
    const x = features[offset + feature[node]];
    // NaN fails both comparisons and takes the learnt default direction.
    node =
      x <= threshold[node]
        ? left[node]
        : x > threshold[node]
          ? right[node]
          : missingLeft[node]
            ? left[node]
            : right[node];
  }
  return tree.leafValue[~node];
}

/** Log-odds for one row. */
export function gbdtMargin(model: GbdtModel, features: ArrayLike<number>, offset = 0): number {
  if (offset < 0 || offset + model.featureNames.length > features.length) {
    throw new RangeError(
      `row at offset ${offset} needs ${model.featureNames.length} features, array has ${features.length}`,
    );
  }
  let margin = model.baseScore;
  for (const tree of model.trees) margin += treeValue(tree, features, offset);
  return margin;
}

export function gbdtProbability(model: GbdtModel, features: ArrayLike<number>, offset = 0): number {
  return sigmoid(gbdtMargin(model, features, offset));
}

export interface FeatureImportance {
  readonly feature: string;
  readonly index: number;
  /** Sum of the gains of the splits on this feature. */
  readonly gain: number;
  readonly splits: number;
}

/** Importance of every feature, by total split gain (highest first; ties in feature order). */
export function featureImportance(model: GbdtModel): FeatureImportance[] {
  const gain = new Float64Array(model.featureNames.length);
  const splits = new Uint32Array(model.featureNames.length);
  for (const tree of model.trees) {
    for (let i = 0; i < tree.feature.length; i++) {
      gain[tree.feature[i]] += tree.gain[i];
      splits[tree.feature[i]]++;
    }
  }
  return model.featureNames
    .map((feature, index) => ({ feature, index, gain: gain[index], splits: splits[index] }))
    .sort((a, b) => b.gain - a.gain || a.index - b.index);
}
