import { type Doc, IS_BLOCK, NodeKind, tick } from '../../dom/index.js';
import { countCommas } from './cues.js';

/**
 * Per-node counts with the pruned parts left out, in one backwards pass:
 * `text`, `linkText`, `commas` for whole subtrees, and `ownText` / `ownCommas`
 * for the inline content that belongs to each block directly (the block's
 * "paragraph" text, not that of nested blocks).
 */
export function measure(doc: Doc, removed: Uint8Array) {
  const size = doc.size;
  const text = new Int32Array(size);
  const linkText = new Int32Array(size);
  const commas = new Int32Array(size);
  const ownText = new Int32Array(size);
  const ownCommas = new Int32Array(size);
  const { kind, tag, parent, textLength, linkTextLength, hidden } = doc.columns;

  // Which block each node's inline text belongs to, top-down; -1 inside removed parts.
  const blockOf = new Int32Array(size);
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
      const nodeCommas = countCommas(doc.text(node));
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
