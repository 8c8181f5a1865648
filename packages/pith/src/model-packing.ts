/**
 * The shipped models' trees, unpacked: scripts/pack-model.mjs stores every GBDT model's trees in
 * the library's bundle as five shared columns (the split shapes as digits, the splits' features and
 * thresholds, the gains, the leaf values), 18 % fewer gzipped bytes than an object per tree. This
 * gives back the JSON text the trainer wrote (minified), byte for byte: the numbers are the same
 * JSON numbers, and each tree gets its keys in the trainer's order. Text without packed trees
 * comes back as it is.
 */

/** A model's packed trees (see scripts/pack-model.mjs). */
interface PackedTrees {
  /** Per split, pre-order: 4 × missingLeft + 2 × (left child is a split) + (right child is a split); 8: no split. */
  shape: string;
  /** feature, threshold of each split. */
  splits: number[];
  gain: number[];
  leaf: number[];
}

interface Tree {
  feature: number[];
  threshold: number[];
  missingLeft: number[];
  left: number[];
  right: number[];
  gain: number[];
  leaf: number[];
}

/** The model's JSON text (as the trainer wrote it, minified) from its packed text. */
export function unpackModelText(text: string): string {
  // The packer's minified output has this before its packed trees (density's 1 MB has none).
  if (!text.includes('"trees":{"shape":')) return text;
  const value: unknown = JSON.parse(text);
  unpackWithin(value);
  return JSON.stringify(value);
}

/** Replaces packed trees in place (a key keeps its place in its object). */
function unpackWithin(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) unpackWithin(item);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    // own-keys: the record's own keys (Object.keys)
    const child = record[key];
    if (key === 'trees' && isPackedTrees(child)) record[key] = unpackTrees(child);
    else unpackWithin(child);
  }
}

function isPackedTrees(value: unknown): value is PackedTrees {
  return typeof value === 'object' && value !== null && typeof (value as PackedTrees).shape === 'string';
}

function unpackTrees(packed: PackedTrees): Tree[] {
  const { shape, splits, gain, leaf } = packed;
  const trees: Tree[] = [];
  let at = 0; // in shape
  let splitAt = 0; // in gain (and in splits, two numbers a split)
  let leafAt = 0;
  while (at < shape.length) {
    const tree: Tree = {
      feature: [],
      threshold: [],
      missingLeft: [],
      left: [],
      right: [],
      gain: [],
      leaf: [],
    };
    if (shape[at] === '8') at++;
    else {
      // Pre-order: a split, its left subtree, its right subtree; returns the split's index.
      let leaves = 0;
      const visit = (): number => {
        const node = tree.feature.length;
        const code = shape.charCodeAt(at++) - 48;
        tree.feature.push(splits[2 * (splitAt + node)]);
        tree.threshold.push(splits[2 * (splitAt + node) + 1]);
        tree.missingLeft.push(code >> 2);
        tree.left.push(0);
        tree.right.push(0);
        tree.left[node] = code & 2 ? visit() : ~leaves++;
        tree.right[node] = code & 1 ? visit() : ~leaves++;
        return node;
      };
      visit();
    }
    const n = tree.feature.length;
    tree.gain = gain.slice(splitAt, splitAt + n);
    tree.leaf = leaf.slice(leafAt, leafAt + n + 1);
    splitAt += n;
    leafAt += n + 1;
    trees.push(tree);
  }
  return trees;
}
