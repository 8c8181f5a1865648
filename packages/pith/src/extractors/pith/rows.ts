/**
 * One page's block rows: the heuristic stage's verdict, the text blocks and their
 * feature vectors. Shared by the extractor and its training script so the model
 * always sees features computed exactly as at extraction time.
 */
import type { Doc } from '../../dom/index.js';
import {
  type BlockFeatures,
  type Blocks,
  blockFeatures,
  type ScratchMatrix,
  segmentBlocks,
} from '../../features/blocks/index.js';
import { PAGE_TYPE_FEATURE_INDEX, pageTypeFeatures } from '../../features/page-type/index.js';
import type { ExtractorContext } from '../types.js';
import { type HeuristicOptions, type HeuristicResult, runHeuristic } from './heuristic.js';

/**
 * Page-level signals appended to every block row, from the page-type features:
 * what kind of page this is (forum, shop, docs, listing…) changes what its main
 * content looks like. A compact subset, so rows stay small.
 */
export const PAGE_FEATURES = [
  'url.forumHost',
  'url.forumPath',
  'url.docsHost',
  'url.docsPath',
  'url.productPath',
  'url.collectionPath',
  'url.listingPath',
  'url.listingEnd',
  'url.servicePath',
  'url.articlePath',
  'url.isRoot',
  'url.depth',
  'head.ogArticle',
  'head.ogProduct',
  'head.schemaArticleBody',
  'schema.article',
  'schema.forum',
  'schema.comment',
  'schema.product',
  'schema.itemList',
  'schema.collectionPage',
  'schema.faq',
  'gen.discourse',
  'gen.forum',
  'gen.docs',
  'gen.shop',
  'dom.pShare',
  'dom.liShare',
  'dom.preShare',
  'dom.articles',
  'dom.sectionRate',
  'dom.prices',
  'dom.topBlockShare',
  'dom.linkedHeadingShare',
  'rep.cardRate',
  'rep.topRunTextShare',
  'rep.topRunItems',
  'rep.topRunWordsPerItem',
  'cls.thread',
  'cls.comment',
  'cls.user',
  'cls.vote',
  'cls.product',
  'cls.docs',
  'cls.card',
] as const;
const PAGE_FEATURE_NAMES = PAGE_FEATURES.map((name) => `page:${name}`);

/** Where each of `PAGE_FEATURES` sits in the page-type feature vector. */
const PAGE_FEATURE_SLOTS = Int32Array.from(PAGE_FEATURES, (name) => PAGE_TYPE_FEATURE_INDEX[name]);

function pageFeatureValues(all: Float32Array): Float32Array {
  const values = new Float32Array(PAGE_FEATURE_SLOTS.length);
  for (let index = 0; index < values.length; index++) values[index] = all[PAGE_FEATURE_SLOTS[index]];
  return values;
}

export interface PageRows {
  heuristic: HeuristicResult;
  blocks: Blocks;
  features: BlockFeatures;
  /** The whole page-type feature vector (`pageTypeFeatures`), for the page-type recogniser. */
  pageTypeFeatures: Float32Array;
}

/**
 * Runs the heuristic stage, cuts the page into blocks and computes their features (into `matrix`
 * when given, borrowed by the caller: the rows are then valid until it gives the matrix back).
 */
export function pageRows(
  doc: Doc,
  heuristicOptions: Partial<HeuristicOptions>,
  context: ExtractorContext,
  matrix?: ScratchMatrix,
): PageRows {
  const heuristic = runHeuristic(doc, heuristicOptions, context);
  const blocks = segmentBlocks(doc);
  const typeFeatures = pageTypeFeatures(doc, doc.url, context.metadata);
  const features = blockFeatures(
    blocks,
    { kept: heuristic.selection.kept, pruned: heuristic.removed },
    {
      title: context.title ?? context.metadata?.title,
      structuredBody: context.metadata?.structuredBody,
      extra: { names: PAGE_FEATURE_NAMES, values: pageFeatureValues(typeFeatures) },
    },
    matrix,
  );
  return { heuristic, blocks, features, pageTypeFeatures: typeFeatures };
}
