/**
 * From a dataset page to labelled training chunks: decode and parse the page as
 * `extract()` does, run the density filter, and label each line that passes it
 * (see labels.ts). The chunk text is what the classifier reads at extraction time.
 *
 * By default only lines that carry visible text are chunks (`visibleOnly`): a line
 * whose text is all script, style or JSON never reaches the output whatever the
 * classifier says, so it would only teach the discard model JavaScript and inflate
 * the accuracy. `visibleOnly: false` keeps every line that passes the filter, as the
 * post did.
 */
import { decodeHTML } from 'entities';
import {
  classifierText,
  DEFAULT_MIN_TEXT_CHARS,
  decodeHtml,
  densityFilter,
  NodeKind,
  parseHtml,
} from 'pith/internal';
import { applyRetrievedTransform, type DatasetPage } from '../../eval/index.js';
import {
  DEFAULT_MIN_SHARE,
  type GoldIndex,
  hasContentMarkers,
  type Label,
  labelChunk,
  markerStates,
  snippetGoldIndex,
  textGoldIndex,
} from './labels.js';

export interface ChunkOptions {
  /** The density filter's minimum text characters per line (seed 003: 60). */
  minTextChars: number;
  /** Gold-text labels: share of word 3-grams found in the gold for keep. */
  minShare: number;
  /** Only lines with visible text are chunks. */
  visibleOnly: boolean;
  /** Only lines the density filter keeps are chunks (false: every measured line, as NCleaner). */
  filter: boolean;
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = {
  minTextChars: DEFAULT_MIN_TEXT_CHARS,
  minShare: DEFAULT_MIN_SHARE,
  visibleOnly: true,
  filter: true,
};

export interface LabelledChunk {
  /** The text the classifier reads (markup removed, whitespace collapsed). */
  text: string;
  label: Label;
}

export type LabelSource = 'markers' | 'gold-text' | 'snippets' | 'none';

export interface PageChunks {
  dataset: string;
  id: string;
  chunks: LabelledChunk[];
  /** Chunks that got no label (left out of training and error rates). */
  unlabelled: number;
  labelSource: LabelSource;
  /** Set when the page could not be parsed (it then has no chunks). */
  error?: string;
}

/**
 * Lines (0-based) that hold visible text: every line from the first to the last
 * non-blank character of each visible text node (a paragraph wrapped over several
 * source lines makes all of them chunks). Script, style and other hidden text never
 * counts.
 */
function visibleTextLines(doc: ReturnType<typeof parseHtml>): Uint8Array {
  const marks = new Uint8Array(doc.lineCount);
  const { kind, hidden, textLength, sourceStart, sourceEnd } = doc.columns;
  const source = doc.source;
  for (let node = 1; node < doc.size; node++) {
    if (kind[node] !== NodeKind.Text || hidden[node] || textLength[node] === 0) continue;
    let first = sourceStart[node];
    let last = sourceEnd[node] - 1;
    while (first <= last && isBlank(source.charCodeAt(first))) first++;
    while (last > first && isBlank(source.charCodeAt(last))) last--;
    if (first > last) continue;
    marks.fill(1, doc.lineOf(first), doc.lineOf(last) + 1);
  }
  return marks;
}

function isBlank(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function goldIndexOf(page: DatasetPage): GoldIndex | null {
  const gold = page.gold;
  if (typeof gold.text === 'string') return textGoldIndex(gold.text);
  if (gold.snippets) return snippetGoldIndex(gold.snippets.with, gold.snippets.without);
  return null;
}

/** The labelled chunks of one page. Never throws: a page that fails to parse has none. */
export function pageChunks(
  page: DatasetPage,
  dataset: string,
  options: Partial<ChunkOptions> = {},
): PageChunks {
  const settings = { ...DEFAULT_CHUNK_OPTIONS, ...options };
  const result: PageChunks = { dataset, id: page.id, chunks: [], unlabelled: 0, labelSource: 'none' };
  let doc: ReturnType<typeof parseHtml>;
  try {
    doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    return result;
  }
  const filtered = densityFilter(doc.source, { minTextChars: settings.minTextChars }, doc.lineStarts);
  const visible = settings.visibleOnly ? visibleTextLines(doc) : null;
  let markers: Uint8Array | null = null;
  let index: GoldIndex | null = null;
  if (hasContentMarkers(doc.source)) {
    const lines: string[] = [];
    for (let line = 0; line < doc.lineCount; line++) lines.push(doc.line(line));
    markers = markerStates(lines);
    result.labelSource = 'markers';
  } else {
    index = goldIndexOf(page);
    if (index) result.labelSource = index.kind === 'text' ? 'gold-text' : 'snippets';
  }
  const { lines } = filtered;
  const passes = settings.filter ? lines.kept : lines.measured;
  for (let i = 0; i < lines.line.length; i++) {
    if (!passes[i]) continue;
    const line = lines.line[i];
    if (visible && !visible[line]) continue;
    const text = classifierText(lines.text[i]);
    let label: Label | null = null;
    if (markers) {
      label = markers[line] ? 'keep' : 'discard';
    } else if (index) {
      const comparable = applyRetrievedTransform(decodeHTML(lines.text[i]), page.retrievedTransform);
      label = labelChunk(index, comparable, settings.minShare);
    }
    if (label === null) result.unlabelled++;
    else result.chunks.push({ text, label });
  }
  return result;
}
