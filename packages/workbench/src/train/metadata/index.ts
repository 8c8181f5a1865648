/**
 * train/metadata: the metadata choice's model (`models/metadata.json`, `pith train metadata`):
 * for the title, the authors and the publication date, gradient-boosted trees that score each
 * candidate the page offers (src/metadata/candidates.ts) by its features, trained on WCXB dev's
 * metadata gold; held out by 5-fold cross-validation grouped by site (a site's pages, and pages
 * with the same bytes, in one fold), each fold with a page-type model of its own, scored with
 * the bench's metric beside the rules' answers; then the model on every page.
 *
 * The fold models and their held-out file (`folds-5-by-site.json`, option `metadataModel`) go to
 * `.cache/train/metadata/`: `pith bench -d wcxb-dev -e pith:held-out=FILE --peer trafilatura`
 * scores every page with the model that did not see its site, beside trafilatura's metadata.
 */
import path from 'node:path';
import {
  CHOSEN_FIELDS,
  type ChosenField,
  chosenRow,
  type FieldMargins,
  type FieldParts,
  PAGE_TYPE_NAMES,
  RULES_ALWAYS,
  serializeMetadataModel,
  serializePageTypeModel,
} from 'pith/internal';
import { type DatasetSpec, metadataHalfOf, scoreMetadata } from '../../eval/index.js';
import { TRAINING_ROOM_CODE } from '../code.js';
import { groupedFolds } from '../folds.js';
import { writeHeldOut } from '../held-out.js';
import { type ModelManifest, manifestCode } from '../manifest.js';
import { writeModelFile } from '../model-file.js';
import { type BaseRun, checkBaseRun, marginsOf } from './base.js';
import {
  BIASED_FIELDS,
  DEFAULT_FIT,
  type FieldFit,
  type FitSettings,
  FLOORS,
  fieldRows,
  fitFieldWithBias,
  foldPageTypes,
  innerFoldings,
  METADATA_GBDT_PARAMS,
  marginsOfPage,
  metadataModelOf,
  NONE_BIASES,
  type Outcome,
  outcomeOf,
  RULES_BIASES,
  rowProbabilities,
  tally,
} from './fit.js';
import { loadMetadataRows, type MetadataPage, TRAINING_NOW } from './rows.js';

export {
  type BaseFolds,
  type BaseRun,
  checkBaseRun,
  fieldPartsOf,
  marginsOf,
  readBaseFolds,
  readBaseRun,
} from './base.js';
export {
  bestMargins,
  DEFAULT_FIT,
  type FieldChoice,
  type FitSettings,
  fieldChoice,
  fieldRows,
  fitField,
  fitFieldWithBias,
  foldPageTypes,
  innerFoldings,
  innerScores,
  jointFloors,
  marginsOfPage,
  outcomeOf,
  rowProbabilities,
  type ScoredPage,
  tally,
} from './fit.js';
export { loadMetadataRows, type MetadataPage, type MetadataRowSet, TRAINING_NOW } from './rows.js';

/** The code a metadata model depends on (repository paths; see test/train/code-paths.test.ts). */
export const METADATA_MODEL_CODE: readonly string[] = [
  ...TRAINING_ROOM_CODE,
  'packages/workbench/src/train/metadata',
  'packages/workbench/src/train/page-type/fit.ts',
  'packages/pith/src/metadata',
  'packages/pith/src/page-types.ts',
  'packages/pith/src/features/page-type',
  'packages/pith/src/learn',
  'packages/pith/src/dom',
  'packages/pith/src/input',
  'packages/workbench/src/eval/datasets',
  'packages/workbench/src/eval/metrics/metadata.ts',
  'packages/pith/src/errors.ts',
  'packages/pith/src/model-files.ts',
  'packages/pith/src/model-packing.ts',
  'packages/pith/src/index.ts',
  'packages/pith/src/extract-options.ts',
  'packages/pith/src/random.ts',
  'packages/pith/src/version.ts',
  'package-lock.json',
];

export interface TrainMetadataOptions {
  datasets: readonly DatasetSpec[];
  /** Cross-validation folds (0: none). */
  folds: number;
  seed: number;
  /** Where the fold models and their held-out file go. */
  heldOutDir: string;
  command: string;
  log?: (message: string) => void;
  /** The fit's choices (DEFAULT_FIT's where missing). */
  fit?: Partial<FitSettings>;
  /** Fields kept from a base run (whole, or their margins and floors): see base.ts. */
  base?: BaseRun;
}

/**
 * A field's fit with a base run's parts where it keeps them: the base's whole (`keep`), or the
 * refit's trees with the base's margins and floors (`keepMargins`).
 */
export function fitWithBase(
  field: ChosenField,
  base: BaseRun | undefined,
  baseParts: (run: BaseRun) => FieldParts,
  refit: () => FieldFit,
): FieldFit {
  if (base?.keep.includes(field)) {
    const parts = baseParts(base);
    return { ...parts, byPageType: parts.byPageType ?? PAGE_TYPE_NAMES.map(() => marginsOf(parts)) };
  }
  const fit = refit();
  if (!base?.keepMargins.includes(field)) return fit;
  const margins = marginsOf(baseParts(base));
  return {
    model: fit.model,
    ...margins,
    byPageType: margins.byPageType ?? PAGE_TYPE_NAMES.map(() => margins),
  };
}

/** One field's held-out figures: the model's answers and the rules' on the same pages. */
export interface FieldFigures {
  model: Outcome;
  rules: Outcome;
  /** By WCXB page type and by half of the metadata split: [model right, rules right, pages]. */
  byType: Record<string, [number, number, number]>;
  byHalf: Record<string, [number, number, number]>;
  /** The margins the folds chose for the whole field and per page type ("none" row / rules' answer). */
  margins: string[];
  marginsByType: Record<string, string[]>;
}

export interface TrainMetadataResult {
  text: string;
  manifest: ModelManifest;
  /** The held-out figures (undefined without folds). */
  figures?: Record<ChosenField, FieldFigures>;
  /** The held-out file, when folds were trained. */
  heldOut?: string;
}

const ratio = (count: number, pages: number) => (pages === 0 ? 0 : Math.round((count / pages) * 1000) / 1000);

/** Margins as the report shows them: "none margin/rules margin", or "rules"; the floor after "≥". */
const marginsText = ({ noneBias, rulesBias, floor }: FieldMargins) =>
  `${rulesBias >= RULES_ALWAYS ? 'rules' : `${noneBias}/${rulesBias}`}${floor ? ` ≥${floor}` : ''}`;

/** The rules' outcome on one page's field, by the bench's metric. */
function rulesOutcome(page: MetadataPage, field: ChosenField): 'right' | 'wrong' | 'empty' {
  const score = scoreMetadata(page.gold, { ...page.rules })[field];
  if (score.correct) return 'right';
  return score.found ? 'wrong' : 'empty';
}

/** Trains the metadata model, measures it held out by site, returns the file's text and manifest. */
export async function trainMetadata(options: TrainMetadataOptions): Promise<TrainMetadataResult> {
  const log = options.log ?? (() => {});
  const settings: FitSettings = { ...DEFAULT_FIT, ...options.fit };
  const set = await loadMetadataRows(options.datasets, log);
  const pages = set.pages;
  if (pages.length === 0) throw new Error('no page with metadata gold in the datasets');
  const k = options.folds;
  log(`${pages.length} pages with metadata gold, ${k}-fold cross-validation by site…`);
  // The folds: a site's pages, and pages with the same bytes, stay together.
  const folds = groupedFolds(
    pages.map((page) => ({
      keys: [`site:${page.site}`, `bytes:${page.digest}`],
      stratum: page.pageType ?? page.dataset,
    })),
    Math.max(k, 2),
    options.seed,
  );
  const base = options.base;
  if (base)
    checkBaseRun(
      base,
      pages.map((page) => page.digest),
      folds,
      set.names,
    );
  const pageTypes = foldPageTypes(set, folds, Math.max(k, 2));
  const rows = fieldRows(set, pageTypes.probabilities);
  const all = pages.map((_, index) => index);
  // More partitions by site for the author's and the date's margins and floors (FitSettings.innerSeeds).
  const extraFoldings = innerFoldings(set, k, options.seed, Math.max(settings.innerSeeds - 1, 0));

  let figures: Record<ChosenField, FieldFigures> | undefined;
  let heldOut: string | undefined;
  if (k > 0) {
    figures = {} as Record<ChosenField, FieldFigures>;
    const heldOutAnswers: string[] = [];
    const heldOutScores: Record<string, unknown[]> = {};
    const foldFits: Record<ChosenField, FieldFit>[] = Array.from({ length: k }, () => ({}) as never);
    for (const field of CHOSEN_FIELDS) {
      log(`${field}: ${k} folds…`);
      const names = set.names[field];
      const chosen: ('right' | 'wrong' | 'empty')[] = new Array(pages.length);
      const answers: string[] = new Array(pages.length);
      const scores: unknown[] = new Array(pages.length);
      heldOutScores[field] = scores;
      for (let f = 0; f < k; f++) {
        const fit = fitWithBase(
          field,
          base,
          (run) => run.folds[f][field],
          () =>
            fitFieldWithBias(
              field,
              names,
              rows[field],
              all.filter((index) => folds[index] !== f),
              folds,
              settings,
              extraFoldings,
            ),
        );
        foldFits[f][field] = fit;
        for (const index of all) {
          if (folds[index] !== f) continue;
          const probabilities = rowProbabilities(fit.model, rows[field][index]);
          const page = rows[field][index];
          const row = chosenRow(probabilities, page.rulesRow, marginsOfPage(fit, page));
          chosen[index] = outcomeOf(rows[field][index].labels, row);
          scores[index] = {
            probabilities: probabilities.map((p) => Number(p.toPrecision(4))),
            labels: page.labels,
            rulesRow: page.rulesRow,
            type: page.type,
            types: Array.from(page.types, (p) => Number(p.toPrecision(3))),
            gold: pages[index].pageType,
            margins: marginsOfPage(fit, page),
            fold: f,
          };
          answers[index] = pages[index].fields[field].values[row] ?? '';
        }
      }
      const rules = pages.map((page) => rulesOutcome(page, field));
      for (const [index, page] of pages.entries())
        heldOutAnswers.push(
          JSON.stringify({
            id: page.id,
            url: page.url,
            type: page.pageType,
            half: metadataHalfOf(page.url),
            field,
            outcome: chosen[index],
            rules: rules[index],
            answer: answers[index],
            gold:
              field === 'author' ? page.gold.author : field === 'title' ? page.gold.title : page.gold.date,
            rulesAnswer:
              field === 'title'
                ? page.rules.title
                : field === 'author'
                  ? page.rules.authors.join('; ')
                  : page.rules.published,
          }),
        );
      const group = (keyOf: (page: MetadataPage) => string) => {
        const counts = new Map<string, [number, number, number]>();
        pages.forEach((page, index) => {
          const key = keyOf(page);
          const entry = counts.get(key) ?? [0, 0, 0];
          counts.set(key, entry);
          if (chosen[index] === 'right') entry[0]++;
          if (rules[index] === 'right') entry[1]++;
          entry[2]++;
        });
        return Object.fromEntries(counts);
      };
      figures[field] = {
        model: tally(chosen),
        rules: tally(rules),
        byType: group((page) => page.pageType ?? 'unknown'),
        byHalf: group((page) => metadataHalfOf(page.url)),
        margins: foldFits.map((fits) => marginsText(fits[field])),
        marginsByType: Object.fromEntries(
          PAGE_TYPE_NAMES.map((type, at) => [
            type,
            foldFits.map((fits) => marginsText(fits[field].byPageType[at])),
          ]),
        ),
      };
      const model = figures[field].model;
      const rule = figures[field].rules;
      log(
        `  ${field}: right ${ratio(model.right, model.pages)} (rules ${ratio(rule.right, rule.pages)}), wrong ${ratio(model.wrong, model.pages)} (${ratio(rule.wrong, rule.pages)}), empty ${ratio(model.empty, model.pages)} (${ratio(rule.empty, rule.pages)})`,
      );
    }
    // The fold models, each with the page-type model of its fold, and the file that maps each page to the model that did not see it.
    const files: string[] = [];
    for (let f = 0; f < k; f++) {
      const file = path.join(options.heldOutDir, `fold-${f}.json`);
      const model = metadataModelOf(
        foldFits[f],
        { fold: f, folds: k, seed: options.seed },
        JSON.parse(serializePageTypeModel(pageTypes.models[f])),
      );
      await writeModelFile(file, serializeMetadataModel(model));
      files.push(file);
    }
    // Every page's held-out answer beside the rules', for reading the errors (not a model file).
    await writeModelFile(
      path.join(options.heldOutDir, `answers-${k}-by-site.jsonl`),
      `${heldOutAnswers.join('\n')}\n`,
    );
    // Every page's held-out probabilities per field, for the floors' trade-off (not a model file).
    await writeModelFile(
      path.join(options.heldOutDir, `scores-${k}-by-site.json`),
      JSON.stringify(heldOutScores),
    );
    heldOut = path.join(options.heldOutDir, `folds-${k}-by-site.json`);
    await writeHeldOut(heldOut, {
      extractor: 'pith',
      option: 'metadataModel',
      scheme: `${k}-fold by site`,
      datasets: options.datasets.map((spec) => spec.name),
      models: files,
      pages: new Map(pages.map((page, index) => [page.digest, folds[index]])),
    });
  }

  // The model on every page; the "none" margins from the held-out probabilities of the folds.
  log('the model on every page…');
  const fits = {} as Record<ChosenField, FieldFit>;
  for (const field of CHOSEN_FIELDS) {
    fits[field] = fitWithBase(
      field,
      base,
      (run) => run.final[field],
      () => fitFieldWithBias(field, set.names[field], rows[field], all, folds, settings, extraFoldings),
    );
  }
  const manifest: ModelManifest = {
    datasets: options.datasets.map((spec) => ({
      name: spec.name,
      format: spec.format,
      path: spec.name,
      pages: pages.filter((page) => page.dataset === spec.name).length,
    })),
    command: options.command,
    ...manifestCode(METADATA_MODEL_CODE),
    options: {
      folds: k,
      seed: options.seed,
      gbdt: METADATA_GBDT_PARAMS,
      noneBiases: [...NONE_BIASES],
      rulesBiases: [...RULES_BIASES],
      marginsPerPageType:
        "right at least the rules' in the inner folds; a page's weighted by its page-type probabilities",
      floors: [...FLOORS],
      floor: `${settings.floorsBy === 'type' ? `per page type, chosen together: each type's most right − price × wrong${settings.floorPrior > 0 ? ` with ${settings.floorPrior} pseudo pages of the field's` : ''}` : "the field's: the most right − price × wrong"}, at the lowest price whose inner folds answer wrongly on at most ${settings.wrongShare} of pages (${BIASED_FIELDS.filter((field) => !base?.keep.includes(field)).join(', ') || 'none refitted'}), on ${settings.innerSeeds} inner partition(s) by site pooled`,
      titleLoss: settings.titleLoss,
      titleMargins: settings.titleMargins,
      innerSeeds: settings.innerSeeds,
      floorPrior: settings.floorPrior,
      biasedFields: [...BIASED_FIELDS],
      objective: 'right - wrong',
      pageTypes: [...PAGE_TYPE_NAMES],
      now: new Date(TRAINING_NOW).toISOString().slice(0, 10),
      ...(base
        ? {
            base: {
              heldOut: base.source.heldOut,
              model: base.source.model,
              code: base.source.manifest.code,
              date: base.source.manifest.date,
              seed: (base.source.manifest.options as { seed?: number } | undefined)?.seed,
              kept: [...base.keep],
              keptMargins: [...base.keepMargins],
            },
          }
        : {}),
    },
    ...(figures
      ? {
          evaluation: {
            heldOut: `${k}-fold by site`,
            ...(heldOut ? { folds: heldOut } : {}),
            ...summary(figures),
          },
        }
      : {}),
  };
  const model = metadataModelOf(fits, manifest as unknown as Record<string, unknown>);
  return {
    text: serializeMetadataModel(model),
    manifest,
    ...(figures ? { figures } : {}),
    ...(heldOut ? { heldOut } : {}),
  };
}

/** The manifest's figures: shares of pages right, wrong and empty, the model's and the rules'. */
function summary(figures: Record<ChosenField, FieldFigures>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of CHOSEN_FIELDS) {
    const { model, rules, margins, byType } = figures[field];
    out[field] = {
      pages: model.pages,
      right: ratio(model.right, model.pages),
      wrong: ratio(model.wrong, model.pages),
      empty: ratio(model.empty, model.pages),
      rules: {
        right: ratio(rules.right, rules.pages),
        wrong: ratio(rules.wrong, rules.pages),
        empty: ratio(rules.empty, rules.pages),
      },
      margins,
      byType: Object.fromEntries(
        Object.entries(byType).map(([type, [right, , pages]]) => [
          type,
          { pages, right: ratio(right, pages) },
        ]),
      ),
    };
  }
  return out;
}
