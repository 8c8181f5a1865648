/**
 * The rule stage: cues that name a page type outright — platform software,
 * schema.org types, URL conventions — read off the feature vector. They give
 * `classifyPageType` its reasons, and a strong cue the model gives some
 * probability to wins over the model's first choice (rs-trafilatura's order:
 * URL and head agree with the model, else the model). Whether that override
 * pays is measured by bench/page-type/evaluate.ts; see
 * docs/algorithms/page-type.md.
 */
import { PAGE_TYPE_FEATURE_INDEX, type PageTypeFeatureName } from './features.js';
import type { PageType } from './model.js';

export interface PageTypeCue {
  type: PageType;
  /** Strong cues may override the model; weak ones are only reported. */
  strength: 'strong' | 'weak';
  reason: string;
}

type Vector = ArrayLike<number>;
const at = (features: Vector, name: PageTypeFeatureName) => features[PAGE_TYPE_FEATURE_INDEX[name]];
const on = (features: Vector, name: PageTypeFeatureName) => at(features, name) > 0;

interface Rule {
  type: PageType;
  strength: 'strong' | 'weak';
  reason: string;
  test: (features: Vector) => boolean;
}

const RULES: readonly Rule[] = [
  {
    type: 'forum',
    strength: 'strong',
    reason: 'forum software (generator or assets: Discourse, phpBB, XenForo, vBulletin …)',
    test: (f) => on(f, 'gen.discourse') || on(f, 'gen.forum'),
  },
  {
    type: 'forum',
    strength: 'strong',
    reason: 'schema.org DiscussionForumPosting/QAPage on a forum URL',
    test: (f) => on(f, 'schema.forum') && (on(f, 'url.forumPath') || on(f, 'url.forumHost')),
  },
  {
    type: 'forum',
    strength: 'weak',
    reason: 'forum URL (host forum./community./…, path /t/…, /threads/, viewtopic, /questions/…)',
    test: (f) => on(f, 'url.forumPath') || on(f, 'url.forumHost'),
  },
  {
    type: 'documentation',
    strength: 'strong',
    reason: 'documentation software (Sphinx, MkDocs, Docusaurus, MediaWiki, GitBook …)',
    test: (f) => on(f, 'gen.docs'),
  },
  {
    type: 'documentation',
    strength: 'strong',
    reason: 'schema.org TechArticle/APIReference',
    test: (f) => on(f, 'schema.techArticle'),
  },
  {
    type: 'documentation',
    strength: 'weak',
    reason: 'documentation URL (host docs./developer./…, path /docs/, /api/, /reference/ …)',
    test: (f) => on(f, 'url.docsHost') || on(f, 'url.docsPath'),
  },
  {
    type: 'product',
    strength: 'strong',
    reason: 'one schema.org Product with an Offer',
    test: (f) =>
      on(f, 'schema.product') && on(f, 'schema.offer') && at(f, 'head.schemaProducts') <= Math.log1p(1),
  },
  {
    type: 'product',
    strength: 'weak',
    reason: 'og:type product or product price meta',
    test: (f) => on(f, 'head.ogProduct') || on(f, 'head.productPriceMeta'),
  },
  {
    type: 'product',
    strength: 'weak',
    reason: 'product URL (/dp/, /products/…, /p/…, /item/…)',
    test: (f) => on(f, 'url.productPath'),
  },
  {
    type: 'collection',
    strength: 'weak',
    reason: 'collection URL (/collections/, /category/, /shop/ …)',
    test: (f) => on(f, 'url.collectionPath'),
  },
  {
    type: 'collection',
    strength: 'weak',
    reason: 'schema.org CollectionPage/SearchResultsPage/OfferCatalog',
    test: (f) => on(f, 'schema.collectionPage'),
  },
  {
    type: 'listing',
    strength: 'weak',
    reason: 'listing URL (/tag/, /archive, /page/N, or ends in /news, /blog, /events …)',
    test: (f) => on(f, 'url.listingPath') || on(f, 'url.listingEnd'),
  },
  {
    type: 'listing',
    strength: 'weak',
    reason: 'schema.org ItemList',
    test: (f) => on(f, 'schema.itemList'),
  },
  {
    type: 'service',
    strength: 'weak',
    reason: 'service URL (/services/, /pricing, /solutions/, /contact …)',
    test: (f) => on(f, 'url.servicePath'),
  },
  {
    type: 'service',
    strength: 'weak',
    reason: 'schema.org Service/LocalBusiness',
    test: (f) => on(f, 'schema.service'),
  },
  {
    type: 'article',
    strength: 'weak',
    reason: 'schema.org Article/NewsArticle/BlogPosting',
    test: (f) => on(f, 'schema.article'),
  },
  {
    type: 'article',
    strength: 'weak',
    reason: 'og:type article',
    test: (f) => on(f, 'head.ogArticle'),
  },
  {
    type: 'article',
    strength: 'weak',
    reason: 'article URL (dated path, /blog/…, /news/…, /article/…)',
    test: (f) => on(f, 'url.articlePath') || on(f, 'url.datePath'),
  },
];

/** The cues a feature vector shows, strong ones first. */
export function pageTypeCues(features: Vector): PageTypeCue[] {
  const cues: PageTypeCue[] = [];
  for (const rule of RULES) {
    if (rule.test(features)) cues.push({ type: rule.type, strength: rule.strength, reason: rule.reason });
  }
  return cues.sort((a, b) => (a.strength === b.strength ? 0 : a.strength === 'strong' ? -1 : 1));
}
