import { type Doc, IS_BLOCK, NodeKind, tick } from '../../dom/index.js';
import { countCommas, countCommasIn } from './cues.js';

/** Most nodes whose columns are kept for the next page (9 MB). */
const KEPT_NODES = 1 << 18;

/**
 * The heuristic stage's per-node working columns (`measure`'s counts, the candidates' scores). None
 * outlives one run of the stage (what it returns holds numbers, not these), so one set serves page
 * after page: made for each run they were 63 KB of a page's stores. `runHeuristic` takes the spare
 * set and puts it back when it is done, however it ends; it runs synchronously and calls nothing
 * that could run the stage on another page meanwhile, and module state is per realm (each worker
 * has its own). `reset` zeroes a page's part of every column that is summed into or read unwritten.
 */
export class HeuristicColumns {
  text = new Int32Array(0);
  linkText = new Int32Array(0);
  commas = new Int32Array(0);
  ownText = new Int32Array(0);
  ownCommas = new Int32Array(0);
  blockOf = new Int32Array(0);
  scores = new Float64Array(0);
  initialised = new Uint8Array(0);

  /** Ready for a run over a page of `size` nodes. */
  reset(size: number): void {
    if (this.text.length < size) {
      const length = Math.max(size, this.text.length * 2);
      this.text = new Int32Array(length);
      this.linkText = new Int32Array(length);
      this.commas = new Int32Array(length);
      this.ownText = new Int32Array(length);
      this.ownCommas = new Int32Array(length);
      this.blockOf = new Int32Array(length);
      this.scores = new Float64Array(length);
      this.initialised = new Uint8Array(length);
      return;
    }
    this.text.fill(0, 0, size);
    this.linkText.fill(0, 0, size);
    this.commas.fill(0, 0, size);
    this.ownText.fill(0, 0, size);
    this.ownCommas.fill(0, 0, size);
    this.scores.fill(0, 0, size);
    this.initialised.fill(0, 0, size);
  }

  /** Whether to keep them for the next page: not a huge page's. */
  keepable(): boolean {
    return this.text.length <= KEPT_NODES;
  }
}

/**
 * Per-node counts with the pruned parts left out, in one backwards pass:
 * `text`, `linkText`, `commas` for whole subtrees, and `ownText` / `ownCommas`
 * for the inline content that belongs to each block directly (the block's
 * "paragraph" text, not that of nested blocks). Into `columns`, reset here.
 */
export function measure(doc: Doc, removed: Uint8Array, columns: HeuristicColumns) {
  const size = doc.size;
  columns.reset(size);
  const { text, linkText, commas, ownText, ownCommas, blockOf } = columns;
  const { kind, tag, parent, textLength, linkTextLength, hidden, sourceStart, sourceEnd } = doc.columns;

  // Which block each node's inline text belongs to, top-down; -1 inside removed parts.
  blockOf[0] = 0;
  for (let node = 1; node < size; node++) {
    tick('pith');
    const up = parent[node];
    if (removed[node] || blockOf[up] < 0) {
      blockOf[node] = -1;
      continue;
    }
    blockOf[node] = kind[node] === NodeKind.Element && IS_BLOCK[tag[node]] ? node : blockOf[up];
  }

  for (let node = size - 1; node > 0; node--) {
    tick('pith');
    if (blockOf[node] < 0) continue;
    if (kind[node] === NodeKind.Text && !hidden[node]) {
      // Read in the page's source where the node's text is its range as it is: the node's own
      // string is a slice, several times slower to read by character (the stage's largest cost).
      // A node of white space alone (no length) holds no comma.
      const nodeCommas =
        textLength[node] === 0
          ? 0
          : doc.isSourceText(node)
            ? countCommasIn(doc.source, sourceStart[node], sourceEnd[node])
            : countCommas(doc.text(node));
      text[node] = textLength[node];
      linkText[node] = linkTextLength[node];
      commas[node] = nodeCommas;
      const block = blockOf[node];
      ownText[block] += textLength[node];
      ownCommas[block] += nodeCommas;
    }
    const up = parent[node];
    text[up] += text[node];
    linkText[up] += linkText[node];
    commas[up] += commas[node];
  }
  return {
    text,
    linkText,
    commas,
    ownText,
    ownCommas,
    linkDensity(node: number): number {
      return text[node] === 0 ? 0 : linkText[node] / text[node];
    },
  };
}
