/**
 * Speed and memory of src/learn on synthetic data shaped like the default extractor's block
 * table (many rows, ~80 features of mixed kinds, some missing, word-count weights).
 *
 *   nice -n 10 npx tsx bench/learn/speed.ts [--rows 1500000] [--features 80] [--trees 5] [--depth 6]
 *     [--max-leaves 0] [--subsample 1] [--colsample 1] [--logistic-rows 0] [--seed 1]
 *
 * Prints time per tree (wall clock, single thread), binning time, prediction speed and peak RSS.
 */
import { parseArgs } from 'node:util';
import {
  auc,
  binColumns,
  computeBinEdges,
  predictProbabilities,
  seededRandom,
  serializeModel,
  trainGbdt,
  trainLogistic,
} from 'pith/internal';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1500000' },
    features: { type: 'string', default: '80' },
    trees: { type: 'string', default: '5' },
    depth: { type: 'string', default: '6' },
    'max-leaves': { type: 'string', default: '0' },
    subsample: { type: 'string', default: '1' },
    colsample: { type: 'string', default: '1' },
    'logistic-rows': { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
  },
});
const rowCount = Number(values.rows);
const featureCount = Number(values.features);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const seconds = (from: number) => (performance.now() - from) / 1000;
/** CPU seconds of this process (user + system): less disturbed than wall time on a shared machine. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Features of four kinds (uniform, bell-shaped, counts with many ties, binary), 5% missing in every tenth. */
function synthetic(rows: number, seed: number) {
  const random = seededRandom(seed);
  const features = new Float32Array(rows * featureCount);
  const labels = new Uint8Array(rows);
  const weights = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    const row = r * featureCount;
    for (let f = 0; f < featureCount; f++) {
      const u = random();
      let x: number;
      if (f % 4 === 0) x = u;
      else if (f % 4 === 1) x = u + random() + random() - 1.5;
      else if (f % 4 === 2) x = Math.floor(-Math.log(1 - u) * 20);
      else x = u < 0.3 ? 1 : 0;
      features[row + f] = f % 10 === 9 && random() < 0.05 ? Number.NaN : x;
    }
    const x = (f: number) => features[row + (f % featureCount)];
    const logit = 2 * x(0) - 1.5 * x(1) + (x(2) > 20 ? 1 : -0.5) + 3 * x(4) * x(5) - 1 + (x(3) ? 0.5 : 0);
    labels[r] = random() < 1 / (1 + Math.exp(-logit)) ? 1 : 0;
    weights[r] = 1 + Math.floor(random() * 200);
  }
  const featureNames = Array.from({ length: featureCount }, (_, f) => `f${f}`);
  return { features, labels, weights, featureNames };
}

let start = performance.now();
const data = synthetic(rowCount, Number(values.seed));
console.log(
  `data: ${rowCount} rows × ${featureCount} features in ${seconds(start).toFixed(1)} s; RSS ${mb(process.memoryUsage().rss)}`,
);

start = performance.now();
let cpu = cpuNow();
const edges = computeBinEdges(data.features, rowCount, featureCount, 255, 200_000);
const edgesSeconds = seconds(start);
const edgesCpu = cpuNow() - cpu;
start = performance.now();
cpu = cpuNow();
binColumns(data.features, rowCount, featureCount, edges);
console.log(
  `binning alone: edges ${edgesSeconds.toFixed(2)} s (CPU ${edgesCpu.toFixed(2)} s), ` +
    `bin columns ${seconds(start).toFixed(2)} s (CPU ${(cpuNow() - cpu).toFixed(2)} s)`,
);

const roundTimes: number[] = [];
const roundCpu: number[] = [];
start = performance.now();
let last = start;
let lastCpu = cpuNow();
const { model } = trainGbdt(
  data,
  {
    rounds: Number(values.trees),
    maxDepth: Number(values.depth),
    maxLeaves: Number(values['max-leaves']),
    subsample: Number(values.subsample),
    colsampleByTree: Number(values.colsample),
    seed: Number(values.seed),
  },
  {
    onRound: (log) => {
      const now = performance.now();
      const nowCpu = cpuNow();
      roundTimes.push((now - last) / 1000);
      roundCpu.push(nowCpu - lastCpu);
      last = now;
      lastCpu = nowCpu;
      console.log(
        `  round ${log.round}: ${roundTimes.at(-1)!.toFixed(2)} s (CPU ${roundCpu.at(-1)!.toFixed(2)} s), ` +
          `train loss ${log.trainLoss.toFixed(5)}`,
      );
    },
  },
);
const total = seconds(start);
const later = roundTimes.slice(1);
const mean = later.reduce((s, t) => s + t, 0) / Math.max(1, later.length);
const laterCpu = roundCpu.slice(1);
const meanCpu = laterCpu.reduce((s, t) => s + t, 0) / Math.max(1, laterCpu.length);
const leaves = model.trees.map((t) => t.leafValue.length);
console.log(
  `gbdt: ${model.trees.length} trees (leaves ${Math.min(...leaves)}–${Math.max(...leaves)}) in ${total.toFixed(1)} s; ` +
    `first round (with binning) ${roundTimes[0].toFixed(2)} s, later rounds mean ${mean.toFixed(2)} s ` +
    `(min ${Math.min(...later).toFixed(2)}, max ${Math.max(...later).toFixed(2)}), ` +
    `mean CPU ${meanCpu.toFixed(2)} s; peak RSS ${mb(peakRss())}`,
);

const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`;
const json = serializeModel(model);
const lean = serializeModel(model, { binEdges: false });
console.log(
  `model JSON: ${kb(json)}; without bin edges ${kb(lean)} (${(Buffer.byteLength(lean) / 1024 / model.trees.length).toFixed(2)} KB per tree)`,
);

const predictRows = Math.min(rowCount, 200_000);
start = performance.now();
const probabilities = predictProbabilities(model, data.features.subarray(0, predictRows * featureCount));
const predictSeconds = seconds(start);
console.log(
  `predict: ${predictRows} rows in ${predictSeconds.toFixed(2)} s = ${((predictSeconds * 1e9) / (predictRows * model.trees.length)).toFixed(0)} ns per row per tree; ` +
    `AUC on those (training) rows ${auc(data.labels.subarray(0, predictRows), probabilities).toFixed(4)}`,
);

const logisticRows = Number(values['logistic-rows']);
if (logisticRows > 0) {
  start = performance.now();
  cpu = cpuNow();
  const training = trainLogistic({
    features: data.features.subarray(0, logisticRows * featureCount),
    featureNames: data.featureNames,
    labels: data.labels.subarray(0, logisticRows),
    weights: data.weights.subarray(0, logisticRows),
  });
  console.log(
    `logistic: ${logisticRows} rows, ${training.iterations} Newton iterations (converged ${training.converged}) in ` +
      `${seconds(start).toFixed(1)} s (CPU ${(cpuNow() - cpu).toFixed(1)} s); peak RSS ${mb(peakRss())}`,
  );
}
