/**
 * Published results, printed beside ours and marked as published. They were
 * measured by others, with other code, on other machines. Copied from
 * ../shared/datasets/README.md (which quotes seed 002, trafilatura's
 * `evaluation.rst` and WCXB's README); WCXB's precision/recall columns and its
 * MinerU-HTML and dom-smoothie per-type figures are from WCXB's own README
 * (`wcxb-dev/README.md`, "Baseline Results"). Nothing here is computed.
 */
import type { PublishedKey } from './datasets/registry.js';

export interface PublishedRow {
  system: string;
  precision?: number;
  recall?: number;
  accuracy?: number;
  f1: number;
}

export interface PublishedByType {
  /** Column systems, in the source's order. */
  systems: string[];
  /** Page type → F1 per system (same order). */
  rows: { type: string; f1: number[] }[];
}

export interface PublishedTable {
  /** The table's title in its source (seed 002 labels its tables "Cleaneval", "Google news"). */
  title: string;
  source: string;
  /** Documents the published figures are over. */
  documents: number;
  /** How the published figures were computed. */
  method: string;
  rows: PublishedRow[];
  byType?: PublishedByType;
}

const SEED_002 = 'seed 002 (Evaluating Text Extraction Algorithms, 2011), via ../shared/datasets/README.md';
const SEED_002_METHOD =
  'word-sequence P/R/F1 per document (difflib), means over documents outside the four special cases; non-ASCII removed';

export const PUBLISHED: Record<PublishedKey, PublishedTable> = {
  cleaneval: {
    title: 'CleanEval',
    source: SEED_002,
    documents: 681,
    method: SEED_002_METHOD,
    rows: [
      { system: 'Boilerpipe DEF', precision: 0.931, recall: 0.856, f1: 0.872 },
      { system: 'Boilerpipe ART', precision: 0.949, recall: 0.764, f1: 0.804 },
      { system: 'Goose', precision: 0.934, recall: 0.719, f1: 0.77 },
      { system: 'MSS', precision: 0.911, recall: 0.699, f1: 0.718 },
      { system: 'Python Readability', precision: 0.841, recall: 0.833, f1: 0.803 },
      { system: 'Node Readability', precision: 0.704, recall: 0.878, f1: 0.753 },
      { system: 'Alchemy API', precision: 0.95, recall: 0.828, f1: 0.854 },
      { system: 'Diffbot', precision: 0.932, recall: 0.89, f1: 0.891 },
      { system: 'Extractiv', precision: 0.935, recall: 0.871, f1: 0.887 },
      { system: 'Repustate', precision: 0.94, recall: 0.889, f1: 0.896 },
      { system: 'Zextractor', precision: 0.916, recall: 0.763, f1: 0.8 },
      { system: 'NCleaner En', precision: 0.923, recall: 0.895, f1: 0.897 },
      { system: 'NCleaner NonLex', precision: 0.882, recall: 0.927, f1: 0.892 },
    ],
  },
  'l3s-gn1': {
    title: 'L3S-GN1 (Google News)',
    source: SEED_002,
    documents: 621,
    method: `${SEED_002_METHOD}; gold = headline + full text`,
    rows: [
      { system: 'Boilerpipe DEF', precision: 0.863, recall: 0.938, f1: 0.887 },
      { system: 'Boilerpipe ART', precision: 0.931, recall: 0.955, f1: 0.939 },
      { system: 'Goose', precision: 0.934, recall: 0.887, f1: 0.901 },
      { system: 'MSS', precision: 0.907, recall: 0.882, f1: 0.875 },
      { system: 'Python Readability', precision: 0.638, recall: 0.825, f1: 0.681 },
      { system: 'Node Readability', precision: 0.688, recall: 0.968, f1: 0.789 },
      { system: 'Alchemy API', precision: 0.936, recall: 0.876, f1: 0.888 },
      { system: 'Diffbot', precision: 0.924, recall: 0.968, f1: 0.935 },
      { system: 'Extractiv', precision: 0.824, recall: 0.956, f1: 0.87 },
      { system: 'Repustate', precision: 0.917, recall: 0.907, f1: 0.898 },
      { system: 'Zextractor', precision: 0.85, recall: 0.806, f1: 0.803 },
      { system: 'NCleaner En', precision: 0.742, recall: 0.947, f1: 0.812 },
      { system: 'NCleaner NonLex', precision: 0.613, recall: 0.959, f1: 0.723 },
    ],
  },
  'trafilatura-eval': {
    title: 'trafilatura benchmark',
    source: 'trafilatura\'s evaluation.rst, "Results (2026-08-04)", via ../shared/datasets/README.md',
    documents: 990,
    method:
      'snippet precision/recall/accuracy/F1, micro-averaged over documents (eval_common.py), Python 3.13',
    rows: [
      { system: 'html2text 2025.4.15', precision: 0.525, recall: 0.9, accuracy: 0.544, f1: 0.663 },
      { system: 'raw HTML', precision: 0.528, recall: 0.906, accuracy: 0.549, f1: 0.667 },
      { system: 'beautifulsoup4 4.15.0', precision: 0.532, recall: 0.98, accuracy: 0.561, f1: 0.69 },
      { system: 'html_text 0.7.1', precision: 0.531, recall: 0.988, accuracy: 0.559, f1: 0.691 },
      { system: 'inscriptis 2.7.4', precision: 0.534, recall: 0.991, accuracy: 0.564, f1: 0.694 },
      { system: 'newspaper4k 0.9.6', precision: 0.878, recall: 0.736, accuracy: 0.817, f1: 0.801 },
      {
        system: 'boilerpy3 1.0.7 (article mode)',
        precision: 0.818,
        recall: 0.796,
        accuracy: 0.81,
        f1: 0.807,
      },
      { system: 'goose3 3.1.22', precision: 0.936, recall: 0.714, accuracy: 0.833, f1: 0.81 },
      { system: 'resiliparse 1.0.9', precision: 0.705, recall: 0.955, accuracy: 0.778, f1: 0.811 },
      { system: 'baseline (text markup)', precision: 0.767, recall: 0.869, accuracy: 0.803, f1: 0.815 },
      { system: 'readability-lxml 0.8.4.1', precision: 0.898, recall: 0.764, accuracy: 0.839, f1: 0.826 },
      { system: 'news-please 1.6.16', precision: 0.932, recall: 0.758, accuracy: 0.852, f1: 0.836 },
      { system: 'justext 3.0.2 (custom)', precision: 0.864, recall: 0.859, accuracy: 0.862, f1: 0.862 },
      { system: 'magic-html 0.1.8', precision: 0.887, recall: 0.891, accuracy: 0.889, f1: 0.889 },
      { system: 'trafilatura 2.2.0 (recall)', precision: 0.899, recall: 0.939, accuracy: 0.917, f1: 0.918 },
      { system: 'trafilatura 2.2.0 (fast)', precision: 0.907, recall: 0.93, accuracy: 0.917, f1: 0.918 },
      { system: 'trafilatura 2.2.0 (precision)', precision: 0.925, recall: 0.915, accuracy: 0.921, f1: 0.92 },
      { system: 'trafilatura 2.2.0 (standard)', precision: 0.906, recall: 0.943, accuracy: 0.923, f1: 0.924 },
    ],
  },
  wcxb: {
    title: 'WCXB dev',
    source: "WCXB's README (dev split, 1,497 pages), via ../shared/datasets/README.md and wcxb-dev/README.md",
    documents: 1497,
    method: 'bag-of-words P/R/F1 per page (evaluate.py), means over all pages',
    rows: [
      { system: 'rs-trafilatura', f1: 0.859, precision: 0.863, recall: 0.89 },
      { system: 'MinerU-HTML (0.6B LLM)', f1: 0.827, precision: 0.845, recall: 0.84 },
      { system: 'Trafilatura', f1: 0.791, precision: 0.852, recall: 0.793 },
      { system: 'dom-smoothie', f1: 0.762, precision: 0.806, recall: 0.768 },
      { system: 'ReaderLM-v2 (1.5B LLM)', f1: 0.741, precision: 0.741, recall: 0.79 },
      { system: 'Newspaper4k', f1: 0.72, precision: 0.838, recall: 0.683 },
      { system: 'magic-html', f1: 0.719, precision: 0.813, recall: 0.713 },
      // biome-ignore lint/suspicious/noApproximativeNumericConstant: a published figure, not √½
      { system: 'jusText', f1: 0.707, precision: 0.771, recall: 0.695 },
      { system: 'BoilerPy3', f1: 0.687, precision: 0.795, recall: 0.661 },
      { system: 'Readability', f1: 0.675, precision: 0.685, recall: 0.713 },
      { system: 'Goose3', f1: 0.652, precision: 0.845, recall: 0.593 },
    ],
    byType: {
      systems: ['rs-trafilatura', 'MinerU-HTML', 'Trafilatura', 'dom-smoothie', 'Readability'],
      rows: [
        { type: 'article', f1: [0.932, 0.928, 0.926, 0.908, 0.825] },
        { type: 'documentation', f1: [0.932, 0.838, 0.888, 0.868, 0.736] },
        { type: 'service', f1: [0.844, 0.824, 0.763, 0.714, 0.604] },
        { type: 'forum', f1: [0.808, 0.794, 0.585, 0.53, 0.466] },
        { type: 'collection', f1: [0.716, 0.506, 0.553, 0.504, 0.445] },
        // biome-ignore lint/suspicious/noApproximativeNumericConstant: a published figure, not √½
        { type: 'listing', f1: [0.707, 0.71, 0.589, 0.596, 0.496] },
        { type: 'product', f1: [0.641, 0.619, 0.567, 0.502, 0.407] },
      ],
    },
  },
};
