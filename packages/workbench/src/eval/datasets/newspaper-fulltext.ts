/**
 * Reader of newspaper's full-text cases (`newspaper-fulltext/`): `html/<id>.html` pairs with
 * `gold/<id>.txt` (the article body only: no headline, captions or bylines; paragraphs
 * separated by blank lines), and `urls.tsv` gives each page's URL.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { declaredLanguage } from './language.js';
import { compareIds, decodeGoldBytes } from './text.js';
import { type DatasetPage, loadAll, type PageRef, type TextGold } from './types.js';

export interface NewspaperFulltextPage extends DatasetPage<TextGold> {
  url: string;
}

/** `id<TAB>url` lines after a header line. */
export function parseUrlsTsv(text: string): Map<string, string> {
  const urls = new Map<string, string>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    const tab = line.indexOf('\t');
    if (tab > 0) urls.set(line.slice(0, tab), line.slice(tab + 1).trim());
  }
  return urls;
}

/** Lists the pages that have a gold file and a URL. */
export async function listNewspaperFulltext(dir: string): Promise<PageRef<NewspaperFulltextPage>[]> {
  const urls = parseUrlsTsv(await readFile(path.join(dir, 'urls.tsv'), 'utf8'));
  const golds = new Set(await readdir(path.join(dir, 'gold')));
  const ids = (await readdir(path.join(dir, 'html')))
    .filter((name) => name.endsWith('.html'))
    .map((name) => name.slice(0, -'.html'.length))
    .filter((id) => golds.has(`${id}.txt`) && urls.has(id))
    .sort(compareIds);
  return ids.map((id) => {
    const url = urls.get(id) as string;
    const file = path.join(dir, 'html', `${id}.html`);
    return {
      id,
      file,
      url,
      load: async () => {
        const html = new Uint8Array(await readFile(file));
        const text = decodeGoldBytes(new Uint8Array(await readFile(path.join(dir, 'gold', `${id}.txt`))));
        const language = declaredLanguage(html, url);
        return { id, html, url, gold: { text, ...(language ? { language } : {}) } };
      },
    };
  });
}

/** Yields every page with its gold body text. */
export async function* readNewspaperFulltext(dir: string): AsyncGenerator<NewspaperFulltextPage> {
  yield* loadAll(await listNewspaperFulltext(dir));
}
