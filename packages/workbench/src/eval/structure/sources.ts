/**
 * The sources of structural gold (issue 19):
 * - `defuddle`: Defuddle's test fixtures in `../shared/structure/defuddle/` (a page and the
 *   Markdown its maintainers expect, after a ```json block of metadata); split in two halves by
 *   `split.ts`.
 * - `readability`: Readability's test pages (`source.html` and the article Readability returns,
 *   `expected.html`), from the unpacked dataset.
 * - `fixtures`: pith's own corpus in `test/fixtures/structure/` (`fixtures/NAME.html`, a cut of a
 *   shared dataset page with `<!-- {"url": …, "from": …} -->` on its first line, and
 *   `expected/NAME.md`, its hand-checked Markdown; see the README there).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeHtml } from 'pith';
import { listDataset, resolveDatasetSpec } from '../datasets/index.js';
import { READABILITY_TEST_URL } from '../datasets/readability-testpages.js';
import { type Elements, htmlElements, markdownElements, pictureAliases } from './elements.js';
import { type StructureSplit, splitFixtures } from './split.js';

export const STRUCTURE_SOURCES = ['defuddle', 'readability', 'fixtures'] as const;
export type StructureSource = (typeof STRUCTURE_SOURCES)[number];

export interface StructureCase {
  source: StructureSource;
  id: string;
  /** The page as its file holds it (UTF-8 for fixtures; bytes for the dataset). */
  html: Uint8Array;
  url: string;
  gold: Elements;
  /** The page's `<picture>`s: each file one names → the picture's name (`pictureAliases`). */
  pictureNames?: Record<string, string>;
  /** Defuddle's fixtures: the half it belongs to. */
  split?: StructureSplit;
}

export interface SourceOptions {
  /** `../shared/structure/defuddle` by default (beside the repository). */
  defuddleDir?: string;
  /** `test/fixtures/structure` by default. */
  fixturesDir?: string;
  /** Where the shared datasets are unpacked (for `readability`). */
  cacheDir?: string;
  /** Defuddle's fixtures: only this half. */
  split?: StructureSplit;
}

const PAGE_COMMENT = /<!--\s*(\{[\s\S]*?\})\s*-->/;

/** The JSON object in a comment near the top of a fixture page (`{}` when there is none). */
export function pageHeader(html: string): Record<string, unknown> {
  const match = PAGE_COMMENT.exec(html.slice(0, 4000));
  if (!match) return {};
  try {
    const value = JSON.parse(match[1]) as unknown;
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Markdown without a leading ```json metadata block (Defuddle's expected files start with one). */
export function withoutMetadataBlock(markdown: string): string {
  const match = /^```json\n[\s\S]*?\n```\n?/.exec(markdown);
  return match ? markdown.slice(match[0].length) : markdown;
}

const encoder = new TextEncoder();

/** Without a URL in the page, Defuddle's test harness takes the fixture's name (after its class) for the host. */
function defaultUrl(id: string): string {
  const at = id.indexOf('--');
  return `https://${at < 0 ? id : id.slice(at + 2)}/`;
}

function withPictureNames(html: string, url: string): { pictureNames?: Record<string, string> } {
  const names = pictureAliases(html, url);
  return names ? { pictureNames: names } : {};
}

async function markdownCases(
  source: 'defuddle' | 'fixtures',
  pagesDir: string,
  expectedDir: string,
  split: StructureSplit | undefined,
): Promise<StructureCase[]> {
  const ids = (await readdir(pagesDir))
    .filter((name) => name.endsWith('.html'))
    .map((name) => name.slice(0, -'.html'.length))
    .sort();
  const halves = source === 'defuddle' ? splitFixtures(ids) : undefined;
  const cases: StructureCase[] = [];
  for (const id of ids) {
    const half = halves?.get(id);
    if (split !== undefined && half !== split) continue;
    const html = await readFile(path.join(pagesDir, `${id}.html`), 'utf8');
    let expected: string;
    try {
      expected = await readFile(path.join(expectedDir, `${id}.md`), 'utf8');
    } catch {
      continue;
    }
    const header = pageHeader(html);
    const url = typeof header.url === 'string' ? header.url : defaultUrl(id);
    cases.push({
      source,
      id,
      html: encoder.encode(html),
      url,
      gold: markdownElements(withoutMetadataBlock(expected), url),
      ...withPictureNames(html, url),
      ...(half ? { split: half } : {}),
    });
  }
  return cases;
}

async function readabilityCases(cacheDir: string | undefined): Promise<StructureCase[]> {
  const spec = await resolveDatasetSpec('readability-testpages', cacheDir ? { cacheDir } : {});
  const cases: StructureCase[] = [];
  for (const ref of await listDataset(spec)) {
    const page = await ref.load();
    const expected = await readFile(path.join(spec.dir, page.id, 'expected.html'), 'utf8');
    cases.push({
      source: 'readability',
      id: page.id,
      html: page.html,
      url: READABILITY_TEST_URL,
      gold: htmlElements(expected, READABILITY_TEST_URL),
      ...withPictureNames(decodeHtml(page.html).text, READABILITY_TEST_URL),
    });
  }
  return cases;
}

/** The cases of one source. */
export async function structureCases(
  source: StructureSource,
  root: string,
  options: SourceOptions = {},
): Promise<StructureCase[]> {
  switch (source) {
    case 'defuddle': {
      const dir = options.defuddleDir ?? path.resolve(root, '..', 'shared', 'structure', 'defuddle');
      return markdownCases(source, path.join(dir, 'fixtures'), path.join(dir, 'expected'), options.split);
    }
    case 'fixtures': {
      const dir = options.fixturesDir ?? path.resolve(root, 'test', 'fixtures', 'structure');
      return markdownCases(source, path.join(dir, 'fixtures'), path.join(dir, 'expected'), undefined);
    }
    case 'readability':
      return readabilityCases(options.cacheDir);
  }
}
