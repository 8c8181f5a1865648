/**
 * Issue 37: does the answer's agreement with pith's other candidates rank pages better? The
 * quality model's held-out figures (5 folds by site) with the shipped features alone and with
 * groups of candidate features the rows carry in `extra` (`pith train quality --candidates`),
 * for two fold seeds. Derived columns (from the shipped row) are added here.
 *
 *   npx tsx bench/quality/agreement.ts ROWS… [--seeds 1,2] [--groups a,b]
 */

import { type QualityRow, readQualityRows, trainQuality } from '@pith/workbench/train';
import { CANDIDATE_NAMES, QUALITY_FEATURES } from 'pith/internal';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const seeds = (option('--seeds') ?? '1,2').split(',').map(Number);
const only = option('--groups')?.split(',');
const rows = readQualityRows(args);

const column = (name: (typeof QUALITY_FEATURES)[number]) => QUALITY_FEATURES.indexOf(name);
const THRESHOLD = 0.5;
/** Columns derived from the shipped row, the kept and dropped blocks' mean distance to the threshold. */
function derive(row: QualityRow): void {
  const value = (name: (typeof QUALITY_FEATURES)[number]) => row.features[column(name)];
  const keptMean = value('pith.keptMeanProbability');
  const keptShare = value('pith.modelKeptShare');
  const droppedMass = value('pith.droppedMass');
  const extra = row.extra ?? {};
  extra.keptDistance = keptMean === null ? null : keptMean - THRESHOLD;
  extra.droppedDistance =
    droppedMass === null || keptShare === null || keptShare >= 1
      ? null
      : THRESHOLD - (droppedMass * keptShare) / (1 - keptShare);
  row.extra = extra;
}
for (const row of rows) derive(row);

/** Every candidate but the answer itself. */
const CANDIDATES = CANDIDATE_NAMES.filter((name) => name !== 'balanced');
const GROUPS: Record<string, string[]> = {
  shipped: [],
  margins: ['keptDistance', 'droppedDistance'],
  'overlap.model': ['precision', 'recall', 'strict', 'loose', 'raw'].map((name) => `cand.${name}.overlap`),
  'overlap.other': ['main-run', 'heuristic', 'union', 'structured', 'paragraphs'].map(
    (name) => `cand.${name}.overlap`,
  ),
  'overlap.all': CANDIDATES.map((name) => `cand.${name}.overlap`),
  'words.all': CANDIDATES.map((name) => `cand.${name}.words`),
  'words.model': ['precision', 'recall', 'strict', 'loose', 'raw'].map((name) => `cand.${name}.words`),
  'words.other': ['main-run', 'heuristic', 'union', 'structured', 'paragraphs'].map(
    (name) => `cand.${name}.words`,
  ),
  'words.cheap': ['heuristic', 'union', 'structured', 'paragraphs'].map((name) => `cand.${name}.words`),
  'words.modes': ['precision', 'recall'].map((name) => `cand.${name}.words`),
  // Block level, before post-rules (rows collected with `charsAtThresholds`, branch s37-quality-agree).
  'block.levels': ['t020', 't035', 't065', 't080'].map((name) => `block.${name}`),
  'overlap+words': CANDIDATES.flatMap((name) => [`cand.${name}.overlap`, `cand.${name}.words`]),
  consensus: [
    'choice.c:consensus',
    'choice.c:maxOverlapOther',
    'choice.c:wordsVsLargest',
    'choice.c:rankByWords',
    'choice.c:wordShare',
  ],
  'choice.shape': [
    'choice.c:sentenceShare',
    'choice.c:outsideShare',
    'choice.c:footerShare',
    'choice.c:boilerplateCueShare',
    'choice.c:cookieCueShare',
    'choice.c:commentCueShare',
    'choice.c:bodyCueShare',
    'choice.c:headingShare',
    'choice.c:listShare',
    'choice.c:firstPosition',
    'choice.c:lastPosition',
  ],
};
GROUPS.all = [...GROUPS.margins, ...GROUPS['overlap+words'], ...GROUPS.consensus, ...GROUPS['choice.shape']];

const datasets = [...new Set(rows.map((row) => row.dataset))].sort();
console.log(`${rows.length} rows; Spearman (ECE) held out, 5 folds by site`);
console.log(`| features | seed | pooled | ${datasets.join(' | ')} |`);
console.log(`| --- | --- | --- | ${datasets.map(() => '---').join(' | ')} |`);
for (const [group, extra] of Object.entries(GROUPS)) {
  if (only && !only.includes(group)) continue;
  for (const seed of seeds) {
    const training = trainQuality({
      rows,
      folds: 5,
      seed,
      params: {},
      target: 'blend',
      extra,
      command: 'bench/quality/agreement.ts',
      code: [],
    });
    const figures = training.heldOut.calibrated;
    const cell = (name: string) => `${figures[name].spearman} (${figures[name].ece})`;
    console.log(`| ${group} | ${seed} | ${cell('pooled')} | ${datasets.map(cell).join(' | ')} |`);
  }
}
