/**
 * Candidate selections over one parse (issue 37): what the default extractor already computed
 * — the block model's probabilities, the heuristic stage's region, the block features — read
 * in several ways, each a whole answer. The learned choice (choice.ts) picks one per page.
 * Every candidate reuses the page's blocks and probabilities: nothing here parses or segments
 * the page again. See docs/algorithms/default.md, "Candidates and choice".
 */
import { type Doc, NodeKind, Selection, TAG, tick } from '../../dom/index.js';
import { LANDMARK } from '../../features/blocks/index.js';
import {
  applyPostRules,
  keepFigureCaptions,
  keepImagesBetweenKeptText,
  keepLeadImage,
  keepStructuresOfKeptContainers,
  type PostRuleCounts,
} from './post-rules.js';
import type { PageRows } from './rows.js';

/** The candidates, in a fixed order (the choice model's features name them). */
export const CANDIDATE_NAMES = [
  'balanced',
  'precision',
  'recall',
  'strict',
  'loose',
  'raw',
  'main-run',
  'heuristic',
  'union',
  'structured',
  'paragraphs',
] as const;
export type CandidateName = (typeof CANDIDATE_NAMES)[number];

/** Thresholds of the block-model candidates ('balanced', 'precision', 'recall' are the favor modes). */
export const CANDIDATE_THRESHOLDS: Readonly<Partial<Record<CandidateName, number>>> = {
  balanced: 0.5,
  precision: 0.65,
  recall: 0.35,
  strict: 0.8,
  loose: 0.2,
  raw: 0.5,
};

export interface Candidate {
  name: CandidateName;
  /** Per node: 1 for the text nodes this candidate keeps. */
  chosen: Uint8Array;
  /**
   * `chosen` as a selection (structures of wholly kept elements, images between kept text),
   * built when first read: only the chosen candidate's is needed to answer.
   */
  readonly selection: Selection;
  /** What the post-rules did, for the candidates they ran on. */
  postRules?: PostRuleCounts;
  /** Figure captions kept, for the candidates the caption rule ran on. */
  captions?: number;
}

export interface CandidateInputs {
  doc: Doc;
  rows: PageRows;
  /** The block model's probability per block. */
  probabilities: Float64Array;
  /** The page's URL (or its canonical link) for the site rules. */
  url: string | undefined;
  captions: boolean;
  /** The page-type model's probability that the page is an article, asked only by a rule that needs it. */
  articleProbability?: () => number;
  /** Whether the page-type model reads a shop's page (a product or a collection), asked only by a rule that needs it. */
  shopPage?: () => boolean;
}

/** Text nodes of the blocks at or above `threshold`. */
export function blocksAt(rows: PageRows, probabilities: Float64Array, threshold: number): Uint8Array {
  const { blocks } = rows;
  const chosen = new Uint8Array(blocks.doc.size);
  for (let block = 0; block < blocks.count; block++) {
    if (probabilities[block] < threshold) continue;
    markBlock(rows, block, chosen);
  }
  return chosen;
}

function markBlock(rows: PageRows, block: number, chosen: Uint8Array): void {
  const { blocks } = rows;
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) chosen[blocks.textNodes[k]] = 1;
}

/**
 * The default extractor's finishing steps over chosen text nodes (in place): structures of kept
 * containers, captions, the post-rules (when `postRules`).
 */
export function finishChosen(
  inputs: CandidateInputs,
  chosen: Uint8Array,
  postRules: boolean,
): { postRules?: PostRuleCounts; captions?: number } {
  const { doc, rows } = inputs;
  keepStructuresOfKeptContainers(doc, chosen, { figures: !postRules });
  const captions = inputs.captions ? keepFigureCaptions(doc, chosen) : undefined;
  const counts = postRules
    ? applyPostRules(rows.blocks, chosen, inputs.url, inputs.articleProbability, inputs.shopPage)
    : undefined;
  return { ...(counts ? { postRules: counts } : {}), ...(captions === undefined ? {} : { captions }) };
}

/** A selection from chosen text nodes, as the extractor answers. */
export function selectionOf(doc: Doc, chosen: Uint8Array): Selection {
  const selection = Selection.fromTextNodes(doc, chosen, true);
  keepImagesBetweenKeptText(doc, selection);
  keepLeadImage(doc, selection);
  return selection;
}

function candidate(
  name: CandidateName,
  inputs: CandidateInputs,
  chosen: Uint8Array,
  finished: { postRules?: PostRuleCounts; captions?: number } = {},
): Candidate {
  let selection: Selection | undefined;
  return {
    name,
    chosen,
    get selection() {
      selection ??= selectionOf(inputs.doc, chosen);
      return selection;
    },
    ...finished,
  };
}

/** The block-model candidate at `threshold`, finished as the extractor finishes its answer. */
function modelCandidate(name: CandidateName, inputs: CandidateInputs, threshold: number, postRules = true) {
  const chosen = blocksAt(inputs.rows, inputs.probabilities, threshold);
  return candidate(name, inputs, chosen, finishChosen(inputs, chosen, postRules));
}

/** Blocks between kept blocks that a run may bridge. */
const RUN_GAP = 3;

/**
 * The stretch of kept blocks (gaps of at most RUN_GAP dropped blocks) holding the most kept
 * words: the article without the rails and footers a page-wide threshold also kept.
 */
export function mainRun(rows: PageRows, probabilities: Float64Array, threshold: number): Uint8Array {
  const { blocks } = rows;
  let best = -1;
  let bestWords = 0;
  let bestEnd = -1;
  let start = -1;
  let words = 0;
  let last = -1;
  const close = () => {
    if (start >= 0 && words > bestWords) {
      best = start;
      bestWords = words;
      bestEnd = last;
    }
  };
  for (let block = 0; block < blocks.count; block++) {
    if (probabilities[block] < threshold) continue;
    if (start < 0 || block - last - 1 > RUN_GAP) {
      close();
      start = block;
      words = 0;
    }
    words += blocks.words[block];
    last = block;
  }
  close();
  const chosen = new Uint8Array(blocks.doc.size);
  for (let block = best; best >= 0 && block <= bestEnd; block++)
    if (probabilities[block] >= threshold) markBlock(rows, block, chosen);
  return chosen;
}

/** Words a JSON-LD body needs to be a referee. */
const MIN_STRUCTURED_WORDS = 50;
/** A block belongs to the JSON-LD body when this share of its tokens are in it. */
const STRUCTURED_OVERLAP = 0.6;

/** Blocks whose words are the page's JSON-LD `articleBody` (and kin), mapped onto the page. */
function structuredBlocks(rows: PageRows): Uint8Array | undefined {
  const { blocks, features } = rows;
  const has = features.names.indexOf('hasStructuredBody');
  const overlap = features.names.indexOf('structuredBodyOverlap');
  if (has < 0 || overlap < 0 || blocks.count === 0 || features.values[has] !== 1) return undefined;
  const chosen = new Uint8Array(blocks.doc.size);
  let words = 0;
  for (let block = 0; block < blocks.count; block++) {
    if (blocks.words[block] < 1) continue;
    if (features.values[block * features.width + overlap] < STRUCTURED_OVERLAP) continue;
    markBlock(rows, block, chosen);
    words += blocks.words[block];
  }
  return words >= MIN_STRUCTURED_WORDS ? chosen : undefined;
}

/** Characters from which a run of text between line breaks scores as a paragraph (Readability's 25). */
const MIN_PARAGRAPH_CHARS = 25;
/** Ancestors a paragraph's score reaches beyond its parent. */
const PARAGRAPH_LEVELS = 4;
const OUTSIDE_BODY = LANDMARK.nav | LANDMARK.footer | LANDMARK.aside | LANDMARK.header | LANDMARK.form;

/**
 * Readability's paragraph-ancestor scoring, where text set directly in a container between
 * `<br>`s counts as that many paragraphs (not one capped block): a body written as
 * `<div>text<br><br>text…</div>` outscores an address block in the footer. The best-scoring
 * element's blocks of low link density are the candidate.
 */
export function paragraphBlocks(rows: PageRows): Uint8Array | undefined {
  const { blocks } = rows;
  const doc = blocks.doc;
  const { kind, tag, parent } = doc.columns;
  const score = new Float64Array(doc.size);
  for (let block = 0; block < blocks.count; block++) {
    tick('pith');
    const chars = blocks.chars[block];
    if (chars < MIN_PARAGRAPH_CHARS || blocks.linkChars[block] > 0.5 * chars) continue;
    const owner = blocks.owner[block];
    if (blocks.landmarks[owner] & OUTSIDE_BODY) continue;
    let blockScore = 0;
    let run = 0;
    const first = blocks.textStart[block];
    const stop = blocks.textStart[block + 1];
    let previous = -1;
    const closeRun = () => {
      if (run >= MIN_PARAGRAPH_CHARS) blockScore += 1 + Math.min(Math.floor(run / 100), 3);
      run = 0;
    };
    for (let k = first; k < stop; k++) {
      const node = blocks.textNodes[k];
      if (previous >= 0) {
        for (let between = previous + 1; between < node; between++)
          if (kind[between] === NodeKind.Element && tag[between] === TAG.br) {
            closeRun();
            break;
          }
      }
      run += doc.textLength(node);
      previous = node;
    }
    closeRun();
    blockScore += (blocks.commas[block] * 1) / Math.max(1, Math.ceil(chars / 100));
    if (blockScore === 0) continue;
    let ancestor = owner;
    for (let level = 0; level <= PARAGRAPH_LEVELS + 1 && ancestor > 0; level++) {
      score[ancestor] += level === 0 ? blockScore : level === 1 ? blockScore / 2 : blockScore / (3 * level);
      ancestor = parent[ancestor];
    }
  }
  let best = -1;
  let bestScore = 0;
  for (let node = 1; node < doc.size; node++) {
    if (score[node] === 0 || kind[node] !== NodeKind.Element) continue;
    const value = score[node] * (1 - doc.linkDensity(node));
    if (value > bestScore) {
      best = node;
      bestScore = value;
    }
  }
  if (best < 0) return undefined;
  const chosen = new Uint8Array(doc.size);
  const stop = doc.end(best);
  for (let block = 0; block < blocks.count; block++) {
    const owner = blocks.owner[block];
    if (owner < best || owner >= stop) continue;
    if (blocks.linkChars[block] > 0.5 * blocks.chars[block]) continue;
    if (blocks.landmarks[owner] & OUTSIDE_BODY) continue;
    markBlock(rows, block, chosen);
  }
  return chosen;
}

/** Text nodes a selection keeps. */
export function textNodesOf(doc: Doc, selection: Selection): Uint8Array {
  const chosen = new Uint8Array(doc.size);
  const { kind } = doc.columns;
  for (let node = 0; node < doc.size; node++)
    if (selection.kept[node] && kind[node] === NodeKind.Text) chosen[node] = 1;
  return chosen;
}

/**
 * Every candidate but 'balanced', which the caller builds as the extractor's own answer (with
 * its fallback) and passes in.
 */
export function buildCandidates(inputs: CandidateInputs, balanced: Candidate): Candidate[] {
  const { rows, probabilities } = inputs;
  const list: Candidate[] = [balanced];
  for (const name of ['precision', 'recall', 'strict', 'loose'] as const)
    list.push(modelCandidate(name, inputs, CANDIDATE_THRESHOLDS[name] as number));
  list.push(modelCandidate('raw', inputs, 0.5, false));
  const run = mainRun(rows, probabilities, 0.5);
  list.push(candidate('main-run', inputs, run, finishChosen(inputs, run, true)));
  const region = heuristicCandidate(inputs);
  list.push(region, unionCandidate(inputs, balanced, region));
  const structured = structuredBlocks(rows);
  if (structured)
    list.push(candidate('structured', inputs, structured, finishChosen(inputs, structured, false)));
  const paragraphs = paragraphsCandidate(inputs);
  if (paragraphs) list.push(paragraphs);
  return list;
}

/** The heuristic stage's region as a candidate. */
function heuristicCandidate(inputs: CandidateInputs): Candidate {
  const { selection } = inputs.rows.heuristic;
  return { name: 'heuristic', chosen: textNodesOf(inputs.doc, selection), selection };
}

/**
 * The heuristic stage's region joined to the answer, which the body guard reads too
 * (body-guard.ts); `region` when the caller has built it already.
 */
export function unionCandidate(
  inputs: CandidateInputs,
  balanced: Candidate,
  region: Candidate = heuristicCandidate(inputs),
): Candidate {
  const union = balanced.chosen.slice();
  for (let node = 0; node < inputs.doc.size; node++) if (region.chosen[node]) union[node] = 1;
  return candidate('union', inputs, union);
}

/** The paragraph scorer's candidate, which the body guard reads too; `paragraphs` when the caller has scored them. */
export function paragraphsCandidate(inputs: CandidateInputs, paragraphs: Uint8Array): Candidate;
export function paragraphsCandidate(inputs: CandidateInputs): Candidate | undefined;
export function paragraphsCandidate(
  inputs: CandidateInputs,
  paragraphs = paragraphBlocks(inputs.rows),
): Candidate | undefined {
  return paragraphs && candidate('paragraphs', inputs, paragraphs, finishChosen(inputs, paragraphs, false));
}

/** The recall or loose mode's candidate, which the body guard reads (body-guard.ts), as `buildCandidates` builds it. */
export function modeCandidate(name: 'recall' | 'loose', inputs: CandidateInputs): Candidate {
  return modelCandidate(name, inputs, CANDIDATE_THRESHOLDS[name] as number);
}
