// The shipped models' trees in a compact form, for the library's bundle (scripts/models.mjs). The
// trainers write a tree as one object of seven arrays; here every tree of a model shares five:
//   shape   one digit per split, pre-order: 4 × missingLeft + 2 × (left child is a split)
//           + (right child is a split); "8" is a tree without a split. The children's indices
//           follow from it (splits and leaves are both numbered in pre-order), and so do where
//           one tree ends and the next begins.
//   splits  feature and threshold of every split, one after the other (a feature's thresholds
//           repeat, and gzip finds them beside their feature: 9 % smaller than two arrays);
//   gain, leaf  every tree's gains and leaf values, one after the other.
// Numbers stay JSON numbers (JSON.stringify's shortest text that reads back as the same double),
// so src/model-packing.ts gives back the very JSON text the model had, byte for byte (its test
// checks every shipped model). A tree that is not in this canonical form is left as it is.
// docs/decisions.md, "The models' compact encoding".

const TREE_KEYS = 'feature,threshold,missingLeft,left,right,gain,leaf';

/** The model's JSON text with every GBDT model's trees packed (minified, as the bundle holds it). */
export function packModelText(text) {
  return JSON.stringify(packValue(JSON.parse(text)));
}

function packValue(value) {
  if (Array.isArray(value)) return value.map(packValue);
  if (typeof value !== 'object' || value === null) return value;
  const packed = {};
  for (const [key, child] of Object.entries(value)) {
    packed[key] =
      key === 'trees' && value.format === 'pith-gbdt' && Array.isArray(child)
        ? (packTrees(child) ?? child)
        : packValue(child);
  }
  return packed;
}

/** The trees in the packed form, or undefined when one of them is not canonical. */
function packTrees(trees) {
  const packed = { shape: '', splits: [], gain: [], leaf: [] };
  for (const tree of trees) {
    if (!isCanonical(tree)) return undefined;
    const { feature, threshold, missingLeft, left, right, gain, leaf } = tree;
    if (feature.length === 0) packed.shape += '8';
    for (let i = 0; i < feature.length; i++) {
      packed.shape += String(4 * missingLeft[i] + 2 * (left[i] >= 0 ? 1 : 0) + (right[i] >= 0 ? 1 : 0));
      packed.splits.push(feature[i], threshold[i]);
    }
    packed.gain.push(...gain);
    packed.leaf.push(...leaf);
  }
  return packed;
}

/** A tree with the trainer's keys in its order, whose children are numbered in pre-order. */
function isCanonical(tree) {
  if (typeof tree !== 'object' || tree === null || Object.keys(tree).join(',') !== TREE_KEYS) return false;
  const { feature, threshold, missingLeft, left, right, gain, leaf } = tree;
  const n = feature.length;
  const arrays = [feature, threshold, missingLeft, left, right, gain, leaf];
  if (!arrays.every((array) => Array.isArray(array) && array.every((v) => typeof v === 'number')))
    return false;
  if (
    [threshold, missingLeft, left, right, gain].some((array) => array.length !== n) ||
    leaf.length !== n + 1
  )
    return false;
  if (!missingLeft.every((v) => v === 0 || v === 1)) return false;
  // The children a pre-order walk numbers must be the tree's own.
  let splits = 0;
  let leaves = 0;
  const visit = () => {
    const node = splits++;
    if (node >= n) return false;
    for (const children of [left, right]) {
      const child = children[node];
      if (child >= 0 ? child !== splits || !visit() : child !== ~leaves++) return false;
    }
    return true;
  };
  return n === 0 || (visit() && splits === n && leaves === n + 1);
}
