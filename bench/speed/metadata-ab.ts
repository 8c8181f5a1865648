// The metadata's stages in two builds, side by side in one process (issue 42's cost, issue 38's
// metadata stage): each page through A then B (the order alternating), CPU time summed per stage, so
// that the machine's drift falls on both alike. Stages: the page scan (`pageData`), the rules'
// `merge`, the whole reading (`readMetadata`), the choice without a model (its candidates and
// sources) and with the shipped model (candidates, rows, the three fields scored), as `extract()`
// pays them (the page-type probabilities given, as the extractor gives them); the page type as
// `extractMetadata` computes it for the choice (`pageType`: inside `extract()` the extractor's is
// reused), and the public `extractMetadata` whole. Against a build before the learned choice
// (0.3.7: `--a=/tmp/v037/dist`), whose `extractMetadata` is the rules' reading alone, the stages
// both have are timed: pageData, readMetadata (0.3.7's extractMetadata) and extractMetadata.
// Benchmarks are not tests.
//
//   npm run build && nice -n 5 node --import tsx bench/speed/metadata-ab.ts --a=<a build's dist> \
//       [--b=packages/pith/dist] [--passes=6] [--stages=pageData,merge,readMetadata,chooseRules,choose,pageType,extractMetadata] \
//       [--per-dataset=100] [--datasets=l3s-gn1,wcxb-dev,trafilatura-eval]

import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { cpuMs, flag } from './pages.js';
import { datasetPages } from './rows-digest.js';

type PithModule = typeof import('pith');
type Internal = typeof import('pith/internal');
type Doc = ReturnType<PithModule['parseHtml']>;
type Stage = (at: number) => unknown;
/** What a reading holds that the stages pass on (the build's own type is not the tools'). */
interface Reading {
  rules: Parameters<Internal['classifyPageType']>[2] extends { metadata?: infer M } ? M : never;
  sources: unknown;
  url: string | undefined;
  now: number;
}
/** The build's metadata room, as far as the stages call it. */
interface MetadataRoom {
  /** Missing before the learned choice (0.3.7). */
  readMetadata?(doc: Doc, options: object): Reading;
  chooseMetadata(reading: Reading, options: { model: unknown; pageType?: number[] }): unknown;
  shippedMetadataModel(): unknown;
  PAGE_TYPE_NAMES: readonly string[];
}

const passes = Number(flag('passes', '6'));
const perDataset = Number(flag('per-dataset', '100'));
const datasets = flag('datasets', 'l3s-gn1,wcxb-dev,trafilatura-eval').split(',');
if (flag('a', '') === '') throw new Error('--a=DIR: the build to compare against');
const dirs = [flag('a', ''), flag('b', 'packages/pith/dist')].map((dir) => path.resolve(repoRoot, dir));

const pages: Uint8Array[] = [];
for (const name of datasets) {
  const found = await datasetPages(path.join(repoRoot, '.cache/datasets'), [name]);
  for (const page of found.slice(0, perDataset)) pages.push(page.html);
}

async function stagesOf(dir: string): Promise<Record<string, Stage>> {
  const load = async <T>(file: string) => (await import(pathToFileURL(path.join(dir, file)).href)) as T;
  const pith = await load<PithModule>('index.js');
  const metadata = await load<MetadataRoom>('metadata/index.js');
  const { pageData } = await load<{ pageData: (doc: Doc) => unknown }>('metadata/page.js');
  const { merge } = await load<{ merge: (sources: unknown, options: object) => unknown }>(
    'metadata/merge.js',
  );
  const pageTypes = await load<Internal>('features/page-type/index.js');
  const docs = pages.map((bytes) => pith.parseHtml(pith.decodeHtml(bytes).text));
  const whole: Stage = (at) => pith.extractMetadata(docs[at]);
  if (metadata.readMetadata === undefined) {
    // A build before the learned choice (0.3.7): `extractMetadata` is the rules' reading and all
    // of the stage; its page scan and merge are timed as they are.
    return { pageData: (at) => pageData(docs[at]), readMetadata: whole, extractMetadata: whole };
  }
  const read = metadata.readMetadata;
  const model = metadata.shippedMetadataModel();
  const readings = docs.map((doc) => read(doc, {}));
  const pageType = (at: number) =>
    pageTypes.classifyPageType(docs[at], docs[at].url, {
      model: pageTypes.loadPageTypeModel(),
      metadata: readings[at].rules,
    });
  const types = docs.map((_, at) => {
    const byType: Readonly<Record<string, number>> = pageType(at).probabilities;
    return metadata.PAGE_TYPE_NAMES.map((type) => byType[type] ?? Number.NaN);
  });
  return {
    pageData: (at) => pageData(docs[at]),
    merge: (at) => merge(readings[at].sources, { url: readings[at].url, now: readings[at].now }),
    readMetadata: (at) => read(docs[at], {}),
    chooseRules: (at) => metadata.chooseMetadata(readings[at], { model: null }),
    choose: (at) => metadata.chooseMetadata(readings[at], { model, pageType: types[at] }),
    // The page type as `extractMetadata` computes it for the choice (`extract()` takes the
    // extractor's instead: there it is not the metadata's cost).
    pageType,
    extractMetadata: whole,
  };
}

const builds = [await stagesOf(dirs[0]), await stagesOf(dirs[1])];
// A stage one build does not have (0.3.7 has no choice) is left out.
const names = flag('stages', Object.keys(builds[1]).join(','))
  .split(',')
  .filter((name) => name in builds[0] && name in builds[1]);
const sums = new Map(names.map((name) => [name, [0, 0]]));
for (let pass = 0; pass <= passes; pass++)
  for (const name of names) {
    const sum = sums.get(name) as number[];
    for (let at = 0; at < pages.length; at++) {
      const first = (at + pass) % 2;
      for (const which of [first, 1 - first]) {
        const started = cpuMs();
        builds[which][name](at);
        if (pass > 0) sum[which] += cpuMs() - started; // pass 0 warms up
      }
    }
  }
console.log(
  `metadata stages, ${pages.length} pages, ${passes} passes, CPU ms a page, A → B (B ÷ A); load ${os.loadavg()[0].toFixed(1)}`,
);
for (const [name, [a, b]] of sums) {
  const perPage = (ms: number) => (ms / passes / pages.length).toFixed(3);
  console.log(`${name.padEnd(13)} ${perPage(a)} → ${perPage(b)}  (${(b / a).toFixed(3)})`);
}
