// What every runtime extracts (test/runtimes/*.test.ts): the README's quick-start example, a few pages of
// ../shared/datasets/sample (legacy encodings and scripts among them) and short pages in the legacy
// encodings that TextDecoders differ on, each in text, Markdown and JSON; the expected output is
// Node's, computed here from the library's sources.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { HAS_SAMPLE, REPO_ROOT, samplePath } from '../helpers.js';
import { library } from './library.js';

/** One extraction: the page's bytes (base64: every runtime reads it with atob) and the options. */
export interface RuntimeCase {
  id: string;
  base64: string;
  options: Record<string, unknown>;
  /** `extract()` after `loadShippedModels()` rather than `extractAsync()`. */
  sync: boolean;
}

/** What a runtime gives back (test/runtimes/harness.mjs): an output per case, the encodings it lacks. */
export interface RuntimeRun {
  outputs: RuntimeOutput[];
  unknownEncodings: string[];
}

/** What a runtime gives back for a case. */
export interface RuntimeOutput {
  id: string;
  content?: string;
  encoding?: string | null;
  error?: string;
}

/** The README's quick start (`pith extract examples/article.html`) and its library example (a URL). */
const EXAMPLES = ['examples/article.html'];

/** Sample pages: gb2312 (qq), iso-8859-1, windows-1252, Japanese, right-to-left, gzipped WCXB pages. */
const SAMPLE_PAGES = [
  'readability-testpages/qq/source.html',
  'readability-testpages/la-nacion/source.html',
  'readability-testpages/rtl-1/source.html',
  'l3s-gn1/input/01ccc7c5-a1d1-46e1-a5f7-43310df16575.html',
  'cleaneval/final/input/654.html',
  'trafilatura-eval/html/nhk.or.jp.k100.html',
  'cleanportaleval/input/bbc.co.uk_news_05.html',
  'newspaper-fulltext/html/al.com1.html',
  'wcxb-dev/dev/html/2962.html.gz',
];

/**
 * Legacy encodings whose support differs between TextDecoders (docs/decisions.md, "Legacy encodings in
 * every runtime"), each with a line of its script: a short page is written in it by iconv-lite.
 */
const LEGACY_PAGES: ReadonlyArray<{ encoding: string; text: string }> = [
  { encoding: 'shift_jis', text: '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。' },
  { encoding: 'euc-jp', text: '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。' },
  { encoding: 'gb18030', text: '天下皆知美之为美，斯恶已；皆知善之为善，斯不善已。有无相生，难易相成。' },
  { encoding: 'big5', text: '天下皆知美之為美，斯惡已；皆知善之為善，斯不善已。有無相生，難易相成。' },
  { encoding: 'euc-kr', text: '모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다.' },
  { encoding: 'windows-1251', text: 'Все люди рождаются свободными и равными в своем достоинстве и правах.' },
  { encoding: 'koi8-r', text: 'Все люди рождаются свободными и равными в своем достоинстве и правах.' },
  {
    encoding: 'iso-8859-2',
    text: 'Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych praw.',
  },
  { encoding: 'windows-1250', text: 'Všichni lidé rodí se svobodní a sobě rovní co do důstojnosti a práv.' },
  {
    encoding: 'iso-8859-7',
    text: 'Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα δικαιώματα.',
  },
  { encoding: 'windows-1256', text: 'يولد جميع الناس أحراراً متساوين في الكرامة والحقوق.' },
  { encoding: 'windows-1255', text: 'כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם.' },
  { encoding: 'windows-874', text: 'มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ' },
];

/** The formats and extractors every page is extracted with. */
const OPTION_SETS: ReadonlyArray<{ label: string; options: Record<string, unknown>; sync: boolean }> = [
  { label: 'markdown', options: { format: 'markdown' }, sync: true },
  { label: 'text', options: { format: 'text' }, sync: false },
  { label: 'json', options: { format: 'json', url: 'https://example.com/story' }, sync: true },
  { label: 'density text', options: { extractor: 'density', format: 'text' }, sync: false },
];

function legacyPage(encoding: string, text: string): Uint8Array {
  const html =
    `<!doctype html><html><head><meta charset="${encoding}"><title>${text.slice(0, 12)}</title></head>` +
    `<body><nav><a href="/">${text.slice(0, 4)}</a></nav><article><h1>${text.slice(0, 12)}</h1>` +
    `<p>${text}</p><p>${text}</p><p>${text}</p></article></body></html>`;
  return new Uint8Array(iconv.encode(html, encoding));
}

function pageBytes(relative: string): Uint8Array {
  const bytes = readFileSync(samplePath(relative));
  return new Uint8Array(relative.endsWith('.gz') ? gunzipSync(bytes) : bytes);
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Every case (the sample pages only when ../shared is there). */
export function runtimeCases(): RuntimeCase[] {
  const pages: Array<{ name: string; bytes: Uint8Array }> = [
    ...EXAMPLES.map((name) => ({ name, bytes: new Uint8Array(readFileSync(`${REPO_ROOT}/${name}`)) })),
    ...(HAS_SAMPLE ? SAMPLE_PAGES.map((name) => ({ name, bytes: pageBytes(name) })) : []),
  ];
  const cases: RuntimeCase[] = [];
  for (const page of pages)
    for (const set of OPTION_SETS)
      cases.push({
        id: `${page.name} (${set.label})`,
        base64: base64(page.bytes),
        options: set.options,
        sync: set.sync,
      });
  for (const { encoding, text } of LEGACY_PAGES)
    cases.push({
      id: `legacy ${encoding} (text)`,
      base64: base64(legacyPage(encoding, text)),
      options: { format: 'text' },
      sync: true,
    });
  return cases;
}

/** Node's outputs for `cases` (the reference every runtime must equal, byte for byte). */
export async function nodeOutputs(cases: readonly RuntimeCase[]): Promise<RuntimeOutput[]> {
  await library.loadShippedModels();
  const outputs: RuntimeOutput[] = [];
  for (const testCase of cases) {
    const bytes = new Uint8Array(Buffer.from(testCase.base64, 'base64'));
    const result = testCase.sync
      ? library.extract(bytes, testCase.options)
      : await library.extractAsync(bytes, testCase.options);
    outputs.push({ id: testCase.id, content: result.content, encoding: result.encoding ?? null });
  }
  return outputs;
}

/**
 * Fails with every case whose output differs from Node's (its id and the first difference), so that a
 * runtime's failure names all it got wrong at once. Returns a line for the test's diagnostics.
 */
export function assertSameAsNode(
  runtime: string,
  run: RuntimeRun,
  expected: readonly RuntimeOutput[],
): string {
  const { outputs } = run;
  const differences: string[] = [];
  if (outputs.length !== expected.length)
    differences.push(`${outputs.length} outputs for ${expected.length} cases`);
  expected.forEach((node, index) => {
    const other = outputs[index];
    if (other?.error !== undefined) differences.push(`${node.id}: threw ${other.error.split('\n')[0]}`);
    else if (other?.content !== node.content) {
      const a = other?.content ?? '';
      const b = node.content ?? '';
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      differences.push(
        `${node.id}: differs at character ${at} (${runtime} ${JSON.stringify(a.slice(at, at + 40))}, ` +
          `Node ${JSON.stringify(b.slice(at, at + 40))}; encoding ${other?.encoding} against ${node.encoding})`,
      );
    }
  });
  if (differences.length > 0)
    throw new Error(
      `${runtime}: ${differences.length} of ${expected.length} outputs differ from Node's:\n${differences.join('\n')}`,
    );
  const lacking = run.unknownEncodings.length === 0 ? 'none' : run.unknownEncodings.join(', ');
  return `${runtime}: ${outputs.length} outputs byte-identical to Node's; WHATWG encodings its TextDecoder lacks: ${lacking}`;
}
