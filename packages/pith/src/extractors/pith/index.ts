/**
 * `pith`, the default extractor: a heuristic stage (Readability-style pruning,
 * scoring and region choice) followed by a learned block classifier that
 * decides, for every text block of the page, whether it is main content — from
 * the block's text statistics, tags, landmarks, class/id cues, neighbours,
 * container, page context and the heuristic stage's verdict.
 * See docs/algorithms/default.md.
 */
import { type Doc, type Extraction, NodeKind, type Selection, tick } from '../../dom/index.js';
import { type Blocks, ScratchMatrix } from '../../features/blocks/index.js';
import {
  decidePageType,
  loadPageTypeModel,
  PAGE_TYPES,
  type PageType,
  type PageTypeDecision,
  type PageTypeModel,
} from '../../features/page-type/index.js';
import type { Extractor, ExtractorContext } from '../types.js';
import {
  FOOTER_TEXT_CANDIDATES,
  footerTextWanted,
  guardBody,
  guardFooterText,
  guardWanted,
  paragraphsWanted,
  readsAsFooterText,
  yieldsToListing,
} from './body-guard.js';
import {
  blocksAt,
  buildCandidates,
  CANDIDATE_THRESHOLDS,
  type Candidate,
  type CandidateInputs,
  finishChosen,
  modeCandidate,
  paragraphBlocks,
  paragraphsCandidate,
  selectionOf,
  textNodesOf,
  unionCandidate,
} from './candidates.js';
import { chooseCandidate, loadChoiceModel, SHIPPED_CHOICE_MODELS } from './choice.js';
import {
  CHOICE_FEATURE_NAMES,
  CHOICE_LOG_WORDS,
  CHOICE_WIDTH,
  type ChoicePage,
  choiceFeatures,
} from './choice-features.js';
import { unshownEmbeddedBody } from './embedded-body.js';
import { type FavorMode, type FavorSwitch, switchedFavor } from './favor-switch.js';
import { HEURISTIC_DEFAULTS, type HeuristicDiagnostics, type HeuristicOptions } from './heuristic.js';
import {
  type BlockModel,
  loadBlockModel,
  loadStackModel,
  SHIPPED_BLOCK_MODELS,
  SHIPPED_STACK_MODELS,
} from './model.js';
import type { PostRuleCounts } from './post-rules.js';
import {
  LISTING_CARD_GATE,
  LISTING_GATE,
  LISTING_TYPES,
  listingAnswer,
  postsAnswer,
  regionBesideGroup,
  screenReaderOnlyText,
} from './repeated.js';
import { type PageRows, pageRows } from './rows.js';
import { STACK_FEATURE_NAMES, STACK_WIDTH, stackRows } from './stack-features.js';
import { textFeatures } from './text-features.js';

// For the training and benchmark scripts (through src/internal.ts): the rows the classifier reads.
export { BODY_CANDIDATES, type BodyGuardOutcome, guardBody, guardFooterText } from './body-guard.js';
export { CANDIDATE_NAMES, type Candidate, type CandidateName, selectionOf } from './candidates.js';
export {
  CHOICE_MODEL_FORMAT,
  CHOICE_MODEL_VERSION,
  type ChoiceModel,
  type ChoiceModelFile,
  choiceModelFromJson,
  DEFAULT_CHOICE_MODEL,
  guardFooter,
  loadChoiceModel,
} from './choice.js';
export { type FavorMode, type FavorSwitch, NO_FAVOR_SWITCH, switchedFavor } from './favor-switch.js';
export { runHeuristic } from './heuristic.js';
export { type BlockModel, DEFAULT_BLOCK_MODEL, loadBlockModel } from './model.js';
export { wrapsProse } from './prune.js';
export {
  anchoredGroup,
  groupTextNodes,
  keptItems,
  LISTING_CARD_GATE,
  LISTING_GATE,
  LISTING_GATE_FEATURE_NAMES,
  LISTING_SHARE,
  type ListingGateCondition,
  type ListingGateFeature,
  type ListingPageType,
  listingAnswer,
  listingGateFeatures,
  REGION_BODY_WORDS,
  REGION_FEW_ITEMS,
  REGION_GROUP_SHARE,
  type RepeatedGroup,
  regionBesideGroup,
  repeatedGroup,
  templateTextNodes,
} from './repeated.js';
export { PAGE_FEATURES, type PageRows, pageRows } from './rows.js';
export { STACK_FEATURE_NAMES, STACK_WIDTH, type StackInputs, stackRows } from './stack-features.js';
export { TEXT_FEATURE_NAMES, TEXT_WIDTH, textFeatures } from './text-features.js';
export { CHOICE_FEATURE_NAMES, CHOICE_WIDTH };

/** The second stage's probability per block, from the first stage's and the block rows. */
function stackProbabilities(
  stack: BlockModel,
  first: Float64Array,
  features: { values: Float32Array; names: readonly string[] },
): Float64Array {
  stack.checkFeatures(STACK_FEATURE_NAMES);
  const rows = stackRows({
    probabilities: first,
    values: features.values,
    names: features.names,
    count: first.length,
  });
  const second = new Float64Array(first.length);
  for (let block = 0; block < first.length; block++) {
    tick('pith');
    second[block] = stack.predict(rows, block * STACK_WIDTH);
  }
  return second;
}

export interface PithOptions extends HeuristicOptions {
  /** What to favour when a block is in doubt ('auto': per page, by its page type; favor-switch.ts). */
  favor: FavorMode | 'auto';
  /** Block classifier: '' = the shipped models/pith-blocks.json, a shipped model's name, 'none' = heuristic only, or (the tools) a model file their reader knows. */
  model: string;
  /** When the classifier keeps no block, answer with the heuristic stage's region instead of nothing. */
  fallback: boolean;
  /** Apply the post-rules (orphan headings, link teasers, copyright lines, leads; figures follow the classifier). */
  postRules: boolean;
  /** Keep the `<figcaption>` of figures that sit between kept text. */
  captions: boolean;
  /**
   * Never a footer for a body (body-guard.ts): when the answer is tiny beside the recall mode's, a
   * body, that answers; when the answer is no body and the heuristic region joined to it is, that.
   */
  bodyGuard: boolean;
  /**
   * A listing's repeated siblings (repeated.ts): on a page the page-type classifier reads as a
   * listing or collection, the cards the answer dropped join it when the answer is small beside them
   * (and, with `listingGate`, the page passes the listing gate). On by default since the gate.
   */
  listingProfile: boolean;
  /** With `listingProfile`: the profile answers only where the listing gate holds (repeated.ts, LISTING_GATE). */
  listingGate: boolean;
  /**
   * A blog's day page (repeated.ts, postsAnswer): where the answer is one of several sibling posts
   * of one shape (prose, few links), the other posts join it. After the listing profile and the guard.
   */
  postsProfile: boolean;
  /**
   * With `listingProfile`, where the profile answers: in each kept card, the lines at the places
   * (tag/class path inside the card) that half or more of the kept cards keep — a price, date or
   * byline the block model dropped in some cards (repeated.ts, cardTemplateTextNodes).
   */
  listingCardTemplate: boolean;
  /**
   * On a page the page-type classifier reads as a listing or collection, leave out the text only
   * screen readers get (`sr-only`, `visually-hidden`, `screen-reader-text` …: a card's rating read
   * aloud, "Add … to compare"), which the page does not show (repeated.ts, screenReaderOnlyText).
   */
  screenReaderText: boolean;
  /**
   * A page whose article is only embedded data (JSON-LD `articleBody`, rendered by a script): when
   * the page's shown text holds under half of a long embedded body's words and the answer is small
   * beside it, that body answers (embedded-body.ts).
   */
  embeddedBody: boolean;
  /** Build the candidate selections (candidates.ts) even without a choice model (for the choice's trainer). */
  candidates: boolean;
  /** The choice among the candidates: '' = the shipped models/pith-choice.json, 'none' = the balanced answer, or a model file. */
  choice: string;
  /**
   * The second-stage block model (stacking: each block re-read with its neighbours' probabilities and
   * the candidates it is in): '' = the shipped one when one ships, 'none' = the first stage alone, or a model file.
   */
  stack: string;
}

export interface PithDiagnostics {
  heuristic: HeuristicDiagnostics;
  /**
   * 'model' when the block classifier decided; 'heuristic' when it did not run or kept
   * nothing; 'fallback' when what it kept was tiny beside the heuristic stage's region
   * (the body missed: the region is the answer, with the model's blocks added).
   */
  decidedBy: 'model' | 'heuristic' | 'fallback';
  /** Words the classifier kept and words of the heuristic stage's region (when the model ran). */
  keptWords?: number;
  regionWords?: number;
  /** Blocks on the page and how many were kept. */
  blocks: number;
  keptBlocks: number;
  /** The probability threshold used. */
  threshold: number;
  /** What the post-rules changed (blocks dropped or kept per rule), when they ran. */
  postRules?: PostRuleCounts;
  /** What kind of page this is (the page-type recogniser on the features the blocks already read). */
  pageType: { type: PageType; probability: number; probabilities: Record<PageType, number> };
  /** How sure the block classifier was, when it ran: what the quality estimate reads. */
  confidence?: BlockConfidence;
  /** Figure captions kept between kept text (when `captions` is on). */
  captions?: number;
  /** The learned choice among the candidate selections, when a choice model ran. */
  choice?: ChoiceDiagnostics;
  /**
   * The body guard's answer, when it replaced the block model's (tiny beside it, or, with
   * `footerText`, the answer read as a footer's text): the candidate's name.
   */
  bodyGuard?: { answer: string; footerText?: true };
  /** The repeated sibling group joined to the answer (`listingProfile`): its items and words. */
  listing?: { items: number; words: number };
  /**
   * The group the listing profile would have joined, where the heuristic region answered instead
   * (repeated.ts, `regionBesideGroup`): its items and words.
   */
  regionBesideListing?: { items: number; words: number };
  /** The sibling posts joined to the answer (`postsProfile`): their items and words. */
  posts?: { items: number; words: number };
  /** Text nodes of screen-reader-only text left out of a listing's or collection's answer (`screenReaderText`). */
  screenReaderText?: number;
  /**
   * The page's embedded body answered (`embeddedBody`): its words and the share of them the page
   * shows; the extraction's `doc` is then that body's own document.
   */
  embeddedBody?: { words: number; shownShare: number };
}

/** Which candidate won and by how much (issue 37). */
export interface ChoiceDiagnostics {
  /** The chosen candidate ('balanced' is the block model's own answer). */
  chosen: string;
  /** Its calibrated estimated F1: the result's quality. */
  estimate: number;
  /** How far its estimate is above the balanced answer's (trees' scale; 0 when balanced won). */
  margin: number;
  /** The footer guard overruled the highest estimate (a body candidate answers). */
  guarded?: true;
  /** Every candidate's estimate (trees' scale) and words. */
  candidates: { name: string; estimate: number; words: number }[];
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The block classifier's margins over the page, weighted by each block's characters. */
export interface BlockConfidence {
  /** Mean of |2p − 1| over the page's text: 1 = every block far from doubt. */
  meanMargin: number;
  /** Share of the page's text in blocks with 0.2 < p < 0.8. */
  uncertainShare: number;
  /** Mean probability of the kept blocks' text (before post-rules and fallback). */
  keptMeanProbability: number;
  /** Share of the kept text whose probability is within 0.15 above the threshold. */
  keptNearShare: number;
  /** Share of the page's dropped text whose probability is within 0.15 below the threshold. */
  droppedNearShare: number;
  /** Runs of consecutive kept blocks in page order: 1 = one stretch of content. */
  keptRuns: number;
  /** Share of the page's text the classifier kept. */
  keptShare: number;
  /**
   * What the probabilities say the recall is, read as calibrated: the probable main text kept,
   * Σ_kept p·chars, over all probable main text, Σ p·chars.
   */
  expectedRecall: number;
  /** F1 of `keptMeanProbability` (the expected precision) and `expectedRecall`. */
  expectedF1: number;
  /** Probable main text dropped, Σ_dropped p·chars, over the kept text: what a miss would cost. */
  droppedMass: number;
  /** Share of the kept text in blocks that end a sentence (prose, not menus or captions). */
  keptSentenceShare: number;
}

/** Probability distance from the threshold within which a block counts as "near" it. */
const NEAR = 0.15;

const DEFAULTS: PithOptions = {
  ...HEURISTIC_DEFAULTS,
  favor: 'balanced',
  model: '',
  fallback: true,
  postRules: true,
  captions: true,
  bodyGuard: true,
  listingProfile: true,
  listingGate: true,
  postsProfile: true,
  listingCardTemplate: true,
  screenReaderText: true,
  embeddedBody: true,
  candidates: false,
  choice: '',
  stack: '',
};

const VERSION = '0.3.7';

/**
 * The body was missed when the model kept less than this share of the heuristic stage's
 * region, and that region is a body: at least `MIN_FALLBACK_REGION_WORDS` words. Seen on
 * blogs whose posts the model cut to their headline (issue 16, class 5). The share is
 * small on purpose: with 1/3, and the largest low-link candidate as the region, the
 * fallback fired on 17 L3S-GN1 pages where the model was right and the candidate was the
 * whole page (cross-validated F1 0.956 → 0.938).
 */
const FALLBACK_SHARE = 0.1;
const MIN_FALLBACK_REGION_WORDS = 150;

/** Probability thresholds per `favor` mode. */
const THRESHOLDS: Record<FavorMode, number> = { balanced: 0.5, precision: 0.65, recall: 0.35 };

/**
 * `favor: 'auto'`: precision on pages whose article probability is at least `precisionFrom`,
 * recall below `recallBelow`: the rule tuned on all 1,434 pages of the third session (never
 * precision, recall below 0.05). Held out it does not beat balanced, so it is not the default
 * (docs/algorithms/default.md, "Third session (issue 37)").
 */
export const AUTO_FAVOR_SWITCH: FavorSwitch = { precisionFrom: 2, recallBelow: 0.05 };

/** Words of the visible text nodes marked in `chosen` and in `region`, in one pass over the page. */
function wordsOf(doc: Doc, chosen: Uint8Array, region: Uint8Array): { kept: number; region: number } {
  const { kind, hidden } = doc.columns;
  let kept = 0;
  let inRegion = 0;
  for (let node = 0; node < doc.size; node++) {
    if (kind[node] !== NodeKind.Text || hidden[node] || !(chosen[node] || region[node])) continue;
    const words = doc.wordCount(node);
    if (chosen[node]) kept += words;
    if (region[node]) inRegion += words;
  }
  return { kept, region: inRegion };
}

/**
 * A candidate's text as lines, one per block it keeps text of (what text-features.ts reads): the
 * footer-text rule reads it before any text is rendered.
 */
function candidateLines(inputs: CandidateInputs, chosen: Uint8Array): string {
  const { blocks } = inputs.rows;
  const lines: string[] = [];
  for (let block = 0; block < blocks.count; block++) {
    let line = '';
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
      const node = blocks.textNodes[k];
      if (chosen[node]) line += inputs.doc.text(node);
    }
    line = line.replace(/\s+/gu, ' ').trim();
    if (line !== '') lines.push(line);
  }
  return lines.join('\n');
}

/**
 * The body guard over one page (body-guard.ts): a candidate is built only when the answer's words
 * are few beside its words as counted before (the recall and loose blocks': one pass over the
 * block probabilities; the heuristic region's), and it answers when the guard says so. Where the
 * guard leaves the answer and a candidate could be twice its size, the answer's text is read for
 * the footer-text rule, and the candidates' texts only where it reads as a footer.
 */
function guardPage(
  page: ChoicePage,
  inputs: CandidateInputs,
  own: Candidate,
  words: { answer: number; region: number },
): { candidate: Candidate; footerText: boolean; rule?: string } | undefined {
  const { blocks } = inputs.rows;
  const recallThreshold = CANDIDATE_THRESHOLDS.recall as number;
  const looseThreshold = CANDIDATE_THRESHOLDS.loose as number;
  let recallWords = 0;
  let looseWords = 0;
  for (let block = 0; block < blocks.count; block++) {
    const probability = page.probabilities[block];
    if (probability >= recallThreshold) recallWords += blocks.words[block];
    if (probability >= looseThreshold) looseWords += blocks.words[block];
  }
  const wanted = guardWanted(words.answer, { recall: recallWords, loose: looseWords, region: words.region });
  const list = [own];
  // The paragraph scorer's element, scored only where its rule could look, built only where it could answer.
  const paragraphs = wanted.paragraphs ? paragraphBlocks(inputs.rows) : undefined;
  const withParagraphs =
    paragraphs !== undefined &&
    paragraphsWanted(words.answer, wordsOf(inputs.doc, paragraphs, paragraphs).kept);
  if (wanted.recall || wanted.union || wanted.loose || withParagraphs) {
    if (wanted.recall || withParagraphs) list.push(modeCandidate('recall', inputs));
    if (wanted.union) list.push(unionCandidate(inputs, own));
    if (wanted.loose) list.push(modeCandidate('loose', inputs));
    if (paragraphs && withParagraphs) list.push(paragraphsCandidate(inputs, paragraphs));
    const { chosen, rule } = guardBody(
      choiceFeatures(page, list),
      list.map((candidate) => candidate.name),
      // footerByText: a candidate's text is read only where its footer cues alone keep it out.
      (index) => textFeatures(candidateLines(inputs, list[index].chosen), null),
    );
    if (chosen > 0) return { candidate: list[chosen], footerText: false, ...(rule ? { rule } : {}) };
  }
  if (!footerTextWanted(words.answer, looseWords)) return undefined;
  const answerText = textFeatures(candidateLines(inputs, own.chosen), null);
  if (!readsAsFooterText(answerText)) return undefined;
  const built = new Set(list.map((candidate) => candidate.name));
  for (const name of FOOTER_TEXT_CANDIDATES) if (!built.has(name)) list.push(modeCandidate(name, inputs));
  const texts = list.map((candidate, index) =>
    index === 0 ? answerText : textFeatures(candidateLines(inputs, candidate.chosen), null),
  );
  const { chosen } = guardFooterText(
    choiceFeatures(page, list),
    list.map((candidate) => candidate.name),
    texts,
  );
  return chosen > 0 ? { candidate: list[chosen], footerText: true } : undefined;
}

/** The default extractor. */
export const pith: Extractor<PithOptions, PithDiagnostics> = {
  name: 'pith',
  version: VERSION,
  description:
    'Default: a heuristic stage finds the likely article region, then a learned classifier keeps or drops every text block.',
  parameters: [
    {
      name: 'favor',
      type: 'string',
      default: DEFAULTS.favor,
      choices: ['balanced', 'precision', 'recall', 'auto'],
      description:
        'precision keeps only blocks the model is sure of; recall keeps blocks in doubt too; auto: one per page, by its type.',
    },
    {
      name: 'model',
      type: 'string',
      default: DEFAULTS.model,
      description:
        "Block classifier: '' = the shipped one, a shipped model's name, 'none' = heuristic stage only; the CLI also takes a model file.",
      models: ['', 'none', ...SHIPPED_BLOCK_MODELS],
    },
    {
      name: 'fallback',
      type: 'boolean',
      default: DEFAULTS.fallback,
      description:
        "When the classifier keeps nothing, answer with the heuristic stage's region (false: an empty result).",
    },
    {
      name: 'postRules',
      type: 'boolean',
      default: DEFAULTS.postRules,
      description:
        'After the classifier: drop headings of dropped sections, "Read more: <link>" lines and copyright lines, keep leads (false: the classifier and structures only, figures kept whole as before).',
    },
    {
      name: 'captions',
      type: 'boolean',
      default: DEFAULTS.captions,
      description: 'Keep the captions (<figcaption>) of figures that sit between kept text.',
    },
    {
      name: 'bodyGuard',
      type: 'boolean',
      default: DEFAULTS.bodyGuard,
      description:
        "Never a footer for a body: when the answer is tiny beside the recall mode's (or, under 50 words, beside the heuristic region joined to it) and that reads as a body, that answers.",
    },
    {
      name: 'listingProfile',
      type: 'boolean',
      default: DEFAULTS.listingProfile,
      description:
        "On a page read as a listing or collection, join the repeated sibling group (its cards' titles and teasers) to an answer small beside it.",
    },
    {
      name: 'listingGate',
      type: 'boolean',
      default: DEFAULTS.listingGate,
      description:
        'With listingProfile: join the group only where the listing gate (learned on the block sets, news pages among them) holds.',
    },
    {
      name: 'postsProfile',
      type: 'boolean',
      default: DEFAULTS.postsProfile,
      description:
        "Where the answer is one of several sibling posts of one shape (a blog's day page: prose, few links), join the other posts.",
    },
    {
      name: 'listingCardTemplate',
      type: 'boolean',
      default: DEFAULTS.listingCardTemplate,
      description:
        'With listingProfile, where it answers: keep in each kept card the lines at the places half or more of the kept cards keep (a price, date or byline).',
    },
    {
      name: 'screenReaderText',
      type: 'boolean',
      default: DEFAULTS.screenReaderText,
      description:
        'On a page read as a listing or collection, leave out text only screen readers get (sr-only, visually-hidden): ratings read aloud, "Add … to compare".',
    },
    {
      name: 'embeddedBody',
      type: 'boolean',
      default: DEFAULTS.embeddedBody,
      description:
        "When the page's HTML does not show its article but embeds it as data (JSON-LD articleBody, 150+ words, under half of them shown) and the answer is small beside it, that body answers.",
    },
    {
      name: 'candidates',
      type: 'boolean',
      default: DEFAULTS.candidates,
      description: 'Also build the candidate selections the choice reads (for its trainer and benches).',
    },
    {
      name: 'choice',
      type: 'string',
      default: DEFAULTS.choice,
      description:
        "The learned choice among candidate selections: '' = the shipped one, 'none' = the block model's answer alone; the library and CLI also take a model file.",
      models: ['', 'none', ...SHIPPED_CHOICE_MODELS],
    },
    {
      name: 'stack',
      type: 'string',
      default: DEFAULTS.stack,
      description:
        "The second-stage block model, which re-reads each block with its neighbours' probabilities and the candidates it is in: '' = the shipped one, 'none' = the first stage alone; the CLI also takes a model file.",
      models: ['', 'none', ...SHIPPED_STACK_MODELS],
    },
    {
      name: 'minParagraphLength',
      type: 'number',
      default: DEFAULTS.minParagraphLength,
      description: 'Heuristic stage: minimum own-text length for a block to score as a paragraph.',
    },
    {
      name: 'ancestorLevels',
      type: 'number',
      default: DEFAULTS.ancestorLevels,
      description: 'Heuristic stage: how many ancestors receive a paragraph score.',
    },
    {
      name: 'siblingShare',
      type: 'number',
      default: DEFAULTS.siblingShare,
      description:
        "Heuristic stage: a sibling joins the region when it scores this share of the winner's score.",
    },
    {
      name: 'maxLinkDensity',
      type: 'number',
      default: DEFAULTS.maxLinkDensity,
      description: 'Heuristic stage: blocks inside the region whose link density is above this are dropped.',
    },
  ],
  extract(doc: Doc, options: Partial<PithOptions>, context: ExtractorContext): Extraction<PithDiagnostics> {
    const settings = { ...DEFAULTS, ...options };
    // The block rows' matrix is lent for this call and handed back however it ends (ScratchMatrix).
    const matrix = ROWS_MATRIX.borrow();
    try {
      return extractFromRows(doc, settings, context, pageRows(doc, settings, context, matrix));
    } finally {
      matrix?.giveBack();
    }
  },
};

/**
 * Each page's type, decided once from its page-type features (a fresh array per page, never
 * written after `pageRows`): the listing profile, the choice's rows and the diagnostics (which the
 * metadata choice of `extract()` reads on every page) asked the seven models each in turn.
 */
const DECIDED_PAGE_TYPE = new WeakMap<Float32Array, { model: PageTypeModel; decision: PageTypeDecision }>();

/** The page types of a shop's pages: a product's or a category's, where buyers' reviews are not the text. */
const SHOP_TYPES: readonly string[] = ['product', 'collection'];

function pageTypeOf(features: Float32Array): PageTypeDecision {
  const model = loadPageTypeModel();
  const known = DECIDED_PAGE_TYPE.get(features);
  if (known !== undefined && known.model === model) return known.decision;
  const decision = decidePageType(features, model);
  DECIDED_PAGE_TYPE.set(features, { model, decision });
  return decision;
}

/** Blocks the block model scores between two deadline counts (`BlockModel.predictRows`). */
const PREDICT_STRETCH = 256;

/** One matrix for the block rows of every page this realm extracts, one page at a time. */
const ROWS_MATRIX = new ScratchMatrix();

/** The default extractor's answer from the page's rows (read only within this call). */
function extractFromRows(
  doc: Doc,
  settings: PithOptions,
  context: ExtractorContext,
  rows: PageRows,
): Extraction<PithDiagnostics> {
  const favor: FavorMode =
    settings.favor === 'auto'
      ? switchedFavor(pageTypeOf(rows.pageTypeFeatures).probabilities.article, AUTO_FAVOR_SWITCH)
      : settings.favor;
  const threshold = THRESHOLDS[favor] ?? THRESHOLDS.balanced;
  const { heuristic, blocks, features } = rows;
  const model = settings.model === 'none' ? undefined : loadBlockModel(settings.model);
  let selection: Selection = heuristic.selection;
  let decidedBy: PithDiagnostics['decidedBy'] = 'heuristic';
  let keptBlocks = 0;
  let postRules: PostRuleCounts | undefined;
  let keptWords: number | undefined;
  let regionWords: number | undefined;
  let confidence: BlockConfidence | undefined;
  let captions: number | undefined;
  let candidates: Candidate[] | undefined;
  let choiceRows: Float32Array | undefined;
  let choice: ChoiceDiagnostics | undefined;
  let guard: { candidate: Candidate; footerText: boolean; rule?: string } | undefined;
  let listing: PithDiagnostics['listing'];
  let regionBesideListing: PithDiagnostics['regionBesideListing'];
  let posts: PithDiagnostics['posts'];
  let screenReaderText: number | undefined;
  if (model && blocks.count > 0) {
    model.checkFeatures(features.names);
    let probabilities: Float64Array = new Float64Array(blocks.count);
    // The blocks scored a stretch at a time, the deadline counted a block at a time as before.
    for (let from = 0; from < blocks.count; from += PREDICT_STRETCH) {
      const to = Math.min(blocks.count, from + PREDICT_STRETCH);
      tick('pith', to - from);
      model.predictRows(features.values, features.width, from, to, probabilities);
    }
    const stack = loadStackModel(settings.stack);
    if (stack) probabilities = stackProbabilities(stack, probabilities, features);
    const tally = new ConfidenceTally(threshold);
    for (let block = 0; block < blocks.count; block++) {
      const probability = probabilities[block];
      const kept = probability >= threshold;
      tally.add(probability, blocks.chars[block], kept, blocks.endsSentence[block] === 1);
      if (kept) keptBlocks++;
    }
    confidence = tally.result();
    const inputs: CandidateInputs = {
      doc,
      rows,
      probabilities,
      url: doc.url ?? context.metadata?.canonicalUrl,
      captions: settings.captions,
      articleProbability: () => pageTypeOf(rows.pageTypeFeatures).probabilities.article,
      shopPage: () => SHOP_TYPES.includes(pageTypeOf(rows.pageTypeFeatures).type),
    };
    const region = heuristic.selection.kept;
    // The answer as a candidate (row 0 of the guard's and the choice's rows).
    let own: Candidate;
    if (keptBlocks > 0 || !settings.fallback) {
      const chosen = blocksAt(rows, probabilities, threshold);
      // Captions before the post-rules, so that a credit repeated under every photo goes once more.
      const finished = finishChosen(inputs, chosen, settings.postRules);
      postRules = finished.postRules;
      captions = finished.captions;
      const words = wordsOf(doc, chosen, region);
      keptWords = words.kept;
      regionWords = words.region;
      decidedBy = 'model';
      if (
        settings.fallback &&
        regionWords >= MIN_FALLBACK_REGION_WORDS &&
        keptWords < FALLBACK_SHARE * regionWords
      ) {
        // The body was missed: answer with the region, plus what the model kept outside it.
        for (let node = 0; node < doc.size; node++) if (region[node]) chosen[node] = 1;
        decidedBy = 'fallback';
      }
      const answer = selectionOf(doc, chosen);
      selection = answer;
      own = { name: 'balanced', chosen, selection: answer, ...finished };
    } else {
      // The model kept no block: the heuristic stage's region answers, and the guard still
      // looks at what the model nearly kept (an empty answer is a body missed when they read as one).
      own = { name: 'balanced', chosen: textNodesOf(doc, heuristic.selection), selection };
    }
    // No choice model where the model kept nothing: it was trained on pages where it kept some.
    const chooser = decidedBy === 'heuristic' ? undefined : loadChoiceModel(settings.choice);
    if (settings.bodyGuard && !chooser && decidedBy !== 'fallback') {
      const page: ChoicePage = { rows, probabilities, meanMargin: 0, uncertainShare: 0, pageTypes: [] };
      // Where the model kept nothing the answer is the region itself.
      const answerWords = keptWords ?? wordsOf(doc, own.chosen, region).kept;
      guard = guardPage(page, inputs, own, { answer: answerWords, region: regionWords ?? answerWords });
    }
    // The guard's last rules (looseNear, looseGrown) give way to the listing profile
    // (`yieldsToListing`). (The listing profile reads the model's own blocks, not the guard's answer.)
    const guardYields = yieldsToListing(guard?.rule);
    if (settings.listingProfile && decidedBy === 'model' && (!guard || guardYields) && !chooser) {
      const listed = listingAnswer(
        blocks,
        own.chosen,
        keptWords ?? 0,
        () => pageTypeOf(rows.pageTypeFeatures),
        () => modeCandidate('loose', inputs).chosen,
        settings.listingGate
          ? { gates: [LISTING_GATE, LISTING_CARD_GATE], pageTypeFeatures: rows.pageTypeFeatures }
          : undefined,
        settings.listingCardTemplate,
      );
      if (listed && !guard && regionBesideGroup(doc, listed.group, own.chosen, region, regionWords ?? 0)) {
        // The model's answer and the heuristic region read two parts of the page: the region answers.
        selection = heuristic.selection;
        regionBesideListing = { items: listed.group.items.length, words: listed.group.words };
      } else if (listed) {
        selection = selectionOf(doc, listed.chosen);
        listing = { items: listed.group.items.length, words: listed.group.words };
        guard = undefined;
      }
    }
    // A blog's day page: the answer is one post of several; the others join it (repeated.ts,
    // postsAnswer). Only where neither the listing profile nor the guard answered.
    if (
      settings.postsProfile &&
      decidedBy === 'model' &&
      !guard &&
      !listing &&
      !regionBesideListing &&
      !chooser
    ) {
      const joined = postsAnswer(blocks, own.chosen, keptWords ?? 0);
      if (joined) {
        selection = selectionOf(doc, joined.chosen);
        posts = { items: joined.group.items.length, words: joined.group.words };
      }
    }
    if (guard) {
      selection = guard.candidate.selection;
      postRules = guard.candidate.postRules;
      captions = guard.candidate.captions;
    }
    if (settings.screenReaderText && decidedBy === 'model' && !chooser) {
      // A listing's or collection's cards carry text only screen readers get (a rating read aloud,
      // "Add … to compare", a price said twice): the page does not show it (repeated.ts).
      // The page type first: extract()'s metadata choice decides it on every page anyway.
      const hidden = LISTING_TYPES.includes(pageTypeOf(rows.pageTypeFeatures).type)
        ? screenReaderOnlyText(doc)
        : undefined;
      if (hidden) {
        const chosen = textNodesOf(doc, selection);
        let dropped = 0;
        for (let node = 0; node < doc.size; node++)
          if (hidden[node] && chosen[node]) {
            chosen[node] = 0;
            dropped++;
          }
        if (dropped > 0) {
          selection = selectionOf(doc, chosen);
          screenReaderText = dropped;
        }
      }
    }
    if (settings.candidates || chooser) {
      candidates = buildCandidates(inputs, own);
      const typed = pageTypeOf(rows.pageTypeFeatures);
      choiceRows = choiceFeatures(
        {
          rows,
          probabilities,
          meanMargin: confidence.meanMargin,
          uncertainShare: confidence.uncertainShare,
          pageTypes: PAGE_TYPES.map((type) => typed.probabilities[type]),
        },
        candidates,
      );
      if (chooser) {
        const found = candidates;
        const words = (index: number) => choiceRows?.[index * CHOICE_WIDTH + CHOICE_LOG_WORDS] ?? 0;
        // The favor modes keep their sense: precision never answers with more than its own
        // answer's words, recall never with fewer.
        const eligible = (index: number) =>
          favor === 'precision'
            ? words(index) <= words(0) + 1e-6
            : favor === 'recall'
              ? words(index) >= words(0) - 1e-6
              : true;
        const outcome = chooseCandidate(chooser, choiceRows, found, eligible);
        const winner = found[outcome.chosen];
        choice = {
          chosen: winner.name,
          estimate: round3(chooser.calibrated(outcome.raw[outcome.chosen])),
          margin: round3(outcome.raw[outcome.chosen] - outcome.raw[0]),
          ...(outcome.guarded ? { guarded: true } : {}),
          candidates: found.map((candidate, index) => ({
            name: candidate.name,
            estimate: round3(outcome.raw[index]),
            words: Math.round(Math.expm1(words(index))),
          })),
        };
        if (outcome.chosen !== 0) {
          selection = winner.selection;
          postRules = winner.postRules;
          captions = winner.captions;
        }
      }
    }
  }
  // Built in steps so that the keys keep their order (… postRules, pageType, confidence, captions).
  const diagnostics = {
    heuristic: heuristic.diagnostics,
    decidedBy,
    blocks: blocks.count,
    keptBlocks,
    threshold,
    ...(keptWords === undefined ? {} : { keptWords, regionWords }),
    ...(postRules ? { postRules } : {}),
  } as PithDiagnostics;
  withLazyPageType(diagnostics, rows.pageTypeFeatures);
  if (confidence) diagnostics.confidence = confidence;
  if (choice) diagnostics.choice = choice;
  if (guard)
    diagnostics.bodyGuard = {
      answer: guard.candidate.name,
      ...(guard.footerText ? { footerText: true } : {}),
    };
  if (listing) diagnostics.listing = listing;
  if (regionBesideListing) diagnostics.regionBesideListing = regionBesideListing;
  if (posts) diagnostics.posts = posts;
  if (screenReaderText !== undefined) diagnostics.screenReaderText = screenReaderText;
  if (captions !== undefined) diagnostics.captions = captions;
  const embedded = settings.embeddedBody
    ? unshownEmbeddedBody(doc, selection, context.metadata?.structuredBody)
    : undefined;
  if (embedded) diagnostics.embeddedBody = { words: embedded.words, shownShare: round3(embedded.shownShare) };
  const extraction: Extraction<PithDiagnostics> = {
    extractor: 'pith',
    version: VERSION,
    doc: embedded?.doc ?? doc,
    selection: embedded?.selection ?? selection,
    roots: heuristic.roots,
    diagnostics,
  };
  if (embedded) PAGE_DOC.set(extraction, doc);
  if (candidates && choiceRows)
    CANDIDATES.set(extraction, {
      candidates,
      features: choiceRows,
      blocks,
      pageTypeFeatures: rows.pageTypeFeatures,
    });
  return extraction;
}

/** The page's own document where an extraction's is another (its embedded body's). */
const PAGE_DOC = new WeakMap<Extraction, Doc>();

/**
 * The page's document: the one the candidates, the blocks and the page's rows select in. It is the
 * extraction's own `doc` except where the embedded body answered (embedded-body.ts).
 */
export function pageDocOf(extraction: Extraction): Doc {
  return PAGE_DOC.get(extraction) ?? extraction.doc;
}

/** Each extraction's candidates, when they were built (for the choice's trainer and the benches). */
const CANDIDATES = new WeakMap<Extraction, PageCandidates>();

export interface PageCandidates {
  candidates: readonly Candidate[];
  /** The choice's feature rows, one per candidate (`CHOICE_FEATURE_NAMES`). */
  features: Float32Array;
  /** The page's blocks, for the benches' per-block views. */
  blocks: Blocks;
  /** The page-type features (the listing gate's bench reads its article schema). */
  pageTypeFeatures: Float32Array;
}

/** The candidate selections the default extractor built for this extraction (see candidates.ts). */
export function candidatesOf(extraction: Extraction): PageCandidates | undefined {
  return CANDIDATES.get(extraction);
}

/** Where the diagnostics keep the page-type features until the page type is read (not enumerable). */
const PAGE_TYPE_FEATURES = Symbol('page-type features');

interface PendingPageType {
  [PAGE_TYPE_FEATURES]: Float32Array;
}

/**
 * The page type of the diagnostics, decided when first read: only the quality step (itself run
 * when its answer is read), JSON diagnostics and the training scripts read it, so Markdown, text
 * and HTML through `extract()` do not pay for the seven page-type models (about 0.1 ms a page).
 * On first read (or write) the getter leaves a plain data property in its place. The getter and
 * setter are the same functions for every page: a getter written in the object literal would be
 * a new function per page, and V8 would give every page's diagnostics a hidden class of its own
 * holding it (see `LazyAssessment` in src/index.ts for what that costs the collector).
 */
const LAZY_PAGE_TYPE: PropertyDescriptor = {
  get(this: PithDiagnostics & PendingPageType): PithDiagnostics['pageType'] {
    const typed = pageTypeOf(this[PAGE_TYPE_FEATURES]);
    const pageType = {
      type: typed.type,
      probability: typed.probabilities[typed.type],
      probabilities: typed.probabilities,
    };
    settle(this, pageType);
    return pageType;
  },
  set(this: PithDiagnostics, pageType: PithDiagnostics['pageType']): void {
    settle(this, pageType);
  },
  enumerable: true,
  configurable: true,
};

function settle(diagnostics: PithDiagnostics, pageType: PithDiagnostics['pageType']): void {
  Object.defineProperty(diagnostics, 'pageType', {
    value: pageType,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/**
 * The page-type probabilities of an extraction's diagnostics (any extractor's: undefined when they
 * give none), read without settling the lazy `pageType`: the metadata choice reads them on every
 * page whose metadata is read, and turning the accessor into a data property there cost more than
 * the decision (a twentieth of the choice, V8 reshaping the diagnostics object).
 */
export function diagnosticsPageTypeProbabilities(
  diagnostics: unknown,
): Readonly<Record<string, number>> | undefined {
  if (typeof diagnostics !== 'object' || diagnostics === null) return undefined;
  const pending = Object.getOwnPropertyDescriptor(diagnostics, 'pageType')?.get === LAZY_PAGE_TYPE.get;
  if (pending) return pageTypeOf((diagnostics as PendingPageType)[PAGE_TYPE_FEATURES]).probabilities;
  return (diagnostics as { pageType?: { probabilities?: Record<string, number> } }).pageType?.probabilities;
}

function withLazyPageType(diagnostics: PithDiagnostics, features: Float32Array): void {
  Object.defineProperty(diagnostics, PAGE_TYPE_FEATURES, { value: features });
  Object.defineProperty(diagnostics, 'pageType', LAZY_PAGE_TYPE);
}

/** Sums of the classifier's probabilities over one page, block by block. */
class ConfidenceTally {
  private chars = 0;
  private margin = 0;
  private uncertain = 0;
  private keptChars = 0;
  private keptProbability = 0;
  private keptNear = 0;
  private droppedChars = 0;
  private droppedNear = 0;
  private runs = 0;
  private previousKept = false;
  private mass = 0;
  private droppedMass = 0;
  private keptSentences = 0;
  constructor(private readonly threshold: number) {}

  add(probability: number, chars: number, kept: boolean, endsSentence: boolean): void {
    this.chars += chars;
    this.mass += probability * chars;
    this.margin += chars * Math.abs(2 * probability - 1);
    if (probability > 0.2 && probability < 0.8) this.uncertain += chars;
    if (kept) {
      this.keptChars += chars;
      this.keptProbability += chars * probability;
      if (probability < this.threshold + NEAR) this.keptNear += chars;
      if (!this.previousKept) this.runs++;
      if (endsSentence) this.keptSentences += chars;
    } else {
      this.droppedChars += chars;
      this.droppedMass += probability * chars;
      if (probability >= this.threshold - NEAR) this.droppedNear += chars;
    }
    this.previousKept = kept;
  }

  result(): BlockConfidence {
    const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
    const precision = share(this.keptProbability, this.keptChars);
    const recall = share(this.keptProbability, this.mass);
    return {
      expectedRecall: recall,
      expectedF1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
      droppedMass: share(this.droppedMass, this.keptChars),
      keptSentenceShare: share(this.keptSentences, this.keptChars),
      meanMargin: share(this.margin, this.chars),
      uncertainShare: share(this.uncertain, this.chars),
      keptMeanProbability: share(this.keptProbability, this.keptChars),
      keptNearShare: share(this.keptNear, this.keptChars),
      droppedNearShare: share(this.droppedNear, this.droppedChars),
      keptRuns: this.runs,
      keptShare: share(this.keptChars, this.chars),
    };
  }
}
