/**
 * Reader of trafilatura's benchmark (`trafilatura-eval/`): `evaldata.json` maps a
 * page URL to `{ file, with, without, … }`; the page is `html/<file>` (upstream's
 * `cache/<file>` and `eval/<file>` are looked up too, in upstream's order).
 * Pages come in upstream's order (sorted by URL). The dataset records no language:
 * `gold.language` is the one the page declares ({@link declaredLanguage}).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { declaredLanguage } from './language.js';
import { fileStem } from './text.js';
import { type DatasetPage, loadAll, type PageRef, type SnippetsGold } from './types.js';

interface EvalEntry {
  file: string;
  with: string[];
  without: string[];
}

export interface TrafilaturaEvalPage extends DatasetPage<SnippetsGold> {
  url: string;
  /** The HTML file name (non-ASCII and spaces occur). */
  file: string;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function resolvePage(dir: string, file: string): Promise<string> {
  for (const sub of ['html', 'cache', 'eval']) {
    const candidate = path.join(dir, sub, file);
    if (await exists(candidate)) return candidate;
  }
  throw new Error(`trafilatura-eval: HTML file not found for ${file} under ${dir}/{html,cache,eval}`);
}

function checkEntry(url: string, entry: unknown): asserts entry is EvalEntry {
  const e = entry as Partial<EvalEntry> | null;
  const isList = (value: unknown) => Array.isArray(value) && value.every((s) => typeof s === 'string');
  if (!e || typeof e.file !== 'string' || !e.file || !isList(e.with) || !isList(e.without)) {
    throw new Error(`trafilatura-eval: malformed entry for ${url} (needs file, with[], without[])`);
  }
}

/** Lists every page of the benchmark (see {@link readTrafilaturaEval}). */
export async function listTrafilaturaEval(dir: string): Promise<PageRef<TrafilaturaEvalPage>[]> {
  const data = JSON.parse(await readFile(path.join(dir, 'evaldata.json'), 'utf8')) as Record<string, unknown>;
  const urls = Object.keys(data).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return urls.map((url) => {
    // own-keys: one of the data's own keys (Object.keys above)
    const entry = data[url];
    checkEntry(url, entry);
    return {
      id: fileStem(entry.file),
      // Where the shared archive puts every page (upstream's cache/ and eval/ are looked up on load).
      file: path.join(dir, 'html', entry.file),
      url,
      load: async () => {
        const html = new Uint8Array(await readFile(await resolvePage(dir, entry.file)));
        const language = declaredLanguage(html, url);
        return {
          id: fileStem(entry.file),
          html,
          url,
          file: entry.file,
          gold: { snippets: { with: entry.with, without: entry.without }, ...(language ? { language } : {}) },
        };
      },
    };
  });
}

/** Yields every page of the benchmark with its `with`/`without` snippets. */
export async function* readTrafilaturaEval(dir: string): AsyncGenerator<TrafilaturaEvalPage> {
  yield* loadAll(await listTrafilaturaEval(dir));
}
