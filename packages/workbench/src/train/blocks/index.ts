/**
 * train/blocks: the default extractor's block classifier (`models/pith-blocks.json`,
 * `pith train blocks`). Rows from the extractor's own `pageRows` and a labeller per kind of
 * gold; cross-validation folds by site (each page scored by the model that did not see its
 * site) and leave one dataset out, scored with the bench; then the model on every page, with
 * its manifest.
 */
import path from 'node:path';
import { type GbdtParams, pith, serializeModel } from 'pith/internal';
import { type DatasetSpec, type ListOptions, resolveDatasetSpec } from '../../eval/index.js';
import { SCORED_EXTRACTION_CODE, TRAINING_ROOM_CODE } from '../code.js';
import { trainingListOptions } from '../datasets.js';
import { groupedFolds } from '../folds.js';
import { scoreHeldOut, writeHeldOut } from '../held-out.js';
import { type ManifestDataset, type ModelManifest, manifestCode } from '../manifest.js';
import { writeModelFile } from '../model-file.js';
import { type DatasetRows, datasetRows } from './rows.js';
import { BLOCK_TRAINING_PARAMS, foldItems, trainBlockModel } from './train.js';

export {
  BLOCK_LABELLERS,
  type BlockLabeller,
  type BlockTargets,
  SNIPPET_LABELLER,
  TEXT_LABELLER,
} from './labels.js';
export { type DatasetRows, datasetRows, type RowsPage } from './rows.js';
export { assembleRows, BLOCK_TRAINING_PARAMS, foldItems, trainBlockModel } from './train.js';

/**
 * The datasets the shipped model is trained on: those whose gold is a main-content text
 * (trafilatura-eval, with snippets only, is kept out as the test never trained on).
 */
export const BLOCK_TRAINING_DATASETS: readonly string[] = [
  'wcxb-dev',
  'l3s-gn1',
  'cleaneval',
  'cleanportaleval',
  'readability-testpages',
];

/**
 * The code a block model depends on (repository paths): the manifest's commit is the last one
 * that changed any of it. test/train/code-paths.test.ts checks that it covers what
 * src/train/blocks imports.
 */
export const BLOCK_MODEL_CODE: readonly string[] = [
  ...TRAINING_ROOM_CODE,
  'packages/workbench/src/train/blocks',
  ...SCORED_EXTRACTION_CODE,
];

/**
 * The code the rows depend on (features, labels, the readers): the rows cache is keyed by it,
 * so training again after a change elsewhere (the trees' code, the bench) reuses the rows.
 */
export const BLOCK_ROWS_CODE: readonly string[] = [
  'packages/workbench/src/train/blocks/rows.ts',
  'packages/workbench/src/train/blocks/labels.ts',
  'packages/workbench/src/train/datasets.ts',
  'packages/workbench/src/train/provenance.ts',
  'packages/pith/src/extractors/pith',
  'packages/pith/src/extractors/types.ts',
  'packages/pith/src/features',
  'packages/pith/src/dom',
  'packages/pith/src/input',
  'packages/pith/src/layout',
  'packages/pith/src/learn',
  'packages/pith/src/metadata',
  'packages/pith/src/page-types.ts',
  'packages/workbench/src/eval/datasets',
  'packages/workbench/src/eval/metrics/snippets.ts',
  'packages/workbench/src/eval/runs/held-out.ts',
  'packages/pith/src/errors.ts',
  'packages/pith/src/index.ts',
  'packages/pith/src/extract-options.ts',
  'packages/pith/src/model-files.ts',
  'packages/pith/src/model-packing.ts',
  'packages/pith/src/random.ts',
  'packages/pith/src/version.ts',
  'package-lock.json',
];

export interface TrainBlocksOptions {
  /** `--dataset` arguments (NAME, PATH or FORMAT:PATH); default BLOCK_TRAINING_DATASETS. */
  datasets?: readonly string[];
  /** Labeller per dataset name ('text', 'snippets'); default: by each page's gold. */
  labelling?: Readonly<Record<string, string>>;
  /** GBDT parameters over BLOCK_TRAINING_PARAMS. */
  params?: Partial<GbdtParams>;
  /** Cross-validation folds (0 or undefined: none). */
  folds?: number;
  /** Pages of a site stay in one fold ('site', the default) or are dealt alone ('page'). */
  groupBy?: 'site' | 'page';
  /** Seed of the fold assignment. */
  foldSeed?: number;
  /** Also train one model per dataset left out. */
  leaveOneDatasetOut?: boolean;
  /** Train the model on every page (default true). */
  final?: boolean;
  /** Score the held-out models with the bench (default true). */
  evaluate?: boolean;
  /** Worker threads of that scoring. */
  jobs?: number;
  /** Where fold and leave-one-out models and their held-out files go. */
  heldOutDir: string;
  /** Cache of rows (undefined: recompute). */
  rowsDir?: string;
  /** At most this many pages per dataset. */
  limit?: number;
  list?: ListOptions;
  /** The command recorded in the manifest. */
  command: string;
  log?: (message: string) => void;
}

export interface TrainBlocksResult {
  /** The model file's text, when the final model was trained. */
  text?: string;
  manifest: ModelManifest;
  /** Held-out files written (k-fold, leave one dataset out). */
  heldOut: { folds?: string; leaveOneDatasetOut?: string };
  datasets: DatasetRows[];
}

function schemeOf(folds: number, groupBy: 'site' | 'page'): string {
  return `${folds}-fold by ${groupBy}`;
}

function datasetEntry(argument: string, rows: DatasetRows): ManifestDataset {
  let positive = 0;
  let negative = 0;
  let unlabelled = 0;
  for (const share of rows.share) {
    if (Number.isNaN(share)) unlabelled++;
    else if (share >= 0.5) positive++;
    else negative++;
  }
  const labelling = [...new Set(rows.pages.map((page) => page.labelling))].join('+');
  return {
    name: rows.name,
    format: rows.format,
    path: argument,
    pages: rows.pages.length,
    labelling,
    blocks: rows.rows,
    main: positive,
    other: negative,
    ...(unlabelled > 0 ? { unlabelled } : {}),
    ...(rows.failures.length > 0 ? { failed: rows.failures.length } : {}),
  };
}

/** Rows, held-out models and their figures, then the model on every page (see the module comment). */
export async function trainBlocks(options: TrainBlocksOptions): Promise<TrainBlocksResult> {
  const log = options.log ?? (() => {});
  const argumentsList = options.datasets?.length ? options.datasets : BLOCK_TRAINING_DATASETS;
  const params = { ...BLOCK_TRAINING_PARAMS, ...options.params };
  const groupBy = options.groupBy ?? 'site';
  const foldSeed = options.foldSeed ?? 1;
  const list = trainingListOptions(options.list);
  const specs: DatasetSpec[] = [];
  for (const argument of argumentsList) specs.push(await resolveDatasetSpec(argument));
  const names = specs.map((spec) => spec.name);
  for (const name of names)
    if (names.indexOf(name) !== names.lastIndexOf(name)) throw new Error(`dataset '${name}' given twice`);

  const datasets: DatasetRows[] = [];
  for (const spec of specs) {
    datasets.push(
      await datasetRows(spec, {
        code: BLOCK_ROWS_CODE,
        list,
        ...(options.labelling && Object.hasOwn(options.labelling, spec.name)
          ? { labelling: options.labelling[spec.name] }
          : {}),
        ...(options.limit === undefined ? {} : { limit: options.limit }),
        ...(options.rowsDir ? { cacheDir: options.rowsDir } : {}),
        log,
      }),
    );
  }
  const code = manifestCode(BLOCK_MODEL_CODE, pith.version);
  const manifestOptions: Record<string, unknown> = {
    params,
    ...(options.folds ? { folds: options.folds, groupBy, foldSeed } : {}),
    ...(options.leaveOneDatasetOut ? { leaveOneDatasetOut: true } : {}),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  };
  const heldOutManifest = (scheme: string) => ({
    command: options.command,
    ...code,
    scheme,
    datasets: datasets.map((rows, d) => datasetEntry(argumentsList[d], rows)),
    options: manifestOptions,
  });
  const evaluation: Record<string, unknown> = {};
  const heldOut: TrainBlocksResult['heldOut'] = {};
  const evaluate = async (file: string) =>
    options.evaluate === false
      ? undefined
      : scoreHeldOut(file, specs, {
          jobs: options.jobs ?? 1,
          list,
          ...(options.limit === undefined ? {} : { limit: options.limit }),
          log,
        });

  /**
   * Trains one model per held-out part (a fold, a dataset left out) on the pages outside it,
   * writes the models and the held-out file that sends each page to its part's model, scores it.
   */
  const heldOutModels = async (
    scheme: string,
    fileName: string,
    parts: readonly string[],
    partOf: (dataset: number, page: number) => number,
  ) => {
    const models: string[] = [];
    for (const [index, part] of parts.entries()) {
      log(`${part} (${scheme})`);
      const model = trainBlockModel(datasets, (d, p) => partOf(d, p) !== index, params, log);
      const file = path.join(options.heldOutDir, `${fileName}-${part.replace(/[^\w.-]+/g, '-')}.json`);
      await writeModelFile(file, serializeModel(model, { binEdges: false }));
      models.push(file);
    }
    const pages = new Map<string, number>();
    datasets.forEach((rows, d) => {
      rows.pages.forEach((page, p) => {
        pages.set(page.digest, partOf(d, p));
      });
    });
    const file = path.join(options.heldOutDir, `${fileName}.json`);
    await writeHeldOut(file, {
      extractor: 'pith',
      option: 'model',
      scheme,
      datasets: names,
      models,
      pages,
      manifest: heldOutManifest(scheme),
    });
    log(`held-out file ${file}`);
    return { file, figures: await evaluate(file) };
  };

  if (options.folds) {
    const k = options.folds;
    const scheme = schemeOf(k, groupBy);
    const fold = groupedFolds(foldItems(datasets, groupBy), k, foldSeed);
    const offsets = datasets.map((_, d) => datasets.slice(0, d).reduce((sum, x) => sum + x.pages.length, 0));
    const parts = Array.from({ length: k }, (_, f) => `fold ${f + 1} of ${k}`);
    const { file, figures } = await heldOutModels(
      scheme,
      `folds-${k}-by-${groupBy}`,
      parts,
      (d, p) => fold[offsets[d] + p],
    );
    heldOut.folds = file;
    if (figures) evaluation.folds = { scheme, folds: k, groupBy, seed: foldSeed, datasets: figures };
  }
  if (options.leaveOneDatasetOut) {
    const parts = names.map((name) => `without ${name}`);
    const { file, figures } = await heldOutModels(
      'leave one dataset out',
      'leave-one-dataset-out',
      parts,
      (d) => d,
    );
    heldOut.leaveOneDatasetOut = file;
    if (figures) evaluation.leaveOneDatasetOut = { datasets: figures };
  }

  const manifest: ModelManifest = {
    datasets: datasets.map((rows, d) => datasetEntry(argumentsList[d], rows)),
    command: options.command,
    ...code,
    options: manifestOptions,
    ...(Object.keys(evaluation).length > 0 ? { evaluation } : {}),
  };
  let text: string | undefined;
  if (options.final !== false) {
    log('the model on every page');
    const model = trainBlockModel(datasets, () => true, params, log);
    text = serializeModel(
      { ...model, manifest: manifest as unknown as Record<string, unknown> },
      { binEdges: false },
    );
  }
  return { ...(text === undefined ? {} : { text }), manifest, heldOut, datasets };
}
