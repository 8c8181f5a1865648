/**
 * Reader of CleanEval (`cleaneval/final`, `cleaneval/dev`) and of CleanPortalEval,
 * which uses the same format: `input/<N>.html` pairs with `gold/<N>.txt`.
 *
 * Input: the page is wrapped in a CleanEval `<text id="URL" …>` element that is not
 * part of it. Its attribute values are not escaped (a regex on the tag breaks), so
 * the whole first non-blank line and the final `</text>` are cut off, as bytes.
 * Gold: optional BOM, optional `URL:` line (CleanPortalEval: after a blank line),
 * `<p>`/`<h>`/`<l>` block markers (any case, plus a few typos) removed; files are
 * UTF-8 or else windows-1252; HTML character references (with their `;`) are decoded (CleanPortalEval
 * has them, CleanEval has none). Inputs without a gold file are skipped.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeHTMLStrict } from 'entities';
import { compareIds, decodeGoldBytes, fileStem } from './text.js';
import { type DatasetPage, loadAll, type PageRef, type TextGold } from './types.js';

export type CleanEvalSplit = 'final' | 'dev';

export interface CleanEvalOptions {
  /** For the `cleaneval/` root: which splits to read (default ['final'], the published 681 pages). */
  splits?: readonly CleanEvalSplit[];
  /** Decode HTML character references in gold files (default true). */
  decodeEntities?: boolean;
}

export interface CleanEvalPage extends DatasetPage<TextGold> {
  /** The split ('final', 'dev'), or '' for a folder that is itself a split (CleanPortalEval). */
  split: string;
  /** The `encoding` attribute of the `<text>` wrapper: a hint only, often wrong. */
  encodingHint?: string;
}

const LATIN1 = new TextDecoder('latin1');

function isSpaceByte(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c;
}

const OPEN = new TextEncoder().encode('<text');
const CLOSE = new TextEncoder().encode('</text>');

function startsWithAt(bytes: Uint8Array, at: number, pattern: Uint8Array): boolean {
  if (at < 0 || at + pattern.length > bytes.length) return false;
  for (let i = 0; i < pattern.length; i++) if (bytes[at + i] !== pattern[i]) return false;
  return true;
}

/**
 * Cuts the CleanEval `<text …>` wrapper off a page: the first non-blank line when it
 * starts with `<text`, and a final `</text>`. Returns the page and the wrapper's
 * first line (decoded as Latin-1, for its attributes).
 */
export function stripTextWrapper(bytes: Uint8Array): { html: Uint8Array; wrapper: string } {
  let start = 0;
  while (start < bytes.length && isSpaceByte(bytes[start])) start++;
  let wrapper = '';
  if (startsWithAt(bytes, start, OPEN)) {
    let lineEnd = bytes.indexOf(0x0a, start);
    if (lineEnd < 0) lineEnd = bytes.length;
    wrapper = LATIN1.decode(bytes.subarray(start, lineEnd)).trim();
    start = Math.min(lineEnd + 1, bytes.length);
  } else {
    start = 0;
  }
  let end = bytes.length;
  while (end > start && isSpaceByte(bytes[end - 1])) end--;
  if (wrapper && startsWithAt(bytes, end - CLOSE.length, CLOSE) && end - CLOSE.length >= start) {
    end -= CLOSE.length;
  } else if (!wrapper) {
    end = bytes.length;
  }
  return { html: bytes.subarray(start, end), wrapper };
}

function wrapperAttribute(wrapper: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(wrapper);
  return match ? match[1] : undefined;
}

/** The text of a CleanEval gold file (decoded), without URL line and block markers. */
export function cleanGoldText(text: string, options: { decodeEntities?: boolean } = {}): string {
  let out = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // The URL line: the first non-blank line, when it starts with "URL:" (three dev files put
  // the URL itself on the next line).
  out = out.replace(/^\s*URL:(?:[ \t]*\r?\n[ \t]*(?:https?|ftp):\/\/\S*|[^\n]*)(?:\n|$)/, '');
  // Block markers <p> <h> <l> (and closing forms), any case.
  out = out.replace(/<\/?[phl]>/gi, '\n');
  // Marker typos at the start of a line: "<pI just…", "<h<Year", "<l. Next".
  out = out.replace(/^([ \t]*)<[phl](?:<|(?=[."A-Z]))/gm, '$1');
  if (options.decodeEntities ?? true) out = decodeHTMLStrict(out);
  return out;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function listSplit(
  dir: string,
  split: string,
  idPrefix: string,
  decodeEntities: boolean,
): Promise<PageRef<CleanEvalPage>[]> {
  const inputs = (await readdir(path.join(dir, 'input'))).filter((name) => name.endsWith('.html'));
  const golds = new Set((await readdir(path.join(dir, 'gold'))).filter((name) => name.endsWith('.txt')));
  const stems = inputs.map(fileStem).sort(compareIds);
  return stems
    .filter((stem) => golds.has(`${stem}.txt`))
    .map((stem) => ({
      id: `${idPrefix}${stem}`,
      file: path.join(dir, 'input', `${stem}.html`),
      load: async (): Promise<CleanEvalPage> => {
        const raw = new Uint8Array(await readFile(path.join(dir, 'input', `${stem}.html`)));
        const { html, wrapper } = stripTextWrapper(raw);
        const goldBytes = new Uint8Array(await readFile(path.join(dir, 'gold', `${stem}.txt`)));
        const url = wrapperAttribute(wrapper, 'id');
        const encodingHint = wrapperAttribute(wrapper, 'encoding');
        return {
          id: `${idPrefix}${stem}`,
          split,
          html,
          ...(url ? { url } : {}),
          ...(encodingHint ? { encodingHint } : {}),
          gold: { text: cleanGoldText(decodeGoldBytes(goldBytes), { decodeEntities }) },
        };
      },
    }));
}

/**
 * Lists the scored pages of a CleanEval-format folder (see {@link readCleanEval}).
 */
export async function listCleanEval(
  dir: string,
  options: CleanEvalOptions = {},
): Promise<PageRef<CleanEvalPage>[]> {
  const decodeEntities = options.decodeEntities ?? true;
  if (await isDirectory(path.join(dir, 'input'))) return listSplit(dir, '', '', decodeEntities);
  const splits = options.splits ?? ['final'];
  const refs: PageRef<CleanEvalPage>[] = [];
  for (const split of splits) {
    const splitDir = path.join(dir, split);
    if (!(await isDirectory(path.join(splitDir, 'input')))) {
      throw new Error(`cleaneval: no ${split}/input folder under ${dir}`);
    }
    for (const ref of await listSplit(splitDir, split, splits.length > 1 ? `${split}/` : '', decodeEntities))
      refs.push(ref);
  }
  return refs;
}

/**
 * Yields the scored pages of a CleanEval-format folder: either a split folder
 * holding `input/` and `gold/` (`cleaneval/final`, `cleanportaleval`), or the
 * `cleaneval/` root (splits from `options.splits`; ids are prefixed `final/`, `dev/`
 * when more than one split is read).
 */
export async function* readCleanEval(
  dir: string,
  options: CleanEvalOptions = {},
): AsyncGenerator<CleanEvalPage> {
  yield* loadAll(await listCleanEval(dir, options));
}
