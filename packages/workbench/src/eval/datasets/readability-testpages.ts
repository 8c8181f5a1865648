/**
 * Reader of Mozilla Readability's test pages (`readability-testpages/`): one folder
 * per case with `source.html`, `expected.html` and `expected-metadata.json`.
 *
 * Gold text: the visible text of `expected.html` (Readability's own article), with
 * block boundaries as separators. Gold metadata: `title`, `byline` (as author),
 * `publishedTime` (as date) and `lang`. Pages carry upstream's document URL
 * `http://fakehost/test/page.html`.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseHtml } from 'pith/internal';
import { compareIds } from './text.js';
import { type DatasetPage, type Gold, loadAll, type PageRef } from './types.js';

/** The document URL upstream's test harness parses every page with. */
export const READABILITY_TEST_URL = 'http://fakehost/test/page.html';

export interface ReadabilityTestPage extends DatasetPage {
  url: string;
  gold: Gold & { text: string };
  /** Upstream's expected `isProbablyReaderable()` result. */
  readerable?: boolean;
}

/** The visible text of an HTML fragment: hidden content skipped, blocks separated. */
export function visibleText(html: string): string {
  const doc = parseHtml(html);
  return doc.textContent(0);
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Lists the test cases (see {@link readReadabilityTestPages}). */
export async function listReadabilityTestPages(dir: string): Promise<PageRef<ReadabilityTestPage>[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const cases: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    if (
      (await exists(path.join(folder, 'source.html'))) &&
      (await exists(path.join(folder, 'expected.html')))
    ) {
      cases.push(entry.name);
    }
  }
  cases.sort(compareIds);
  const utf8 = new TextDecoder('utf-8');
  return cases.map((id) => ({
    id,
    file: path.join(dir, id, 'source.html'),
    load: async () => {
      const folder = path.join(dir, id);
      const html = new Uint8Array(await readFile(path.join(folder, 'source.html')));
      const expected = utf8.decode(await readFile(path.join(folder, 'expected.html')));
      let meta: Record<string, unknown> = {};
      try {
        meta = JSON.parse(await readFile(path.join(folder, 'expected-metadata.json'), 'utf8')) as Record<
          string,
          unknown
        >;
      } catch {
        // A case without metadata still has its text gold.
      }
      const language = optionalString(meta.lang);
      const page: ReadabilityTestPage = {
        id,
        html,
        url: READABILITY_TEST_URL,
        gold: {
          text: visibleText(expected),
          ...(language ? { language } : {}),
          metadata: {
            title: optionalString(meta.title),
            author: optionalString(meta.byline),
            date: optionalString(meta.publishedTime),
          },
        },
      };
      if (typeof meta.readerable === 'boolean') page.readerable = meta.readerable;
      return page;
    },
  }));
}

/** Yields every test case: the source page and Readability's expected text. */
export async function* readReadabilityTestPages(dir: string): AsyncGenerator<ReadabilityTestPage> {
  yield* loadAll(await listReadabilityTestPages(dir));
}
