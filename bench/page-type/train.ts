/**
 * Trains the shipped page-type model on WCXB dev's page-type labels and writes
 * models/page-type.json (see models/README.md).
 *
 *   npm run datasets   # once: unpacks ../shared/datasets into .cache/datasets
 *   nice -n 10 npx tsx bench/page-type/train.ts [--out models/page-type.json] [--no-cv]
 *
 * Deterministic: seeded learner and folds, features from the pages alone. The
 * manifest records the date (`SOURCE_DATE_EPOCH` when set, so a rebuild can be
 * byte-identical), the data, the options, and the in-sample and 5-fold
 * cross-validated accuracy and macro F1 (stratified, and grouped by host).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PAGE_TYPES, serializePageTypeModel, VERSION } from '../../src/internal.js';
import { loadFeatureSet, REPO_ROOT } from './common.js';
import {
  crossValidate,
  fitPageTypeModel,
  groupedFolds,
  labelledRows,
  predictRows,
  SHIPPED_FIT,
  score,
  stratifiedFolds,
} from './fit.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(REPO_ROOT, 'models', 'page-type.json') },
    'no-cv': { type: 'boolean', default: false },
  },
  strict: true,
});
const log = (message: string) => process.stderr.write(`${message}\n`);
const K = 5;
const SEED = 1;

const set = await loadFeatureSet('wcxb-dev', log);
const rows = labelledRows(set);
const labels = rows.map((row) => row.label);
const fit = { ...SHIPPED_FIT, featureNames: set.names };
const round = (x: number) => Math.round(x * 1000) / 1000;
const summary = (s: ReturnType<typeof score>) => ({ accuracy: round(s.accuracy), macroF1: round(s.macroF1) });

const epoch = process.env.SOURCE_DATE_EPOCH;
const date = new Date(epoch ? Number(epoch) * 1000 : Date.now()).toISOString().slice(0, 10);
const manifest: Record<string, unknown> = {
  command: 'npx tsx bench/page-type/train.ts',
  date,
  pith: VERSION,
  data: {
    dataset: 'wcxb-dev',
    pages: rows.length,
    types: Object.fromEntries(PAGE_TYPES.map((type) => [type, labels.filter((l) => l === type).length])),
  },
  fit: { oneVsRest: true, ...SHIPPED_FIT },
};

log(`training on ${rows.length} pages, ${set.names.length} features…`);
const provisional = fitPageTypeModel(rows, set.names, fit);
manifest.inSample = summary(score(labels, predictRows(provisional, rows)));
if (!values['no-cv']) {
  log('5-fold cross-validation (stratified, then grouped by host)…');
  manifest.crossValidation = {
    folds: K,
    seed: SEED,
    stratified: summary(
      score(labels, crossValidate(rows, set.names, fit, stratifiedFolds(rows, K, SEED), K)),
    ),
    groupedByHost: summary(
      score(labels, crossValidate(rows, set.names, fit, groupedFolds(rows, K, SEED), K)),
    ),
  };
}
// The same fit again with the manifest attached (training is deterministic: same trees).
const model = fitPageTypeModel(rows, set.names, fit, manifest);
const text = serializePageTypeModel(model);
writeFileSync(values.out, text);
log(`wrote ${values.out} (${Buffer.byteLength(text)} bytes)`);
console.log(JSON.stringify(manifest, null, 2));
