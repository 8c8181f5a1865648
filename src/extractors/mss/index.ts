/**
 * `mss`: Maximum Subsequence Segmentation (Pasternack & Roth, "Extracting Article Text from the
 * Web with Maximum Subsequence Segmentation", WWW 2009), as seed 002 describes it: the page as a
 * sequence of tag, word and number tokens ({@link tokenize}); a naive Bayes token classifier
 * (token trigram, parent tag) gives each token P(content); its score is `p − offset` (the paper:
 * 0.5); the contiguous run of tokens with the largest score sum is the article. See
 * docs/algorithms/mss.md for what was followed and what had to be chosen.
 *
 * The selection keeps a text node when at least half of its words and numbers are in the run
 * (the run's ends can fall inside a text node; a node is all or nothing in a selection).
 */
import { type Doc, type Extraction, NodeKind, Selection, tick } from '../../dom/index.js';
import { PithError } from '../../errors.js';
import type { Extractor } from '../types.js';
import { contentProbabilities, type MssModel } from './model.js';
import { DEFAULT_MSS_MODEL, loadMssModel, SHIPPED_MSS_MODELS } from './model-file.js';
import { maximumSubsequence } from './segment.js';
import { TokenKind, tokenize } from './tokens.js';

export {
  contentProbabilities,
  END_TOKEN,
  MSS_MODEL_FORMAT,
  MSS_MODEL_FORMAT_VERSION,
  type MssFeatureFile,
  type MssModel,
  type MssModelFile,
  parseMssModel,
  trigramAt,
} from './model.js';
export { DEFAULT_MSS_MODEL, loadMssModel, SHIPPED_MSS_MODELS } from './model-file.js';
export { type MaximumSubsequence, maximumSubsequence } from './segment.js';
export { type MssTokens, NUMBER_TOKEN, TokenKind, tokenize, wordForm } from './tokens.js';

export interface MssOptions {
  /** The model: '' = the shipped models/mss.json, a shipped model's name, a name the tools' reader knows (a file path), or a loaded model. */
  model: string | MssModel;
  /** A token's score is P(content) − offset (the paper: 0.5). */
  offset: number;
}

export interface MssDiagnostics {
  offset: number;
  tokens: number;
  /** Tokens with P(content) > offset. */
  positiveTokens: number;
  /** The run: token indices [start, end) and its score sum. */
  segment: { start: number; end: number; sum: number };
  /** Words and numbers in the run. */
  segmentWords: number;
  /** Per-token score (P(content) − offset), in token order. */
  scores: number[];
  model: { path: string | null; trainedOn: string[]; date: string };
}

// 1.0.0: first version.
const VERSION = '1.0.0';

const DEFAULTS: MssOptions = { model: '', offset: 0.5 };

function resolveModel(model: string | MssModel): { model: MssModel; path: string | null } {
  if (typeof model !== 'string') return { model, path: null };
  const path = model === '' ? DEFAULT_MSS_MODEL : model;
  return { model: loadMssModel(path), path };
}

function checkOptions(options: MssOptions): void {
  const { offset, model } = options;
  if (typeof offset !== 'number' || !Number.isFinite(offset)) {
    throw new PithError('BAD_OPTION', `mss: offset must be a number, got ${String(offset)}`);
  }
  if (typeof model !== 'string' && (typeof model !== 'object' || model === null || !('trigram' in model))) {
    throw new PithError('BAD_OPTION', 'mss: model must be a model name or a loaded model');
  }
}

export const mss: Extractor<MssOptions, MssDiagnostics> = {
  name: 'mss',
  version: VERSION,
  description:
    'Pasternack & Roth (WWW 2009): naive Bayes token scores, then the maximum-sum contiguous run of tokens.',
  parameters: [
    {
      name: 'model',
      type: 'string',
      default: '',
      description:
        "The token classifier: '' = the shipped models/mss.json, a shipped model's name; the CLI also takes a model file.",
      models: ['', ...SHIPPED_MSS_MODELS],
    },
    {
      name: 'offset',
      type: 'number',
      default: DEFAULTS.offset,
      description:
        'A token scores P(content) − offset (the paper: 0.5); a larger offset gives a shorter run.',
    },
  ],
  extract(doc: Doc, options: Partial<MssOptions>): Extraction<MssDiagnostics> {
    const settings: MssOptions = { ...DEFAULTS, ...options };
    checkOptions(settings);
    const used = resolveModel(settings.model);
    const tokens = tokenize(doc);
    const probabilities = contentProbabilities(used.model, tokens);
    const scores = new Array<number>(tokens.length);
    let positiveTokens = 0;
    for (let i = 0; i < tokens.length; i++) {
      tick('mss');
      scores[i] = probabilities[i] - settings.offset;
      if (scores[i] > 0) positiveTokens++;
    }
    const segment = maximumSubsequence(scores);

    // Words per text node, and those inside the run.
    const words = new Int32Array(doc.size);
    const inside = new Int32Array(doc.size);
    let segmentWords = 0;
    for (let i = 0; i < tokens.length; i++) {
      tick('mss');
      if (tokens.kind[i] !== TokenKind.Word && tokens.kind[i] !== TokenKind.Number) continue;
      const node = tokens.node[i];
      words[node]++;
      if (i >= segment.start && i < segment.end) {
        inside[node]++;
        segmentWords++;
      }
    }
    const chosen = new Uint8Array(doc.size);
    const { kind } = doc.columns;
    for (let node = 1; node < doc.size; node++) {
      tick('mss');
      if (kind[node] === NodeKind.Text && words[node] > 0 && 2 * inside[node] >= words[node])
        chosen[node] = 1;
    }
    return {
      extractor: 'mss',
      version: VERSION,
      doc,
      selection: Selection.fromTextNodes(doc, chosen),
      roots: [],
      diagnostics: {
        offset: settings.offset,
        tokens: tokens.length,
        positiveTokens,
        segment: { start: segment.start, end: segment.end, sum: segment.sum },
        segmentWords,
        scores,
        model: {
          path: used.path,
          trainedOn: (used.model.manifest.datasets ?? []).map((d) => d.name),
          date: used.model.manifest.date ?? '',
        },
      },
    };
  },
};
