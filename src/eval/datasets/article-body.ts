/**
 * Reader of the generic JSON ground-truth format of the article-extraction
 * benchmark: one JSON file `{ "<id>": { "articleBody": "...", "url": "..." }, … }`
 * (by default `ground-truth.json`, else the only `*.json` file in the folder) and
 * the pages as `html/<id>.html.gz` or `html/<id>.html`.
 *
 * Entries without a page file are skipped; an entry without `articleBody` has an
 * empty gold text.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { compareIds } from './text.js';
import { type DatasetPage, type Gold, loadAll, type PageRef } from './types.js';

export interface ArticleBodyOptions {
  /** The ground-truth file, relative to the folder (default: ground-truth.json, else the only *.json). */
  groundTruth?: string;
}

export interface ArticleBodyPage extends DatasetPage {
  gold: Gold & { text: string };
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The ground-truth JSON file of a folder, or undefined when there is none (or several). */
export async function findArticleBodyGroundTruth(dir: string): Promise<string | undefined> {
  if (await exists(path.join(dir, 'ground-truth.json'))) return path.join(dir, 'ground-truth.json');
  const jsons = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  return jsons.length === 1 ? path.join(dir, jsons[0]) : undefined;
}

/** True when a parsed JSON value looks like `{id: {articleBody, …}}`. */
export function isArticleBodyGroundTruth(data: unknown): data is Record<string, Record<string, unknown>> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const values = Object.values(data);
  return (
    values.length > 0 &&
    values.every(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        ('articleBody' in value ? typeof (value as Record<string, unknown>).articleBody === 'string' : true),
    ) &&
    values.some((value) => typeof value === 'object' && value !== null && 'articleBody' in value)
  );
}

/** Lists the pages (see {@link readArticleBody}). */
export async function listArticleBody(
  dir: string,
  options: ArticleBodyOptions = {},
): Promise<PageRef<ArticleBodyPage>[]> {
  const file = options.groundTruth
    ? path.join(dir, options.groundTruth)
    : await findArticleBodyGroundTruth(dir);
  if (!file) throw new Error(`article-body: no ground-truth.json (or single *.json) in ${dir}`);
  const data: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!isArticleBodyGroundTruth(data)) {
    throw new Error(`article-body: ${file} is not {id: {articleBody, url}}`);
  }
  const htmlDir = path.join(dir, 'html');
  const names = new Set(await readdir(htmlDir));
  const refs: PageRef<ArticleBodyPage>[] = [];
  for (const id of Object.keys(data).sort(compareIds)) {
    const name = names.has(`${id}.html.gz`) ? `${id}.html.gz` : names.has(`${id}.html`) ? `${id}.html` : null;
    if (name === null) continue;
    // own-keys: one of the data's own keys (Object.keys above)
    const entry = data[id];
    const url = typeof entry.url === 'string' ? entry.url : undefined;
    const text = typeof entry.articleBody === 'string' ? entry.articleBody : '';
    refs.push({
      id,
      file: path.join(htmlDir, name),
      load: async () => {
        const raw = await readFile(path.join(htmlDir, name));
        const html = new Uint8Array(name.endsWith('.gz') ? gunzipSync(raw) : raw);
        return { id, html, ...(url ? { url } : {}), gold: { text } };
      },
    });
  }
  return refs;
}

/** Yields every page with its `articleBody` gold text. */
export async function* readArticleBody(
  dir: string,
  options: ArticleBodyOptions = {},
): AsyncGenerator<ArticleBodyPage> {
  yield* loadAll(await listArticleBody(dir, options));
}
