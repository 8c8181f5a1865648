/**
 * Training of gradient-boosted trees for binary classification (logistic loss), histogram-based
 * as in LightGBM, with second-order (Newton) leaf values and L2 regularisation as in XGBoost.
 * See docs/algorithms/learn.md.
 */
import { type Random, randomIndex, seededRandom } from '../random.js';
import { binColumns, computeBinEdges, MAX_VALUE_BINS, MISSING_BIN } from './binning.js';
import { type CheckedData, checkData, type LabelledRows, type TrainingData } from './data.js';
import { type GbdtModel, type GbdtParams, type GbdtTree, treeValue } from './gbdt-model.js';
import { logisticLoss, logit, roundSignificant, sigmoid } from './numbers.js';

export const DEFAULT_GBDT_PARAMS: Readonly<GbdtParams> = {
  rounds: 100,
  learningRate: 0.1,
  maxDepth: 6,
  maxLeaves: 0,
  lambda: 1,
  minChildWeight: 1,
  minSamplesLeaf: 20,
  minSplitGain: 0,
  subsample: 1,
  colsampleByTree: 1,
  maxBins: MAX_VALUE_BINS,
  binSampleRows: 200_000,
  earlyStoppingRounds: 0,
  seed: 1,
};

/** Weighted mean logistic loss after a round, on the training rows and the validation rows. */
export interface RoundLog {
  readonly round: number;
  readonly trainLoss: number;
  readonly validationLoss?: number;
}

export interface GbdtOptions {
  /** Rows to watch (and, with earlyStoppingRounds, to stop on). */
  readonly validation?: LabelledRows;
  readonly onRound?: (log: RoundLog) => void;
  /**
   * The first row of each group, ascending (the first is 0): with groups, the loss is a softmax
   * over each group's rows (a ranking within the group, as ListNet's top-one loss) instead of a
   * logistic loss per row; a group's positive rows share its target, a group without one teaches
   * nothing. The model's scores then rank a group's rows; their sigmoid is no probability.
   */
  readonly groups?: ArrayLike<number>;
  /**
   * The loss over a group's rows: 'softmax' (above), or 'pairs' (RankNet's: each positive row
   * against each other row, a logistic loss on their difference, a group's pairs weighing 1 per
   * negative row).
   */
  readonly ranking?: 'softmax' | 'pairs';
}

export interface GbdtTraining {
  readonly model: GbdtModel;
  readonly history: readonly RoundLog[];
  /** The number of trees kept: the best validation round under early stopping, else all. */
  readonly bestRound: number;
}

/** Three accumulators per bin (gradient, hessian, row count), 256 bins per feature. */
const BIN_SLOTS = 3;
const FEATURE_STRIDE = (MISSING_BIN + 1) * BIN_SLOTS;

interface Split {
  readonly feature: number;
  readonly bin: number;
  readonly missingLeft: boolean;
  readonly gain: number;
  readonly leftGradient: number;
  readonly leftHessian: number;
  readonly leftCount: number;
}

/** A node while its tree grows; its rows are `rows[start … end)` of the grower. */
interface GrowNode {
  readonly start: number;
  readonly end: number;
  readonly depth: number;
  readonly gradient: number;
  readonly hessian: number;
  histogram: Float64Array | null;
  split: Split | null;
  left: GrowNode | null;
  right: GrowNode | null;
}

function checkParams(p: GbdtParams): void {
  const need = (ok: boolean, what: string) => {
    if (!ok) throw new RangeError(`gbdt parameters: ${what}`);
  };
  const isInt = Number.isInteger;
  need(isInt(p.rounds) && p.rounds >= 1, `rounds must be an integer ≥ 1, got ${p.rounds}`);
  need(p.learningRate > 0 && p.learningRate <= 1, `learningRate must be in (0, 1], got ${p.learningRate}`);
  need(isInt(p.maxDepth) && p.maxDepth >= 1, `maxDepth must be an integer ≥ 1, got ${p.maxDepth}`);
  need(
    isInt(p.maxLeaves) && (p.maxLeaves === 0 || p.maxLeaves >= 2),
    `maxLeaves must be 0 or ≥ 2, got ${p.maxLeaves}`,
  );
  need(p.lambda >= 0 && Number.isFinite(p.lambda), `lambda must be ≥ 0, got ${p.lambda}`);
  need(p.minChildWeight >= 0 && Number.isFinite(p.minChildWeight), `minChildWeight must be ≥ 0`);
  need(
    p.lambda > 0 || p.minChildWeight > 0,
    'lambda or minChildWeight must be > 0 (a leaf value divides by H + λ)',
  );
  need(isInt(p.minSamplesLeaf) && p.minSamplesLeaf >= 1, `minSamplesLeaf must be an integer ≥ 1`);
  need(p.minSplitGain >= 0 && Number.isFinite(p.minSplitGain), `minSplitGain must be ≥ 0`);
  need(p.subsample > 0 && p.subsample <= 1, `subsample must be in (0, 1], got ${p.subsample}`);
  need(p.colsampleByTree > 0 && p.colsampleByTree <= 1, `colsampleByTree must be in (0, 1]`);
  need(isInt(p.maxBins) && p.maxBins >= 2 && p.maxBins <= MAX_VALUE_BINS, `maxBins must be in 2 … 255`);
  need(isInt(p.binSampleRows) && p.binSampleRows >= 1, `binSampleRows must be an integer ≥ 1`);
  need(
    isInt(p.earlyStoppingRounds) && p.earlyStoppingRounds >= 0,
    `earlyStoppingRounds must be an integer ≥ 0`,
  );
  need(isInt(p.seed), `seed must be an integer, got ${p.seed}`);
}

/** Grows one tree at a time over the binned columns; buffers are reused across trees. */
class TreeGrower {
  /** Row ids, each node owning a contiguous range, kept in ascending order inside it. */
  readonly rows: Uint32Array;
  private readonly scratch: Uint32Array;
  /** Gradient and hessian of a node's rows, interleaved, gathered once per histogram. */
  private readonly gathered: Float64Array;
  private readonly pool: Float64Array[] = [];
  private readonly pairHistogram = new Float64Array(2 * FEATURE_STRIDE);
  private activeFeatures: Int32Array = new Int32Array(0);
  private gradients: Float64Array = new Float64Array(0);
  private hessians: Float64Array = new Float64Array(0);

  constructor(
    private readonly bins: Uint8Array,
    private readonly rowCount: number,
    private readonly featureCount: number,
    /** Value bins per feature (edges + 1). */
    private readonly valueBins: Int32Array,
    private readonly params: GbdtParams,
  ) {
    this.rows = new Uint32Array(rowCount);
    this.scratch = new Uint32Array(rowCount);
    this.gathered = new Float64Array(2 * rowCount);
  }

  /** Grows a tree over `rows[0 … sampleCount)`, best split first until no split pays or leaves run out. */
  grow(
    sampleCount: number,
    gradients: Float64Array,
    hessians: Float64Array,
    activeFeatures: Int32Array,
  ): GrowNode {
    this.gradients = gradients;
    this.hessians = hessians;
    this.activeFeatures = activeFeatures;
    let gradient = 0;
    let hessian = 0;
    for (let k = 0; k < sampleCount; k++) {
      gradient += gradients[this.rows[k]];
      hessian += hessians[this.rows[k]];
    }
    const root = this.node(0, sampleCount, 0, gradient, hessian);
    const open: GrowNode[] = [];
    if (this.mayHaveSplit(root)) {
      root.histogram = this.take();
      this.buildHistogram(root.histogram, root);
      this.considerSplit(root, open);
    }
    const { maxLeaves } = this.params;
    let leaves = 1;
    while (open.length > 0 && (maxLeaves === 0 || leaves < maxLeaves)) {
      // `open` is in creation order, so the first of equal gains is the oldest node: deterministic.
      let best = 0;
      for (let i = 1; i < open.length; i++) if (open[i].split!.gain > open[best].split!.gain) best = i;
      const [node] = open.splice(best, 1);
      this.splitNode(node, open);
      leaves++;
    }
    for (const node of open) this.release(node);
    return root;
  }

  private node(start: number, end: number, depth: number, gradient: number, hessian: number): GrowNode {
    return {
      start,
      end,
      depth,
      gradient,
      hessian,
      histogram: null,
      split: null,
      left: null,
      right: null,
    };
  }

  /** Whether a node could be split at all (so whether it needs a histogram). */
  private mayHaveSplit(node: GrowNode): boolean {
    const { maxDepth, minSamplesLeaf, minChildWeight } = this.params;
    return (
      node.depth < maxDepth &&
      node.end - node.start >= 2 * minSamplesLeaf &&
      node.hessian >= 2 * minChildWeight
    );
  }

  private considerSplit(node: GrowNode, open: GrowNode[]): void {
    node.split = this.bestSplit(node);
    if (node.split) open.push(node);
    else this.release(node);
  }

  private take(): Float64Array {
    return this.pool.pop() ?? new Float64Array(this.featureCount * FEATURE_STRIDE);
  }

  private release(node: GrowNode): void {
    if (node.histogram) this.pool.push(node.histogram);
    node.histogram = null;
  }

  private buildHistogram(histogram: Float64Array, node: GrowNode): void {
    const { rows, gathered, gradients, hessians, bins, rowCount } = this;
    const { start, end } = node;
    for (let k = start, at = 0; k < end; k++, at += 2) {
      const row = rows[k];
      gathered[at] = gradients[row];
      gathered[at + 1] = hessians[row];
    }
    // Even and odd rows go to two histograms summed at the end: a row no longer waits for the
    // previous row's store to the same bin (a frequent value), which makes this a third faster.
    const pair = this.pairHistogram;
    for (const f of this.activeFeatures) {
      pair.fill(0);
      const column = bins.subarray(f * rowCount, (f + 1) * rowCount);
      let k = start;
      let at = 0;
      for (; k + 1 < end; k += 2, at += 4) {
        const even = column[rows[k]] * BIN_SLOTS;
        const odd = FEATURE_STRIDE + column[rows[k + 1]] * BIN_SLOTS;
        pair[even] += gathered[at];
        pair[even + 1] += gathered[at + 1];
        pair[even + 2] += 1;
        pair[odd] += gathered[at + 2];
        pair[odd + 1] += gathered[at + 3];
        pair[odd + 2] += 1;
      }
      if (k < end) {
        const even = column[rows[k]] * BIN_SLOTS;
        pair[even] += gathered[at];
        pair[even + 1] += gathered[at + 1];
        pair[even + 2] += 1;
      }
      const base = f * FEATURE_STRIDE;
      for (let i = 0; i < FEATURE_STRIDE; i++) histogram[base + i] = pair[i] + pair[FEATURE_STRIDE + i];
    }
  }

  /** The histogram trick: a child's histogram is its parent's minus its sibling's. */
  private subtractHistogram(parent: Float64Array, sibling: Float64Array): void {
    for (const f of this.activeFeatures) {
      for (let i = f * FEATURE_STRIDE, end = i + FEATURE_STRIDE; i < end; i++) parent[i] -= sibling[i];
    }
  }

  /**
   * The best split of a node over the active features: for every threshold bin, missing values
   * go left or right, whichever gains more (the learnt default direction). A node without missing
   * values sends them to the child with the larger hessian sum, the better-supported side.
   * Gain = G_L²/(H_L+λ) + G_R²/(H_R+λ) − G²/(H+λ).
   */
  private bestSplit(node: GrowNode): Split | null {
    const { lambda, minChildWeight, minSamplesLeaf, minSplitGain } = this.params;
    const histogram = node.histogram!;
    const G = node.gradient;
    const H = node.hessian;
    const C = node.end - node.start;
    const parentScore = (G * G) / (H + lambda);
    // Ignore gains that are rounding noise of the parent's score.
    let bestGain = Math.max(minSplitGain, 1e-12 * parentScore);
    let best: Split | null = null;
    const consider = (
      feature: number,
      bin: number,
      missingLeft: boolean,
      gl: number,
      hl: number,
      cl: number,
    ) => {
      const gr = G - gl;
      const hr = H - hl;
      const cr = C - cl;
      if (cl < minSamplesLeaf || cr < minSamplesLeaf || hl < minChildWeight || hr < minChildWeight) return;
      if (!(hl + lambda > 0 && hr + lambda > 0)) return;
      const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parentScore;
      if (gain > bestGain) {
        bestGain = gain;
        best = { feature, bin, missingLeft, gain, leftGradient: gl, leftHessian: hl, leftCount: cl };
      }
    };
    for (const f of this.activeFeatures) {
      const base = f * FEATURE_STRIDE;
      const missing = base + MISSING_BIN * BIN_SLOTS;
      const gm = histogram[missing];
      const hm = histogram[missing + 1];
      const cm = histogram[missing + 2];
      let gl = 0;
      let hl = 0;
      let cl = 0;
      for (let bin = 0; bin + 1 < this.valueBins[f]; bin++) {
        const slot = base + bin * BIN_SLOTS;
        if (histogram[slot + 2] === 0) continue; // same partition as the bin before
        gl += histogram[slot];
        hl += histogram[slot + 1];
        cl += histogram[slot + 2];
        if (cm > 0) {
          consider(f, bin, false, gl, hl, cl);
          consider(f, bin, true, gl + gm, hl + hm, cl + cm);
        } else {
          consider(f, bin, hl >= H - hl, gl, hl, cl);
        }
      }
    }
    return best;
  }

  private splitNode(node: GrowNode, open: GrowNode[]): void {
    const split = node.split!;
    const middle = this.partition(node, split);
    const depth = node.depth + 1;
    const left = this.node(node.start, middle, depth, split.leftGradient, split.leftHessian);
    const right = this.node(
      middle,
      node.end,
      depth,
      node.gradient - split.leftGradient,
      node.hessian - split.leftHessian,
    );
    node.left = left;
    node.right = right;
    const parentHistogram = node.histogram!;
    node.histogram = null;
    const leftNeeds = this.mayHaveSplit(left);
    const rightNeeds = this.mayHaveSplit(right);
    if (!leftNeeds && !rightNeeds) {
      this.pool.push(parentHistogram);
      return;
    }
    // Build the smaller child's histogram from its rows; the larger one's is the difference.
    const leftIsSmaller = left.end - left.start <= right.end - right.start;
    const [smaller, larger] = leftIsSmaller ? [left, right] : [right, left];
    const smallerHistogram = this.take();
    this.buildHistogram(smallerHistogram, smaller);
    if (leftIsSmaller ? rightNeeds : leftNeeds) {
      this.subtractHistogram(parentHistogram, smallerHistogram);
      larger.histogram = parentHistogram;
    } else {
      this.pool.push(parentHistogram);
    }
    if (leftIsSmaller ? leftNeeds : rightNeeds) smaller.histogram = smallerHistogram;
    else this.pool.push(smallerHistogram);
    // Children join `open` as they are made (left first), which keeps `open` in creation order.
    for (const child of [left, right]) if (child.histogram) this.considerSplit(child, open);
  }

  /** Stable partition of the node's rows: left rows first, both sides keep ascending order. */
  private partition(node: GrowNode, split: Split): number {
    const { rows, scratch } = this;
    const column = this.bins.subarray(split.feature * this.rowCount, (split.feature + 1) * this.rowCount);
    let leftEnd = node.start;
    let rightCount = 0;
    for (let k = node.start; k < node.end; k++) {
      const row = rows[k];
      const bin = column[row];
      if (bin === MISSING_BIN ? split.missingLeft : bin <= split.bin) rows[leftEnd++] = row;
      else scratch[rightCount++] = row;
    }
    rows.set(scratch.subarray(0, rightCount), leftEnd);
    return leftEnd;
  }
}

/** A grown tree as model arrays (pre-order numbering), plus the split bins for binned prediction. */
function flattenTree(
  root: GrowNode,
  binEdges: readonly Float64Array[],
  params: GbdtParams,
): { tree: GbdtTree; splitBin: Int32Array } {
  const internal: GrowNode[] = [];
  const leaves: GrowNode[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const visit = (node: GrowNode): number => {
    if (!node.left || !node.right) {
      leaves.push(node);
      return ~(leaves.length - 1);
    }
    const index = internal.length;
    internal.push(node);
    left.push(0);
    right.push(0);
    left[index] = visit(node.left);
    right[index] = visit(node.right);
    return index;
  };
  visit(root);
  const splits = internal.map((node) => node.split!);
  const tree: GbdtTree = {
    feature: Int32Array.from(splits, (s) => s.feature),
    threshold: Float64Array.from(splits, (s) => binEdges[s.feature][s.bin]),
    missingLeft: Uint8Array.from(splits, (s) => (s.missingLeft ? 1 : 0)),
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    gain: Float64Array.from(splits, (s) => roundSignificant(s.gain)),
    // Newton step −G/(H+λ), shrunk, rounded now so the model trained on is the model saved.
    leafValue: Float64Array.from(leaves, (leaf) =>
      leaf.hessian + params.lambda > 0
        ? roundSignificant((-leaf.gradient / (leaf.hessian + params.lambda)) * params.learningRate)
        : 0,
    ),
  };
  return { tree, splitBin: Int32Array.from(splits, (s) => s.bin) };
}

/** Adds one tree's value to every training row's margin, walking the binned columns. */
function addTreeToMargins(
  tree: GbdtTree,
  splitBin: Int32Array,
  bins: Uint8Array,
  rowCount: number,
  margins: Float64Array,
): void {
  const { feature, missingLeft, left, right, leafValue } = tree;
  const rootNode = feature.length > 0 ? 0 : -1;
  for (let row = 0; row < rowCount; row++) {
    let node = rootNode;
    while (node >= 0) {
      const bin = bins[feature[node] * rowCount + row];
      const goLeft = bin === MISSING_BIN ? missingLeft[node] === 1 : bin <= splitBin[node];
      node = goLeft ? left[node] : right[node];
    }
    margins[row] += leafValue[~node];
  }
}

function meanLoss(data: CheckedData, margins: Float64Array): number {
  let loss = 0;
  for (let i = 0; i < data.rowCount; i++) loss += data.weights[i] * logisticLoss(data.labels[i], margins[i]);
  return loss / data.totalWeight;
}

/** Rows of this tree's sample: all, or each with probability `subsample`. Returns the count. */
function sampleRows(rows: Uint32Array, rowCount: number, subsample: number, random: Random): number {
  let count = 0;
  for (let row = 0; row < rowCount; row++) if (subsample >= 1 || random() < subsample) rows[count++] = row;
  return count;
}

/** Features of this tree: all, or a seeded random `colsampleByTree` share of them (at least one). */
function sampleFeatures(featureCount: number, share: number, random: Random): Int32Array {
  const all = Int32Array.from({ length: featureCount }, (_, f) => f);
  if (share >= 1) return all;
  const count = Math.max(1, Math.round(share * featureCount));
  for (let i = 0; i < count; i++) {
    const j = i + randomIndex(random, featureCount - i);
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.subarray(0, count).sort();
}

/** Group starts checked (ascending from 0, within the rows), with the row count appended as the last end. */
function checkGroups(starts: ArrayLike<number>, rowCount: number): Int32Array {
  const out = new Int32Array(starts.length + 1);
  for (let g = 0; g < starts.length; g++) {
    const start = starts[g];
    const previous = g === 0 ? -1 : out[g - 1];
    if (!Number.isInteger(start) || start <= previous || start >= rowCount || (g === 0 && start !== 0))
      throw new RangeError(`groups: start ${g} is ${start}, expected ascending row indices from 0`);
    out[g] = start;
  }
  out[starts.length] = rowCount;
  return out;
}

/** The rows of the groups (`bounds`: each group's first row, then the row count) and what a round fills in. */
interface GroupRows {
  bounds: Int32Array;
  labels: Float64Array;
  weights: Float64Array;
  margins: Float64Array;
  gradients: Float64Array;
  hessians: Float64Array;
}

/**
 * Gradients and hessians of the softmax loss over each group's rows: the target is the group's
 * positive rows sharing 1 (a group without one has none: no gradient); the hessian is the
 * diagonal's p(1 − p), floored as the logistic one is.
 */
function softmaxGradients({ bounds, labels, weights, margins, gradients, hessians }: GroupRows): void {
  for (let g = 0; g + 1 < bounds.length; g++) {
    const start = bounds[g];
    const end = bounds[g + 1];
    let top = Number.NEGATIVE_INFINITY;
    let positive = 0;
    for (let i = start; i < end; i++) {
      top = Math.max(top, margins[i]);
      positive += labels[i];
    }
    let sum = 0;
    for (let i = start; i < end; i++) sum += Math.exp(margins[i] - top);
    for (let i = start; i < end; i++) {
      if (positive === 0) {
        gradients[i] = 0;
        hessians[i] = 1e-16 * weights[i];
        continue;
      }
      const probability = Math.exp(margins[i] - top) / sum;
      gradients[i] = (probability - labels[i] / positive) * weights[i];
      hessians[i] = Math.max(probability * (1 - probability), 1e-16) * weights[i];
    }
  }
}

/**
 * Gradients and hessians of RankNet's pairwise loss: for each positive row i and negative row j of
 * a group, log(1 + e^(s_j − s_i)), divided by the group's positive rows (so that every negative
 * row is pushed under the positives once); a group with no positive or no negative teaches nothing.
 */
function pairGradients({ bounds, labels, weights, margins, gradients, hessians }: GroupRows): void {
  gradients.fill(0);
  hessians.fill(0);
  for (let g = 0; g + 1 < bounds.length; g++) {
    const start = bounds[g];
    const end = bounds[g + 1];
    let positive = 0;
    for (let i = start; i < end; i++) if (labels[i] > 0.5) positive++;
    if (positive === 0 || positive === end - start) continue;
    for (let i = start; i < end; i++) {
      if (!(labels[i] > 0.5)) continue;
      for (let j = start; j < end; j++) {
        if (labels[j] > 0.5) continue;
        const rho = sigmoid(margins[j] - margins[i]);
        const weight = (weights[i] * weights[j]) / positive;
        gradients[i] -= rho * weight;
        gradients[j] += rho * weight;
        hessians[i] += rho * (1 - rho) * weight;
        hessians[j] += rho * (1 - rho) * weight;
      }
    }
  }
  for (let i = 0; i < hessians.length; i++) hessians[i] = Math.max(hessians[i], 1e-16 * weights[i]);
}

/**
 * Trains gradient-boosted trees on the logistic loss (or, with `options.groups`, a softmax within groups).
 *
 * Defaults (DEFAULT_GBDT_PARAMS): 100 rounds, learning rate 0.1, depth 6, λ = 1, min child
 * weight 1 (hessian sum, which grows with the sample weights), 20 rows per leaf, no sampling,
 * 255 bins. Same data, parameters and seed give the same model, byte for byte.
 */
export function trainGbdt(
  data: TrainingData,
  params: Partial<GbdtParams> = {},
  options: GbdtOptions = {},
): GbdtTraining {
  const p: GbdtParams = { ...DEFAULT_GBDT_PARAMS, ...params };
  checkParams(p);
  const featureCount = data.featureNames.length;
  const train = checkData(data, featureCount);
  const validation = options.validation
    ? checkData(options.validation, featureCount, 'validation data')
    : null;
  if (p.earlyStoppingRounds > 0 && !validation)
    throw new RangeError('earlyStoppingRounds needs a validation set');
  const { rowCount, labels, weights } = train;

  const binEdges = computeBinEdges(data.features, rowCount, featureCount, p.maxBins, p.binSampleRows);
  const bins = binColumns(data.features, rowCount, featureCount, binEdges);
  const valueBins = Int32Array.from(binEdges, (edges) => edges.length + 1);
  const grower = new TreeGrower(bins, rowCount, featureCount, valueBins, p);

  let labelSum = 0;
  for (let i = 0; i < rowCount; i++) labelSum += weights[i] * labels[i];
  const baseScore = logit(labelSum / train.totalWeight);
  const margins = new Float64Array(rowCount).fill(baseScore);
  const validationMargins = new Float64Array(validation?.rowCount ?? 0).fill(baseScore);
  const gradients = new Float64Array(rowCount);
  const hessians = new Float64Array(rowCount);
  const random = seededRandom(p.seed);
  const trees: GbdtTree[] = [];
  const history: RoundLog[] = [];
  let bestRound = 0;
  let bestLoss = Number.POSITIVE_INFINITY;

  const groups = options.groups ? checkGroups(options.groups, rowCount) : null;

  for (let round = 1; round <= p.rounds; round++) {
    if (groups)
      (options.ranking === 'pairs' ? pairGradients : softmaxGradients)({
        bounds: groups,
        labels,
        weights,
        margins,
        gradients,
        hessians,
      });
    else
      for (let i = 0; i < rowCount; i++) {
        const probability = sigmoid(margins[i]);
        gradients[i] = (probability - labels[i]) * weights[i];
        // A floor keeps H + λ from vanishing on rows the model is already sure about.
        hessians[i] = Math.max(probability * (1 - probability), 1e-16) * weights[i];
      }
    const sampleCount = sampleRows(grower.rows, rowCount, p.subsample, random);
    const features = sampleFeatures(featureCount, p.colsampleByTree, random);
    const root = grower.grow(sampleCount, gradients, hessians, features);
    const { tree, splitBin } = flattenTree(root, binEdges, p);
    trees.push(tree);
    addTreeToMargins(tree, splitBin, bins, rowCount, margins);

    let validationLoss: number | undefined;
    if (validation) {
      for (let i = 0; i < validation.rowCount; i++) {
        validationMargins[i] += treeValue(tree, validation.features, i * featureCount);
      }
      validationLoss = meanLoss(validation, validationMargins);
    }
    const log: RoundLog = { round, trainLoss: meanLoss(train, margins), validationLoss };
    history.push(log);
    options.onRound?.(log);
    const watched = validationLoss ?? log.trainLoss;
    if (watched < bestLoss) {
      bestLoss = watched;
      bestRound = round;
    }
    if (p.earlyStoppingRounds > 0 && round - bestRound >= p.earlyStoppingRounds) break;
  }
  const kept = p.earlyStoppingRounds > 0 ? bestRound : trees.length;
  const model: GbdtModel = {
    kind: 'gbdt',
    featureNames: [...data.featureNames],
    baseScore,
    binEdges,
    trees: trees.slice(0, kept),
    params: p,
  };
  return { model, history, bestRound: kept };
}
