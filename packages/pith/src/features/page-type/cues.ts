/**
 * Vocabularies the page-type features count: class/id cues (written by
 * developers, so mostly English whatever the page's language), short-text cues
 * (English words on buttons and labels: their contribution is measured
 * separately, see docs/algorithms/page-type.md), schema.org type families,
 * generator names and platform asset paths.
 *
 * Each table is an ordered list of [name, patterns]. Class cues are keyword
 * lists (`KeywordMatcher`); the others are regular expressions combined into
 * one with a capture group per entry, which says which cue fired.
 */

/**
 * Class and id cues: which kind of component an element is. Keywords, matched anywhere in the
 * lower-cased class or id string (`_` read as `-`), with `^` = must start a word and `$` = must
 * end one (words are separated by spaces, `-` and `_`), and `!a|b` = not followed by a or b.
 * Every keyword found counts its cue (`product-card` counts product, collection and card).
 */
export const CLASS_CUES = [
  [
    'collection',
    [
      'collection',
      'catalog',
      '^plp$',
      'products',
      'product-grid',
      'product-list',
      'product-card',
      'product-tile',
      'product-item',
      'product-loop',
      'productgrid',
      'productlist',
      'productcard',
      'producttile',
      'productitem',
      'shop-grid',
      'shop-loop',
    ],
  ],
  [
    'cart',
    [
      'add-to-cart',
      'addtocart',
      'add-to-bag',
      'addtobag',
      'add-to-basket',
      'addtobasket',
      'buy-now',
      'buynow',
      'buy-button',
      'buy-box',
      'buybox',
      'checkout',
      'minicart',
      'mini-cart',
      'cart-button',
      'cart-form',
      'cart-drawer',
      'quantity',
      '^qty',
    ],
  ],
  ['price', ['price']],
  ['product', ['product']],
  ['variant', ['variant', 'swatch', 'sku', 'size-chart', 'size-guide', 'size-select', 'option-select']],
  [
    'thread',
    [
      'thread',
      'topic',
      'discussion',
      'forum',
      'replies',
      '^reply',
      'bbcode',
      'messagelist',
      'message-body',
      'message-content',
      'message-list',
      'message-row',
    ],
  ],
  ['comment', ['comment']],
  ['user', ['avatar', '^user', 'member', 'poster', 'signature', 'reputation', 'badge']],
  [
    'byline',
    [
      'author',
      'byline',
      'dateline',
      'pubdate',
      'publish',
      'post-date',
      'post-meta',
      'entry-date',
      'entry-meta',
      'timestamp',
    ],
  ],
  ['vote', ['vote', 'reaction', 'karma', '^like$', '^likes$', 'like-button', 'like-count']],
  [
    'docs',
    [
      '^toc$',
      'table-of-contents',
      '^doc$',
      '^docs$',
      'documentation',
      'sphinx',
      'mkdocs',
      'docusaurus',
      '^rst-',
      '^wy-',
      '^mw-',
      'wiki',
      'devsite',
      'markdown',
      '^api$',
      'admonition',
      'headerlink',
      'anchor-link',
      'anchorlink',
    ],
  ],
  [
    'code',
    [
      'hljs',
      'highlight',
      'prism',
      'codehilite',
      'sourcecode',
      'syntax',
      'code-block',
      'codeblock',
      'code-snippet',
      'code-sample',
      'code-example',
      '^language-!select|switch|picker|menu|drop|link|toggle|list|nav|chooser',
      '^lang-!select|switch|picker|menu|drop|link|toggle|list|nav|chooser',
    ],
  ],
  ['card', ['card', 'tile', 'teaser', 'excerpt', 'thumbnail', '^item$', 'grid-item']],
  [
    'listing',
    [
      '^list$',
      '^listing$',
      '^feed$',
      '^archive$',
      '^result$',
      '^results$',
      '^river$',
      '^stream$',
      '^loop$',
      'post-list',
      'post-grid',
      'post-feed',
      'blog-list',
      'blog-grid',
      'blog-roll',
      'blogroll',
      'news-list',
    ],
  ],
  ['pagination', ['paginat', 'pager', 'page-numbers', 'load-more', 'loadmore', 'next-page', 'prev-page']],
  ['breadcrumb', ['breadcrumb', 'crumbs']],
  ['hero', ['hero', '^cta$', 'call-to-action', 'jumbotron', 'banner', 'landing']],
  ['feature', ['feature', 'benefit', 'service', 'solution', 'offering', '^step$', '^steps$', 'process']],
  [
    'testimonial',
    ['testimonial', 'client', 'trust', 'logo-wall', 'logo-grid', 'logo-strip', 'logo-list', 'partners'],
  ],
  ['pricingPlan', ['pricing', '^plan$', '^plans$', '^tier$', '^tiers$', 'package']],
  ['faq', ['faq', 'accordion', 'collaps']],
  ['filter', ['filter', 'facet', '^sort$', '^sortby', '^sorting', 'refine']],
  [
    'article',
    [
      'article',
      'entry-content',
      'post-content',
      'post-body',
      'story',
      'blog-post',
      'blogpost',
      'single-post',
      'prose',
      'rich-text',
      'richtext',
    ],
  ],
  ['share', ['share', 'sharing', 'social']],
  ['related', ['related', 'recommend', 'more-stories', 'more-articles', 'more-posts', 'you-may']],
  ['review', ['review', 'rating', '^star$', '^stars$']],
  ['gallery', ['gallery', 'carousel', 'slider', 'swiper', 'slick', 'lightbox', 'zoom']],
  ['newsletter', ['newsletter', 'subscribe', 'signup', 'sign-up']],
  ['menu', ['^nav$', '^navbar$', '^menu$', '^megamenu$', 'navigation']],
  ['sidebar', ['sidebar', 'side-bar', '^aside$', 'widget']],
] as const;

interface Keyword {
  bit: number;
  length: number;
  start: boolean;
  end: boolean;
  notFollowedBy: readonly string[];
}

/** Word separators in class strings: whitespace, `-`, `_`. */
function isSeparator(code: number): boolean {
  return code === 32 || code === 45 || code === 95 || code === 9 || code === 10 || code === 12 || code === 13;
}

/** Trie symbols: a–z, 0–9 and `-` (`_` reads as `-`); anything else ends a walk. */
const SYMBOLS = 37;
const SYMBOL_OF = new Int8Array(128).fill(-1);
for (let code = 97; code <= 122; code++) SYMBOL_OF[code] = code - 97;
for (let code = 48; code <= 57; code++) SYMBOL_OF[code] = code - 48 + 26;
SYMBOL_OF[45] = 36;
SYMBOL_OF[95] = 36;
function symbolOf(code: number): number {
  return code < 128 ? SYMBOL_OF[code] : -1;
}

/**
 * Finds the keywords of a cue table in a string: a trie walked from every position, so the
 * cost is about one step per character whatever the number of keywords (a combined regular
 * expression tries every alternative at every position, and cost 1 ms per page).
 */
export class KeywordMatcher {
  /** next[node * SYMBOLS + symbol]: the child node, 0 when none (node 0 is the root). */
  readonly #next: Int32Array;
  /** The keywords ending at each node. */
  readonly #ending: (Keyword[] | undefined)[] = [];

  constructor(entries: readonly (readonly [string, readonly string[]])[]) {
    if (entries.length > 31) throw new Error('KeywordMatcher: at most 31 cues (one bit each)');
    const next: number[] = new Array(SYMBOLS).fill(0);
    let nodes = 1;
    entries.forEach(([, words], index) => {
      for (const spec of words) {
        const [pattern, not] = spec.split('!');
        const start = pattern.startsWith('^');
        const end = pattern.endsWith('$');
        const word = pattern.slice(start ? 1 : 0, end ? -1 : undefined);
        let node = 0;
        for (let at = 0; at < word.length; at++) {
          const symbol = symbolOf(word.charCodeAt(at));
          if (symbol < 0) throw new Error(`KeywordMatcher: ${spec}: only a-z, 0-9 and - are allowed`);
          let child = next[node * SYMBOLS + symbol];
          if (child === 0) {
            child = nodes++;
            for (let s = 0; s < SYMBOLS; s++) next.push(0);
            next[node * SYMBOLS + symbol] = child;
          }
          node = child;
        }
        const keyword = {
          bit: 1 << index,
          length: word.length,
          start,
          end,
          notFollowedBy: not ? not.split('|') : [],
        };
        const ending = this.#ending[node] ?? [];
        ending.push(keyword);
        this.#ending[node] = ending;
      }
    });
    this.#next = Int32Array.from(next);
  }

  /** The bit mask of the cues (entry i → bit i) whose keywords occur in `text` (lower-case). */
  mask(text: string): number {
    const next = this.#next;
    const ending = this.#ending;
    const length = text.length;
    let mask = 0;
    for (let index = 0; index < length; index++) {
      let node = 0;
      for (let at = index; at < length; at++) {
        const code = text.charCodeAt(at);
        const symbol = code < 128 ? SYMBOL_OF[code] : -1;
        if (symbol < 0) break;
        node = next[node * SYMBOLS + symbol];
        if (node === 0) break;
        const keywords = ending[node];
        if (keywords === undefined) continue;
        for (const keyword of keywords) {
          if ((mask & keyword.bit) !== 0) continue;
          if (keyword.start && index > 0 && !isSeparator(text.charCodeAt(index - 1))) continue;
          const after = index + keyword.length;
          if (keyword.end && after < length && !isSeparator(text.charCodeAt(after))) continue;
          if (keyword.notFollowedBy.length > 0 && followedByAny(text, after, keyword.notFollowedBy)) continue;
          mask |= keyword.bit;
        }
      }
    }
    return mask;
  }
}

function followedByAny(text: string, at: number, words: readonly string[]): boolean {
  for (const word of words) if (text.startsWith(word, at)) return true;
  return false;
}

/** Short visible texts (buttons, labels, links): English wording only. */
export const TEXT_CUES = [
  [
    'cart',
    'add to (?:cart|bag|basket|trolley)|buy (?:it )?now|in stock|out of stock|sold out|checkout|free shipping|free delivery|quantity|select (?:a )?size|size guide|add to wish ?list|shipping & returns',
  ],
  [
    'forum',
    '^(?:reply|replies|quote|report|joined|solved|solution|accepted|permalink|flag)$|\\d+ (?:replies|views|posts|likes|votes|answers)\\b|^(?:posted|joined|last edited|edited|asked|answered|modified) |^(?:posts?|messages|reactions|members?|threads?|views|votes?):?$|^(?:original poster|op)$|new member',
  ],
  [
    'docs',
    'on this page|edit (?:this|on) (?:page|github)|table of contents|^contents$|^(?:next|previous|prev)\\b|api reference|^parameters:?$|^returns:?$|^examples?:?$|^note:?$|^warning:?$|^see also$|^syntax$|^arguments:?$|documentation',
  ],
  [
    'listing',
    'read more|continue reading|load more|view all|see all|show more|older (?:posts|entries)|newer (?:posts|entries)|next page|^page \\d+|more (?:articles|stories|news|posts)',
  ],
  [
    'collection',
    'sort by|^filters?$|^\\d+ (?:products|items|results)\\b|showing \\d+|price: (?:low|high)|best ?sellers?|new arrivals|shop all|quick (?:view|shop|add)|^sale$|compare at',
  ],
  [
    'service',
    'get started|contact us|get (?:a|your) (?:quote|free)|request (?:a|an|your)|book (?:now|a|an|your)|schedule (?:a|an|your)|free consultation|learn more|call (?:us|now|today)|our services|why choose|testimonials|how it works|enrol|apply now|sign up|per month|/mo(?:nth)?\\b',
  ],
  [
    'article',
    'min(?:ute)?s? read|^by\\b|^written by|^published|^updated|^share (?:this|on)|leave a (?:reply|comment)|related (?:posts|articles|stories)|you may also like|^tags?:|^posted (?:on|in|by)|^filed under',
  ],
] as const;

/** schema.org type families (JSON-LD `@type` anywhere, microdata `itemtype`), lower-case names. */
export const SCHEMA_FAMILIES = [
  [
    'article',
    /^(?:article|newsarticle|blogposting|report|scholarlyarticle|liveblogposting|socialmediaposting|[a-z]*newsarticle|satiricalarticle|opinionarticle)$/,
  ],
  ['techArticle', /^(?:techarticle|apireference)$/],
  ['forum', /^(?:discussionforumposting|qapage|question|answer)$/],
  ['comment', /^comment$/],
  ['product', /^(?:product|productgroup|individualproduct|productmodel|car|vehicle|someproducts)$/],
  ['offer', /^(?:offer|aggregateoffer)$/],
  ['rating', /^(?:aggregaterating|review|rating)$/],
  ['itemList', /^itemlist$/],
  ['collectionPage', /^(?:collectionpage|searchresultspage|offercatalog)$/],
  ['faq', /^faqpage$/],
  ['howTo', /^(?:howto|recipe)$/],
  ['webPage', /^(?:webpage|itempage|aboutpage|contactpage|medicalwebpage)$/],
  [
    'service',
    /^(?:service|professionalservice|localbusiness|financialservice|homeandconstructionbusiness|[a-z]+(?:business|service|contractor|agency))$/,
  ],
  ['course', /^(?:course|courseinstance|educationaloccupationalprogram|event|educationevent)$/],
  ['breadcrumb', /^breadcrumblist$/],
  ['video', /^videoobject$/],
  ['software', /^(?:softwareapplication|softwaresourcecode|webapplication|mobileapplication)$/],
] as const;

/**
 * `<meta name="generator">` and platform asset paths (`script src`, `link href`), as whole words
 * (`mybb` is not `mybbc-analytics`; Sphinx's `/_static/` is left out: WordPress.com serves from it too).
 */
export const PLATFORM_CUES = [
  ['discourse', 'discourse'],
  [
    'forum',
    'phpbb|xenforo|vbulletin|invision|ips community|mybb|flarum|nodebb|vanilla forums|simple machines|discuz|punbb|fluxbb|khoros|lithium|bbpress|wpforo|asgaros',
  ],
  [
    'docs',
    'sphinx|mkdocs|docusaurus|mediawiki|gitbook|vuepress|vitepress|antora|docfx|jsdoc|doxygen|javadoc|rustdoc|docsy|nextra|starlight|mdbook|readthedocs|bookdown|quarto|typedoc|pdoc|docsearch|just-the-docs|mintlify|redoc|swagger',
  ],
  ['wordpress', 'wordpress|wp-content|wp-includes'],
  [
    'shop',
    'shopify|woocommerce|magento|prestashop|bigcommerce|shopware|opencart|oscommerce|demandware|salesforce commerce|ecwid|sylius|spree|saleor',
  ],
  [
    'builder',
    'wix|squarespace|webflow|framer|hubspot|elementor|divi|weebly|godaddy|duda|jimdo|drupal|joomla|ghost',
  ],
] as const;

/** One regex over all entries of a cue table, one capture group per entry. */
export function combinedPattern(entries: readonly (readonly [string, string])[]): RegExp {
  return new RegExp(entries.map(([, source]) => `(${source})`).join('|'), 'g');
}

/**
 * A bit mask of the entries of a combined pattern that match `text` (entry i → bit i).
 * `text` must already be lower-case.
 */
export function cueMask(pattern: RegExp, entryCount: number, text: string): number {
  let mask = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    for (let group = 1; group <= entryCount; group++) {
      if (match[group] !== undefined) {
        mask |= 1 << (group - 1);
        break;
      }
    }
    // A zero-width match (an anchor-only alternative) must not loop forever.
    if (match[0].length === 0) pattern.lastIndex++;
  }
  return mask;
}
