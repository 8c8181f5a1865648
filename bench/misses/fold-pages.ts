// usage: npx tsx bench/misses/fold-pages.ts > FOLD-PAGES.tsv
// set, id, digest and fold of every training page of `pith train blocks` (5 folds by site, seed 1, its defaults),
// read from the rows cache that training wrote (.cache/train/blocks/rows): the input of score-fold.ts and score-held.ts.
import { resolveDatasetSpec } from '@pith/workbench/eval';
import {
  BLOCK_ROWS_CODE,
  BLOCK_TRAINING_DATASETS,
  type DatasetRows,
  datasetRows,
  foldItems,
  groupedFolds,
  trainingListOptions,
} from '@pith/workbench/train';

const datasets: DatasetRows[] = [];
for (const name of BLOCK_TRAINING_DATASETS) {
  const spec = await resolveDatasetSpec(name);
  datasets.push(
    await datasetRows(spec, {
      code: BLOCK_ROWS_CODE,
      list: trainingListOptions(undefined),
      cacheDir: '.cache/train/blocks/rows',
    }),
  );
}
const fold = groupedFolds(foldItems(datasets, 'site'), 5, 1);
let at = 0;
for (const d of datasets)
  for (const p of d.pages) console.log(`${d.name}\t${p.id}\t${p.digest}\t${fold[at++]}`);
