/**
 * Evaluation of the page-type recogniser on WCXB dev (its page-type labels):
 * in-sample beside 5-fold cross-validation (stratified by type, and grouped
 * by host so that no site is on both sides), per-type precision and recall,
 * the confusion matrix, the rule-override policy, the learners, feature-group
 * ablations (the English text cues among them), and an out-of-domain check:
 * the share of pages classified as article on datasets that are mostly
 * articles (L3S-GN1, CleanEval, trafilatura-eval; CleanPortalEval and the
 * Readability test pages for information).
 *
 *   nice -n 10 npx tsx bench/page-type/evaluate.ts [--write-doc] [--quick] [--config JSON]
 *
 * `--write-doc` replaces the section between `<!-- page-type:eval:start -->` and
 * `<!-- page-type:eval:end -->` in docs/algorithms/page-type.md. `--quick` skips the learner
 * comparison and the ablations. `--config` overrides the fit options (JSON, merged into
 * SHIPPED_FIT) for experiments. Everything is seeded (folds: seed 1).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  crossValidate,
  type FeatureSet,
  type FitOptions,
  fitPageTypeModel,
  pageTypeGroupedFolds as groupedFolds,
  labelledRows,
  loadFeatureSet,
  predictRows,
  type Scores,
  SHIPPED_FIT,
  score,
  pageTypeStratifiedFolds as stratifiedFolds,
} from '@pith/workbench/train';
import {
  classifyPageTypeFeatures,
  DEFAULT_DECISION_POLICY,
  type DecisionPolicy,
  decide,
  PAGE_TYPES,
  type PageTypeModel,
  pageTypeCues,
  serializePageTypeModel,
} from 'pith/internal';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const { values } = parseArgs({
  options: {
    'write-doc': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    config: { type: 'string' },
  },
  strict: true,
});
const log = (message: string) => process.stderr.write(`${message}\n`);
const K = 5;
const SEED = 1;
const OUT_OF_DOMAIN = [
  'l3s-gn1',
  'cleaneval',
  'trafilatura-eval',
  'cleanportaleval',
  'readability-testpages',
];
/** The datasets the brief asks about; the others are shown for information. */
const MOSTLY_ARTICLES = new Set(['l3s-gn1', 'cleaneval', 'trafilatura-eval']);

const wcxb = await loadFeatureSet('wcxb-dev', log);
const names = wcxb.names;
const rows = labelledRows(wcxb);
const labels = rows.map((row) => row.label);
const override = values.config ? (JSON.parse(values.config) as Partial<FitOptions>) : {};
const fit: FitOptions = { ...SHIPPED_FIT, featureNames: names, ...override };
const stratified = stratifiedFolds(rows, K, SEED);
const grouped = groupedFolds(rows, K, SEED);

const out: string[] = [];
const cpus = os.cpus();
out.push(
  `Measured ${new Date().toISOString().slice(0, 10)} with \`nice -n 10 npx tsx bench/page-type/evaluate.ts${
    values.quick ? ' --quick' : ''
  }${values.config ? ` --config '${values.config}'` : ''}\` · Node ${process.version} · ${cpus.length} × ${
    cpus[0]?.model.trim() ?? 'CPU'
  } (shared machine) · WCXB dev: ${rows.length} pages, ${new Set(rows.map((r) => r.host)).size} hosts · ` +
    `${names.length} features · ${describeFit(fit)} · folds seeded (${SEED}).`,
  '',
);

function describeFit(options: FitOptions): string {
  const learner =
    options.learner === 'gbdt'
      ? `one-vs-rest gradient-boosted trees ${JSON.stringify(options.gbdt)}`
      : `one-vs-rest logistic regression ${JSON.stringify(options.logistic)}`;
  return `${learner}, combine ${options.combine}${options.positiveBalance > 0 ? `, positive balance ${options.positiveBalance}` : ''}`;
}

const f3 = (x: number) => x.toFixed(3);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

log('in-sample and cross-validation…');
const model = fitPageTypeModel(rows, names, fit);
const inSample = predictRows(model, rows);
const cvStratified = crossValidate(rows, names, fit, stratified, K);
const cvGrouped = crossValidate(rows, names, fit, grouped, K);
const policy = DEFAULT_DECISION_POLICY;
/** Scores under a decision policy (the log loss is the model's, before any override). */
const scored = (probabilities: Float64Array[], p: DecisionPolicy = policy) =>
  score(
    labels,
    probabilities,
    probabilities.map((probs, i) => decide(probs, pageTypeCues(rows[i].features), p)),
  );
const sIn = scored(inSample);
const sStrat = scored(cvStratified);
const sGroup = scored(cvGrouped);

out.push('#### WCXB dev: in-sample and 5-fold cross-validation', '');
out.push('| | in-sample | CV stratified | CV grouped by host |', '|---|---|---|---|');
out.push(`| accuracy | ${f3(sIn.accuracy)} | ${f3(sStrat.accuracy)} | ${f3(sGroup.accuracy)} |`);
out.push(`| macro F1 | ${f3(sIn.macroF1)} | ${f3(sStrat.macroF1)} | ${f3(sGroup.macroF1)} |`);
out.push(
  `| log loss (model probabilities) | ${f3(sIn.logLoss)} | ${f3(sStrat.logLoss)} | ${f3(sGroup.logLoss)} |`,
  '',
);

out.push('Per type, precision / recall / F1:', '');
out.push('| type | pages | in-sample | CV stratified | CV grouped |', '|---|---|---|---|---|');
const prf = (s: Scores, k: number) =>
  `${f3(s.perType[k].precision)} / ${f3(s.perType[k].recall)} / ${f3(s.perType[k].f1)}`;
PAGE_TYPES.forEach((type, k) => {
  out.push(
    `| ${type} | ${sIn.perType[k].support} | ${prf(sIn, k)} | ${prf(sStrat, k)} | ${prf(sGroup, k)} |`,
  );
});
out.push('');
for (const [title, s] of [
  ['stratified', sStrat],
  ['grouped by host', sGroup],
] as const) {
  out.push(`Confusion matrix, CV ${title} (rows: gold, columns: predicted):`, '');
  out.push(
    `| gold \\ predicted | ${PAGE_TYPES.join(' | ')} |`,
    `|---|${PAGE_TYPES.map(() => '---').join('|')}|`,
  );
  s.confusion.forEach((row, k) => {
    out.push(`| ${PAGE_TYPES[k]} | ${row.join(' | ')} |`);
  });
  out.push('');
}

// ── out of domain ──
log('out-of-domain datasets…');
const outOfDomain: { name: string; set: FeatureSet }[] = [];
for (const name of OUT_OF_DOMAIN) outOfDomain.push({ name, set: await loadFeatureSet(name, log) });
function articleShares(
  options: FitOptions,
  trainedModel?: PageTypeModel,
): Map<string, { share: number; counts: number[]; n: number }> {
  const trained = trainedModel ?? (options === fit ? model : fitPageTypeModel(rows, names, options));
  const shares = new Map<string, { share: number; counts: number[]; n: number }>();
  for (const { name, set } of outOfDomain) {
    const counts = PAGE_TYPES.map(() => 0);
    for (const row of set.rows) {
      const result = classifyPageTypeFeatures(row.features, trained, policy);
      counts[PAGE_TYPES.indexOf(result.type)]++;
    }
    shares.set(name, { share: counts[0] / set.rows.length, counts, n: set.rows.length });
  }
  return shares;
}
const shipped = articleShares(fit);
out.push('#### Out of domain: pages classified as article (model trained on all of WCXB dev)', '');
out.push(
  `| dataset | pages | article | ${PAGE_TYPES.slice(1).join(' | ')} |`,
  `|---|---|---|${PAGE_TYPES.slice(1)
    .map(() => '---')
    .join('|')}|`,
);
for (const [name, { share, counts, n }] of shipped) {
  const note = MOSTLY_ARTICLES.has(name) ? '' : ' (information)';
  out.push(`| ${name}${note} | ${n} | ${pct(share)} | ${counts.slice(1).join(' | ')} |`);
}
out.push('');

// ── decision policies: the rule override, and a floor under non-article types ──
out.push('#### Decision policies (CV on WCXB dev; out of domain: share classified as article)', '');
out.push(
  `| policy | CV strat. acc / macro F1 | CV grouped acc / macro F1 | ${[...MOSTLY_ARTICLES].join(' | ')} |`,
  `|---|---|---|${[...MOSTLY_ARTICLES].map(() => '---').join('|')}|`,
);
const policies: [string, DecisionPolicy][] = [
  ['model only', { overrideMinProbability: undefined, nonArticleMinProbability: 0 }],
  [
    'strong cue wins when the model gives its type ≥ 0.1',
    { overrideMinProbability: 0.1, nonArticleMinProbability: 0 },
  ],
  ['strong cue wins whatever the model says', { overrideMinProbability: 0, nonArticleMinProbability: 0 }],
  [
    'non-article types need p ≥ 0.5, else article',
    { overrideMinProbability: undefined, nonArticleMinProbability: 0.5 },
  ],
  [
    'non-article types need p ≥ 0.6, else article',
    { overrideMinProbability: undefined, nonArticleMinProbability: 0.6 },
  ],
  [
    'non-article types need p ≥ 0.7, else article',
    { overrideMinProbability: undefined, nonArticleMinProbability: 0.7 },
  ],
];
for (const [label, p] of policies) {
  const a = scored(cvStratified, p);
  const b = scored(cvGrouped, p);
  const cells = [...MOSTLY_ARTICLES].map((name) => {
    const set = outOfDomain.find((d) => d.name === name)?.set;
    if (!set) return '';
    const articles = set.rows.filter(
      (row) => classifyPageTypeFeatures(row.features, model, p).type === 'article',
    );
    return pct(articles.length / set.rows.length);
  });
  const shipped =
    p.overrideMinProbability === policy.overrideMinProbability &&
    p.nonArticleMinProbability === policy.nonArticleMinProbability
      ? ' (shipped)'
      : '';
  out.push(
    `| ${label}${shipped} | ${f3(a.accuracy)} / ${f3(a.macroF1)} | ${f3(b.accuracy)} / ${f3(b.macroF1)} | ${cells.join(' | ')} |`,
  );
}
out.push('');

if (!values.quick) {
  log('learners…');
  out.push('#### Learners (same features, same folds)', '');
  out.push(
    `| learner | in-sample acc | CV strat. acc / macro F1 | CV grouped acc / macro F1 | file size | article: ${[...MOSTLY_ARTICLES].join(' | ')} |`,
    `|---|---|---|---|---|${[...MOSTLY_ARTICLES].map(() => '---').join('|')}|`,
  );
  const learners: [string, FitOptions][] = [
    ['shipped', fit],
    [
      'trees, depth 4, 100 rounds',
      { ...fit, learner: 'gbdt', gbdt: { ...fit.gbdt, maxDepth: 4, rounds: 100, learningRate: 0.1 } },
    ],
    [
      'trees, depth 2, 120 rounds',
      { ...fit, learner: 'gbdt', gbdt: { ...fit.gbdt, maxDepth: 2, rounds: 120 } },
    ],
    ['logistic regression, λ = 0.01', { ...fit, learner: 'logistic', logistic: { lambda: 0.01 } }],
    ['logistic regression, λ = 0.001', { ...fit, learner: 'logistic', logistic: { lambda: 0.001 } }],
    ['logistic regression, λ = 0.1', { ...fit, learner: 'logistic', logistic: { lambda: 0.1 } }],
    ['trees, softmax of margins', { ...fit, combine: 'softmax' }],
    ['trees, positives weighted 0.3 × negatives', { ...fit, positiveBalance: 0.3 }],
  ];
  for (const [label, options] of learners) {
    const trained = options === fit ? model : fitPageTypeModel(rows, names, options);
    const a = scored(predictRows(trained, rows));
    const b = scored(crossValidate(rows, names, options, stratified, K));
    const c = scored(crossValidate(rows, names, options, grouped, K));
    const size = Buffer.byteLength(serializePageTypeModel(trained));
    const shares = articleShares(options, trained);
    const cells = [...MOSTLY_ARTICLES].map((name) => pct(shares.get(name)?.share ?? 0));
    out.push(
      `| ${label} | ${f3(a.accuracy)} | ${f3(b.accuracy)} / ${f3(b.macroF1)} | ${f3(c.accuracy)} / ${f3(c.macroF1)} | ${Math.round(size / 1000)} kB | ${cells.join(' | ')} |`,
    );
    log(`  ${label}`);
  }
  out.push('');

  log('seeds…');
  out.push('#### Seed variance (the trees subsample rows and columns; same folds)', '');
  out.push(
    `| learner seed | CV strat. acc / macro F1 | CV grouped acc / macro F1 | ${[...MOSTLY_ARTICLES].join(' | ')} |`,
    `|---|---|---|${[...MOSTLY_ARTICLES].map(() => '---').join('|')}|`,
  );
  for (const seed of [1, 2, 3]) {
    const options: FitOptions = seed === fit.gbdt?.seed ? fit : { ...fit, gbdt: { ...fit.gbdt, seed } };
    const b = scored(crossValidate(rows, names, options, stratified, K));
    const c = scored(crossValidate(rows, names, options, grouped, K));
    const shares = articleShares(options);
    const cells = [...MOSTLY_ARTICLES].map((name) => pct(shares.get(name)?.share ?? 0));
    const shipped = options === fit ? ' (shipped)' : '';
    out.push(
      `| ${seed}${shipped} | ${f3(b.accuracy)} / ${f3(b.macroF1)} | ${f3(c.accuracy)} / ${f3(c.macroF1)} | ${cells.join(' | ')} |`,
    );
  }
  out.push('');

  log('ablations…');
  out.push('#### Feature groups: ablations (shipped learner, grouped CV, out-of-domain article share)', '');
  out.push(
    `| features | count | CV grouped acc | CV grouped macro F1 | ${[...MOSTLY_ARTICLES].join(' | ')} |`,
    `|---|---|---|---|${[...MOSTLY_ARTICLES].map(() => '---').join('|')}|`,
  );
  const groups: [string, (name: string) => boolean][] = [
    ['all', () => true],
    ['without English text cues (txt.*)', (n) => !n.startsWith('txt.')],
    ['without class/id cues (cls.*)', (n) => !n.startsWith('cls.')],
    ['without any English words (txt.*, cls.*)', (n) => !n.startsWith('txt.') && !n.startsWith('cls.')],
    ['without URL cues (url.*)', (n) => !n.startsWith('url.')],
    ['without head signals (head.*, schema.*, gen.*)', (n) => !/^(?:head|schema|gen)\./.test(n)],
    ['without repeated-sibling features (rep.*)', (n) => !n.startsWith('rep.')],
    ['without DOM counts (dom.*)', (n) => !n.startsWith('dom.')],
    ['URL cues only', (n) => n.startsWith('url.')],
  ];
  for (const [label, keep] of groups) {
    const options = { ...fit, featureNames: names.filter(keep) };
    const c = scored(crossValidate(rows, names, options, grouped, K));
    const shares = articleShares(options);
    const cells = [...MOSTLY_ARTICLES].map((name) => pct(shares.get(name)?.share ?? 0));
    out.push(
      `| ${label} | ${options.featureNames.length} | ${f3(c.accuracy)} | ${f3(c.macroF1)} | ${cells.join(' | ')} |`,
    );
    log(`  ${label}`);
  }
  out.push('');
}

if (!values.quick) {
  // trafilatura-eval is multilingual: the article share per declared language, with and without
  // the features that are English words.
  log('languages…');
  const set = outOfDomain.find((d) => d.name === 'trafilatura-eval')?.set;
  if (set) {
    const variants: [string, (name: string) => boolean][] = [
      ['all features', () => true],
      ['without txt.*', (n) => !n.startsWith('txt.')],
      ['without txt.* and cls.*', (n) => !n.startsWith('txt.') && !n.startsWith('cls.')],
    ];
    const models = variants.map(([, keep]) =>
      keep === variants[0][1]
        ? model
        : fitPageTypeModel(rows, names, { ...fit, featureNames: names.filter(keep) }),
    );
    const byLanguage = new Map<string, typeof set.rows>();
    for (const row of set.rows) {
      const language = (row.language ?? '?').toLowerCase().slice(0, 2);
      byLanguage.set(language, [...(byLanguage.get(language) ?? []), row]);
    }
    const languages = [...byLanguage]
      .filter(([, list]) => list.length >= 15)
      .sort((a, b) => b[1].length - a[1].length);
    const others = [...byLanguage].filter(([, list]) => list.length < 15).flatMap(([, list]) => list);
    out.push('#### trafilatura-eval by declared language: share classified as article', '');
    out.push(
      `| language | pages | ${variants.map(([label]) => label).join(' | ')} |`,
      `|---|---|${variants.map(() => '---').join('|')}|`,
    );
    for (const [language, list] of [...languages, ['other (< 15 pages each)', others] as const]) {
      const cells = models.map((trained) => {
        const articles = list.filter(
          (row) => classifyPageTypeFeatures(row.features, trained, policy).type === 'article',
        );
        return pct(articles.length / Math.max(1, list.length));
      });
      out.push(`| ${language} | ${list.length} | ${cells.join(' | ')} |`);
    }
    out.push('');
  }
}

const text = out.join('\n');
console.log(text);
if (values['write-doc']) {
  const file = path.join(REPO_ROOT, 'docs', 'algorithms', 'page-type.md');
  const doc = readFileSync(file, 'utf8');
  const start = '<!-- page-type:eval:start -->';
  const end = '<!-- page-type:eval:end -->';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file}: no ${start} … ${end} section`);
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${text}\n${doc.slice(to)}`);
  log(`wrote ${file}`);
}
