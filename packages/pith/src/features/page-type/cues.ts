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

/** Trie symbols: a–z (A–Z read as a–z), 0–9 and `-` (`_` reads as `-`); anything else resets the scan. */
const SYMBOLS = 37;
const SYMBOL_OF = new Int8Array(128).fill(-1);
for (let code = 97; code <= 122; code++) SYMBOL_OF[code] = code - 97;
for (let code = 65; code <= 90; code++) SYMBOL_OF[code] = code - 65;
for (let code = 48; code <= 57; code++) SYMBOL_OF[code] = code - 48 + 26;
SYMBOL_OF[45] = 36;
SYMBOL_OF[95] = 36;

/**
 * Finds the keywords of a cue table in a string in one pass: an Aho–Corasick automaton (the
 * keywords' trie with its failure links folded into a full transition table), so the scan takes
 * one table step per character and meets every occurrence of every keyword, where the trie walked
 * from every position took one walk per character (about 21 % of the page-type features, s38-tally).
 * A combined regular expression tries every alternative at every position and cost 1 ms per page.
 * ASCII upper case is folded by the symbol table, so a class string is not lower-cased first
 * unless it holds a non-ASCII character (whose lower case may be ASCII: U+212A is `k`).
 */
export class KeywordMatcher {
  /**
   * next[state * SYMBOLS + symbol]: the row (`state * SYMBOLS`) of the state after reading symbol
   * (state 0 is the root), bit-inverted (negative) when keywords end there: the scan's step is one
   * read and a sign test, the keywords looked up only on a hit.
   */
  readonly #next: Int32Array;
  /** The keywords ending at each state, its own and those of its suffixes (undefined: none). */
  readonly #ending: (Keyword[] | undefined)[];

  constructor(entries: readonly (readonly [string, readonly string[]])[]) {
    if (entries.length > 31) throw new Error('KeywordMatcher: at most 31 cues (one bit each)');
    // The trie: goto[state * SYMBOLS + symbol], -1 when absent.
    const goto: number[] = new Array(SYMBOLS).fill(-1);
    const own: Keyword[][] = [[]];
    entries.forEach(([, words], index) => {
      for (const spec of words) {
        const [pattern, not] = spec.split('!');
        const start = pattern.startsWith('^');
        const end = pattern.endsWith('$');
        const word = pattern.slice(start ? 1 : 0, end ? -1 : undefined);
        let state = 0;
        for (let at = 0; at < word.length; at++) {
          const code = word.charCodeAt(at);
          const symbol = code < 128 && !(code >= 65 && code <= 90) ? SYMBOL_OF[code] : -1;
          if (symbol < 0) throw new Error(`KeywordMatcher: ${spec}: only a-z, 0-9 and - are allowed`);
          let child = goto[state * SYMBOLS + symbol];
          if (child < 0) {
            child = own.length;
            own.push([]);
            for (let s = 0; s < SYMBOLS; s++) goto.push(-1);
            goto[state * SYMBOLS + symbol] = child;
          }
          state = child;
        }
        own[state].push({
          bit: 1 << index,
          length: word.length,
          start,
          end,
          notFollowedBy: not ? not.split('|') : [],
        });
      }
    });
    // Breadth first: each state's failure link is the state of its longest proper suffix in the
    // trie; a missing edge takes the failure state's edge, so the table is complete.
    const states = own.length;
    const next = new Int32Array(states * SYMBOLS);
    const fail = new Int32Array(states);
    const ending: (Keyword[] | undefined)[] = new Array(states).fill(undefined);
    const queue: number[] = [];
    for (let symbol = 0; symbol < SYMBOLS; symbol++) {
      const child = goto[symbol];
      if (child > 0) {
        next[symbol] = child;
        fail[child] = 0;
        queue.push(child);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      const found = [...own[state], ...(ending[fail[state]] ?? [])];
      ending[state] = found.length > 0 ? found : undefined;
      for (let symbol = 0; symbol < SYMBOLS; symbol++) {
        const child = goto[state * SYMBOLS + symbol];
        if (child > 0) {
          fail[child] = next[fail[state] * SYMBOLS + symbol];
          next[state * SYMBOLS + symbol] = child;
          queue.push(child);
        } else next[state * SYMBOLS + symbol] = next[fail[state] * SYMBOLS + symbol];
      }
    }
    for (let index = 0; index < next.length; index++) {
      const to = next[index];
      next[index] = ending[to] === undefined ? to * SYMBOLS : ~(to * SYMBOLS);
    }
    this.#next = next;
    this.#ending = ending;
  }

  /** The bit mask of the cues (entry i → bit i) whose keywords occur in `text` (any case). */
  mask(text: string): number {
    const mask = this.#scan(text, false);
    return mask >= 0 ? mask : this.#scan(text.toLowerCase(), true);
  }

  /** The mask, or -1 when `text` holds a non-ASCII character and is not lower-cased yet. */
  #scan(text: string, lowered: boolean): number {
    const next = this.#next;
    const ending = this.#ending;
    const length = text.length;
    let mask = 0;
    let row = 0;
    for (let at = 0; at < length; at++) {
      const code = text.charCodeAt(at);
      if (code >= 128) {
        if (!lowered) return -1;
        row = 0;
        continue;
      }
      const symbol = SYMBOL_OF[code];
      if (symbol < 0) {
        row = 0;
        continue;
      }
      const to = next[row + symbol];
      if (to >= 0) {
        row = to;
        continue;
      }
      row = ~to;
      const keywords = ending[row / SYMBOLS] as Keyword[];
      for (const keyword of keywords) {
        if ((mask & keyword.bit) !== 0) continue;
        const index = at + 1 - keyword.length;
        if (keyword.start && index > 0 && !isSeparator(text.charCodeAt(index - 1))) continue;
        const after = at + 1;
        if (keyword.end && after < length && !isSeparator(text.charCodeAt(after))) continue;
        if (keyword.notFollowedBy.length > 0 && followedByAny(text, after, keyword.notFollowedBy)) continue;
        mask |= keyword.bit;
      }
    }
    return mask;
  }
}

/** Whether one of `words` (lower-case) starts at `at` in `text`, ASCII case folded. */
function followedByAny(text: string, at: number, words: readonly string[]): boolean {
  for (const word of words) {
    if (at + word.length > text.length) continue;
    let k = 0;
    while (k < word.length) {
      const code = text.charCodeAt(at + k);
      if ((code >= 65 && code <= 90 ? code + 32 : code) !== word.charCodeAt(k)) break;
      k++;
    }
    if (k === word.length) return true;
  }
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
