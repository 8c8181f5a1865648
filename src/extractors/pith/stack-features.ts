/**
 * The second stage's features (issue 37, stacking): per block, the first stage's probability,
 * its neighbours', the candidates the block is in (the block model at several thresholds, its
 * main run, the heuristic region, the JSON-LD body), the page's candidates' sizes and how much
 * they agree, and a few of the block's own features. Computed from the block model's
 * probabilities and the block feature rows the first stage already has: nothing is parsed or
 * segmented again, so the trainer computes the same rows from cached block rows.
 */

/** The block feature rows as the first stage computed them. */
export interface StackInputs {
  /** The first stage's probability per block. */
  probabilities: ArrayLike<number>;
  /** Block feature rows, row-major. */
  values: Float32Array;
  /** Block feature names (the rows' columns). */
  names: readonly string[];
  /** Rows in `values` (blocks). */
  count: number;
}

/** Block features the second stage reads as they are. */
export const OWN_FEATURES = [
  'logWords',
  'linkDensity',
  'relativeIndex',
  'relativeCharPosition',
  'heuristicKept',
  'heuristicKeptShare',
  'hasStructuredBody',
  'structuredBodyOverlap',
  'in:footer',
  'in:nav',
  'in:aside',
  'in:article',
  'in:main',
  'cue:footer',
  'cue:related',
  'cue:comment',
  'pageLogBlocks',
] as const;

/** Offsets of the neighbours whose probabilities are features. */
const NEIGHBOURS = [-3, -2, -1, 1, 2, 3] as const;
/** Half-widths of the windows whose mean and max probability are features. */
const WINDOWS = [2, 5] as const;
/** Thresholds of the block-model candidates the block may be in. */
const THRESHOLDS = [0.2, 0.35, 0.5, 0.65, 0.8] as const;
/** Blocks between kept blocks that the main run bridges (candidates.ts's RUN_GAP). */
const RUN_GAP = 3;

export const STACK_FEATURE_NAMES: readonly string[] = [
  'p',
  ...NEIGHBOURS.map((offset) => `p@${offset}`),
  ...WINDOWS.flatMap((half) => [`meanP±${half}`, `maxP±${half}`]),
  'inMainRun',
  'runDistance',
  'structured',
  ...THRESHOLDS.map((threshold) => `page:logWords@${threshold}`),
  'page:runShare',
  'page:heuristicLogWords',
  'page:agreeHeuristic',
  'page:agreeStructured',
  'page:meanP',
  'page:logWords',
  ...OWN_FEATURES.map((name) => `own:${name}`),
];

export const STACK_WIDTH = STACK_FEATURE_NAMES.length;

const at = (names: readonly string[], name: string) => {
  const index = names.indexOf(name);
  if (index < 0) throw new Error(`stack features: the block rows have no '${name}'`);
  return index;
};

/** Jaccard overlap of two word-weighted block sets. */
function agreement(words: Float64Array, a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let block = 0; block < words.length; block++) {
    if (a[block] && b[block]) both += words[block];
    if (a[block] || b[block]) either += words[block];
  }
  return either === 0 ? 1 : both / either;
}

/** The stretch of blocks at or above 0.5 (gaps ≤ RUN_GAP) holding the most words, as candidates.ts's mainRun. */
function mainRunBlocks(p: ArrayLike<number>, words: Float64Array): Uint8Array {
  const count = words.length;
  let best = -1;
  let bestEnd = -1;
  let bestWords = 0;
  let start = -1;
  let last = -1;
  let sum = 0;
  const close = () => {
    if (start >= 0 && sum > bestWords) {
      best = start;
      bestEnd = last;
      bestWords = sum;
    }
  };
  for (let block = 0; block < count; block++) {
    if (p[block] < 0.5) continue;
    if (start < 0 || block - last - 1 > RUN_GAP) {
      close();
      start = block;
      sum = 0;
    }
    sum += words[block];
    last = block;
  }
  close();
  const run = new Uint8Array(count);
  for (let block = best; best >= 0 && block <= bestEnd; block++) if (p[block] >= 0.5) run[block] = 1;
  return run;
}

/** The second stage's rows, `count × STACK_WIDTH`, row-major. */
export function stackRows(inputs: StackInputs): Float32Array {
  const { probabilities: p, values, names, count } = inputs;
  const width = names.length;
  const logWordsAt = at(names, 'logWords');
  const keptAt = at(names, 'heuristicKept');
  const overlapAt = at(names, 'structuredBodyOverlap');
  const hasStructuredAt = at(names, 'hasStructuredBody');
  const own = OWN_FEATURES.map((name) => at(names, name));
  const words = new Float64Array(count);
  for (let block = 0; block < count; block++) words[block] = Math.expm1(values[block * width + logWordsAt]);
  let total = 0;
  let weightedP = 0;
  for (let block = 0; block < count; block++) {
    total += words[block];
    weightedP += words[block] * p[block];
  }
  const kept = THRESHOLDS.map(() => 0);
  const balanced = new Uint8Array(count);
  const heuristic = new Uint8Array(count);
  const structured = new Uint8Array(count);
  const hasStructured = count > 0 && values[hasStructuredAt] === 1;
  let heuristicWords = 0;
  for (let block = 0; block < count; block++) {
    THRESHOLDS.forEach((threshold, t) => {
      if (p[block] >= threshold) kept[t] += words[block];
    });
    balanced[block] = p[block] >= 0.5 ? 1 : 0;
    heuristic[block] = values[block * width + keptAt] >= 0.5 ? 1 : 0;
    if (heuristic[block]) heuristicWords += words[block];
    structured[block] = hasStructured && values[block * width + overlapAt] >= 0.6 ? 1 : 0;
  }
  const run = mainRunBlocks(p, words);
  let runWords = 0;
  let runFirst = -1;
  let runLast = -1;
  for (let block = 0; block < count; block++) {
    if (!run[block]) continue;
    runWords += words[block];
    if (runFirst < 0) runFirst = block;
    runLast = block;
  }
  const page = [
    ...kept.map((sum) => Math.log1p(sum)),
    kept[2] === 0 ? 0 : runWords / kept[2],
    Math.log1p(heuristicWords),
    agreement(words, balanced, heuristic),
    hasStructured ? agreement(words, balanced, structured) : -1,
    total === 0 ? 0 : weightedP / total,
    Math.log1p(total),
  ];
  const rows = new Float32Array(count * STACK_WIDTH);
  for (let block = 0; block < count; block++) {
    let column = block * STACK_WIDTH;
    rows[column++] = p[block];
    for (const offset of NEIGHBOURS) {
      const other = block + offset;
      rows[column++] = other >= 0 && other < count ? p[other] : -1;
    }
    for (const half of WINDOWS) {
      let sum = 0;
      let max = 0;
      let n = 0;
      for (let other = Math.max(0, block - half); other <= Math.min(count - 1, block + half); other++) {
        if (other === block) continue;
        sum += p[other];
        max = Math.max(max, p[other]);
        n++;
      }
      rows[column++] = n === 0 ? 0 : sum / n;
      rows[column++] = max;
    }
    rows[column++] = run[block];
    rows[column++] =
      runFirst < 0 ? -1 : block < runFirst ? runFirst - block : block > runLast ? block - runLast : 0;
    rows[column++] = structured[block];
    for (const value of page) rows[column++] = value;
    for (const index of own) rows[column++] = values[block * width + index];
  }
  return rows;
}
