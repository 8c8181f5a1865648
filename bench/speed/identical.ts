// Checks that a speed change left the default extractor's outputs exactly as they were: for every
// page of the six datasets in .cache/datasets (or every Nth with --stride), a hash of
//   - md:    extract(bytes, { url, format: 'markdown' }).content
//   - json:  extract(bytes, { url, format: 'json', diagnostics: true }).content (metadata, text,
//            the extractor's diagnostics)
//   - rows:  the block classifier's input, bit for bit: the blocks (owners, text nodes), the
//            feature names and the Float32 feature matrix of `pageRows`, the heuristic stage's
//            kept and removed flags
//   - probs: the shipped model's probability for every block (Float64, bit for bit)
//   - comments: the Markdown and the JSON with comments: true (the comments' detection and output)
//   - xml:   extract(bytes, { url, format: 'xml' }).content
//   - others: the text and the diagnostics of ttr, density and cuter (--no-others leaves them out)
// Pages are listed from the dev split, as every reader lists them: the sealed quarter of
// trafilatura-eval and newspaper-fulltext is not opened here either (the project's rule).
// First record the hashes from the unchanged code, then check the changed code against them:
//
//   nice -n 10 npx tsx bench/speed/identical.ts --write-baseline [--stride=N]
//   nice -n 10 npx tsx bench/speed/identical.ts --check [--stride=N]
//   npx tsx bench/speed/identical.ts --pins [--impl=DIR]   # row digests of the shared sample pages
//
// --impl=DIR runs the pith code of another source tree (a copy of src/ taken before a change,
// with its models/ beside it), so that a baseline can be remade from the old code when someone
// else's change (the model, the extractor's index.ts) moves the outputs meanwhile. --datasets=a,b
// limits the datasets; --offset=K starts the stride at K. The baseline is
// .cache/speed-identical/baseline.json (--baseline=FILE for another). --check exits with 1 when a
// page differs and names every such page and what differs.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { listDataset, resolveDatasetSpec } from '@pith/workbench/eval';
import { repoRoot } from '../parsers/corpus.js';
import { flag, hasFlag } from './pages.js';
import { DATASETS, datasetPages, hashOf, rowsDigest } from './rows-digest.js';

type PithModule = typeof import('pith');
/** Types from the tools' door; the code itself is loaded from the chosen tree's files. */
type Internal = typeof import('pith/internal');
type RowsModule = Pick<Internal, 'pageRows'>;
type ModelModule = Pick<Internal, 'loadBlockModel'>;

const PARTS = ['md', 'json', 'rows', 'probs', 'comments', 'xml', 'others'] as const;
type Part = (typeof PARTS)[number];
type PageHashes = Record<Part, string>;

interface Baseline {
  created: string;
  impl: string;
  stride: number;
  offset: number;
  pages: Record<string, PageHashes>;
}

const stride = Number(flag('stride', '1'));
const offset = Number(flag('offset', '0'));
const datasets = flag('datasets', DATASETS.join(',')).split(',');
const impl = path.resolve(repoRoot, flag('impl', 'packages/pith/src'));
/** The tree the code runs from (paths inside diagnostics start with it). */
const implRoot = path.dirname(impl);
const baselineFile = path.resolve(repoRoot, flag('baseline', '.cache/speed-identical/baseline.json'));
const write = hasFlag('write-baseline');
const check = hasFlag('check');
const pins = hasFlag('pins');
if (Number(write) + Number(check) + Number(pins) !== 1) {
  console.error('give exactly one of --write-baseline, --check and --pins (see the comment at the top)');
  process.exit(2);
}

const load = async <T>(file: string) => (await import(pathToFileURL(path.join(impl, file)).href)) as T;
const pith = await load<PithModule>('index.ts');
const { pageRows } = await load<RowsModule>('extractors/pith/rows.ts');
const { loadBlockModel } = await load<ModelModule>('extractors/pith/model.ts');
const model = loadBlockModel('');

/** A generous time budget: a page must never time out on a busy machine and change its output. */
const LIMITS = { timeoutMs: 600_000 };
/** The other extractors whose outputs the check covers (vce needs a layout: left out). */
const OTHER_EXTRACTORS = ['ttr', 'density', 'cuter'] as const;
const withOthers = !hasFlag('no-others');

function hashPage(bytes: Uint8Array, url: string | undefined): PageHashes {
  const attempt = (run: () => string): string => {
    try {
      return run();
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  };
  let rowsHash = '';
  let probsHash = '';
  const md = attempt(() => {
    const result = pith.extract(bytes, { url, format: 'markdown', limits: LIMITS });
    const { doc } = result.extraction;
    rowsHash = attempt(() => {
      const { heuristic, blocks, features } = pageRows(doc, {}, { metadata: result.metadata });
      probsHash = attempt(() => {
        const probabilities = new Float64Array(blocks.count);
        for (let block = 0; block < blocks.count; block++)
          probabilities[block] = model ? model.predict(features.values, block * features.width) : 0;
        return hashOf(probabilities);
      });
      return rowsDigest({ heuristic, blocks, features });
    });
    return hashOf(result.content);
  });
  const json = attempt(() =>
    hashOf(pith.extract(bytes, { url, format: 'json', diagnostics: true, limits: LIMITS }).content),
  );
  const comments = attempt(() =>
    hashOf(
      pith.extract(bytes, { url, format: 'markdown', comments: true, limits: LIMITS }).content,
      pith.extract(bytes, { url, format: 'json', comments: true, limits: LIMITS }).content,
    ),
  );
  const xml = attempt(() => hashOf(pith.extract(bytes, { url, format: 'xml', limits: LIMITS }).content));
  const others = withOthers
    ? attempt(() =>
        hashOf(
          ...OTHER_EXTRACTORS.flatMap((extractor) => {
            const result = pith.extract(bytes, {
              url,
              extractor,
              format: 'text',
              diagnostics: true,
              limits: LIMITS,
            });
            // The density model's path is the tree's own: compare the rest.
            return [result.content, JSON.stringify(result.diagnostics).replaceAll(implRoot, '<impl>')];
          }),
        ),
      )
    : '';
  return { md, json, rows: rowsHash, probs: probsHash, comments, xml, others };
}

if (pins) {
  // The row digests of the shared sample pages, as test/extractors/pith-rows-pinned.test.ts computes them.
  const sampleDir = path.resolve(repoRoot, '..', 'shared', 'datasets', 'sample');
  const digests: Record<string, string> = {};
  for (const page of await datasetPages(sampleDir, DATASETS)) {
    // The rules' metadata, as the extractor reads it (the pinned test passes the same option).
    const result = pith.extract(page.html, { url: page.url, format: 'text', metadataModel: false });
    digests[page.id] = rowsDigest(pageRows(result.extraction.doc, {}, { metadata: result.metadata }));
  }
  console.log(JSON.stringify(digests, null, 2));
  process.exit(0);
}

const baseline: Baseline | undefined = check
  ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline)
  : undefined;
const out: Baseline = {
  created: new Date().toISOString(),
  impl: path.relative(repoRoot, impl),
  stride,
  offset,
  pages: {},
};
const differing: string[] = [];
let compared = 0;
let missing = 0;
const started = performance.now();
for (const name of datasets) {
  const spec = await resolveDatasetSpec(name, { cacheDir: path.join(repoRoot, '.cache', 'datasets') });
  const refs = await listDataset(spec);
  let done = 0;
  for (let index = offset; index < refs.length; index += stride) {
    const page = await refs[index].load();
    const id = `${name}/${page.id}`;
    const hashes = hashPage(page.html, page.url);
    out.pages[id] = hashes;
    done++;
    if (baseline) {
      const before = baseline.pages[id];
      if (!before) {
        missing++;
        continue;
      }
      compared++;
      // A part the baseline has not recorded (an older baseline) is not compared.
      const parts = PARTS.filter((part) => before[part] !== undefined && before[part] !== hashes[part]);
      if (parts.length > 0) {
        differing.push(id);
        console.log(`DIFFERS ${id}: ${parts.join(', ')}`);
      }
    }
  }
  console.error(`${name}: ${done} pages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

if (write) {
  mkdirSync(path.dirname(baselineFile), { recursive: true });
  writeFileSync(baselineFile, JSON.stringify(out, null, 1));
  console.log(
    `baseline of ${Object.keys(out.pages).length} pages (impl ${out.impl}, stride ${stride}) written to ` +
      path.relative(repoRoot, baselineFile),
  );
} else {
  const errors = Object.values(out.pages).filter((hashes) =>
    PARTS.some((part) => hashes[part]?.startsWith('error')),
  ).length;
  console.log(
    `checked ${compared} pages against ${path.relative(repoRoot, baselineFile)} (impl ${out.impl}, stride ${stride}): ` +
      `${differing.length} differ${missing > 0 ? `, ${missing} not in the baseline` : ''}` +
      `${errors > 0 ? `, ${errors} with an error (same error as the baseline unless listed)` : ''}`,
  );
  if (differing.length > 0 || !existsSync(baselineFile)) process.exit(1);
}
