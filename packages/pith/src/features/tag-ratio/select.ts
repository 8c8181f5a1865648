/**
 * From chosen source ranges (physical lines or re-flowed segments) to a node
 * `Selection`, so every formatter works on the output of the line-based extractors (TTR, CETR).
 */
import { type Doc, NodeKind, Selection, tick } from '../../dom/index.js';

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/** Index of the range holding `offset` among ascending range starts, or -1 before the first. */
function rangeOf(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  if (high < 0 || offset < starts[0]) return -1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Keeps every visible text node whose first non-whitespace source character lies in
 * a chosen range, and every element all of whose visible text is kept (so its
 * structure survives). A text node is placed by its first non-whitespace character,
 * not its start offset: in `<p>\n  Text` the text node starts at the end of the
 * `<p>` line, but its words are on the next one.
 *
 * @param starts ascending source offsets at which ranges start
 * @param ends their ends (exclusive); an offset in a gap between ranges is in none
 * @param chosen 1 for each chosen range
 */
export function selectionFromRanges(
  doc: Doc,
  starts: Int32Array,
  ends: Int32Array,
  chosen: Uint8Array,
  stage = 'ttr',
): Selection {
  const selection = new Selection(doc);
  const { kind, sourceStart, sourceEnd, parent, textLength, hidden } = doc.columns;
  const source = doc.source;
  const keptText = new Int32Array(doc.size);
  for (let node = 1; node < doc.size; node++) {
    tick(stage);
    if (kind[node] !== NodeKind.Text || hidden[node] || textLength[node] === 0) continue;
    let at = sourceStart[node];
    const stop = sourceEnd[node];
    while (at < stop && isSpace(source.charCodeAt(at))) at++;
    const range = rangeOf(starts, at);
    if (range >= 0 && at < ends[range] && chosen[range]) {
      selection.kept[node] = 1;
      keptText[node] = textLength[node];
    }
  }
  for (let node = doc.size - 1; node > 0; node--) {
    tick(stage);
    if (kind[node] === NodeKind.Element && keptText[node] > 0 && keptText[node] === textLength[node]) {
      selection.kept[node] = 1;
    }
    keptText[parent[node]] += keptText[node];
  }
  return selection;
}
