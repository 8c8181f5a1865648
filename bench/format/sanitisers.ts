/**
 * pith's own allow-list (`-f html`) against well-kept sanitisers (issue 14, "where a well-kept
 * sanitiser would serve better than our own, measure and decide"): sanitize-html (htmlparser2, runs
 * in Node as is) and DOMPurify (needs a DOM: jsdom, a dev dependency of pith). Neither is a
 * dependency of pith: install them apart and point at them, e.g.
 *
 *   mkdir -p /tmp/sanit && (cd /tmp/sanit && npm i sanitize-html@2.17.0 dompurify@3.4.18)
 *   npm run build && nice -n 10 npx tsx bench/format/sanitisers.ts --libs=/tmp/sanit/node_modules \
 *       [--pages=200] [--passes=3]
 *
 * A library that is not found there is skipped with a message. Three measures:
 *  1. The XSS corpus (test/format/xss-vectors.ts), each vector inside an article: pith's HTML output
 *     (pith and all-text extractors, with and without a base URL) and each library on the raw page,
 *     both with the library's defaults and with pith's allow-list; every output through the XSS
 *     test's check (test/format/xss-check.ts): vectors with any finding, and with a finding that
 *     can run script or load a page by itself.
 *  2. Fidelity: `--pages` development pages of the shared datasets (every k-th, in a fixed order)
 *     through `extract(…, { format: 'html' })`; each library given that output: how much text,
 *     how many elements, links and images it keeps.
 *  3. Speed: CPU time per page of pith's HTML writer (formatExtraction, which is also where the
 *     allow-list is applied) and of each library on that writer's output; install size.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { HTML_ALLOW_LIST, LINK_SCHEMES } from 'pith/internal';
import { unsafePartsOf } from '../../test/format/xss-check.js';
import { XSS_VECTORS, xssPage } from '../../test/format/xss-vectors.js';
import { parse5Elements, REPO_ROOT } from '../../test/helpers.js';
import { listSources } from '../fuzz/pages.js';
import { cpuMs, flag } from '../speed/pages.js';
import { loadPipeline } from '../speed/pipeline.js';

type Sanitise = (html: string) => string;
interface Candidate {
  name: string;
  sanitise: Sanitise;
  /** Packages whose installed size it costs (names in the libraries' node_modules or pith's). */
  packages: { dir: string; names: string[] };
}

const LIBS = flag('libs', '/tmp/sanit/node_modules');
const PAGES = Number(flag('pages', '200'));
const PASSES = Number(flag('passes', '3'));

// pith's allow-list (src/format/html.ts, src/format/url.ts), given to the libraries in their own terms.
const PITH_TAGS = [...HTML_ALLOW_LIST.tags];
const PITH_ATTRIBUTES: Record<string, string[]> = {
  '*': [...HTML_ALLOW_LIST.globalAttributes],
  ...Object.fromEntries(Object.entries(HTML_ALLOW_LIST.attributes).map(([tag, names]) => [tag, [...names]])),
};
const PITH_SCHEMES = [...LINK_SCHEMES];

interface SanitizeHtmlOptions {
  allowedTags?: string[] | false;
  allowedAttributes?: Record<string, string[]> | false;
  allowedSchemes?: string[];
  allowedSchemesByTag?: Record<string, string[]>;
  allowProtocolRelative?: boolean;
}
type SanitizeHtml = (html: string, options?: SanitizeHtmlOptions) => string;
interface DomPurify {
  sanitize(html: string, config?: Record<string, unknown>): string;
  version: string;
}

function loadCandidates(): Candidate[] {
  const require = createRequire(join(LIBS, 'x.js'));
  const repoRequire = createRequire(join(REPO_ROOT, 'x.js'));
  const candidates: Candidate[] = [];
  try {
    const sanitizeHtml = require('sanitize-html') as SanitizeHtml;
    const version = (require('sanitize-html/package.json') as { version: string }).version;
    const packages = { dir: LIBS, names: ['sanitize-html'] };
    candidates.push({
      name: `sanitize-html ${version}, defaults`,
      sanitise: (html) => sanitizeHtml(html),
      packages,
    });
    const { '*': global, ...perTag } = PITH_ATTRIBUTES;
    const allowedAttributes = Object.fromEntries(
      PITH_TAGS.map((tag) => [tag, [...global, ...(perTag[tag] ?? [])]]),
    );
    const options: SanitizeHtmlOptions = {
      allowedTags: PITH_TAGS,
      allowedAttributes,
      allowedSchemes: PITH_SCHEMES,
      allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    };
    candidates.push({
      name: `sanitize-html ${version}, pith's allow-list`,
      sanitise: (html) => sanitizeHtml(html, options),
      packages,
    });
  } catch (error) {
    process.stderr.write(
      `sanitize-html: not found under ${LIBS}, skipped (${String(error).split('\n')[0]})\n`,
    );
  }
  try {
    const createDomPurify = require('dompurify') as (window: unknown) => DomPurify;
    const { JSDOM } = repoRequire('jsdom') as { JSDOM: new (html: string) => { window: unknown } };
    const purify = createDomPurify(new JSDOM('').window);
    const jsdomVersion = (repoRequire('jsdom/package.json') as { version: string }).version;
    const name = `DOMPurify ${purify.version} on jsdom ${jsdomVersion}`;
    const packages = { dir: LIBS, names: ['dompurify'] };
    candidates.push({ name: `${name}, defaults`, sanitise: (html) => purify.sanitize(html), packages });
    const config = {
      ALLOWED_TAGS: PITH_TAGS,
      ALLOWED_ATTR: [...new Set(Object.values(PITH_ATTRIBUTES).flat())],
      ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel|ftp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    };
    candidates.push({
      name: `${name}, pith's allow-list`,
      sanitise: (html) => purify.sanitize(html, config),
      packages,
    });
  } catch (error) {
    process.stderr.write(
      `dompurify: not found under ${LIBS} (or jsdom missing), skipped (${String(error).split('\n')[0]})\n`,
    );
  }
  return candidates;
}

/** Bytes on disk of a directory. */
function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += sizeOf(join(path, entry));
  return total;
}

/** Installed bytes of packages and their dependencies (flat node_modules; nested ones are inside). */
function installedSize(dir: string, names: readonly string[]): { bytes: number; packages: number } {
  const seen = new Set<string>();
  const queue = [...names];
  let bytes = 0;
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const root = join(dir, name);
    bytes += sizeOf(root);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    queue.push(...Object.keys(manifest.dependencies ?? {}));
  }
  return { bytes, packages: seen.size };
}

function textOf(html: string): string {
  const parts: string[] = [];
  const walk = (node: DefaultTreeAdapterMap['parentNode']) => {
    for (const child of node.childNodes) {
      if (child.nodeName === '#text') parts.push((child as DefaultTreeAdapterMap['textNode']).value);
      else if ('childNodes' in child) walk(child);
    }
  };
  walk(parseFragment(html));
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

interface Shape {
  text: number;
  elements: number;
  links: number;
  images: number;
  attributes: number;
}
function shapeOf(html: string): Shape & { textValue: string } {
  const elements = parse5Elements(parseFragment(html));
  const textValue = textOf(html);
  const has = (element: (typeof elements)[number], name: string) =>
    element.attrs.some((attribute) => attribute.name === name && attribute.value !== '');
  return {
    textValue,
    text: textValue.length,
    elements: elements.length,
    links: elements.filter((element) => element.tagName === 'a' && has(element, 'href')).length,
    images: elements.filter((element) => element.tagName === 'img' && has(element, 'src')).length,
    attributes: elements.reduce((sum, element) => sum + element.attrs.length, 0),
  };
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

async function main(): Promise<void> {
  const { pith, format } = await loadPipeline();
  const candidates = loadCandidates();
  process.stdout.write(
    `load average at the start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n\n`,
  );

  // 1. The XSS corpus.
  process.stdout.write(`## XSS corpus: ${XSS_VECTORS.length} vectors, each inside an article\n\n`);
  process.stdout.write(
    '| sanitiser | vectors with any finding | vectors with a script-capable finding |\n|---|---:|---:|\n',
  );
  const pithOutputs = (page: string) =>
    (['all-text', 'pith'] as const).flatMap((extractor) =>
      [undefined, 'https://site.example/dir/page.html'].map(
        (url) => pith.extract(page, { extractor, url, images: true, links: true, format: 'html' }).content,
      ),
    );
  const rows: { name: string; outputs: (page: string) => string[] }[] = [
    { name: 'pith -f html (pith and all-text, with and without a base URL)', outputs: pithOutputs },
    ...candidates.map((candidate) => ({
      name: candidate.name,
      outputs: (page: string) => [candidate.sanitise(page)],
    })),
  ];
  const details: string[] = [];
  for (const row of rows) {
    let any = 0;
    let capable = 0;
    for (const [index, vector] of XSS_VECTORS.entries()) {
      const findings = row.outputs(xssPage(vector)).flatMap(unsafePartsOf);
      if (findings.length === 0) continue;
      any++;
      const scripts = findings.some((finding) => finding.scriptCapable);
      if (scripts) capable++;
      const what = [...new Set(findings.map((finding) => finding.what))].join('; ').slice(0, 200);
      details.push(
        `- ${row.name}, vector ${index + 1} \`${vector.slice(0, 60)}\`: ${what}${scripts ? ' **(script-capable)**' : ''}`,
      );
    }
    process.stdout.write(`| ${row.name} | ${any} | ${capable} |\n`);
  }
  process.stdout.write(`\nFindings:\n${details.join('\n')}\n\n`);

  // 2 and 3. Fidelity and speed on dataset pages.
  const sources = await listSources(REPO_ROOT);
  const step = Math.max(1, Math.floor(sources.length / PAGES));
  const pages: { id: string; extraction: ReturnType<typeof pith.extract>['extraction']; html: string }[] = [];
  for (let index = 0; index < sources.length && pages.length < PAGES; index += step) {
    const bytes = await sources[index].read();
    try {
      const result = pith.extract(bytes, { format: 'html' });
      pages.push({ id: sources[index].id, extraction: result.extraction, html: result.content });
    } catch (error) {
      if (!pith.isPithError(error)) throw error;
    }
  }
  process.stdout.write(
    `## Fidelity on ${pages.length} development pages (every ${step}th of ${sources.length}), pith's HTML output given to each library\n\n`,
  );
  process.stdout.write(
    '| library | pages with the same text | text kept | elements kept | links kept | images kept | attributes kept |\n|---|---:|---:|---:|---:|---:|---:|\n',
  );
  const shapes = pages.map((page) => shapeOf(page.html));
  const totals = (list: Shape[], key: keyof Shape) => list.reduce((sum, shape) => sum + shape[key], 0);
  for (const candidate of candidates) {
    const after = pages.map((page) => shapeOf(candidate.sanitise(page.html)));
    const same = after.filter((shape, index) => shape.textValue === shapes[index].textValue).length;
    const cells = (['text', 'elements', 'links', 'images', 'attributes'] as const).map((key) =>
      percent(totals(after, key), totals(shapes, key)),
    );
    process.stdout.write(`| ${candidate.name} | ${same} / ${pages.length} | ${cells.join(' | ')} |\n`);
  }

  process.stdout.write(
    `\n## CPU time per page (${PASSES} passes after a warm-up, summed over the ${pages.length} pages)\n\n`,
  );
  process.stdout.write("| step | ms per page | × pith's HTML writer | installed |\n|---|---:|---:|---:|\n");
  const timed: { name: string; run: (page: (typeof pages)[number]) => unknown; size: string }[] = [
    {
      name: "pith's HTML writer (formatExtraction 'html', allow-list included)",
      run: (page) => format.formatExtraction(page.extraction, 'html'),
      size: '0 (part of pith)',
    },
    ...candidates.map((candidate) => {
      const { bytes, packages } = installedSize(candidate.packages.dir, candidate.packages.names);
      const jsdom = candidate.name.startsWith('DOMPurify')
        ? installedSize(join(REPO_ROOT, 'node_modules'), ['jsdom'])
        : undefined;
      const size = `${(bytes / 1e6).toFixed(1)} MB in ${packages} packages${jsdom ? ` + jsdom ${(jsdom.bytes / 1e6).toFixed(1)} MB in ${jsdom.packages} packages` : ''}`;
      return {
        name: `${candidate.name} on that output`,
        run: (page: (typeof pages)[number]) => candidate.sanitise(page.html),
        size,
      };
    }),
  ];
  const sums = timed.map(() => 0);
  for (let pass = 0; pass <= PASSES; pass++) {
    for (const page of pages) {
      timed.forEach((step, index) => {
        const start = cpuMs();
        step.run(page);
        if (pass > 0) sums[index] += cpuMs() - start;
      });
    }
  }
  const perPage = sums.map((sum) => sum / PASSES / pages.length);
  timed.forEach((step, index) => {
    process.stdout.write(
      `| ${step.name} | ${perPage[index].toFixed(3)} | ${(perPage[index] / perPage[0]).toFixed(1)} | ${step.size} |\n`,
    );
  });
  process.stdout.write(
    `\nload average at the end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
  );
}

await main();
