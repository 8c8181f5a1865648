/**
 * What a candidate adds to the shipped answer and what it removes from it, block by block (issue
 * 37, s48-added): the learned choice's candidate features describe each candidate as a whole, and
 * do not separate the pages where a looser or stricter one wins (s47-choose). Per candidate, for
 * the blocks it keeps and the shipped answer does not (added) and the reverse (removed): their
 * words, share, link density, sentence endings, class/id cue groups and landmarks (shares of their
 * characters), the block model's probabilities over them, where they sit against the other
 * selection's span (added: the shipped answer's; removed: the candidate's), how many runs they
 * form and the headings among them. A block is in a selection when half its text is.
 */
import { type Blocks, CUE_GROUPS, type Doc, IS_HEADING, LANDMARKS } from 'pith/internal';

const LANDMARK_COLUMNS = ['nav', 'header', 'footer', 'aside', 'article', 'main'] as const;
const SET_NAMES = [
  'logWords',
  'share',
  'logBlocks',
  'logWordsPerBlock',
  'linkDensity',
  'sentenceEndShare',
  'sentencesPerWord',
  'commasPerWord',
  'digitShare',
  'meanProbability',
  'maxProbability',
  'minProbability',
  'insideShare',
  'beforeShare',
  'afterShare',
  'logMinDistance',
  'logMaxDistance',
  'runs',
  'headings',
  'headingWordShare',
  ...CUE_GROUPS.map((group) => `cue:${group}`),
  ...LANDMARK_COLUMNS.map((landmark) => `landmark:${landmark}`),
];
export const ADDED_NAMES = [
  ...SET_NAMES.map((name) => `added:${name}`),
  ...SET_NAMES.map((name) => `removed:${name}`),
  'jaccardWords',
  'unchanged',
];
export const ADDED_WIDTH = ADDED_NAMES.length;

/** Per block: 1 when at least half its characters are in `mask` (a text-node mask). */
export function blocksIn(blocks: Blocks, doc: Doc, mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(blocks.count);
  for (let block = 0; block < blocks.count; block++) {
    let kept = 0;
    let all = 0;
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
      const node = blocks.textNodes[k];
      const length = doc.textLength(node);
      all += length;
      if (mask[node]) kept += length;
    }
    out[block] = all > 0 && kept * 2 >= all ? 1 : 0;
  }
  return out;
}

function spanOf(set: Uint8Array): [number, number] {
  let first = -1;
  let last = -1;
  for (let block = 0; block < set.length; block++)
    if (set[block]) {
      if (first < 0) first = block;
      last = block;
    }
  return [first, last];
}

function setFeatures(
  blocks: Blocks,
  doc: Doc,
  probabilities: Float64Array,
  members: readonly number[],
  baseWords: number,
  [lo, hi]: [number, number],
): number[] {
  const landmarkBits = LANDMARK_COLUMNS.map((name) => 1 << LANDMARKS.indexOf(name));
  const { tag } = doc.columns;
  let words = 0;
  let chars = 0;
  let linkChars = 0;
  let endChars = 0;
  let sentences = 0;
  let commas = 0;
  let digits = 0;
  let probability = 0;
  let maxProbability = Number.NaN;
  let minProbability = Number.NaN;
  let inside = 0;
  let before = 0;
  let after = 0;
  let minDistance = Number.POSITIVE_INFINITY;
  let maxDistance = 0;
  let runs = 0;
  let headings = 0;
  let headingWords = 0;
  const cues = new Float64Array(CUE_GROUPS.length);
  const landmarks = new Float64Array(LANDMARK_COLUMNS.length);
  let previous = -2;
  for (const block of members) {
    const blockWords = blocks.words[block];
    const blockChars = blocks.chars[block];
    words += blockWords;
    chars += blockChars;
    linkChars += blocks.linkChars[block];
    if (blocks.endsSentence[block]) endChars += blockChars;
    sentences += blocks.sentenceEnds[block];
    commas += blocks.commas[block];
    digits += blocks.digits[block];
    const p = probabilities[block];
    probability += p * blockChars;
    maxProbability = Number.isNaN(maxProbability) ? p : Math.max(maxProbability, p);
    minProbability = Number.isNaN(minProbability) ? p : Math.min(minProbability, p);
    if (lo >= 0) {
      const distance = block < lo ? lo - block : block > hi ? block - hi : 0;
      if (distance === 0) inside += blockWords;
      else if (block < lo) before += blockWords;
      else after += blockWords;
      minDistance = Math.min(minDistance, distance);
      maxDistance = Math.max(maxDistance, distance);
    }
    if (block !== previous + 1) runs++;
    previous = block;
    const owner = blocks.owner[block];
    if (IS_HEADING[tag[owner]]) {
      headings++;
      headingWords += blockWords;
    }
    const cueBits = blocks.inheritedCues[blocks.textNodes[blocks.textStart[block]]];
    for (let group = 0; group < CUE_GROUPS.length; group++)
      if (cueBits & (1 << group)) cues[group] += blockChars;
    const landmarkOf = blocks.landmarks[owner];
    landmarkBits.forEach((bit, at) => {
      if (landmarkOf & bit) landmarks[at] += blockChars;
    });
  }
  const count = members.length;
  const none = Number.NaN;
  const perChar = (value: number) => (chars > 0 ? value / chars : none);
  const perWord = (value: number) => (words > 0 ? value / words : none);
  const spanKnown = lo >= 0 && count > 0;
  return [
    Math.log1p(words),
    words / Math.max(1, baseWords),
    Math.log1p(count),
    count > 0 ? Math.log1p(words / count) : none,
    perChar(linkChars),
    perChar(endChars),
    perWord(sentences),
    perWord(commas),
    perChar(digits),
    perChar(probability),
    maxProbability,
    minProbability,
    spanKnown ? perWord(inside) : none,
    spanKnown ? perWord(before) : none,
    spanKnown ? perWord(after) : none,
    spanKnown ? Math.log1p(minDistance) : none,
    spanKnown ? Math.log1p(maxDistance) : none,
    runs,
    headings,
    perWord(headingWords),
    ...Array.from(cues, perChar),
    ...Array.from(landmarks, perChar),
  ];
}

/**
 * The added/removed features of one candidate against the shipped answer (`shipped`: per block, 1
 * when in the shipped answer, `blocksIn`), `ADDED_NAMES` in order.
 */
export function addedFeatures(
  blocks: Blocks,
  doc: Doc,
  probabilities: Float64Array,
  candidate: Uint8Array,
  shipped: Uint8Array,
): number[] {
  const added: number[] = [];
  const removed: number[] = [];
  let candidateWords = 0;
  let shippedWords = 0;
  let both = 0;
  for (let block = 0; block < blocks.count; block++) {
    const words = blocks.words[block];
    if (candidate[block]) candidateWords += words;
    if (shipped[block]) shippedWords += words;
    if (candidate[block] && shipped[block]) both += words;
    if (candidate[block] && !shipped[block]) added.push(block);
    if (shipped[block] && !candidate[block]) removed.push(block);
  }
  const union = candidateWords + shippedWords - both;
  return [
    ...setFeatures(blocks, doc, probabilities, added, candidateWords, spanOf(shipped)),
    ...setFeatures(blocks, doc, probabilities, removed, shippedWords, spanOf(candidate)),
    union > 0 ? both / union : 1,
    added.length === 0 && removed.length === 0 ? 1 : 0,
  ];
}
