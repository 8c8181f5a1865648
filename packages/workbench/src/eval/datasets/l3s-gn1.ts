/**
 * Reader of L3S-GN1 (`l3s-gn1/`): `input/<uuid>.html` is the page as crawled,
 * `annotated/<uuid>.html` a browser re-serialisation where labelled elements carry
 * class `x-nc-selN`, and `url-mapping.txt` maps `<urn:uuid:UUID>\tURL`.
 *
 * Gold text: the text nodes whose NEAREST labelled ancestor carries one of the
 * chosen classes (default `x-nc-sel1` headline + `x-nc-sel2` full text, the gold
 * of seed 002). Text inside `<script>`, `<style>` and `<title>` is left out.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { IS_BLOCK, NodeKind, parseHtml, TAG } from 'pith/internal';
import { compareIds, fileStem } from './text.js';
import { applyRetrievedTransform, type DatasetPage, loadAll, type PageRef, type TextGold } from './types.js';

/** L3S-GN1's labels (see the dataset's Readme: sel4 is related content, sel5 comments). */
export const L3S_LABELS = {
  'x-nc-sel0': 'not content',
  'x-nc-sel1': 'headline',
  'x-nc-sel2': 'full text',
  'x-nc-sel3': 'supplemental',
  'x-nc-sel4': 'related content',
  'x-nc-sel5': 'comments',
} as const;

export type L3sLabel = keyof typeof L3S_LABELS;

export const L3S_DEFAULT_CLASSES: readonly L3sLabel[] = ['x-nc-sel1', 'x-nc-sel2'];

export interface L3sOptions {
  /** Labels that make up the gold text (default headline + full text). */
  classes?: readonly string[];
}

const LABEL = /(?:^|\s)(x-nc-sel\d)(?:\s|$)/;

/**
 * The gold text of an annotated L3S-GN1 page: text under the chosen labels, by the
 * nearest-labelled-ancestor rule. Words of different blocks, or separated by text
 * that is not gold, are separated by a space (or a newline at block boundaries).
 */
export function l3sGoldText(annotatedHtml: string, classes: readonly string[] = L3S_DEFAULT_CLASSES): string {
  const wanted = new Set(classes);
  const doc = parseHtml(annotatedHtml);
  const { kind, tag, end } = doc.columns;
  const labels: { end: number; selected: boolean }[] = [];
  const blocks: number[] = [];
  const parts: string[] = [];
  // Separator owed before the next gold text: '' none, ' ' inline break, '\n' block break.
  let owed = '';
  const owe = (separator: string) => {
    if (separator === '\n' || owed === '') owed = separator;
  };
  for (let node = 0; node < doc.size; node++) {
    while (labels.length > 0 && node >= labels[labels.length - 1].end) labels.pop();
    while (blocks.length > 0 && node >= blocks[blocks.length - 1]) {
      blocks.pop();
      owe('\n');
    }
    const k = kind[node];
    if (k === NodeKind.Element) {
      const t = tag[node];
      if (t === TAG.script || t === TAG.style || t === TAG.title) {
        node = end[node] - 1;
        continue;
      }
      if (IS_BLOCK[t]) {
        owe('\n');
        if (t !== TAG.br) blocks.push(end[node]);
      }
      const match = LABEL.exec(doc.attr(node, 'class') ?? '');
      if (match) labels.push({ end: end[node], selected: wanted.has(match[1]) });
    } else if (k === NodeKind.Text) {
      const text = doc.text(node);
      const selected = labels.length > 0 && labels[labels.length - 1].selected;
      if (!selected) {
        if (/\S/.test(text)) owe(' ');
        continue;
      }
      if (parts.length > 0 && owed !== '') parts.push(owed);
      owed = '';
      parts.push(text);
    }
  }
  return parts.join('');
}

/** Parses `url-mapping.txt`: `<urn:uuid:UUID>\tURL` per line → Map(uuid → URL). */
export function parseL3sUrlMapping(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^<urn:uuid:([^>]+)>\t(.+)$/.exec(line);
    if (match) map.set(match[1], match[2].trim());
  }
  return map;
}

/**
 * The annotated pages hold no character above U+00FF: the annotation tool wrote
 * `?` for each. Applying the same mapping to an extracted text makes the two
 * sides comparable (`Kosovo’s` ↔ `Kosovo?s`, `Łódź` ↔ `?ód?`).
 */
export function l3sPrepareRetrieved(text: string): string {
  return applyRetrievedTransform(text, 'above-latin1-to-question-mark');
}

/** Lists every annotated page that has its input page (see {@link readL3sGn1}). */
export async function listL3sGn1(
  dir: string,
  options: L3sOptions = {},
): Promise<PageRef<DatasetPage<TextGold>>[]> {
  const classes = options.classes ?? L3S_DEFAULT_CLASSES;
  let urls = new Map<string, string>();
  try {
    urls = parseL3sUrlMapping(await readFile(path.join(dir, 'url-mapping.txt'), 'utf8'));
  } catch {
    // No mapping: pages come without URLs.
  }
  const inputs = new Set(await readdir(path.join(dir, 'input')));
  const ids = (await readdir(path.join(dir, 'annotated')))
    .filter((name) => name.endsWith('.html') && inputs.has(name))
    .map(fileStem)
    .sort(compareIds);
  const utf8 = new TextDecoder('utf-8');
  return ids.map((id) => ({
    id,
    file: path.join(dir, 'input', `${id}.html`),
    load: async () => {
      const html = new Uint8Array(await readFile(path.join(dir, 'input', `${id}.html`)));
      const annotated = utf8.decode(await readFile(path.join(dir, 'annotated', `${id}.html`)));
      const url = urls.get(id);
      return {
        id,
        html,
        ...(url === undefined ? {} : { url }),
        gold: { text: l3sGoldText(annotated, classes) },
        retrievedTransform: 'above-latin1-to-question-mark' as const,
      };
    },
  }));
}

/** Yields every annotated page: the original bytes, its URL, and the gold text. */
export async function* readL3sGn1(
  dir: string,
  options: L3sOptions = {},
): AsyncGenerator<DatasetPage<TextGold>> {
  yield* loadAll(await listL3sGn1(dir, options));
}
