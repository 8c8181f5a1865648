/**
 * A learned choice relative to the shipped answer (issue 37, s47-choose), over every development
 * page. Per page, one row per candidate (bench/choice/choose-rows.ts's features joined with the
 * headroom lines' scores, bench/choice/headroom.ts, same dataset/id): the candidate's 44 choice
 * features, the same minus the balanced candidate's, the features of its rendered text and the
 * same minus the shipped answer's, and the shipped answer's own (its words, the candidate's words
 * against them, which shipped step answered, its quality). The label is pairwise against the
 * shipped answer: does the candidate score higher (`--label pair`: rows with |ΔF1| > eps,
 * weighted by |ΔF1|; `--label win`: every row, label ΔF1 > eps; `--label gain`: 0.5 + ΔF1/2).
 * The page switches to its best-scoring candidate only when the score clears a margin tuned by
 * inner cross-validation inside the training folds (never on the evaluated fold). Held out by site
 * in the block model's five folds (a page of block fold k is chosen by a model of the other
 * folds' pages; article-set pages take their site's block fold, else a fold by a hash of the site).
 * Rows written with `--added` also carry what each candidate adds to the shipped answer and removes
 * from it (added-features.ts, s48-added), read unless `--no-added`. `--direction` trains one model per
 * direction instead (s50-choose): tighter candidates read the removed blocks' columns, looser ones the
 * added blocks', each with its own margin.
 *
 *   npx tsx bench/choice/choose.ts --rows .cache/choose/rows-*.jsonl \
 *     --headroom /work/main/.cache/headroom/s22-0.jsonl --headroom …s22-1.jsonl \
 *     [--only precision,recall,strict,loose] [--label pair|win|gain] [--tune pooled|sets|pages] [--direction]
 *     [--only-direction tighter|looser] [--skip-stepped] [--subsample 0.8 --seed N] [--out FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bootstrapMean } from '@pith/workbench/eval';
import { CHOICE_DATASETS, siteFoldHash } from '@pith/workbench/train';
import {
  CANDIDATE_NAMES,
  CHOICE_FEATURE_NAMES,
  CHOICE_WIDTH,
  type GbdtModel,
  predictProbability,
  TEXT_FEATURE_NAMES,
  TEXT_WIDTH,
  trainGbdt,
} from 'pith/internal';
import { ADDED_NAMES, ADDED_WIDTH } from './added-features.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', multiple: true, default: [] },
    headroom: { type: 'string', multiple: true, default: [] },
    label: { type: 'string', default: 'pair' },
    eps: { type: 'string', default: '0.005' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '200' },
    depth: { type: 'string', default: '4' },
    leaf: { type: 'string', default: '30' },
    rate: { type: 'string', default: '0.05' },
    /** Row subsampling per tree and its seed: the model's own variance, with the rows fixed. */
    subsample: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    tune: { type: 'string', default: 'sets' },
    'no-text': { type: 'boolean', default: false },
    'no-added': { type: 'boolean', default: false },
    'in-sample': { type: 'boolean', default: true },
    /** Pages a shipped step answered (the listing profile, a guard row) keep the shipped answer. */
    'skip-stepped': { type: 'boolean', default: false },
    /**
     * One model per direction (s50-choose): the tighter candidates (precision, strict) read the
     * blocks they remove from the shipped answer, the looser ones (loose, recall, heuristic, union,
     * paragraphs) the blocks they add, each beside the 111 common features; per page at most one
     * switch, the better-scored of the two that clear their own margin.
     */
    direction: { type: 'boolean', default: false },
    /** With `--direction`, keep one of the two models (`tighter` or `looser`); the other never switches. */
    'only-direction': { type: 'string' },
    out: { type: 'string' },
  },
});

interface Score {
  f1: number;
}
interface HeadroomLine {
  dataset: string;
  id: string;
  site: string;
  blockFold: number;
  scores: Record<string, Score | null>;
  words: Record<string, number>;
}
interface RowLine {
  dataset: string;
  id: string;
  decidedBy: string | null;
  guard: string | null;
  listing: number;
  screenReaderText: number;
  quality: number | null;
  choiceWords: number;
  candidates: string[];
  features: (number | null)[];
  text?: Record<string, (number | null)[]>;
  added?: Record<string, (number | null)[]>;
}
interface Page {
  row: RowLine;
  head: HeadroomLine;
  fold: number;
  /** Candidate names with rows, and their feature rows. */
  candidates: string[];
  values: Float32Array;
}

const readLines = <T>(files: readonly string[]) =>
  files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((text) => text.trim() !== '')
      .map((text) => JSON.parse(text) as T),
  );
const heads = new Map<string, HeadroomLine>();
for (const line of readLines<HeadroomLine>(values.headroom ?? []))
  if (!heads.has(`${line.dataset}/${line.id}`)) heads.set(`${line.dataset}/${line.id}`, line);

const withText = values['no-text'] !== true;
const byDirection = values.direction === true;
const withAdded = values['no-added'] !== true;
if (byDirection && !withAdded)
  throw new Error('--direction reads the added/removed columns: drop --no-added');
if (!['pooled', 'sets', 'pages'].includes(values.tune ?? ''))
  throw new Error(`--tune ${values.tune}: one of pooled, sets, pages`);
const only = values.only ? new Set(values.only.split(',')) : undefined;
const eps = Number(values.eps);
const params = {
  rounds: Number(values.rounds),
  learningRate: Number(values.rate),
  maxDepth: Number(values.depth),
  minSamplesLeaf: Number(values.leaf),
  subsample: Number(values.subsample),
  seed: Number(values.seed),
};
const CANDIDATE_WIDTH = CHOICE_FEATURE_NAMES.findIndex((name) => name.startsWith('p:'));
const SHIPPED_NAMES = [
  's:logWords',
  's:logWordsRatio',
  's:wordsVsBalanced',
  's:guard',
  's:listing',
  's:screenReaderText',
  's:quality',
  's:sameAsCandidate',
];
const names = [
  ...CHOICE_FEATURE_NAMES,
  ...CHOICE_FEATURE_NAMES.slice(1, CANDIDATE_WIDTH).map((name) => `d:${name.slice(2)}`),
  ...SHIPPED_NAMES,
  ...(withText
    ? [...TEXT_FEATURE_NAMES.map((name) => `t:${name}`), ...TEXT_FEATURE_NAMES.map((name) => `dt:${name}`)]
    : []),
  ...(withAdded ? ADDED_NAMES.map((name) => `a:${name}`) : []),
];
const WIDTH = names.length;
const SHIPPED_AT = CHOICE_WIDTH + CANDIDATE_WIDTH - 1;
const TEXT_AT = SHIPPED_AT + SHIPPED_NAMES.length;
const ADDED_AT = TEXT_AT + (withText ? 2 * TEXT_WIDTH : 0);
const GUARDS = [
  'recall',
  'union',
  'loose',
  'paragraphs',
  'heuristic',
  'main-run',
  'raw',
  'strict',
  'precision',
];

const f1 = (page: Page, name: string) => page.head.scores[name]?.f1 ?? 0;

/** A model's candidates (undefined: every one) and the feature columns it reads. */
interface Direction {
  name: string;
  candidates: ReadonlySet<string> | undefined;
  columns: readonly number[];
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, at) => from + at);
const SET_WIDTH = ADDED_NAMES.findIndex((name) => name.startsWith('removed:'));
const BOTH_DIRECTIONS: readonly Direction[] = byDirection
  ? [
      {
        name: 'tighter',
        candidates: new Set(['precision', 'strict']),
        columns: [...range(0, ADDED_AT), ...range(ADDED_AT + SET_WIDTH, ADDED_AT + 2 * SET_WIDTH)],
      },
      {
        name: 'looser',
        candidates: new Set(['loose', 'recall', 'heuristic', 'union', 'paragraphs']),
        columns: [...range(0, ADDED_AT), ...range(ADDED_AT, ADDED_AT + SET_WIDTH)],
      },
    ]
  : [{ name: 'all', candidates: undefined, columns: range(0, WIDTH) }];
const onlyDirection = values['only-direction'];
if (onlyDirection !== undefined && !BOTH_DIRECTIONS.some((direction) => direction.name === onlyDirection))
  throw new Error(`--only-direction ${onlyDirection}: needs --direction and one of tighter, looser`);
const DIRECTIONS = BOTH_DIRECTIONS.filter(
  (direction) => onlyDirection === undefined || direction.name === onlyDirection,
);

function pageOf(row: RowLine, head: HeadroomLine, fold: number): Page | undefined {
  if (head.scores.choice == null || row.features.length !== row.candidates.length * CHOICE_WIDTH)
    return undefined;
  const stepped = row.listing > 0 || row.guard !== null;
  const raw = Float32Array.from(row.features, (value) => (value === null ? Number.NaN : value));
  const candidates: number[] = [];
  row.candidates.forEach((name, index) => {
    if ((!only || only.has(name)) && head.scores[name] != null && !(stepped && values['skip-stepped']))
      candidates.push(index);
  });
  const out = new Float32Array(candidates.length * WIDTH);
  const choiceWords = row.choiceWords;
  const balancedWords = head.words.balanced ?? 0;
  const shippedText = row.text?.choice ?? [];
  candidates.forEach((index, at) => {
    const base = at * WIDTH;
    const name = row.candidates[index];
    out.set(raw.subarray(index * CHOICE_WIDTH, (index + 1) * CHOICE_WIDTH), base);
    for (let column = 1; column < CANDIDATE_WIDTH; column++)
      out[base + CHOICE_WIDTH + column - 1] = raw[index * CHOICE_WIDTH + column] - raw[column];
    const words = head.words[name] ?? 0;
    const shipped = [
      Math.log1p(choiceWords),
      Math.log((words + 1) / (choiceWords + 1)),
      Math.log((choiceWords + 1) / (balancedWords + 1)),
      row.guard === null ? 0 : 1 + GUARDS.indexOf(row.guard),
      row.listing,
      Math.min(row.screenReaderText, 50),
      row.quality ?? Number.NaN,
      words === choiceWords ? 1 : 0,
    ];
    out.set(shipped, base + SHIPPED_AT);
    if (withText) {
      const own = row.text?.[name] ?? [];
      for (let column = 0; column < TEXT_WIDTH; column++) {
        out[base + TEXT_AT + column] = own[column] ?? Number.NaN;
        out[base + TEXT_AT + TEXT_WIDTH + column] =
          (own[column] ?? Number.NaN) - (shippedText[column] ?? Number.NaN);
      }
    }
    if (withAdded) {
      const added = row.added?.[name] ?? [];
      for (let column = 0; column < ADDED_WIDTH; column++)
        out[base + ADDED_AT + column] = added[column] ?? Number.NaN;
    }
  });
  return { row, head, fold, candidates: candidates.map((index) => row.candidates[index]), values: out };
}

const rows = readLines<RowLine>(values.rows ?? []);
const siteFold = new Map<string, number>();
for (const head of heads.values())
  if (head.blockFold >= 0 && !siteFold.has(head.site)) siteFold.set(head.site, head.blockFold);
const pages: Page[] = [];
const seen = new Set<string>();
for (const row of rows) {
  const key = `${row.dataset}/${row.id}`;
  const head = heads.get(key);
  if (!head || seen.has(key)) continue;
  seen.add(key);
  const fold =
    head.blockFold >= 0
      ? head.blockFold
      : (siteFold.get(head.site) ?? siteFoldHash(`pith-choice:${head.site}`) % 5);
  const page = pageOf(row, head, fold);
  if (page) pages.push(page);
}
console.error(
  `${pages.length} pages joined of ${rows.length} rows, ${heads.size} headroom lines; ${WIDTH} features`,
);

function train(which: readonly number[], direction: Direction): GbdtModel {
  const { columns } = direction;
  const width = columns.length;
  const inDirection = (name: string) => direction.candidates?.has(name) ?? true;
  let count = 0;
  for (const index of which) count += pages[index].candidates.filter(inDirection).length;
  const features = new Float32Array(count * width);
  const labels = new Float64Array(count);
  const weights = new Float64Array(count);
  let row = 0;
  for (const index of which) {
    const page = pages[index];
    const base = f1(page, 'choice');
    page.candidates.forEach((name, at) => {
      if (!inDirection(name)) return;
      const gain = f1(page, name) - base;
      if (values.label === 'pair') {
        if (Math.abs(gain) <= eps) return;
        labels[row] = gain > 0 ? 1 : 0;
        weights[row] = Math.abs(gain);
      } else {
        labels[row] = values.label === 'gain' ? Math.min(1, Math.max(0, 0.5 + gain / 2)) : gain > eps ? 1 : 0;
        weights[row] = 1;
      }
      for (let column = 0; column < width; column++)
        features[row * width + column] = page.values[at * WIDTH + columns[column]];
      row++;
    });
  }
  return trainGbdt(
    {
      features: features.subarray(0, row * width),
      labels: labels.subarray(0, row),
      weights: weights.subarray(0, row),
      featureNames: columns.map((column) => names[column]),
    },
    params,
  ).model;
}

interface Best {
  name: string;
  score: number;
}
function predict(model: GbdtModel, which: readonly number[], direction: Direction): Map<number, Best> {
  const { columns } = direction;
  const row = new Float32Array(columns.length);
  const out = new Map<number, Best>();
  for (const index of which) {
    const page = pages[index];
    let best: Best = { name: 'choice', score: Number.NEGATIVE_INFINITY };
    page.candidates.forEach((name, at) => {
      if (direction.candidates && !direction.candidates.has(name)) return;
      for (let column = 0; column < columns.length; column++)
        row[column] = page.values[at * WIDTH + columns[column]];
      const score = predictProbability(model, row, 0);
      if (score > best.score) best = { name, score };
    });
    out.set(index, best);
  }
  return out;
}

/** Per page the switch the directions' scores make under `margins`: the best-scored that clears its own margin. */
function pick(
  bests: readonly Map<number, Best>[],
  margins: readonly number[],
  index: number,
): Best | undefined {
  let out: Best | undefined;
  bests.forEach((best, at) => {
    const own = best.get(index);
    if (own && own.name !== 'choice' && own.score >= margins[at] && (!out || own.score > out.score))
      out = own;
  });
  return out;
}

/**
 * The margins that maximize the objective over `bests` (one map a direction; pages held out of the
 * model that scored them): 'pooled', the summed gain over pages; 'sets', the sum over dev sets of
 * each set's mean gain, with any set's loss counted three times (the bar: no set down); 'pages', the
 * same with each set's summed gain (a set weighs as its pages, a loss of 80 pages no longer as one of
 * 1,497). One
 * direction: a sweep down its scores. Two: the same sweep for each with the other's margin fixed,
 * twice round (coordinate ascent from "no switch").
 */
function tuneMargins(bests: readonly Map<number, Best>[]): number[] {
  const margins = bests.map(() => Number.POSITIVE_INFINITY);
  const indices = [...bests[0].keys()];
  const sizes = new Map<string, number>();
  for (const index of indices)
    sizes.set(pages[index].row.dataset, (sizes.get(pages[index].row.dataset) ?? 0) + 1);
  const gains = new Map<string, number>();
  const objective = () => {
    if (values.tune === 'pooled') return [...gains.values()].reduce((a, b) => a + b, 0);
    let total = 0;
    for (const [set, gain] of gains) {
      const ofSet = values.tune === 'pages' ? gain : gain / (sizes.get(set) ?? 1);
      total += ofSet < 0 ? 3 * ofSet : ofSet;
    }
    return total;
  };
  const rounds = bests.length === 1 ? 1 : 2;
  for (let round = 0; round < rounds; round++)
    bests.forEach((best, at) => {
      // Every other direction at its margin, this one off: the switches it competes with.
      const others = margins.map((margin, k) => (k === at ? Number.POSITIVE_INFINITY : margin));
      gains.clear();
      const current = new Map<number, Best | undefined>();
      for (const index of indices) {
        const other = pick(bests, others, index);
        current.set(index, other);
        if (other) {
          const set = pages[index].row.dataset;
          gains.set(set, (gains.get(set) ?? 0) + f1(pages[index], other.name) - f1(pages[index], 'choice'));
        }
      }
      let bestValue = objective();
      let margin = Number.POSITIVE_INFINITY;
      const entries = [...best.entries()].sort((a, b) => b[1].score - a[1].score);
      for (const [index, { name, score }] of entries) {
        if (name === 'choice') continue;
        const other = current.get(index);
        if (!other || score > other.score) {
          const page = pages[index];
          const set = page.row.dataset;
          gains.set(set, (gains.get(set) ?? 0) + f1(page, name) - f1(page, other?.name ?? 'choice'));
        }
        const value = objective();
        if (value > bestValue + 1e-9) {
          bestValue = value;
          margin = score;
        }
      }
      margins[at] = margin;
    });
  return margins;
}

const all = pages.map((_, index) => index);
const chosen: string[] = pages.map(() => 'choice');
const margins: number[][] = [];
for (let fold = 0; fold < 5; fold++) {
  const trainPages = all.filter((index) => pages[index].fold !== fold);
  const testPages = all.filter((index) => pages[index].fold === fold);
  const inner = DIRECTIONS.map(() => new Map<number, Best>());
  for (let held = 0; held < 5; held++) {
    if (held === fold) continue;
    const innerTrain = trainPages.filter((index) => pages[index].fold !== held);
    const innerTest = trainPages.filter((index) => pages[index].fold === held);
    DIRECTIONS.forEach((direction, at) => {
      for (const [index, best] of predict(train(innerTrain, direction), innerTest, direction))
        inner[at].set(index, best);
    });
  }
  const margin = tuneMargins(inner);
  margins.push(margin);
  const outer = DIRECTIONS.map((direction) => predict(train(trainPages, direction), testPages, direction));
  for (const index of testPages) {
    const best = pick(outer, margin, index);
    if (best) chosen[index] = best.name;
  }
  console.error(
    `fold ${fold + 1}: margin ${margin.map((m) => m.toFixed(3)).join('/')}, ${testPages.length} pages`,
  );
}

const inSample: string[] = pages.map(() => 'choice');
if (values['in-sample']) {
  const fitted = DIRECTIONS.map((direction) => {
    const model = train(all, direction);
    const gains = new Map<string, number>();
    for (const tree of model.trees)
      tree.feature.forEach((feature, node) => {
        if (feature < 0) return;
        const name = names[direction.columns[feature]];
        gains.set(name, (gains.get(name) ?? 0) + tree.gain[node]);
      });
    const total = [...gains.values()].reduce((a, b) => a + b, 0);
    const addedGain = [...gains].filter(([name]) => name.startsWith('a:')).reduce((a, [, g]) => a + g, 0);
    const top = [...gains].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.error(
      `in-sample model (${direction.name}): added features' share of split gain ${(addedGain / Math.max(1e-12, total)).toFixed(3)}; top: ${top.map(([name, g]) => `${name} ${(g / total).toFixed(3)}`).join(', ')}`,
    );
    return predict(model, all, direction);
  });
  const margin = tuneMargins(fitted);
  for (const index of all) {
    const best = pick(fitted, margin, index);
    if (best) inSample[index] = best.name;
  }
}

/** The oracle's candidates: every one `buildCandidates` makes but `structured` (built only on pages with a JSON-LD body). */
const CANDS = byDirection
  ? DIRECTIONS.flatMap((direction) => [...(direction.candidates ?? [])])
  : CANDIDATE_NAMES.filter((name) => name !== 'structured');
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `label ${values.label}, eps ${eps}, only ${values.only ?? 'all'}, tune ${values.tune}, skip-stepped ${values['skip-stepped']}, directions ${DIRECTIONS.map((direction) => direction.name).join('/')}, text ${withText}, added ${withAdded}, trees ${params.rounds}×d${params.maxDepth} leaf ${params.minSamplesLeaf} subsample ${params.subsample} seed ${params.seed}; margins ${margins.map((margin) => margin.map((m) => m.toFixed(3)).join('/')).join(' ')}`,
);
console.log(
  '| dev set (pages) | shipped | chooser (held out) | Δ [95 %] | oracle | share of the gap [95 %] | up / down | switched | in sample (share) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
let sumDelta = 0;
for (const set of CHOICE_DATASETS) {
  const of = all.filter((index) => pages[index].row.dataset === set);
  if (of.length === 0) continue;
  const shipped = of.map((index) => f1(pages[index], 'choice'));
  const choice = of.map((index) => f1(pages[index], chosen[index]));
  const fitted = of.map((index) => f1(pages[index], inSample[index]));
  const oracle = of.map((index) =>
    Math.max(f1(pages[index], 'choice'), ...(only ? [...only] : CANDS).map((name) => f1(pages[index], name))),
  );
  const delta = bootstrapMean(
    choice.map((value, at) => value - shipped[at]),
    { resamples: 1000, seed: 1 },
  );
  // The share's interval: pages resampled, one resample for all three columns.
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const shares: number[] = [];
  for (let r = 0; r < 1000; r++) {
    let s = 0;
    let c = 0;
    let o = 0;
    for (let k = 0; k < of.length; k++) {
      const at = Math.floor(random() * of.length);
      s += shipped[at];
      c += choice[at];
      o += oracle[at];
    }
    if (o - s > 1e-12) shares.push((c - s) / (o - s));
  }
  shares.sort((a, b) => a - b);
  const gap = mean(oracle) - mean(shipped);
  const up = choice.filter((value, at) => value > shipped[at] + 1e-9).length;
  const down = choice.filter((value, at) => value < shipped[at] - 1e-9).length;
  const switched = of.filter((index) => chosen[index] !== 'choice').length;
  sumDelta += delta.estimate;
  console.log(
    `| ${set} (${of.length}) | ${mean(shipped).toFixed(4)} | ${mean(choice).toFixed(4)} | ${delta.estimate >= 0 ? '+' : ''}${delta.estimate.toFixed(4)} [${delta.low.toFixed(4)}, ${delta.high.toFixed(4)}] | ${mean(oracle).toFixed(4)} | ${(gap > 0 ? (mean(choice) - mean(shipped)) / gap : 0).toFixed(2)} [${(shares[Math.floor(shares.length * 0.025)] ?? 0).toFixed(2)}, ${(shares[Math.floor(shares.length * 0.975)] ?? 0).toFixed(2)}] | ${up} / ${down} | ${switched} | ${mean(fitted).toFixed(4)} (${(gap > 0 ? (mean(fitted) - mean(shipped)) / gap : 0).toFixed(2)}) |`,
  );
}
console.log(`mean Δ of the seven: ${(sumDelta / CHOICE_DATASETS.length).toFixed(4)}`);
if (values.out)
  writeFileSync(
    values.out,
    JSON.stringify({
      margins,
      directions: DIRECTIONS.map((direction) => direction.name),
      pages: Object.fromEntries(
        pages.map((page, index) => [`${page.row.dataset}/${page.row.id}`, chosen[index]]),
      ),
    }),
  );
