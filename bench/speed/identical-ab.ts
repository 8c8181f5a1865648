// The identical-output check of bench:speed, in one run against a build of the code before: every
// Nth page of the seven datasets' development splits through both builds, and their outputs
// compared as strings (not hashes of a baseline made earlier): Markdown, text, JSON with metadata
// and diagnostics, and the block classifier's rows bit for bit (bench/speed/rows-digest.ts).
// bench/speed/identical.ts keeps a baseline and more parts (XML, comments, probabilities, the
// other extractors); this one needs no baseline and reads each page once per build.
//
//   npm run build && nice -n 10 node --import tsx bench/speed/identical-ab.ts --a=.cache/before/dist \
//       [--b=dist] [--stride=8] [--datasets=cleaneval,…]
//
// Exits with 1 when a page differs, naming it and what differs.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { flag } from './pages.js';
import { DATASETS, datasetPages, rowsDigest } from './rows-digest.js';

type PithModule = typeof import('../../src/index.js');
type Internal = typeof import('../../src/internal.js');

const stride = Number(flag('stride', '8'));
const datasets = flag('datasets', DATASETS.join(',')).split(',');
if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against');
const dirs = [flag('a', ''), flag('b', 'dist')].map((dir) => path.resolve(repoRoot, dir));

const builds = await Promise.all(
  dirs.map(async (dir) => {
    const pith = (await import(pathToFileURL(path.join(dir, 'index.js')).href)) as PithModule;
    const { pageRows } = (await import(
      pathToFileURL(path.join(dir, 'extractors/pith/rows.js')).href
    )) as Internal;
    return { pith, pageRows };
  }),
);

/** The outputs compared, by part. */
function outputsOf(build: (typeof builds)[number], html: Uint8Array, url?: string): Record<string, string> {
  const attempt = (run: () => string) => {
    try {
      return run();
    } catch (error) {
      return `error: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  const md = attempt(() => build.pith.extract(html, { url, format: 'markdown' }).content);
  let rows = '';
  const json = attempt(() => {
    const result = build.pith.extract(html, { url, format: 'json', diagnostics: true });
    rows = rowsDigest(build.pageRows(result.extraction.doc, {}, { metadata: result.metadata }));
    return result.content;
  });
  const text = attempt(() => build.pith.extract(html, { url, format: 'text' }).content);
  return { md, json, text, rows };
}

let compared = 0;
const differing: string[] = [];
const started = performance.now();
for (const name of datasets) {
  const pages = await datasetPages(path.join(repoRoot, '.cache/datasets'), [name]);
  let done = 0;
  for (let index = 0; index < pages.length; index += stride) {
    const page = pages[index];
    const [a, b] = builds.map((build) => outputsOf(build, page.html, page.url));
    const parts = Object.keys(a).filter((part) => a[part] !== b[part]);
    compared++;
    done++;
    if (parts.length > 0) {
      differing.push(page.id);
      console.log(`DIFFERS ${page.id}: ${parts.join(', ')}`);
    }
  }
  console.error(`${name}: ${done} pages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
console.log(
  `identical-ab: ${compared} pages of ${datasets.length} datasets (every ${stride}th), A = ${path.relative(repoRoot, dirs[0])}, ` +
    `B = ${path.relative(repoRoot, dirs[1])}: ${differing.length} differ (Markdown, text, JSON with diagnostics, block rows)`,
);
if (differing.length > 0) process.exit(1);
