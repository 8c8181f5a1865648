/**
 * Reader of the simplest generic format: `input/<id>.html` (or `.htm`, `.html.gz`)
 * pairs with `gold/<id>.txt`, a plain-text gold file (UTF-8, else windows-1252;
 * a BOM is dropped). Inputs without a gold file are skipped. No markers are
 * removed: use the `cleaneval` format for CleanEval-style gold.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { compareIds, decodeGoldBytes } from './text.js';
import { type DatasetPage, type Gold, loadAll, type PageRef } from './types.js';

export interface InputGoldPage extends DatasetPage {
  gold: Gold & { text: string };
}

const PAGE = /^(.*)\.(?:html?|xhtml)(\.gz)?$/i;

/** Lists the pages (see {@link readInputGold}). */
export async function listInputGold(dir: string): Promise<PageRef<InputGoldPage>[]> {
  const golds = new Set((await readdir(path.join(dir, 'gold'))).filter((name) => name.endsWith('.txt')));
  const byId = new Map<string, string>();
  for (const name of await readdir(path.join(dir, 'input'))) {
    const match = PAGE.exec(name);
    if (match && golds.has(`${match[1]}.txt`) && !byId.has(match[1])) byId.set(match[1], name);
  }
  return [...byId.keys()].sort(compareIds).map((id) => ({
    id,
    file: path.join(dir, 'input', byId.get(id) as string),
    load: async () => {
      const name = byId.get(id) as string;
      const raw = await readFile(path.join(dir, 'input', name));
      const html = new Uint8Array(name.toLowerCase().endsWith('.gz') ? gunzipSync(raw) : raw);
      const gold = decodeGoldBytes(new Uint8Array(await readFile(path.join(dir, 'gold', `${id}.txt`))));
      return { id, html, gold: { text: gold } };
    },
  }));
}

/** Yields every page that has a gold file. */
export async function* readInputGold(dir: string): AsyncGenerator<InputGoldPage> {
  yield* loadAll(await listInputGold(dir));
}
