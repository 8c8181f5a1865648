// Where the default extractor's own time goes, stage by stage, on the speed pages (L3S-GN1 and
// WCXB dev): the heuristic stage, block segmentation, block features, page-type features and the
// tree ensemble's prediction, each timed over all pages (parsed and with metadata beforehand, not
// timed), one warm-up pass then the median of --passes, in CPU time. Code from dist/ (or
// --dist=DIR, e.g. a build of the code before a change, to compare in one sitting).
//
//   npm run build && nice -n 10 node --single-threaded --import tsx bench/speed/pith-stages.ts [--dist=DIR]
//       [--per-dataset=150] [--passes=5] [--only=STAGE]

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { cpuMs, flag, loadSpeedPages } from './pages.js';

type PithModule = typeof import('pith');
/** Types from the tools' door; the code itself is loaded from the chosen tree's files. */
type Internal = typeof import('pith/internal');
type HeuristicModule = Pick<Internal, 'runHeuristic'>;
type BlocksModule = Pick<Internal, 'segmentBlocks' | 'blockFeatures'>;
type PageTypeModule = Pick<Internal, 'pageTypeFeatures'>;
type ModelModule = Pick<Internal, 'loadBlockModel'>;
type RowsModule = Pick<Internal, 'pageRows'>;

const base = path.resolve(repoRoot, flag('dist', 'packages/pith/dist'));
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(base, file)).href)) as T;
const pith = await load<PithModule>('index.js');
const { runHeuristic } = await load<HeuristicModule>('extractors/pith/heuristic.js');
const { segmentBlocks, blockFeatures } = await load<BlocksModule>('features/blocks/index.js');
const { pageTypeFeatures } = await load<PageTypeModule>('features/page-type/index.js');
const { loadBlockModel } = await load<ModelModule>('extractors/pith/model.js');
const { pageRows } = await load<RowsModule>('extractors/pith/rows.js');
const model = loadBlockModel('');
if (!model) throw new Error('no block model');

const perDataset = Number(flag('per-dataset', '150'));
const passes = Number(flag('passes', '5'));
const pages = loadSpeedPages(perDataset).map((page) => {
  const doc = pith.parseHtml(pith.decodeHtml(page.bytes).text);
  const metadata = pith.extractMetadata(doc);
  const context = { metadata };
  const rows = pageRows(doc, {}, context);
  return { doc, metadata, context, rows };
});

const stages: [string, (page: (typeof pages)[number]) => unknown][] = [
  ['heuristic', (page) => runHeuristic(page.doc, {}, page.context)],
  ['segmentBlocks', (page) => segmentBlocks(page.doc)],
  [
    'blockFeatures',
    (page) =>
      blockFeatures(
        page.rows.blocks,
        { kept: page.rows.heuristic.selection.kept, pruned: page.rows.heuristic.removed },
        { title: page.metadata.title, structuredBody: page.metadata.structuredBody },
      ),
  ],
  ['pageTypeFeatures', (page) => pageTypeFeatures(page.doc, page.doc.url, page.metadata)],
  [
    'predict',
    (page) => {
      const { features } = page.rows;
      let sum = 0;
      for (let row = 0; row < features.rows; row++)
        sum += model.predict(features.values, row * features.width);
      return sum;
    },
  ],
  ['pageRows (all of the above but predict)', (page) => pageRows(page.doc, {}, page.context)],
  ['extractMetadata', (page) => pith.extractMetadata(page.doc)],
];

console.log(
  `# pith stages, ${pages.length} pages, code from ${path.relative(repoRoot, base)}/, median of ${passes} passes, CPU ms/page\n`,
);
console.log('| stage | ms/page |\n|---|---:|');
const only = flag('only', '');
for (const [name, run] of stages) {
  if (only !== '' && name !== only) continue;
  const times: number[] = [];
  for (let pass = 0; pass <= passes; pass++) {
    const start = cpuMs();
    for (const page of pages) run(page);
    if (pass > 0) times.push(cpuMs() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${name} | ${(times[Math.floor(times.length / 2)] / pages.length).toFixed(3)} |`);
}
