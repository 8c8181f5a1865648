/**
 * Reader of WCXB, the Web Content eXtraction Benchmark (`wcxb-dev/`):
 * `<split>/html/<id>.html.gz` (gzip-compressed UTF-8 pages) pairs with
 * `<split>/ground-truth/<id>.json`:
 *
 * - `ground_truth.main_content`: the gold text (empty when null, as `evaluate.py` does);
 * - `ground_truth.with` / `without`: snippets that must / must not appear;
 * - `ground_truth.title`, `author`, `publish_date`: gold metadata (each may be null);
 * - `_internal.page_type.primary`: the page type, `category` read as `collection`
 *   (`evaluate.py`'s `get_page_type`; a string `page_type` is taken as is, a
 *   missing one is `article`).
 *
 * Files whose `ground_truth` is not an object are skipped, as `evaluate.py` skips them.
 * The path may be the dataset root (split `dev` by default) or a split folder.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PAGE_TYPES } from 'pith/internal';
import { compareIds, fileStem } from './text.js';
import { type DatasetPage, type Gold, loadAll, type PageRef } from './types.js';

export interface WcxbOptions {
  /** For the dataset root: the split folder to read (default 'dev'). */
  split?: string;
}

export interface WcxbPage extends DatasetPage {
  url: string;
  gold: Gold & { text: string; snippets: { with: string[]; without: string[] }; pageType: string };
}

/** WCXB's page types in `evaluate.py`'s report order (the list the page-type recogniser learns). */
export const WCXB_PAGE_TYPES = PAGE_TYPES;

/** `evaluate.py`'s `get_page_type`. */
export function wcxbPageType(data: unknown): string {
  const internal = (isObject(data) ? data._internal : undefined) ?? {};
  const typeObject = isObject(internal) ? internal.page_type : undefined;
  let type: unknown = 'article';
  if (isObject(typeObject)) type = typeObject.primary ?? 'article';
  else if (typeof typeObject === 'string') type = typeObject;
  const name = typeof type === 'string' ? type : 'article';
  return name === 'category' ? 'collection' : name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}

function nullableString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** The split folder holding `html/` and `ground-truth/`. */
async function splitDir(dir: string, split: string): Promise<string> {
  if (await isDirectory(path.join(dir, 'ground-truth'))) return dir;
  const candidate = path.join(dir, split);
  if (await isDirectory(path.join(candidate, 'ground-truth'))) return candidate;
  throw new Error(`wcxb: no ground-truth/ folder in ${dir} or ${candidate}`);
}

/** Parses one ground-truth file; undefined when `ground_truth` is not an object (skipped upstream). */
export function parseWcxbGroundTruth(json: string): { url: string; gold: WcxbPage['gold'] } | undefined {
  const data: unknown = JSON.parse(json);
  if (!isObject(data) || !isObject(data.ground_truth)) return undefined;
  const truth = data.ground_truth;
  return {
    url: typeof data.url === 'string' ? data.url : '',
    gold: {
      text: typeof truth.main_content === 'string' ? truth.main_content : '',
      snippets: { with: stringList(truth.with), without: stringList(truth.without) },
      pageType: wcxbPageType(data),
      metadata: {
        title: nullableString(truth.title),
        author: nullableString(truth.author),
        date: nullableString(truth.publish_date),
      },
    },
  };
}

/** Lists the pages of a WCXB split (see {@link readWcxb}). */
export async function listWcxb(dir: string, options: WcxbOptions = {}): Promise<PageRef<WcxbPage>[]> {
  const root = await splitDir(dir, options.split ?? 'dev');
  const pages = new Set(await readdir(path.join(root, 'html')));
  const ids = (await readdir(path.join(root, 'ground-truth')))
    .filter((name) => name.endsWith('.json'))
    .map(fileStem)
    .sort(compareIds);
  const refs: PageRef<WcxbPage>[] = [];
  for (const id of ids) {
    const file = pages.has(`${id}.html.gz`) ? `${id}.html.gz` : pages.has(`${id}.html`) ? `${id}.html` : null;
    if (file === null) continue;
    // Read the ground truth now: files evaluate.py skips (ground_truth not an object) drop out of
    // the count, and the gold is small next to the page.
    const truth = parseWcxbGroundTruth(await readFile(path.join(root, 'ground-truth', `${id}.json`), 'utf8'));
    if (!truth) continue;
    refs.push({
      id,
      file: path.join(root, 'html', file),
      load: async () => {
        const raw = await readFile(path.join(root, 'html', file));
        const html = new Uint8Array(file.endsWith('.gz') ? gunzipSync(raw) : raw);
        return { id, html, url: truth.url, gold: truth.gold };
      },
    });
  }
  return refs;
}

/** Yields every page of a WCXB split with its text, snippets, page type and metadata. */
export async function* readWcxb(dir: string, options: WcxbOptions = {}): AsyncGenerator<WcxbPage> {
  yield* loadAll(await listWcxb(dir, options));
}
