// CPU time of the steps of `extract()` in two builds, page by page in one process: for each stage,
// every page runs in build A and in build B back to back (the order alternating), as compare.ts
// does for the whole call. Says which step a change (or a release) made slower or faster, where
// compare.ts only says by how much in all. Each page is parsed, its metadata read and extracted
// once beforehand in each build; a stage then reruns one step on that state.
//
//   npm run build && nice -n 10 node --single-threaded --import tsx bench/speed/stage-compare.ts \
//       --a=OLD_DIST --b=dist [--per-dataset=100] [--passes=5] [--only=metadata,comments]
//
// OLD_DIST as in compare.ts. A step that build A does not have (an older release without the
// comments step, say) costs nothing there: its row shows B's cost. Prints per stage the mean CPU
// ms per page of each build, B − A, B / A, and B / A of each pass.

import path from 'node:path';
import { repoRoot } from '../parsers/corpus.js';
import {
  type BytePage,
  buildModules,
  flag,
  type Internal,
  interleavedCpu,
  loadFromBuild,
  loadSpeedPages,
} from './pages.js';

/** metadata/page.ts's one source, which its door does not export. */
interface PageModule {
  pageData(doc: Internal['Doc']['prototype']): unknown;
}

const perDataset = Number(flag('per-dataset', '100'));
const passes = Number(flag('passes', '5'));
const only = flag('only', '').split(',').filter(Boolean);
const dirs = [flag('a', ''), flag('b', 'dist')].map((dir) => path.resolve(repoRoot, dir));
if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against');

type Stage = (index: number) => unknown;

/** One build's steps over the pages, each prepared once. */
async function stagesOf(dir: string, raw: readonly BytePage[]): Promise<Map<string, Stage>> {
  const { pith, pageRows, assessQuality, formatExtraction, extractor, separate } = await buildModules(dir);
  const { pageData } = await loadFromBuild<PageModule>(dir, 'metadata/page.js');
  const pages = raw.map((page) => {
    const doc = pith.parseHtml(pith.decodeHtml(page.bytes).text);
    const metadata = pith.extractMetadata(doc);
    const extraction = extractor.extract(doc, {}, { metadata });
    return { bytes: page.bytes, doc, metadata, extraction, body: separate(extraction)?.body ?? extraction };
  });
  const stages: [string, Stage][] = [
    ['parse', (at) => pith.parseHtml(pith.decodeHtml(pages[at].bytes).text)],
    ['metadata', (at) => pith.extractMetadata(pages[at].doc)],
    ['pageData', (at) => pageData?.(pages[at].doc)],
    ['rows', (at) => pageRows?.(pages[at].doc, {}, { metadata: pages[at].metadata })],
    ['extractor', (at) => extractor.extract(pages[at].doc, {}, { metadata: pages[at].metadata })],
    ['quality', (at) => assessQuality?.(pages[at].extraction, pages[at].metadata)],
    ['comments', (at) => separate(pages[at].extraction)],
    [
      'markdown',
      (at) =>
        formatExtraction?.(pages[at].body, 'markdown', {
          title: pages[at].metadata.title,
          dropTitle: true,
        }),
    ],
    ['full', (at) => pith.extract(pages[at].bytes, { format: 'markdown' })],
  ];
  return new Map(stages);
}

const raw = loadSpeedPages(perDataset);
const builds = await Promise.all(dirs.map((dir) => stagesOf(dir, raw)));
console.log(
  `stages of extract(bytes) → Markdown, ${raw.length} pages, ${passes} passes after a warm-up, CPU ms/page; ` +
    `A = ${path.relative(repoRoot, dirs[0]) || '.'}, B = ${path.relative(repoRoot, dirs[1])}\n`,
);
console.log('| stage | A | B | B − A | B / A | B / A per pass |\n|---|---:|---:|---:|---:|---|');
for (const name of builds[1].keys()) {
  if (only.length > 0 && !only.includes(name)) continue;
  const runs = builds.map((stages) => stages.get(name) ?? (() => undefined));
  const { ms, perPass: ratios } = interleavedCpu(runs, raw.length, passes);
  const [a, b] = ms;
  console.log(
    `| ${name} | ${a.toFixed(3)} | ${b.toFixed(3)} | ${(b - a).toFixed(3)} | ${(b / a).toFixed(3)} | ` +
      `${ratios.map((ratio) => ratio.toFixed(2)).join(' ')} |`,
  );
}
