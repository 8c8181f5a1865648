/**
 * What the choice reads of each candidate (issue 37): its size, link density, position and
 * shape over the page's blocks; what the block model's probabilities say of it (expected
 * precision and recall); where its text sits (landmarks, class/id cues: a footer's address is
 * not a body); its agreement with the other candidates (word-overlap F1 from node word counts,
 * the share of its words the others keep too); and the page (type, size, embedded data). One
 * row per candidate, computed from the blocks the extractor already has: no text is read again.
 */
import { type Doc, NodeKind } from '../../dom/index.js';
import { CUE_GROUPS, LANDMARK } from '../../features/blocks/index.js';
import { PAGE_TYPES } from '../../features/page-type/index.js';
import { CANDIDATE_NAMES, type Candidate, type CandidateName } from './candidates.js';
import type { PageRows } from './rows.js';

const cue = (name: (typeof CUE_GROUPS)[number]) => 1 << CUE_GROUPS.indexOf(name);
const BOILERPLATE_CUES =
  cue('nav') |
  cue('footer') |
  cue('sidebar') |
  cue('share') |
  cue('related') |
  cue('ad') |
  cue('newsletter') |
  cue('cookie');
const BODY_CUES = cue('content') | cue('post');
const OUTSIDE = LANDMARK.nav | LANDMARK.footer | LANDMARK.aside | LANDMARK.header;

/** Features of one candidate (the `c:` columns). */
const CANDIDATE_FEATURES = [
  'candidate',
  'logWords',
  'wordShare',
  'logBlocks',
  'linkDensity',
  'meanProbability',
  'expectedPrecision',
  'expectedRecall',
  'expectedF1',
  'runs',
  'firstPosition',
  'lastPosition',
  'sentenceShare',
  'outsideShare',
  'footerShare',
  'boilerplateCueShare',
  'cookieCueShare',
  'commentCueShare',
  'bodyCueShare',
  'headingShare',
  'listShare',
  'structuredOverlap',
  'wordsVsBalanced',
  'overlapBalanced',
  'overlapHeuristic',
  'overlapUnion',
  'consensus',
  'maxOverlapOther',
  'wordsVsLargest',
  'rankByWords',
] as const;

/** Features of the page (the `p:` columns), the same on every candidate's row. */
const PAGE_FEATURES = [
  'logWords',
  'linkDensity',
  'logBlocks',
  'hasStructuredBody',
  'meanMargin',
  'uncertainShare',
  'candidates',
  ...PAGE_TYPES.map((type) => `type.${type}`),
] as const;

export const CHOICE_FEATURE_NAMES: readonly string[] = [
  ...CANDIDATE_FEATURES.map((name) => `c:${name}`),
  ...PAGE_FEATURES.map((name) => `p:${name}`),
];
const C = Object.fromEntries(CANDIDATE_FEATURES.map((name, index) => [name, index])) as Record<
  (typeof CANDIDATE_FEATURES)[number],
  number
>;
const P = Object.fromEntries(
  PAGE_FEATURES.map((name, index) => [name, CANDIDATE_FEATURES.length + index]),
) as Record<(typeof PAGE_FEATURES)[number], number>;
export const CHOICE_WIDTH = CHOICE_FEATURE_NAMES.length;
/** Where a row holds the candidate's words (log1p). */
export const CHOICE_LOG_WORDS = 1;
/** Where a row holds the columns the footer guard reads (choice.ts). */
export const CHOICE_COLUMNS = {
  logWords: C.logWords,
  sentenceShare: C.sentenceShare,
  footerShare: C.footerShare,
  boilerplateCueShare: C.boilerplateCueShare,
  cookieCueShare: C.cookieCueShare,
  overlapBalanced: C.overlapBalanced,
} as const;

export interface ChoicePage {
  rows: PageRows;
  probabilities: Float64Array;
  /** The block model's margins over the page. */
  meanMargin: number;
  uncertainShare: number;
  /** The page type's probabilities, in PAGE_TYPES order. */
  pageTypes: readonly number[];
}

/** Per candidate: kept words per block (a block partly kept counts its kept share). */
function keptWordsPerBlock(rows: PageRows, chosen: Uint8Array, doc: Doc): Float64Array {
  const { blocks } = rows;
  const kept = new Float64Array(blocks.count);
  for (let block = 0; block < blocks.count; block++) {
    let chars = 0;
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
      const node = blocks.textNodes[k];
      if (chosen[node]) chars += doc.textLength(node);
    }
    if (chars > 0) kept[block] = blocks.words[block] * Math.min(1, chars / Math.max(1, blocks.chars[block]));
  }
  return kept;
}

const f1Of = (overlap: number, a: number, b: number) => (a + b > 0 ? (2 * overlap) / (a + b) : 1);

/** One row per candidate (`candidates.length × CHOICE_WIDTH`, row-major). */
export function choiceFeatures(page: ChoicePage, candidates: readonly Candidate[]): Float32Array {
  const { rows, probabilities } = page;
  const { blocks, features } = rows;
  const doc = blocks.doc;
  const count = candidates.length;
  const values = new Float32Array(count * CHOICE_WIDTH);
  const kept = candidates.map((candidate) => keptWordsPerBlock(rows, candidate.chosen, doc));
  const words = kept.map((list) => list.reduce((sum, value) => sum + value, 0));
  let pageWords = 0;
  let pageChars = 0;
  let pageLinks = 0;
  let mass = 0;
  for (let block = 0; block < blocks.count; block++) {
    pageWords += blocks.words[block];
    pageChars += blocks.chars[block];
    pageLinks += blocks.linkChars[block];
    mass += probabilities[block] * blocks.words[block];
  }
  // Votes per block: how many candidates keep each block's words (kept share summed).
  const votes = new Float64Array(blocks.count);
  for (const list of kept)
    for (let block = 0; block < blocks.count; block++)
      if (blocks.words[block] > 0) votes[block] += list[block] / blocks.words[block];
  const overlap = (a: number, b: number) => {
    let sum = 0;
    for (let block = 0; block < blocks.count; block++) sum += Math.min(kept[a][block], kept[b][block]);
    return sum;
  };
  const indexOf = (name: CandidateName) => candidates.findIndex((candidate) => candidate.name === name);
  const balanced = indexOf('balanced');
  const heuristic = indexOf('heuristic');
  const union = indexOf('union');
  const largest = words.reduce((most, value) => Math.max(most, value), 0);
  const order = words.map((value, index) => [value, index]).sort((a, b) => b[0] - a[0]);
  const rank = new Int32Array(count);
  order.forEach(([, index], position) => {
    rank[index] = position;
  });
  const hasOverlap = features.names.indexOf('structuredBodyOverlap');
  const hasStructured = features.names.indexOf('hasStructuredBody');
  const structured = hasStructured >= 0 && blocks.count > 0 && features.values[hasStructured] === 1;
  const headingLandmark = LANDMARK.heading;
  const listLandmark = LANDMARK.list;
  const pairwise = new Float64Array(count * count);
  for (let a = 0; a < count; a++)
    for (let b = a + 1; b < count; b++) {
      const value = f1Of(overlap(a, b), words[a], words[b]);
      pairwise[a * count + b] = value;
      pairwise[b * count + a] = value;
    }
  for (let index = 0; index < count; index++) {
    const row = index * CHOICE_WIDTH;
    const list = kept[index];
    const total = words[index];
    let keptChars = 0;
    let links = 0;
    let probability = 0;
    let keptMass = 0;
    let keptBlocks = 0;
    let runs = 0;
    let previous = false;
    let first = -1;
    let last = -1;
    let sentences = 0;
    let outside = 0;
    let footer = 0;
    let boilerplate = 0;
    let cookie = 0;
    let comment = 0;
    let body = 0;
    let headings = 0;
    let lists = 0;
    let structuredWords = 0;
    let agreement = 0;
    for (let block = 0; block < blocks.count; block++) {
      const w = list[block];
      const isKept = w > 0;
      if (isKept && !previous) runs++;
      previous = isKept;
      if (!isKept) continue;
      const share = blocks.words[block] > 0 ? w / blocks.words[block] : 0;
      const chars = blocks.chars[block] * share;
      keptChars += chars;
      links += blocks.linkChars[block] * share;
      probability += probabilities[block] * w;
      keptMass += probabilities[block] * w;
      keptBlocks++;
      if (first < 0) first = block;
      last = block;
      if (blocks.endsSentence[block]) sentences += w;
      const owner = blocks.owner[block];
      const landmarks = blocks.landmarks[owner];
      const cues = blocks.inheritedCues[owner];
      if (landmarks & OUTSIDE) outside += w;
      if (landmarks & LANDMARK.footer || cues & cue('footer')) footer += w;
      if (cues & BOILERPLATE_CUES) boilerplate += w;
      if (cues & cue('cookie')) cookie += w;
      if (cues & cue('comment')) comment += w;
      if (cues & BODY_CUES) body += w;
      if (landmarks & headingLandmark) headings += w;
      if (landmarks & listLandmark) lists += w;
      if (structured && hasOverlap >= 0)
        structuredWords += w * features.values[block * features.width + hasOverlap];
      agreement += (w * (votes[block] - share)) / Math.max(1, count - 1);
    }
    const per = (part: number) => (total > 0 ? part / total : 0);
    const precision = per(keptMass);
    const recall = mass > 0 ? keptMass / mass : 0;
    values[row + C.candidate] = CANDIDATE_NAMES.indexOf(candidates[index].name);
    values[row + C.logWords] = Math.log1p(total);
    values[row + C.wordShare] = pageWords > 0 ? total / pageWords : 0;
    values[row + C.logBlocks] = Math.log1p(keptBlocks);
    values[row + C.linkDensity] = keptChars > 0 ? links / keptChars : 0;
    values[row + C.meanProbability] = per(probability);
    values[row + C.expectedPrecision] = precision;
    values[row + C.expectedRecall] = recall;
    values[row + C.expectedF1] = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    values[row + C.runs] = runs;
    values[row + C.firstPosition] = first < 0 ? 1 : first / Math.max(1, blocks.count);
    values[row + C.lastPosition] = last < 0 ? 0 : last / Math.max(1, blocks.count);
    values[row + C.sentenceShare] = per(sentences);
    values[row + C.outsideShare] = per(outside);
    values[row + C.footerShare] = per(footer);
    values[row + C.boilerplateCueShare] = per(boilerplate);
    values[row + C.cookieCueShare] = per(cookie);
    values[row + C.commentCueShare] = per(comment);
    values[row + C.bodyCueShare] = per(body);
    values[row + C.headingShare] = per(headings);
    values[row + C.listShare] = per(lists);
    values[row + C.structuredOverlap] = structured ? per(structuredWords) : Number.NaN;
    values[row + C.wordsVsBalanced] =
      balanced >= 0 ? Math.log1p(total) - Math.log1p(words[balanced]) : Number.NaN;
    values[row + C.overlapBalanced] =
      balanced >= 0 ? (index === balanced ? 1 : pairwise[index * count + balanced]) : Number.NaN;
    values[row + C.overlapHeuristic] =
      heuristic >= 0 ? (index === heuristic ? 1 : pairwise[index * count + heuristic]) : Number.NaN;
    values[row + C.overlapUnion] =
      union >= 0 ? (index === union ? 1 : pairwise[index * count + union]) : Number.NaN;
    values[row + C.consensus] = per(agreement);
    let maxOther = 0;
    for (let other = 0; other < count; other++)
      if (other !== index) maxOther = Math.max(maxOther, pairwise[index * count + other]);
    values[row + C.maxOverlapOther] = maxOther;
    values[row + C.wordsVsLargest] = Math.log1p(total) - Math.log1p(largest);
    values[row + C.rankByWords] = rank[index];
    values[row + P.logWords] = Math.log1p(pageWords);
    values[row + P.linkDensity] = pageChars > 0 ? pageLinks / pageChars : 0;
    values[row + P.logBlocks] = Math.log1p(blocks.count);
    values[row + P.hasStructuredBody] = structured ? 1 : 0;
    values[row + P.meanMargin] = page.meanMargin;
    values[row + P.uncertainShare] = page.uncertainShare;
    values[row + P.candidates] = count;
    PAGE_TYPES.forEach((type, t) => {
      // own-keys: the page types are a closed list, each with its column
      values[row + P[`type.${type}` as (typeof PAGE_FEATURES)[number]]] = page.pageTypes[t] ?? Number.NaN;
    });
  }
  return values;
}

/** Words of the visible text nodes marked in `chosen`. */
export function chosenWords(doc: Doc, chosen: Uint8Array): number {
  const { kind, hidden } = doc.columns;
  let words = 0;
  for (let node = 0; node < doc.size; node++)
    if (chosen[node] && kind[node] === NodeKind.Text && !hidden[node]) words += doc.wordCount(node);
  return words;
}
