/**
 * The candidates of each field (src/metadata/candidates.ts) and the choice's reading of them
 * (choice.ts), on cuts of real pages of the shared samples (../shared/datasets/sample: the
 * WCXB dev id, or the trafilatura-eval file, is named in each test; markup kept, text shortened).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import {
  candidateRows,
  chooseMetadata,
  DATE_FEATURES,
  readCandidates,
  readMetadata,
  TITLE_FEATURES,
} from '../../packages/pith/src/metadata/index.js';
import { ld, page } from './helpers.js';

/** A fixed clock after the pages were saved (a later date is not believed). */
const NOW = Date.parse('2026-03-01T12:00:00Z');

function reading(html: string, url: string) {
  return readMetadata(parseHtml(html, { url }), { url, now: NOW });
}

function candidatesOf(html: string, url: string) {
  const read = reading(html, url);
  return readCandidates(read.sources, read.rules, read.siteNames, read.url, read.now);
}

/** WCXB dev 2981 (ifixit.com, a product page): the breadcrumb's last item is the gold title. */
const IFIXIT_URL = 'https://www.ifixit.com/products/essential-electronics-toolkit';
const IFIXIT = page(
  '<title>iFixit Essential Electronics Toolkit</title>' +
    '<meta property="og:title" content="iFixit Essential Electronics Toolkit">' +
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Store","item":"https://www.ifixit.com/Store"},{"@type":"ListItem","position":2,"name":"Tools","item":"https://www.ifixit.com/Tools"},{"@type":"ListItem","position":3,"name":"Toolkits","item":"https://www.ifixit.com/Tools/Toolkits"},{"@type":"ListItem","position":4,"name":"Essential Electronics Toolkit"}]}</script>' +
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"iFixit Essential Electronics Toolkit","url":"https://www.ifixit.com/products/essential-electronics-toolkit"}</script>',
  '<div><p>Toolkits</p><h2>Complete Starter Set</h2><p>A kit.</p></div>',
);

/** WCXB dev 0479 (whatever.scalzi.com): the meta tags give the next day in UTC; the URL and the dateline agree on the gold. */
const SCALZI_URL =
  'https://whatever.scalzi.com/2025/12/18/the-december-comfort-watches-2025-day-eighteen-starship-troopers';
const SCALZI = page(
  '<title>The December Comfort Watches 2025, Day Eighteen: Starship Troopers | Whatever</title>' +
    '<meta property="og:title" content="The December Comfort Watches 2025, Day Eighteen: Starship Troopers" />' +
    '<meta property="article:published_time" content="2025-12-19T02:41:41+00:00" />' +
    '<meta property="article:modified_time" content="2025-12-19T14:39:52+00:00" />' +
    '<meta property="og:site_name" content="Whatever" />',
  '<h1 class="site-title"><span><a href="https://whatever.scalzi.com/" title="Whatever" rel="home">Whatever</a></span></h1>' +
    '<h1 class="headline text-center">The December Comfort Watches 2025, Day Eighteen: Starship Troopers</h1>' +
    '<p class="post-date text-center"><span><i class="icon-time"></i> Posted on <a class="post-date-link" href="https://whatever.scalzi.com/2025/12/18/the-december-comfort-watches-2025-day-eighteen-starship-troopers/" rel="bookmark">December 18, 2025</a> &nbsp;&nbsp; Posted by <a href="https://whatever.scalzi.com/author/scalzi/" title="Posts by John Scalzi" rel="author">John Scalzi</a></span></p>' +
    '<p>I have a fondness for this film.</p>',
);

describe('JSON-LD: the breadcrumb and the page entity', () => {
  it("reads a BreadcrumbList's last item (WCXB 2981, ifixit.com)", () => {
    const read = reading(IFIXIT, IFIXIT_URL);
    assert.equal(read.sources.jsonld.breadcrumb, 'Essential Electronics Toolkit');
    // The Product is still the main entity.
    assert.equal(read.sources.jsonld.name, 'iFixit Essential Electronics Toolkit');
  });

  it('a breadcrumb is a title candidate beside the declared titles (WCXB 2981)', () => {
    const titles = candidatesOf(IFIXIT, IFIXIT_URL).titles;
    const crumb = titles.find((candidate) => candidate.text === 'Essential Electronics Toolkit');
    assert.ok(crumb, 'the breadcrumb is a candidate');
    assert.ok(crumb.mentions.some((mention) => mention.source === 'breadcrumb'));
    const declared = titles.find((candidate) => candidate.text === 'iFixit Essential Electronics Toolkit');
    assert.deepEqual(
      declared?.mentions
        .map((mention) => mention.source)
        .filter((source) => source !== 'rules')
        .sort(),
      ['ld.name', 'og', 'title'],
    );
  });
});

describe('title candidates: a declared title whole, without the site name, and cut at its separators', () => {
  it('the <title> with the site name after a bar (WCXB 0479, whatever.scalzi.com)', () => {
    const titles = candidatesOf(SCALZI, SCALZI_URL).titles;
    const gold = titles.find(
      (candidate) => candidate.text === 'The December Comfort Watches 2025, Day Eighteen: Starship Troopers',
    );
    assert.ok(gold);
    const sources = gold.mentions.map((mention) => `${mention.source}/${mention.form}`);
    for (const expected of ['og/whole', 'title/stripped', 'h1.other/whole'])
      assert.ok(sources.includes(expected));
    // Each part is a candidate of its own; the site's own <h1> too.
    assert.ok(titles.some((candidate) => candidate.text === 'Starship Troopers'));
    assert.ok(
      titles.some(
        (candidate) =>
          candidate.text === 'Whatever' &&
          candidate.mentions.some((mention) => mention.source === 'h1.first'),
      ),
    );
  });
});

describe('date candidates: one per day, with every source that gives it', () => {
  it("the URL's day and the dateline beside the meta tags' next day in UTC (WCXB 0479)", () => {
    const dates = candidatesOf(SCALZI, SCALZI_URL).dates;
    const byDay = new Map(dates.map((candidate) => [candidate.day, candidate.mentions.map((m) => m.source)]));
    assert.deepEqual([...byDay.keys()].sort(), ['2025-12-18', '2025-12-19']);
    const gold = byDay.get('2025-12-18') ?? [];
    assert.ok(gold.includes('url'), 'the URL names the day');
    assert.ok(gold.includes('shown'), 'the dateline shows it');
    assert.deepEqual(byDay.get('2025-12-19')?.sort(), ['meta.modified', 'meta.published']);
  });

  it('a page with no date anywhere has no date candidate (WCXB 2981)', () => {
    assert.deepEqual(candidatesOf(IFIXIT, IFIXIT_URL).dates, []);
  });
});

/** A long paragraph, as the article's body goes on after its dateline. */
const BODY_TEXT =
  '<p>Text of the article, long enough that the block holding the headline and the dateline holds far more than a dateline: it goes on and on.</p>';
const shownDays = (html: string, url: string) =>
  candidatesOf(html, url)
    .dates.filter((candidate) => candidate.mentions.some((mention) => mention.source === 'shown'))
    .map((candidate) => candidate.day);

describe('date candidates: a date on a line of its own inside a long block', () => {
  it('a <time> in a <span> between the <h1> and the text, all in one <article> (WCXB 2825, cassidoo.co)', () => {
    const html = page(
      '<title>Configure your repositories with .github</title>',
      '<main><article><h1 class="article-title">Configure your repositories with .github</h1> ' +
        '<span><time>Dec 19, 2025</time></span> <div class="undefined"><a class="tag posty" href="/tag/technical">#technical</a></div>' +
        `${BODY_TEXT}</article></main>`,
    );
    assert.deepEqual(shownDays(html, 'https://cassidoo.co/post/dot-github'), ['2025-12-19']);
  });

  it('a numeric dateline after the <h1> in the section that holds the text (WCXB 4249, robomow.com)', () => {
    const html = page(
      '<title>Which robotic lawnmower is suitable for which lawn size?</title>',
      '<section><div class="_2lLT"><h1 class="_143q h2"> Which robotic lawnmower is suitable for which lawn size? </h1> ' +
        '<span class="_1zZc h5"> 17.05.2021 </span> <div class="_3Dam h5"> Before purchasing a robotic mower, the question always arises which model suits the size of the lawn best, and the answer is not obvious.</div></div></section>',
    );
    assert.deepEqual(shownDays(html, 'https://www.robomow.com/blog/detail/which-robotic-lawnmower'), [
      '2021-05-17',
    ]);
  });

  it("bare text after a <fieldset>'s <legend> (WCXB 0398, blog.firedrake.org)", () => {
    const html = page(
      '<title>Advent of Code 2025 week 2</title>',
      '<div class="title"><h1><a href="/">RogerBW&#39;s Blog</a></h1></div><table><tr><td valign=top width=75%> ' +
        `<fieldset> <legend>Advent of Code 2025 week 2</legend> 20 December 2025 <div class="body">${BODY_TEXT}</div></fieldset></td></tr></table>`,
    );
    assert.deepEqual(
      shownDays(html, 'https://blog.firedrake.org/archive/2025/12/Advent_of_Code_2025_week_2.html'),
      ['2025-12-20'],
    );
  });

  it('a date inside a sentence is still not a dateline: its line is the long paragraph', () => {
    const html = page(
      '<title>Notes</title>',
      '<article><h1>Notes</h1><p>We moved the servers on <b>20 December 2025</b> and everything went well, apart from the disks, which took the whole night to copy.</p></article>',
    );
    assert.deepEqual(shownDays(html, 'https://example.com/notes'), []);
  });
});

describe("a utility class's arbitrary value is no sidebar", () => {
  /** WCXB dev 0058 (tryotter.com): the headline, dateline and byline sit in the grid area named "sidebar". */
  const OTTER = page(
    '<title>10 Trends in catering to look for in 2025</title>',
    '<main><article class="mb-12 pt-8 md:mb-20 grid items-start md:grid-cols-[360px_1fr] md:gap-20 md:[grid-template-areas:&#x27;sidebar_main&#x27;&#x27;sidebar2_main&#x27;]">' +
      '<div class="mb-6 md:mb-0 md:[grid-area:sidebar]"><div class="mb-3 md:mb-4"><a class="inline-flex items-center gap-2 rounded-[6px] px-1.5 py-1 bg-grey-400 text-grey-1000" href="/blog/restaurant-tips"><span class="text-caption">Restaurant Tips</span></a></div>' +
      '<h1 class="text-title-large text-grey-1200 mb-4 md:mb-12">10 Trends in catering to look for in 2025</h1><div class="flex flex-row gap-6 md:flex-col">' +
      '<div class="text-body-large"><p class="text-grey-1200 mb-1">Last updated</p><time class="text-grey-700">Aug 04, 2025</time></div>' +
      '<div class="text-body-large"><p class="text-grey-1200 mb-1">Written by</p><p class="text-grey-700">Edzel Tabing</p></div></div></div>' +
      `<div class="border-b-grey-300 md:border-b md:pb-12 md:[grid-area:main]">${BODY_TEXT}</div></article></main>`,
  );
  const URL_0058 = 'https://www.tryotter.com/blog/restaurant-tips/trends-in-catering';

  it('the dateline in `md:[grid-area:sidebar]` is read (WCXB 0058)', () => {
    assert.deepEqual(
      candidatesOf(OTTER, URL_0058).dates.map((candidate) => candidate.day),
      ['2025-08-04'],
    );
  });

  it('and so is the byline beside it (WCXB 0058)', () => {
    const names = candidatesOf(OTTER, URL_0058).authors.map((candidate) => candidate.names.join('; '));
    assert.ok(names.includes('Edzel Tabing'), names.join(' / '));
  });

  it('a class that says sidebar without brackets still keeps its dates out', () => {
    const html = OTTER.replace('md:mb-0 md:[grid-area:sidebar]', 'md:mb-0 sidebar');
    assert.deepEqual(candidatesOf(html, URL_0058).dates, []);
  });
});

describe('author candidates', () => {
  it('the byline and the rel=author link are one candidate with both sources (WCXB 0479)', () => {
    const authors = candidatesOf(SCALZI, SCALZI_URL).authors;
    assert.equal(authors.length, 1);
    assert.deepEqual(authors[0].names, ['John Scalzi']);
    assert.ok(authors[0].sources.includes('byline.first'));
  });
});

describe('author candidates: forum users', () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));

  it('a microformats person in a byline: lobste.rs\' "via <a class=u-author h-card>" (WCXB 0575)', () => {
    const html = page(
      '<title>Rust Project goals for 2024 | Lobsters</title>',
      '<ol class="stories"><li class="story"><div class="story_liner h-entry"><div class="details">' +
        '<span class="link h-cite u-repost-of"><a class="u-url" href="https://blog.rust-lang.org/2024/08/12/Project-goals.html">Rust Project goals for 2024</a></span>' +
        '<div class="byline"> <span>via</span> <a tabindex="-1" aria-hidden="true" href="/~scvalex"><img class="avatar" alt="scvalex avatar" src="/avatars/scvalex-16.png" width="16" height="16"></a> ' +
        '<a class="u-author h-card" href="/~scvalex">scvalex</a> <time title="2024-08-12 10:00:23" datetime="2024-08-12 10:00:23">1 year ago</time> <span aria-hidden="true"> | </span> ' +
        '<label for="caches_dwip3v" class="caches">caches</label> <span class="comments_label"><a href="/s/dwip3v#comments">12 comments</a></span></div></div></div></li></ol>',
    );
    assert.ok(authorsOf(html, 'https://lobste.rs/s/dwip3v/rust_project_goals_for_2024').includes('scvalex'));
  });

  it("Flarum's first post by its PostUser-name (WCXB 0557)", () => {
    const html = page(
      "<title>'Types of Threads' - Flarum as a 'Discussion Engine'? - Flarum Community</title>",
      '<main class="App-content"><div class="container"><h1>&#039;Types of Threads&#039; - Flarum as a &#039;Discussion Engine&#039;?</h1><div><article>' +
        '<div class="PostUser"><h3 class="PostUser-name">antonjw</h3></div><div class="Post-body"><p>I just joined today, and posted a few ideas into the Real Time Chat thread.</p></div>' +
        '</article></div></div></main>',
    );
    assert.ok(
      authorsOf(
        html,
        'https://discuss.flarum.org/d/2068-types-of-threads-flarum-as-a-discussion-engine',
      ).includes('antonjw'),
    );
  });
});

describe('metadata.sources: where each value was found', () => {
  it("the rules' reading names its sources (WCXB 0479)", () => {
    const chosen = chooseMetadata(reading(SCALZI, SCALZI_URL), { model: null });
    assert.equal(chosen.title, 'The December Comfort Watches 2025, Day Eighteen: Starship Troopers');
    assert.equal(chosen.published?.slice(0, 10), '2025-12-18');
    assert.deepEqual(chosen.authors, ['John Scalzi']);
    assert.ok(chosen.sources?.title?.includes('og:title'));
    assert.ok(chosen.sources?.title?.includes('html:title#without-site'));
    assert.ok(chosen.sources?.published?.includes('url'));
    assert.ok(chosen.sources?.authors?.includes('html:byline'));
    assert.equal(chosen.sources?.siteName, 'og:site_name');
  });

  it('a field the page does not give has no source (WCXB 2981)', () => {
    const chosen = chooseMetadata(reading(IFIXIT, IFIXIT_URL), { model: null });
    assert.equal(chosen.published, undefined);
    assert.equal(chosen.sources?.published, undefined);
    assert.deepEqual(chosen.authors, []);
  });
});

describe('date candidates: sources read in round 8 (s42-ad)', () => {
  it("a date in the article's own footer, classed footer inside the <article> (WCXB 4596, diggs.pet)", () => {
    const html = page(
      '<title>Puppy Obedience Training: How to Properly Train Your New Puppy</title>',
      '<main class="content-for-layout focus-none" id="MainContent"><article class="article-template section-template--18966133997754__main-article-padding" itemscope itemtype="http://schema.org/BlogPosting">' +
        `<div class="article-template-blocks"><div class="article-template-block article-template-content" itemprop="articleBody">${BODY_TEXT.repeat(8)}</div>` +
        '<footer class="article-template-block article-template-footer"><div class="article-template-footer-container container"><div class="article-template-footer-wrapper">' +
        '<div class="article-template-share"><span class="article-template-share__title body-small">Share</span><ul class="article-template-share-list"><li class="article-template-share-list__item"><a href="https://www.facebook.com/sharer.php?u=https://www.diggs.pet/blogs/posts/puppy-obedience-training">Facebook</a></li></ul></div>' +
        '<div class="article-template-footer-main"><span class="article-template-date body-small"><time datetime="2025-08-12T11:15:06Z">August 12, 2025</time></span></div>' +
        '</div></div></footer></div></article></main><footer class="footer"><div class="footer-main"><p>Updated March 3, 2026</p></div></footer>',
    );
    assert.deepEqual(
      candidatesOf(html, 'https://www.diggs.pet/blogs/posts/puppy-obedience-training').dates.map(
        (candidate) => candidate.day,
      ),
      ['2025-08-12'],
    );
  });

  it("a teaser card's footer in a list of <article> cards still keeps its dates out (WCXB 2967, aljazeera.com)", () => {
    const card =
      '<article class="gc u-clickable-card gc--type-post"><div class="gc__content"><h3 class="gc__title"><a href="/economy/2026/3/6/x"><span>A story</span></a></h3>' +
      '<footer class="article-card__footer u-clickable-card__exclude"><div class="gc__date gc__date--published"><div class="gc__date__date"><div class="date-simple"><span class="screen-reader-text">Published On 6 Mar 2026</span><span aria-hidden="true">6 Mar 2026</span></div></div></div></footer></div></article>';
    const html = page(
      '<title>Economy | Al Jazeera</title>',
      `<main><h1>Economy</h1>${card}${BODY_TEXT}</main>`,
    );
    assert.deepEqual(candidatesOf(html, 'https://www.aljazeera.com/economy/').dates, []);
  });

  it("a footer class outside an <article> still keeps its dates out (the site's footer)", () => {
    const html = page(
      '<title>Puppy Obedience Training</title>',
      `<main><div class="post">${BODY_TEXT}</div><div class="article-template-footer"><time datetime="2025-08-12T11:15:06Z">August 12, 2025</time></div></main>`,
    );
    assert.deepEqual(candidatesOf(html, 'https://www.diggs.pet/blogs/posts/x').dates, []);
  });

  it("Microsoft Learn's ms.date and a CMS's w-published-date (WCXB 4409, 0237)", () => {
    const learn = page(
      '<title>Azure Functions overview | Microsoft Learn</title><meta name="author" content="ggailey777" /><meta name="ms.author" content="glenga" />' +
        '<meta name="ms.date" content="2025-03-06T00:00:00Z" /><meta name="updated_at" content="2025-10-23T11:11:00Z" />',
      `<main><h1>Azure Functions overview</h1>${BODY_TEXT}</main>`,
    );
    const learnDates = candidatesOf(
      learn,
      'https://learn.microsoft.com/en-us/azure/azure-functions/functions-overview',
    ).dates;
    assert.deepEqual(
      learnDates.map((candidate) => [candidate.day, candidate.mentions.map((mention) => mention.source)]),
      [['2025-03-06', ['rules', 'meta.published']]],
    );
    const reuters = page(
      '<title>Creating a cost-benefit analysis for moving legal work in-house</title><meta name="w-published-date" content="2025-05-27T06:03:43.274Z"/>',
      `<main><h1>Creating a cost-benefit analysis for moving legal work in-house</h1>${BODY_TEXT}</main>`,
    );
    assert.deepEqual(
      candidatesOf(
        reuters,
        'https://legal.thomsonreuters.com/en/insights/articles/creating-a-cost-benefit-analysis-for-moving-legal-work-in-house',
      ).dates.map((candidate) => candidate.day),
      ['2025-05-27'],
    );
  });

  it("a URL's date followed by a space written + (WCXB 0494, blog.guillaume-gomez.fr)", () => {
    const html = page('<title>Rust GCC backend: Why and how</title>', `<main>${BODY_TEXT}</main>`);
    const dates = candidatesOf(
      html,
      'https://blog.guillaume-gomez.fr/articles/2025-12-15+Rust+GCC+backend:+Why+and+how',
    ).dates;
    assert.deepEqual(
      dates.map((candidate) => [candidate.day, candidate.mentions.map((mention) => mention.source)]),
      [['2025-12-15', ['url']]],
    );
  });
});

describe('author candidates: an author box', () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => [candidate.names.join('; '), candidate.sources]);

  it("Elementor's author box names the writer in `elementor-author-box__name` (WCXB 0353)", () => {
    const html = page(
      '<title>Pros and Cons of Consulting: Is It a Good Fit for You?</title>',
      '<main><h1>Pros and Cons of Consulting: Is It a Good Fit for You?</h1><div class="elementor-widget-container"><div class="elementor-author-box">' +
        '<div class="elementor-author-box__avatar"><img decoding="async" src="https://www.myconsultingoffer.org/wp-content/uploads/Liz-Kenny-274x300.jpg" alt="Picture of Liz Kenny" loading="lazy"></div>' +
        '<div class="elementor-author-box__text"><div><h4 class="elementor-author-box__name"> Liz Kenny </h4></div>' +
        `<div class="elementor-author-box__bio"><p>Former McKinsey Consultant</p></div></div></div></div>${BODY_TEXT}</main>`,
    );
    assert.deepEqual(
      authorsOf(html, 'https://www.myconsultingoffer.org/what-is-consulting/pros-and-cons-of-consulting/'),
      // The box's picture ("Picture of Liz Kenny" in `elementor-author-box__avatar`) is a byline too (round 19).
      [['Liz Kenny', ['rules', 'byline.first', 'box']]],
    );
  });

  it('a byline inside the layout element that holds <main>, classed fixed-sidebar (WCXB 0561, reddit.com)', () => {
    const html = page(
      "<title>FCC Chair to Europe: If You Restrict US Satellite Providers, We'll Ban You Here : r/technology</title>",
      '<div class="main-container gap-lg w-full flex-1 grid place-content-between grid-cols-[minmax(0,1fr)] fixed-sidebar xs:[&amp;.fixed-sidebar]:grid-cols-[minmax(0,756px)_minmax(0,316px)]" dir="ltr">' +
        '<main class="main w-full min-w-0 xs:pb-xl" id="main-content"><shreddit-post class="block xs:mt-0"><div class="flex justify-between text-12 px-md"><span class="flex gap-xs items-center pr-xs truncate">' +
        '<a rpl aria-label="Author: ControlCAD" class="author-name whitespace-nowrap inline-flex items-center text-neutral-content" href="/user/ControlCAD/">ControlCAD</a></span></div>' +
        '<h1 slot="title">FCC Chair to Europe: If You Restrict US Satellite Providers, We\'ll Ban You Here</h1></shreddit-post></main>' +
        '<div class="right-sidebar"><a class="author-name" href="/user/Someone/">Someone</a></div></div>',
    );
    const names = authorsOf(
      html,
      'https://www.reddit.com/r/technology/comments/1rl4mew/fcc_chair_to_europe/',
    ).map(([name]) => name);
    assert.ok(names.includes('ControlCAD'), names.join(' / '));
    assert.ok(!names.includes('Someone'), 'a sidebar without <main> inside is still one');
  });

  it('a box without a name element gives no name (its bio is no byline)', () => {
    const html = page(
      '<title>Notes</title>',
      `<main><h1>Notes</h1>${BODY_TEXT}<div class="author-bio"><p>Ann Lee writes about gardens.</p></div></main>`,
    );
    assert.deepEqual(authorsOf(html, 'https://example.com/notes'), []);
  });
});

describe('author candidates: bylines read in round 10 (s42-ad)', () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));

  it('a byline that starts with the date: "Dec. 19, 2025 · Niko Matsakis on behalf of …" (WCXB 0379, blog.rust-lang.org)', () => {
    const html = page(
      '<title>What do people love about Rust? | Rust Blog</title>',
      '<main><header><h2>What do people love about Rust?</h2><div class="highlight mt2 mb3"></div></header>' +
        '<div class="publish-date-author">Dec. 19, 2025 &middot; Niko Matsakis on behalf of <a href="https://www.rust-lang.org/governance/teams/launching-pad#team-vision-doc-group">Vision Doc group</a></div>' +
        `<div class="post">${BODY_TEXT}</div></main>`,
    );
    assert.deepEqual(
      authorsOf(html, 'https://blog.rust-lang.org/2025/12/19/what-do-people-love-about-rust/'),
      ['Niko Matsakis'],
    );
  });

  it('the date and the name in two <span>s without a space between (WCXB 0453, garnix.io)', () => {
    const html = page(
      '<title>Attested Nix builds</title>',
      '<main><div class="styles_authorContainer__JAvHP"><span class="styles_all__Vis5Y">Dec 17, 2025</span><span class="styles_all__Vis5Y">Julian K. Arni</span></div>' +
        `<h1 class="styles_header__uOOWx">Attested Nix builds</h1>${BODY_TEXT}</main>`,
    );
    assert.deepEqual(authorsOf(html, 'https://garnix.io/blog/attested-nix-builds'), ['Julian K. Arni']);
  });

  it('a list of names "A, B, and C" after the date is three names, not a name and a role (WCXB 0453)', () => {
    const html = page(
      '<title>Blog</title>',
      '<main><h1>Blog</h1><div class="styles_authorContainer__BuSQX"><span class="styles_all__Vis5Y">Oct 30, 2025</span><span class="styles_all__Vis5Y">Alex David, Sönke Hahn, and Julian K. Arni</span></div>' +
        `${BODY_TEXT}</main>`,
    );
    assert.deepEqual(authorsOf(html, 'https://garnix.io/blog/'), ['Alex David; Sönke Hahn; Julian K. Arni']);
  });

  it('a banner classed hasslider (a state, not a slider) keeps its byline (WCXB 4363, business.booking.com)', () => {
    const html = page(
      '<title>The Ten Best Tech Conferences to Attend in 2026</title>',
      '<main class="block block-main"><div class="block block-banner banner-hub-blog lightblue-background hasslider"><div class="banner-content">' +
        '<div class="article article-hub-banner"><div class="content"><div class="info"><div class="line"><div class="grow"><div class="author author-hub">' +
        '<div class="media"><div class="image"><img src="a.svg" alt="Rachel MacDonald"></div></div><div class="content"><div class="author-info">' +
        '<div class="name">Rachel MacDonald</div><div class="post">Writer</div></div></div></div></div><div class="time-info"><div class="date">12/11/25</div></div></div>' +
        '<div class="description"><h1 class="main-title">The Ten Best Tech Conferences to Attend in 2026</h1></div></div></div></div></div>' +
        `${BODY_TEXT}</main>`,
    );
    assert.deepEqual(
      authorsOf(
        html,
        'https://business.booking.com/en-us/business-travel-resources/blog/the-ten-best-tech-conferences/',
      ),
      ['Rachel MacDonald'],
    );
  });

  it('a real slider still keeps its bylines out', () => {
    const html = page(
      '<title>Notes</title>',
      `<main><h1>Notes</h1>${BODY_TEXT}<div class="slider"><div class="author"><a href="/author/bo-chen/">Bo Chen</a></div></div></main>`,
    );
    assert.deepEqual(authorsOf(html, 'https://example.com/notes'), []);
  });

  it("a name beside a person icon in the post's meta line (WCXB 0429, playfultones.com)", () => {
    const html = page(
      '<title>Reflections on Building a Pixel-Perfect UI Pipeline in JUCE Applications</title>',
      '<main><h1>Reflections on Building a Pixel-Perfect UI Pipeline in JUCE Applications</h1><div class="entry-meta"><ul>' +
        '<li class="d-flex align-items-center"><i class="bi bi-person"></i> Bence Kovács </li>' +
        '<li class="d-flex align-items-center"><i class="bi bi-clock"></i><time datetime="02-12-2025">02-12-2025</time></li></ul></div>' +
        `${BODY_TEXT}</main>`,
    );
    assert.deepEqual(
      authorsOf(
        html,
        'https://playfultones.com/blog/reflections-on-building-a-pixel-perfect-ui-pipeline-in-juce-applications---part-1',
      ),
      ['Bence Kovács'],
    );
  });

  it('a person icon far from the headline (an account link in the footer) gives no name', () => {
    const html = page(
      '<title>Notes</title>',
      `<main><h1>Notes</h1>${BODY_TEXT.repeat(3)}</main><div class="footer-links">${'<p>Some link text here</p>'.repeat(70)}<a href="/account"><i class="fa fa-user"></i> My Account</a></div>`,
    );
    assert.deepEqual(authorsOf(html, 'https://example.com/notes'), []);
  });
  it('XenForo\'s "Thread starter" icon gives the starter\'s name, not "Thread starter sean_g" (WCXB 4320)', () => {
    const html = page(
      '<title>Looking for beginner woodworking projects that reinforce fundamentals | Forum</title>',
      '<main><h1 class="p-title-value">Looking for beginner woodworking projects that reinforce fundamentals</h1>' +
        '<div class="p-description"><ul class="listInline listInline--bullet"><li><i class="fa--xf far fa-user "></i> <span class="u-srOnly">Thread starter</span> ' +
        '<a href="/members/sean_g.81409/" class="username u-concealed" dir="auto">sean_g</a></li></ul></div>' +
        `${BODY_TEXT}</main>`,
    );
    const names = authorsOf(
      html,
      'https://www.example-forum.com/threads/looking-for-beginner-woodworking-projects.73409/',
    );
    assert.ok(!names.some((name) => name.includes('Thread starter')), names.join(' / '));
  });

  it('a date before a section after " | " is no byline: "March 20, 2023 | Wellness & Prevention" (WCXB 4125)', () => {
    const html = page(
      '<title>Health news</title>',
      '<main><h1>Health news</h1><section class="byline"><span class="byline__release-date"><time datetime="2023-03-20T00:00:00-07:00">March 20, 2023</time></span>' +
        '<span class="byline__separator"> | </span><span class="byline__category"><a href="/health-and-wellness/wellness-prevention-articles-and-videos">Wellness &amp; Prevention</a></span></section>' +
        `${BODY_TEXT}</main>`,
    );
    assert.deepEqual(authorsOf(html, 'https://www.example.org/health-news'), []);
  });
});

describe('author candidates: a "Contributors:" label (round 11, s42-date)', () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));

  it('the name as the text after the label\'s element: "<strong>Contributors:</strong> Janet Loughrey" (WCXB 4701, provenwinners.com)', () => {
    const html = page(
      '<title>14 Low-Light Houseplants That Thrive in Dim Spaces | Proven Winners</title>',
      '<div class="page-title"> <h1>14 Low-Light Houseplants That Thrive in Dim Spaces</h1> </div> <div class="node full node-article article-block"> ' +
        '<div class="sub-title"> <p>These houseplant varieties will thrive even in dim indoor environments</p> </div> ' +
        '<div class="tags"> <div> <strong>Contributors:</strong> Janet Loughrey </div> </div> ' +
        `<div class="body">${BODY_TEXT}</div></div>`,
    );
    assert.deepEqual(authorsOf(html, 'https://www.provenwinners.com/learn/houseplants/low-light'), [
      'Janet Loughrey',
    ]);
  });

  it('"Contributor" without a colon is a role in a staff box, not a label of the links after it (WCXB 0513, macrumors.com)', () => {
    const html = page(
      '<title>Forum thread | MacRumors Forums</title>',
      `<h1>Forum thread</h1>${BODY_TEXT}` +
        '<div class="staff"><div class="staff_name"><a href="https://www.macrumors.com/author/arnold-kim/">Arnold Kim</a></div> ' +
        '<div class="staff_position">Contributor</div> <div class="staff_links"><a href="mailto:arn@example.com">Email</a> • <a href="http://twitter.com/arnoldkim">Twitter</a></div></div>',
    );
    assert.ok(
      !authorsOf(html, 'https://forums.macrumors.com/threads/1.html').some((names) => /Email/.test(names)),
    );
  });

  it('a label whose text is followed by more elements is no label of a name (the text does not end its element)', () => {
    const html = page(
      '<title>Post</title>',
      `<h1>Post</h1><div class="staff_box"><b>Author:</b> Contact <a href="mailto:a@example.com">Email</a></div>${BODY_TEXT}`,
    );
    assert.ok(!authorsOf(html, 'https://example.com/post').some((names) => /Contact/.test(names)));
  });
});

describe('date features: the shown day nearest the headline and whether the declared day is shown (round 11, s42-date)', () => {
  /** Each candidate's day with the two columns, and the "none" row's `declaredShown`. */
  function dateColumns(html: string, url: string) {
    const read = reading(html, url);
    const candidates = readCandidates(read.sources, read.rules, read.siteNames, read.url, read.now);
    const rows = candidateRows(candidates, read.sources, read.rules, read.siteNames, read.url).dates;
    const width = DATE_FEATURES.length;
    const nearest = DATE_FEATURES.indexOf('date.nearest');
    const declared = DATE_FEATURES.indexOf('date.declaredShown');
    return {
      days: candidates.dates.map((candidate, row) => ({
        day: candidate.day,
        nearest: rows[row * width + nearest],
        declaredShown: rows[row * width + declared],
      })),
      none: rows[candidates.dates.length * width + declared],
    };
  }

  it('the modified day shown under the headline is the nearest; the declared published day is not shown (WCXB 1476, bokun.io: the gold is the shown 2025-11-04)', () => {
    const html = page(
      '<title>How to Create &#038; Market Five-Star Tour Packages</title>' +
        '<meta property="article:published_time" content="2025-10-30T12:00:36+00:00" />' +
        '<meta property="article:modified_time" content="2025-11-04T21:10:44+00:00" />' +
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"How to Create & Market Five-Star Tour Packages","datePublished":"2025-10-30T12:00:36+00:00","dateModified":"2025-11-04T21:10:44+00:00"}</script>',
      '<h1>How to Create &#038; Market Five-Star Tour Packages</h1> <p> <a href="/author/cgannon">Charlotte Gannon</a> • November 4th, 2025 </p>' +
        `<div class="content" id="content">${BODY_TEXT}</div>`,
    );
    const { days, none } = dateColumns(html, 'https://www.bokun.io/how-to-create-tour-packages');
    const byDay = new Map(days.map((entry) => [entry.day, entry]));
    assert.equal(byDay.get('2025-11-04')?.nearest, 1);
    assert.equal(byDay.get('2025-10-30')?.nearest, 0);
    for (const entry of days) assert.equal(entry.declaredShown, 0);
    assert.equal(none, 0);
  });

  it('no day shown: both columns missing (a page that only declares its day)', () => {
    const html = page(
      '<title>Post</title><meta property="article:published_time" content="2025-10-30T12:00:36+00:00" />',
      `<h1>Post</h1>${BODY_TEXT}`,
    );
    const { days } = dateColumns(html, 'https://example.com/post');
    assert.equal(days.length, 1);
    assert.ok(Number.isNaN(days[0].nearest));
    assert.equal(days[0].declaredShown, 0);
  });
});

describe('author candidates: a link to an author page near the headline, no byline cue (round 13, s42-author)', () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));

  it('a name linked to /team/… in the meta line before the <h1> (WCXB 4688, cellarbeast.com)', () => {
    const html = page(
      '<title>Wine for Beginners: Easy Guide to Types, Tasting &amp; Pairing</title>',
      '<section class="section post"><div class="container-medium-965px post"><div class="post-about-wrapper">' +
        '<a href="/blog-category/wine-101" class="post-category-link">Essential Wine Basics 101</a><div> / </div>' +
        '<div class="text-block-26">December 14, 2025</div><div> / </div><a href="/team/matthew-check" class="link-9">Matt Check</a></div>' +
        '<h1 class="title color-neutral-100 post">Wine for Beginners: Your Essential Guide to Wine Basics</h1>' +
        `<p class="paragraph color-neutral-400 post-excerpt">Learn wine basics: styles, tasting tips, pairing, and serving.</p>${BODY_TEXT}</div></section>`,
    );
    assert.deepEqual(authorsOf(html, 'https://www.cellarbeast.com/blog/wine-for-beginners-guide'), [
      'Matt Check',
    ]);
  });

  it('a team linked to /authors/… after the <h1> (WCXB 4606, upwork.com)', () => {
    const html = page(
      '<title>8 Steps To Become a Freelance Web Developer in 2026</title>',
      '<div class="column"><a href="/articles" class="article-pill-item hero-pill w-inline-block"><div>Article</div></a><div class="date smaller-date">13 Min Read</div></div>' +
        '<h1 class="neutral-up-black mod-h2-class">8 Steps To Become a Freelance Web Developer in 2026</h1>' +
        '<div class="column spec-column"><div class="article-info"><div class="flex-hor margin-10 change-flex">' +
        '<a href="/authors/upwork-staff" class="author-image-rebrand bigger-author w-inline-block"><img src="u.jpeg" alt="8 Steps"/></a>' +
        '<div class="column"><a href="/authors/upwork-staff" class="black-text">The Upwork Team</a></div></div></div></div>' +
        BODY_TEXT,
    );
    assert.deepEqual(
      authorsOf(html, 'https://www.upwork.com/resources/how-to-become-a-freelance-web-developer'),
      ['The Upwork Team'],
    );
  });

  it('a link whose text is no name ("Our Team", "View profile") is not read, nor one far from the headline', () => {
    const html = page(
      '<title>Post</title>',
      '<div class="top"><a href="/team/">Our Team</a> <a href="/members/me">View profile</a></div>' +
        `<h1>Post</h1>${BODY_TEXT}${BODY_TEXT.repeat(40).replace(/<p>/g, '<p><span>x</span>')}` +
        '<p><a href="/author/ann-lee">Ann Lee</a></p>',
    );
    assert.deepEqual(authorsOf(html, 'https://example.com/post'), []);
  });

  it('a page with a byline keeps it alone: the links beside it are not added', () => {
    const html = page(
      '<title>Post</title>',
      '<h1>Post</h1><div class="byline">By <a href="/author/ann-lee">Ann Lee</a></div>' +
        `<p>Reviewed with <a href="/experts/bo-chen">Bo Chen</a></p>${BODY_TEXT}`,
    );
    assert.deepEqual(authorsOf(html, 'https://example.com/post'), ['Ann Lee']);
  });

  it('a link after a label other than an author\'s ("Contact:") is not the author (WCXB 4025, ers.usda.gov)', () => {
    const html = page(
      '<title>Climate Change</title>',
      '<h1 class="margin-top-0">Climate Change</h1> <ul id="pageInfo" class="usa-list usa-list--unstyled padding-top-1" aria-label="More information"> ' +
        '<li class="tablet:display-inline margin-right-2"><strong>Updated:</strong> 6/2/2025</li> ' +
        '<li class="tablet:display-inline"><strong>Contact:</strong> <a class="text-white" href="/authors/ers-staff-directory/ron-sands">Ron Sands</a> </li> </ul>' +
        BODY_TEXT,
    );
    assert.deepEqual(
      authorsOf(html, 'https://www.ers.usda.gov/topics/natural-resources-environment/climate-change'),
      [],
    );
  });

  it("a forum user's profile link (/u/…) under the thread title is no writer's (WCXB 4564, permies.com)", () => {
    const html = page(
      '<title>A Year in a Tiny House (real world pros and cons)</title>',
      '<h1><span id="topicSubject">A Year in a Tiny House (real world pros and cons)</span> </h1> <div class="postItem"><div class="postItmCntnt"> ' +
        '<div class="name"> <a href="/u/211884/Travis-Johnson" title="You must login or register" class="">Travis Johnson</a> </div> ' +
        `<div class="status userRankStatus"> pollinator </div></div>${BODY_TEXT}</div>`,
    );
    assert.deepEqual(authorsOf(html, 'https://permies.com/t/123270/Year-Tiny-House-real-world'), []);
  });

  it('a bare name on its own line right before the shown date, after the standfirst (WCXB 0309, zalaris.com)', () => {
    const html = page(
      '<title>HR Shared Services explained | Zalaris</title>',
      '<h1 class="title mb-[14px] break-words">HR Shared Services explained: Benefits, functions, and best practices</h1>' +
        '<p class="mobile_Ingress desktop:ingress mb-[10px]">HR shared services have evolved into a cornerstone of modern HR operating models.</p>' +
        '<p class="main_text_small_regular text-dark_blue mb-4">Elliot Raba</p><div class="flex justify-between items-center "><p class="mt-[4px]">' +
        '<span>23.07.2025</span><span class="ml-2"> <!-- -->·<!-- --> </span><span class="ml-2">6 min read</span></p></div>' +
        BODY_TEXT,
    );
    assert.deepEqual(
      authorsOf(
        html,
        'https://zalaris.com/managed-services/resources/blog/hr-shared-services-explained-benefits-functions-&-best-practices',
      ),
      ['Elliot Raba'],
    );
  });

  it("a category's link or a section's heading before a date is no bare name", () => {
    const html = page(
      '<title>Post</title>',
      '<h1>Post</h1><div class="meta"><a href="/category/health-news">Health News</a> <span>March 3, 2025</span></div>' +
        `${BODY_TEXT}<h3>Latest Stories</h3><p>March 4, 2025</p>`,
    );
    assert.deepEqual(authorsOf(html, 'https://example.com/post'), []);
  });

  it("the headline's own second line before the date is no bare name (WCXB 4715, apps.shopify.com)", () => {
    const html = page(
      '<title>Klatch Coffee - Shopify App Store</title>',
      '<div class="tw-flex"> <h1 class="tw-text-display-5"> <div class="tw-text-fg-inverted-tertiary tw-text-body-2xl">Get that tech stack</div> ' +
        '<span class="lg:tw-block">Klatch Coffee</span> </h1> <div class="tw-flex tw-mb-xs tw-text-body-xs"> <time datetime="2024-12-20">August 28, 2024</time> </div> </div>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://apps.shopify.com/stories/klatch-coffee'), []);
  });
});

describe('date candidates: round 14 (s42-date3)', () => {
  const daysOf = (html: string, url: string) =>
    candidatesOf(html, url).dates.map((candidate) => [
      candidate.day,
      candidate.mentions.map((mention) => mention.source),
    ]);

  it("a URL's day with the month's name: /2023/october/03/ (WCXB 4690, wsetglobal.com)", () => {
    const html = page(
      '<title>How many wine types and styles are there?</title>',
      `<main>${BODY_TEXT}</main>`,
    );
    assert.deepEqual(
      daysOf(
        html,
        'https://www.wsetglobal.com/knowledge-centre/blog/2023/october/03/how-many-wine-types-and-styles-are-there/',
      ),
      [['2023-10-03', ['url']]],
    );
    // A word that is no month's is no date.
    assert.deepEqual(daysOf(html, 'https://example.com/blog/2023/news/03/story/'), []);
  });

  it('a numeric date of either order under the headline, read in the order the URL gives (WCXB 4690)', () => {
    const html = page(
      '<title>How many wine types and styles are there?</title>',
      '<main><div class="blog-post-detail-header"><div class="blog-post-detail-title"><h1><span>How many wine types and styles are there?</span></h1></div>' +
        '<div class="blog-post-detail-author"><div class="clearfix"><div class="blog-date"><span class="uBlogsy_post_time"> 03/10/2023 </span></div></div></div></div>' +
        `${BODY_TEXT}</main>`,
    ).replace('<html>', '<html lang="en">');
    assert.deepEqual(
      daysOf(
        html,
        'https://www.wsetglobal.com/knowledge-centre/blog/2023/october/03/how-many-wine-types-and-styles-are-there/',
      ),
      [['2023-10-03', ['url', 'shown', 'byline']]],
    );
    // No other day on the page: the date is not read (either order could be the page's).
    assert.deepEqual(daysOf(html, 'https://www.wsetglobal.com/knowledge-centre/blog/wine-types/'), []);
  });

  it('property: an ambiguous numeric date, written in either order, is read as the day the URL gives', () => {
    const pad = (value: number) => String(value).padStart(2, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2025 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (year, month, day, dayFirst) => {
          fc.pre(month !== day);
          const shown = dayFirst ? `${pad(day)}/${pad(month)}/${year}` : `${pad(month)}/${pad(day)}/${year}`;
          const html = page(
            '<title>A story</title>',
            `<main><h1>A story</h1><div class="blog-date"><span>${shown}</span></div>${BODY_TEXT}</main>`,
          ).replace('<html>', '<html lang="en">');
          const iso = `${year}-${pad(month)}-${pad(day)}`;
          const dates = daysOf(html, `https://example.com/blog/${year}/${pad(month)}/${pad(day)}/a-story/`);
          assert.deepEqual(dates, [[iso, ['url', 'shown']]]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a date after a "Published" label in a side column is read (WCXB 0300, 4105)', () => {
    const sidebar = page(
      '<title>The Top 25 Data Management and Analytics Companies of 2025</title>',
      '<div><h1 class="as-hero-title">The Top 25 Data Management and Analytics Companies of 2025</h1></div>' +
        '<div class="single-post-content"><div class="single-post-sidebar"><div class="single-post-meta"><h4>Published</h4> <div class="single-post-date">July 8, 2025</div></div></div>' +
        `<div class="single-post-main">${BODY_TEXT.repeat(6)}</div></div>`,
    );
    assert.deepEqual(
      daysOf(
        sidebar,
        'https://www.thesoftwarereport.com/the-top-25-data-management-and-analytics-companies-of-2025/',
      ),
      [['2025-07-08', ['rules', 'shown']]],
    );
    const bottom = page(
      '<title>Small Business Guide: Cyber Security</title>',
      `<main><h1>Small Business Guide: Cyber Security</h1>${BODY_TEXT.repeat(6)}</main>` +
        '<div class="c-layout-sidebar-bottom"><div class="text-fl-sm"><h4 class="h6">Published</h4><h3 class="sr-only">Publish date</h3> <time datetime="2018-11-15T12:00:00Z">15 November 2018</time></div>' +
        '<div class="text-fl-sm"><h4 class="h6">Reviewed</h4> <time datetime="2025-06-24T12:00:00Z">24 June 2025</time></div></div>',
    );
    assert.deepEqual(
      daysOf(bottom, 'https://www.ncsc.gov.uk/collection/small-business-guide').map(([day]) => day),
      ['2018-11-15'],
    );
  });

  it("a side column's date classed as one, right under the headline, is read (WCXB 4174, uchicagomedicine.org)", () => {
    const html = page(
      '<title>A parent’s guide to sleep training infants and toddlers</title>',
      '<main id="mainContent"><div class="container"><h1>A parent’s guide to sleep training infants and toddlers</h1></div>' +
        '<div class="container grid-container flipped"><aside role="complementary" class="side-col ForefrontArticle_aside__9TLHk"><p class="ForefrontArticle_date__0aODL">May 25, 2023</p><p class="ForefrontArticle_author__U98U7">Written By <span>Angela Holliday-Bell, MD</span></p></aside>' +
        `<div class="main-col">${BODY_TEXT.repeat(6)}</div></div></main>`,
    );
    assert.deepEqual(
      daysOf(
        html,
        'https://www.uchicagomedicine.org/forefront/pediatrics-articles/sleep-training-in-infants-and-toddlers',
      ).map(([day]) => day),
      ['2023-05-25'],
    );
    // A sidebar under the headline that starts with a card's title: its card's date is not the page's.
    const cards = html.replace(
      '<p class="ForefrontArticle_date__0aODL">May 25, 2023</p>',
      '<a href="/x">Another story</a><p class="card_date">June 2, 2025</p>',
    );
    assert.deepEqual(daysOf(cards, 'https://www.uchicagomedicine.org/forefront/x'), []);
  });

  it("a related post's date in a sidebar, with no label, is still not read", () => {
    const html = page(
      '<title>The Top 25</title>',
      '<div><h1>The Top 25</h1></div><div class="single-post-content">' +
        `<div class="single-post-main">${BODY_TEXT.repeat(6)}</div>` +
        '<div class="single-post-sidebar"><div class="related-post-card"><a href="/x">Another story</a><span class="related-post-card__date">June 2, 2025</span></div></div></div>',
    );
    assert.deepEqual(daysOf(html, 'https://www.thesoftwarereport.com/the-top-25/'), []);
  });
});

describe("author candidates: a byline's name on a line of its own, the role or buttons after it cut (round 16, s42-author4)", () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));

  it("an author card's link holding the name's heading and the role under it (WCXB 4688, cellarbeast.com)", () => {
    const html = page(
      '<title>Wine for Beginners</title>',
      `<h1>Wine for Beginners: Your Essential Guide to Wine Basics</h1>${BODY_TEXT}` +
        '<div><div id="" class="card author"><a href="/team/matthew-check" class="image-wrapper card-author w-inline-block"><img src="matt.jpg" alt="Wine for Beginners" class="image card-author"/></a>' +
        '<div class="card-author-content"><div class="card-author-content-top"><a href="/team/matthew-check" class="card-author-name-wrapper w-inline-block">' +
        '<h2 class="title h3-size card-author-name">Matt Check</h2><div class="card-author-rol">Head Winemaker, Co-Founder</div></a></div>' +
        '</div></div></div>',
    );
    assert.deepEqual(authorsOf(html, 'https://www.cellarbeast.com/blog/wine-for-beginners-guide'), [
      'Matt Check',
    ]);
  });

  it('"By <a>Name</a><br><span>Role</span>" (WCXB 4048, consumerreports.org)', () => {
    const html = page(
      '<title>Car Sales</title>',
      '<h1>Car Sales Are Down</h1><div class="byline"><span class="byline-author"><span class="byline-author__description"> By ' +
        '<a href="https://www.consumerreports.org/about-us/our-people/our-experts/keith-barry/">Keith Barry</a><br> ' +
        '<span class="byline-author__title">Senior Autos Reporter</span> </span> </span></div>' +
        BODY_TEXT,
    );
    const authors = authorsOf(html, 'https://www.consumerreports.org/cars/car-sales/');
    assert.ok(authors.includes('Keith Barry'), JSON.stringify(authors));
    assert.ok(!authors.some((names) => names.includes('Reporter')), JSON.stringify(authors));
  });

  it('a heading "Article by", the name on the next line, buttons after it (WCXB 0431, bytesauna.com)', () => {
    const html = page(
      '<title>Understanding mathematics through Lean | ByteSauna</title>',
      `<h1>Understanding mathematics through Lean</h1>${BODY_TEXT}` +
        '<div class="justify-self-start space-y-6 max-w-2xl mx-auto md:mx-0"><h2 class="text-3xl md:text-5xl mb-4 text-border">Article by</h2>' +
        '<div class="leading-relaxed text-xl mb-8">Matias Heikkilä</div><div class="grid grid-cols-2 gap-8 place-items-center">' +
        '<button class="px-6 py-3">Let&#x27;s talk</button><button class="px-6 py-3">Subscribe</button></div></div>',
    );
    assert.deepEqual(authorsOf(html, 'https://bytesauna.com/post/proofs-as-types'), ['Matias Heikkilä']);
  });

  it('names set one a line with ", and" between them stay one list; the dateline after them stays a date (WCXB 0312)', () => {
    const tip = (name: string) =>
      `<div class="ss-tooltip ss_UA7H9" data-testid="ss-tooltip"><button class="ss-tooltip-label text-left">${name}</button></div>`;
    const html = page(
      '<title>Best Online Colleges</title>',
      '<h1 class="ss-hero-title">Best Online Colleges</h1><div class="ss-contributorbyline ss_Ndf9X"><div><div class="ss_24ORL"><span>By </span>' +
        `<div>${tip('Thomas Broderick')}<span class="font-body-14">, </span></div><div>${tip('Nalea Ko')}<span class="font-body-14">, and </span></div>` +
        `<div>${tip('ACO Rankings Team')}<span class="font-body-14"></span></div></div>` +
        '<div><span class="font-normal">Updated on <!-- --> <!-- -->December 11, 2025</span></div></div></div>' +
        BODY_TEXT,
    );
    const url = 'https://www.affordablecollegesonline.org/online-colleges/';
    assert.ok(authorsOf(html, url).includes('Thomas Broderick; Nalea Ko; ACO Rankings Team'));
    const bylineDays = candidatesOf(html, url)
      .dates.filter((candidate) => candidate.mentions.some((mention) => mention.source === 'byline'))
      .map((candidate) => candidate.day);
    assert.deepEqual(bylineDays, ['2025-12-11']);
  });

  it('one name, the "Updated on" line after it: the name alone, the date still read from the byline (WCXB 0267)', () => {
    const html = page(
      '<title>Best Online Certificate Programs</title>',
      '<h1 class="ss-hero-title">Best Online Certificate Programs</h1><div class="ss-contributorbyline ss_Ndf9X"><div><div class="ss_24ORL"><span>By </span>' +
        '<div><div class="ss-tooltip ss_UA7H9"><button class="ss-tooltip-label text-left">Alison Plaut</button></div><span class="font-body-14"></span></div></div>' +
        '<div><span class="font-normal">Updated on <!-- --> <!-- -->October 21, 2025</span></div></div></div>' +
        BODY_TEXT,
    );
    const url = 'https://www.accreditedschoolsonline.org/online-degrees/certificate/';
    assert.deepEqual(authorsOf(html, url), ['Alison Plaut']);
    const bylineDays = candidatesOf(html, url)
      .dates.filter((candidate) => candidate.mentions.some((mention) => mention.source === 'byline'))
      .map((candidate) => candidate.day);
    assert.deepEqual(bylineDays, ['2025-10-21']);
  });

  it('property: a name on its own line with any role after it is read as the name alone, the role never', () => {
    const word = fc
      .tuple(fc.constantFrom(...'ABCDEFGHKLMNPRSTW'), fc.stringMatching(/^[a-z]{2,8}$/))
      .map(([first, rest]) => first + rest);
    const name = fc.array(word, { minLength: 2, maxLength: 3 }).map((words) => words.join(' '));
    const role = fc
      .array(fc.stringMatching(/^[A-Za-z]{3,9}$/), { minLength: 1, maxLength: 4 })
      .map((words) => `Senior ${words.join(' ')}`);
    fc.assert(
      fc.property(name, role, fc.boolean(), (writer, title, inDiv) => {
        const line = inDiv ? `<div class="role">${title}</div>` : `<br><span class="role">${title}</span>`;
        const html = page(
          '<title>Post</title>',
          `<h1>Post</h1><div class="byline"><span>By </span><span>${writer}</span>${line}</div>${BODY_TEXT}`,
        );
        const authors = authorsOf(html, 'https://example.com/post');
        return authors.includes(writer) && !authors.some((names) => names.includes('Senior'));
      }),
      { numRuns: 100 },
    );
  });

  it('"Written by:", an avatar, then the name: the avatar is passed over (WCXB 0322, bold.org)', () => {
    const html = page(
      '<title>Scholarships</title>',
      '<h1>Scholarships for High School Seniors</h1><div class="flex flex-row text-sm sm:pl-5"><span>Written by:</span><picture>' +
        '<source srcSet="https://static.bold.org/a-small.webp" type="image/webp"/><img alt="" class="Picture_avatar__OYtB2 !mx-2 min-w-5" src="https://static.bold.org/a-small.jpeg"/></picture>' +
        '<span data-tooltip-id="post-author-21" class="line-clamp-1 max-w-[400px] border-b border-dotted font-medium">Elise Nass</span></div>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://bold.org/scholarships/'), ['Elise Nass']);
  });

  it('a label, then the avatar and the name with its role on two lines: the name alone (WCXB 0232, uxcam.com)', () => {
    const html = page(
      '<title>Mobile UX Design</title>',
      `<h1>Mobile UX Design: The Ultimate Guide 2025</h1>${BODY_TEXT}` +
        '<div class="css-107xci4 exbc9en11"><p class="css-1qoy90p e7acotc17">AUTHOR</p><div class="css-10dlav2 exbc9en21"><div class="css-1nuuwrf exbc9en20">' +
        '<div data-gatsby-image-wrapper="" class="gatsby-image-wrapper"><picture><img alt="" src="a.jpg"/></picture></div></div>' +
        '<div class="css-11g9g7d exbc9en19"><h5 class="css-lvr3rc e7acotc20">Annemarie Bufe</h5><p class="css-1qoy90p e7acotc17">Product Analytics Expert</p></div></div></div>',
    );
    assert.deepEqual(authorsOf(html, 'https://uxcam.com/blog/mobile-ux/'), ['Annemarie Bufe']);
  });

  it('"Written by" then a <br> and a list of names one a line: not the first name alone (WCXB 4430, reviewed.com)', () => {
    const html = page(
      '<title>Best Laptops</title>',
      '<h1>The Best Laptops</h1><div class="article-byline__updated">Updated March 13, 2024</div><div class="article-byline__content"><div class="article-byline__written-by"> <strong>Written by</strong> <br>' +
        '<strong><a href="https://www.reviewed.com/authors/adrien-ramirez">Adrien Ramirez</a></strong>, 4+ years covering computer hardware, software, and science<br>' +
        '<strong><a href="https://www.reviewed.com/authors/joanna-nelius">Joanna Nelius</a></strong>, senior editor and E Ink enthusiast with 5+ years experience testing PC hardware and laptops. </div></div>' +
        BODY_TEXT,
    );
    assert.ok(
      !authorsOf(html, 'https://reviewed.usatoday.com/laptops/best-right-now/the-best-laptops').includes(
        'Adrien Ramirez',
      ),
    );
  });

  it('a reading time between the date and the "By": "March 15, 2022 · 3 min read · By ASU Online" (WCXB 0162)', () => {
    const html = page(
      '<title>Graphic information technology vs. graphic design</title>',
      '<h1 class="h1-medium text-dark-3 mb-space-sm">Graphic information technology vs. graphic design: Which program is right for you?</h1>' +
        '<div class="fs-small mb-space-lg">March 15, 2022 <span class="fw-bold mx-space-xxs">·</span> 3 min read <span class="fw-bold mx-space-xxs">·</span> By ASU Online</div>' +
        BODY_TEXT,
    );
    assert.deepEqual(
      authorsOf(html, 'https://asuonline.asu.edu/newsroom/online-learning-tips/graphic-design/'),
      ['ASU Online'],
    );
  });

  it('a date on the first line keeps the whole text ("March 3, 2025<br>By Ann Lee")', () => {
    const html = page(
      '<title>Post</title>',
      `<h1>Post</h1><div class="byline">March 3, 2025<br>By Ann Lee</div>${BODY_TEXT}`,
    );
    assert.deepEqual(authorsOf(html, 'https://example.com/post'), ['Ann Lee']);
  });
});

describe('author candidates: a bare name on a line of its own under the headline, its bio further down (round 17, s42-author5)', () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));
  const BIO = (name: string) =>
    `<div class="author-card"><p class="heading">${name}</p><p>${name} is a middle and long course age group triathlete, dedicated to the pursuit of peak performance.</p></div>`;

  it('a name alone in a <p> right under the <h1>, the bio at the end (WCXB 4116, mymottiv.com)', () => {
    const html = page(
      '<title>Free 10 Week Beginner Marathon Training Plan | MOTTIV</title>',
      '<div><div><h1 class="heading-style-h2">Free 10 Week Beginner Marathon Training Plan</h1><p class="text-color-white">Matteo Laratta</p></div></div>' +
        '<div class="last-updated-flex w-condition-invisible"><div class="last-updated-copy">Last Updated:</div><div class="w-dyn-bind-empty"></div></div>' +
        `<div class="tga_article-content">${BODY_TEXT}</div>` +
        '<p>Matteo Laratta is a middle and long course age group triathlete, dedicated to the pursuit of peak performance.</p>',
    );
    assert.deepEqual(
      authorsOf(
        html,
        'https://www.mymottiv.com/marathon-training-plan/10-week-beginner-marathon-training-plan',
      ),
      ['Matteo Laratta'],
    );
  });

  it('the standfirst, an avatar, then the name and its role, each a <p> (WCXB 0352, ironhack.com)', () => {
    const html = page(
      '<title>Cloud Computing Innovations: What&#x27;s Next in 2025?</title>',
      '<h1 class="chakra-text css-kkd2hl">Cloud Computing Innovations: What&#x27;s Next in 2025?</h1><p class="chakra-text css-16zaqcu">What does 2025 have in store for cloud computing? </p>' +
        '<div class="css-yvuwy"><img alt="Juliette Carreiro, Ironhack Tech Writer" src="a.jpg"/><div class="css-0"><p class="chakra-text css-1cufrhn">Juliette Carreiro</p><p class="chakra-text css-10c0hvv">Tech Writer</p></div>' +
        '<a class="chakra-button css-19656n1" href="/us/blog/authors/juliette-carreiro">Articles by Juliette</a></div>' +
        '<div class="chakra-stack css-tpbk1i"><span class="css-mgpla"><p class="chakra-text css-1nmn8an">DevOps &amp; Cloud</p></span></div>' +
        BODY_TEXT +
        '<p class="chakra-text css-1fw471">Juliette Carreiro is a skilled content creator with over five years of experience in SEO.</p>',
    );
    assert.deepEqual(
      authorsOf(html, 'https://www.ironhack.com/us/blog/cloud-computing-innovations-what-s-next-in-2024'),
      ['Juliette Carreiro'],
    );
  });

  it("a listing's filter chip under the <h1> is no name, though the category shows again (WCXB 4461, roadrunnersports.com)", () => {
    const html = page(
      '<title>Trail Running Shoes: Shop All Models | Road Runner Sports</title>',
      '<h1 class="tag_h1--hWc2x">Trail Running Shoes (158 ITEMS)</h1><div class="product-listing-links--AdIyD"><p class="tag_p--3xrVF">Filters (1)</p>' +
        '<div class="tiles--39GrR tiles-theme1--14kaZ product-listing-tiles--3UvUN">Trail Running<button aria-label="Close here to clear the categories Trail Running"></button></div>' +
        '<div><a href="#" role="button" class="clickable-text--2XYI6 " tabindex="0">Clear Filters (1)</a></div></div>' +
        `${BODY_TEXT}<p>Trail Running shoes for every surface.</p>`,
    );
    assert.deepEqual(authorsOf(html, 'https://www.roadrunnersports.com/trail-running-shoes'), []);
  });

  it("a documentation page's folded section under the <h1> is no name (WCXB 0679, docs.pydantic.dev)", () => {
    const html = page(
      '<title>Fields - Pydantic Validation</title>',
      '<h1>Fields</h1> <details class="api"> <summary>API Documentation</summary> <p><a class="autorefs autorefs-internal" href="../../api/fields/#pydantic.fields.Field"><code>pydantic.fields.Field</code></a><br></p> </details>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://docs.pydantic.dev/latest/concepts/fields/'), []);
  });

  it('a page with a byline keeps it alone: the bare line under the headline is not added', () => {
    const html = page(
      '<title>Post</title>',
      `<h1>Post</h1><p>Ann Lee</p><div class="byline">By Bo Chen</div>${BODY_TEXT}${BIO('Ann Lee')}`,
    );
    assert.deepEqual(authorsOf(html, 'https://example.com/post'), ['Bo Chen']);
  });

  it('property: a name-shaped line under the <h1> is read only when a later text starts a bio with it', () => {
    const word = fc
      .tuple(fc.constantFrom(...'ABCDEFGHKLMNPRSTW'), fc.stringMatching(/^[a-z]{2,8}$/))
      .map(([first, rest]) => first + rest);
    const name = fc.array(word, { minLength: 2, maxLength: 3 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(name, fc.boolean(), (line, withBio) => {
        const html = page(
          '<title>Post</title>',
          `<h1>Post</h1><p>${line}</p>${BODY_TEXT}${withBio ? BIO(line) : `<p>${line}</p>`}`,
        );
        const authors = authorsOf(html, 'https://example.com/post');
        return withBio ? authors.includes(line) : authors.length === 0;
      }),
      { numRuns: 100 },
    );
  });
});

describe("author candidates: a name beside its avatar under the headline, a footnote's mark after a name (round 18, s43-author6)", () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));
  const META_LINE = (link: string) =>
    `<h1 class="hx:mt-2 hx:text-4xl">Mission accomplished!</h1><div class="hx:mt-4 hx:text-sm hx:flex"><span class="hx:mr-1">2025-12-17</span><span class="hx:mx-1">·</span>${link}</div>`;

  it('a name in a link titled with it, beside an avatar of it, after the date (WCXB 0447, a Hugo theme)', () => {
    const html = page(
      '<title>Mission accomplished! – Blog</title>',
      META_LINE(
        '<a class="hx:group hx:inline-flex hx:mx-1" title="Trond Teigen"><img src="/apple-touch-icon.png" alt="Trond Teigen" class="hx:inline-block hx:h-4 hx:w-4 hx:rounded-full"><div class="hx:group-hover:underline">Trond Teigen</div></a>',
      ) + BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://example.org/blog/2025-12-17-the-pilot-has-landed/'), [
      'Trond Teigen',
    ]);
  });

  it('a name beside a picture classed as an avatar reads too', () => {
    const html = page(
      '<title>Mission accomplished! – Blog</title>',
      META_LINE('<span><img src="/me.jpg" alt="Ann Lee" class="post-avatar"><span>Ann Lee</span></span>') +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://example.org/blog/post/'), ['Ann Lee']);
  });

  it("a category's tile under the headline is no name: its picture's alt is its title, but it links elsewhere", () => {
    const html = page(
      '<title>Guitars – Shop</title>',
      '<h1>Guitars</h1><div class="fx-category-grid"><a href="/cat/electric-guitar-sets.html" title="Electric Guitar Sets"><div class="fx-category-grid__image"><img class="fx-image" src="a.jpg" alt="Electric Guitar Sets"></div><div><span class="fx-category-grid__title">Electric Guitar Sets</span></div></a></div>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://shop.example.org/guitars.html'), []);
  });

  it("a product's feature icon with its alt beside its label is no name (no title, no avatar class)", () => {
    const html = page(
      '<title>Watch – Shop</title>',
      '<h1>Watch</h1><div class="features"><div><img src="w.svg" alt="Lifetime Warranty" class="feature-icon"><span>Lifetime Warranty</span></div></div>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://shop.example.org/watch'), []);
  });

  it('a footnote mark after a name and its degree goes (WCXB 4174, uchicagomedicine.org)', () => {
    const html = page(
      '<title>Sleep training your baby | UChicago Medicine</title>',
      '<h1>Sleep training your baby</h1><div class="byline">Written By <span>Angela Holliday-Bell, MD*</span></div>' +
        BODY_TEXT +
        '<p><em>*Angela Holliday-Bell, MD, is a UChicago Medicine Medical Group provider.</em></p>',
    );
    const authors = authorsOf(
      html,
      'https://www.uchicagomedicine.org/forefront/pediatrics-articles/sleep-training',
    );
    assert.ok(authors.includes('Angela Holliday-Bell; MD'), JSON.stringify(authors));
    assert.ok(!authors.some((names) => names.includes('*')), JSON.stringify(authors));
  });
});

describe('author candidates: reading errors by class, round 19 (s46-meta)', () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));
  const rulesOf = (html: string, url: string) => reading(html, url).rules.authors;
  const TEASER = (name: string, slug: string) =>
    `<div class="card"><a href="/blog/${slug}/"><h3 class="h4">A post about ${slug}</h3></a><p class="font-size-75"><span>Written by <a href="/authors/${slug}/">${name}</a></span></p><p><span>Feb 11, 2026</span></p></div>`;

  it("a post's author link is read though teaser cards' bylines further down are a list's (WCXB 4193, energysage.com)", () => {
    const html = page(
      '<title>How to Install Solar Panels in 2026 | EnergySage</title>',
      '<div class="mb-200"><div class="row"><div class="col-12"><h1>How to install solar panels in 2026</h1></div></div>' +
        '<div class="row"><div class="col-12 col-lg-6"><div class="mb-50"><span>Written by: <ul class="comma-separated-list"><li class="d-flex"><a href="/authors/emily-walker/">Emily Walker</a></li><li class="d-flex"><a href="/authors/casey-mcdevitt/">Casey McDevitt</a></li></ul></span></div></div></div></div>' +
        BODY_TEXT +
        TEASER('Emily Walker', 'emily-walker') +
        TEASER('Casey McDevitt', 'casey-mcdevitt') +
        TEASER('Alex Behrens', 'alex-behrens'),
    );
    assert.deepEqual(authorsOf(html, 'https://www.energysage.com/solar/solar-panel-installation-guide/'), [
      'Emily Walker',
    ]);
  });

  it('a capitalised "On" or "Le" ends a name; a lower-case "on" before a date is cut (WCXB 4427, audiophile-on.com)', () => {
    const byline = (name: string) =>
      page(
        '<title>The 11 Best Wireless Headphones of 2025</title>',
        `<h1>The 11 Best Wireless Headphones of 2025</h1><div class="blog-meta-item blog-meta-item--author p-author author">Written By <a href="/?author=6224c2bf" class="blog-author-name">${name}</a></div>${BODY_TEXT}`,
      );
    const url = 'https://www.audiophile-on.com/news/best-wireless-headphones';
    assert.deepEqual(rulesOf(byline('Audiophile On'), url), ['Audiophile On']);
    assert.deepEqual(rulesOf(byline('Minh Le'), url), ['Minh Le']);
    assert.deepEqual(rulesOf(byline('Ann Lee on'), url), ['Ann Lee']);
  });

  it("an author's description beside the name is no byline (WCXB 4815, coffeechronicler.com)", () => {
    const html = page(
      '<title>Top Espresso Machine under $500</title>',
      '<h1>Top Espresso Machine under $500: Which One Should You Get?</h1>' +
        '<div class="gb-inside-container"><p class="gb-headline gb-headline-text">Asser Christensen</p><div class="dynamic-author-description">Licensed Q Arabica Grader, M.A. Journalism</div></div>' +
        BODY_TEXT,
    );
    const authors = authorsOf(html, 'https://coffeechronicler.com/best-espresso-machine-under-500/');
    assert.ok(!authors.some((names) => names.includes('Grader')), JSON.stringify(authors));
  });

  it("a byline element that opens with a tag's or a topic's link names a section (WCXB 4880, 0293)", () => {
    const tagged = page(
      '<title>7 most popular self-filing tax services</title>',
      '<div class="blog-post__byline"><span><ul><li><a class="tag tag--linked" href="https://www.beonpath.org/blog/tag/personal-finance">Personal finance</a></li></ul></span><span><span class="p small">January 27, 2025</span></span></div><h1 class="blog-post__header-title">7 most popular self-filing tax services, reviewed and ready for use!</h1>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(tagged, 'https://www.beonpath.org/blog/self-filing-tax-services'), []);
    const topic = page(
      '<title>Paid Time Off (PTO) Policies | Paycom Blog</title>',
      '<h1>Paid Time-Off Policies: Best Practices and Benefits</h1><div class="post-topic"><button class="btn-topic"><a href="/resources/blog/?content_topic=906" id="author-modal"> HR Strategy</a></button></div>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(topic, 'https://www.paycom.com/resources/blog/pto-policies/'), []);
    // A byline whose name links to the writer's page still reads.
    const named = page(
      '<title>A post</title>',
      '<h1>A post</h1><div class="byline">By <a href="/author/ann-lee/">Ann Lee</a> in <a href="/category/news/">News</a></div>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(named, 'https://example.org/2025/a-post/'), ['Ann Lee']);
  });

  it("a name opening the dateline under the headline: 'Name | Role | Date' (WCXB 4082, oracle.com)", () => {
    const html = page(
      '<title>How AI Is Transforming Healthcare</title>',
      '<header><h1>How AI Is Transforming Healthcare</h1><p>Aaron Ricadela | Senior Writer | July 2, 2025</p></header>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://www.oracle.com/artificial-intelligence/ai-healthcare/'), [
      'Aaron Ricadela',
    ]);
    // A date first names no one: "March 20, 2023 | Wellness & Prevention" is a section.
    const section = page(
      '<title>Healthy habits</title>',
      `<h1>Healthy habits</h1><p>March 20, 2023 | Wellness Prevention</p>${BODY_TEXT}`,
    );
    assert.deepEqual(authorsOf(section, 'https://example.org/healthy-habits/'), []);
  });

  it("a form's field label is no post's user (WCXB 4331)", () => {
    const html = page(
      '<title>What is a CRM?</title>',
      '<h1>What is a CRM?</h1>' +
        BODY_TEXT +
        '<form class="qs-pre-account-form"><fieldset class="form-item-user-name"><label class="form-required">First Name:</label><input name="first"></fieldset></form>',
    );
    assert.deepEqual(authorsOf(html, 'https://example.org/blog/what-is-a-crm'), []);
  });

  it("a command's option is no name (WCXB 0689, git's manual)", () => {
    const html = page(
      '<title>Git - git-commit Documentation</title>',
      '<h1>git-commit(1)</h1><dl><dt class="hdlist1" id="Documentation/git-commit.txt---authorauthor"><span class="synopsis"><code>--author=</code><em>&lt;author&gt;</em></span></dt><dd><p>Override the commit author.</p></dd>' +
        '<dt class="hdlist1" id="Documentation/git-commit.txt---reset-author"><code>--reset-author</code></dt><dd><p>Declare that the authorship belongs to the committer.</p></dd></dl>' +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://git-scm.com/docs/git-commit'), []);
  });

  it("a microdata author's name line, without the role on the next (WCXB 4048, consumerreports.org)", () => {
    const html = page(
      '<title>Best Cars of the Year - Consumer Reports</title>',
      '<h1>Best Cars of the Year</h1><div itemscope itemtype="https://schema.org/Article"><span class="author-name"><span itemprop="author"><span class="byline-author__description"> By <a href="/about-us/our-people/our-experts/keith-barry/">Keith Barry</a><br> <span class="byline-author__title">Senior Autos Reporter</span></span></span></span>' +
        BODY_TEXT +
        '</div>',
    );
    const authors = authorsOf(html, 'https://www.consumerreports.org/cars/best-cars/');
    assert.ok(!authors.some((names) => names.includes('Reporter')), JSON.stringify(authors));
    assert.ok(authors.includes('Keith Barry'), JSON.stringify(authors));
  });

  it("a person's name, a dash and their team: the name (WCXB 0183); a one-word brand keeps its dash", () => {
    const person = page(
      `<title>Full-stack tips</title>${ld({ '@context': 'https://schema.org', '@type': 'BlogPosting', author: { '@type': 'Person', name: 'David Jackson - FullStack Editorial Team' } })}`,
      `<h1>Full-stack tips</h1>${BODY_TEXT}`,
    );
    assert.deepEqual(authorsOf(person, 'https://example.org/blog/full-stack-tips'), ['David Jackson']);
    const brand = page(
      '<title>Drupal</title><meta name="author" content="GURUS - Drupal">',
      `<h1>Drupal</h1>${BODY_TEXT}`,
    );
    assert.deepEqual(authorsOf(brand, 'https://example.org/drupal'), ['GURUS - Drupal']);
  });

  it("microdata authors of a sidebar's teasers are not the article's; 'About the Author' is no name (WCXB 0363, alistapart.com)", () => {
    const teaser = (name: string) =>
      `<article class="home-post-content"><header class="entry-header"><h4><a href="/article/x/">A teaser</a></h4><div class="entry-meta"><span class="byline"> by <span class="author vcard" itemprop="author" itemscope itemtype="http://schema.org/Person"><a class="url fn n" href="/author/x/" itemprop="url"><span itemprop="name">${name}</span></a></span></span></div></header></article>`;
    const html = `<!doctype html><html><head><title>Web Design Manifesto 2025 – A List Apart</title></head><body itemscope itemtype="http://schema.org/WebPage"><main class="site-main"><article class="post-14921 article"><header class="entry-header"><h1>Web Design Manifesto 2025</h1><div class="entry-meta"><span class="byline"> by <span class="author vcard" itemprop="author" itemscope itemtype="http://schema.org/Person"><a class="url fn n" href="/author/zeldman/" itemprop="url"><span itemprop="name">Jeffrey Zeldman</span></a></span></span></div></header>${BODY_TEXT}${BODY_TEXT}${BODY_TEXT}<h3 class="author-heading byline">About the Author</h3></article><div class="comment-area-wrap"><div class="column-sidebar ala-posts">${teaser('Mark Bernstein')}${teaser('Michel Ferreira')}</div></div></main></body></html>`;
    const authors = authorsOf(html, 'https://alistapart.com/article/web-design-manifesto-2025/');
    assert.deepEqual(authors, ['Jeffrey Zeldman']);
  });

  it("a 'reviewed-by' component holds the page's writer, not a customer review (WCXB 4858)", () => {
    const html = page(
      '<title>Best Website Builders for 2026</title>',
      '<header class="entry-header"><h1>Best Website Builders for 2026: Our Top 5</h1><div class="reviewed-by-component reviewed-by-top"><div class="info-block user-block"><div class="article-author-info user-bio-info js-bio-info"><span class="meta-heading"> Written by </span><span class="meta-value"><button class="js-open-bio-info user-name">Emma Ryan</button></span></div></div></div></header>' +
        BODY_TEXT,
    );
    assert.deepEqual(rulesOf(html, 'https://www.websitebuilderexpert.com/website-builders/'), ['Emma Ryan']);
    // A shop's customer reviews are still not the page's bylines.
    const reviews = page(
      '<title>Walking boots</title>',
      `<h1>Walking boots</h1>${BODY_TEXT}<div class="product-reviews"><div class="review-author">Sam Green</div><p>Great boots.</p></div>`,
    );
    assert.deepEqual(authorsOf(reviews, 'https://shop.example.org/walking-boots'), []);
  });

  it("the page's <footer> holds no byline of the page (WCXB 0141, ovolohotels.com)", () => {
    const html = page(
      '<title>Make the most of your stay with these 10 travel hacks</title>',
      `<h1>Make the most of your stay with these 10 travel hacks</h1>${BODY_TEXT}<footer class="footer"><div class="footer--row footer--hotels"><div><h3>By Ovolo Collective</h3><ul><li><a href="/ovolo/">Ovolo The Valley</a></li></ul></div></div></footer>`,
    );
    assert.deepEqual(authorsOf(html, 'https://ovolohotels.com/blog/travel-hacks/'), []);
    // An article's own <footer> still gives its byline.
    const own = page(
      '<title>A post</title>',
      `<article><h1>A post</h1>${BODY_TEXT}<footer><p>By Ann Lee</p></footer></article>`,
    );
    assert.deepEqual(authorsOf(own, 'https://example.org/2025/a-post/'), ['Ann Lee']);
  });

  it("the name a dateline gives after its date: 'Dec 26, 2025 • Name in Section' (WCXB 4218, celoxis.com)", () => {
    const html = page(
      '<title>Project Management Software Pricing and Cost Guide 2026</title>',
      "<header><div class=\"container text-center\"><div class=\"row\"><div class=\"col-12 celoxis-header-col\"><h1>Project Management Software Pricing and Cost Guide 2026</h1><p>Dec 26, 2025 <span class='mx-2'>&bull;</span> <img src='https://2.gravatar.com/avatar/e5f6' class='avatar avatar-xs'/> Mahua Das in <a rel='nofollow' href='blog/project-management'>Project Management</a></p></div></div></div></header>" +
        BODY_TEXT,
    );
    assert.deepEqual(authorsOf(html, 'https://www.celoxis.com/article/project-management-software-pricing'), [
      'Mahua Das',
    ]);
  });
});

describe("author candidates: an author picture's alt (round 19, s46-meta)", () => {
  const authorsOf = (html: string, url: string) =>
    candidatesOf(html, url).authors.map((candidate) => candidate.names.join('; '));
  const BOX = (alt: string) =>
    `<div class="blog_author-wrapper"><div class="blog_author-image-wrapper"><img alt="${alt}" loading="lazy" src="/lauren.webp" class="blog_author-image"></div><div class="text-size-small text-weight-semibold">Lauren Vetter</div><p>Lauren Vetter is a growth-focused marketing professional specializing in healthcare technology and B2B SaaS. Through strategic marketing and storytelling, Lauren highlights the impact of healthcare professionals.</p></div>`;

  it('the one name an author picture gives, whose byline element holds only a date (WCXB 0306, optimantra.com)', () => {
    const html = page(
      '<title>SEO Tips for Mental Health Professionals</title>',
      `<h1>SEO Tips for Mental Health Professionals</h1><div class="blog_author-date">August 28, 2025 • 5 min read</div>${BODY_TEXT}${BOX('Lauren Vetter')}`,
    );
    assert.deepEqual(authorsOf(html, 'https://www.optimantra.com/blog/seo-tips'), ['Lauren Vetter']);
  });

  it('an Elementor author box: the picture in its avatar element, "Picture of …" (WCXB 0353, myconsultingoffer.org)', () => {
    const html = page(
      '<title>Consulting case interview tips</title>',
      `<h1>Consulting case interview tips</h1>${BODY_TEXT}${BODY_TEXT}${BODY_TEXT}${BODY_TEXT}${BODY_TEXT}${BODY_TEXT}${BODY_TEXT}${BODY_TEXT}<div class="elementor-widget-container"><div class="elementor-author-box"><div class="elementor-author-box__avatar"><img decoding="async" src="/Liz-Kenny-274x300.jpg" alt="Picture of Liz Kenny" loading="lazy"></div><div class="elementor-author-box__text"><div><h4 class="elementor-author-box__name">Liz Kenny</h4></div><div class="elementor-author-box__bio"><p>Former McKinsey Consultant</p></div></div></div></div>`,
    );
    const authors = candidatesOf(
      html,
      'https://www.myconsultingoffer.org/case-study-interview-prep/',
    ).authors;
    const liz = authors.find((candidate) => candidate.names.join('; ') === 'Liz Kenny');
    assert.ok(liz?.sources.includes('byline.first'), JSON.stringify(authors));
  });

  it("an alt that is no name, or two authors' pictures naming two people, give none", () => {
    const url = 'https://www.optimantra.com/blog/seo-tips';
    // The byline element under the headline (a date only) keeps the bare-name-and-bio reading out.
    const HEAD = '<h1>SEO tips</h1><div class="blog_author-date">August 28, 2025 • 5 min read</div>';
    const generic = page('<title>SEO tips</title>', `${HEAD}${BODY_TEXT}${BOX('Photo of author')}`);
    assert.deepEqual(authorsOf(generic, url), []);
    const two = page(
      '<title>SEO tips</title>',
      `${HEAD}${BODY_TEXT}${BOX('Lauren Vetter')}${BOX('Ann Lee')}`,
    );
    assert.deepEqual(authorsOf(two, url), []);
  });
});

describe('title candidates: what a heading sets before its headline (round 19, s46-meta)', () => {
  const h1Of = (html: string, url: string) =>
    candidatesOf(html, url)
      .titles.filter((candidate) => candidate.mentions.some((mention) => mention.source === 'h1.first'))
      .map((candidate) => candidate.text);

  it("a <time> inside the <h1>, before the headline, is not the title's (WCXB 0450, a Pelican blog)", () => {
    const html = page(
      '<title>Preparing a transition in Debusine - Colin Watson</title>',
      '<article><h1><a href="/blog/debusine-transitions.html" rel="bookmark"> <time class="m-date" datetime="2025-12-18T13:21:19+00:00"> Dec <span class="m-date-day">18</span> 2025 </time> Preparing a transition in&nbsp;Debusine </a></h1>' +
        BODY_TEXT +
        '</article>',
    );
    assert.deepEqual(
      h1Of(html, 'https://www.chiark.greenend.org.uk/~cjwatson/blog/debusine-transitions.html'),
      ['Preparing a transition in Debusine'],
    );
  });

  it("a forum thread's prefix label before its title goes (WCXB 2797, XenForo)", () => {
    const html = page(
      '<title>Tips/Techniques - ProxMox or Ubuntu or Debian for Windows virtualization? | Forum</title>',
      '<h1 class="p-title-value"><span class="label label--primary" dir="auto">Tips/Techniques</span><span class="label-append">&nbsp;</span>ProxMox or Ubuntu or Debian for Windows virtualization?</h1>' +
        BODY_TEXT,
    );
    assert.deepEqual(h1Of(html, 'https://forums.example.org/threads/proxmox.123/'), [
      'ProxMox or Ubuntu or Debian for Windows virtualization?',
    ]);
  });

  it('a heading that is only a date or a label keeps its text', () => {
    const html = page(
      '<title>Archive</title>',
      `<h1><time datetime="2025-12-18">Dec 18 2025</time></h1>${BODY_TEXT}`,
    );
    assert.deepEqual(h1Of(html, 'https://example.org/2025/12/18/'), ['Dec 18 2025']);
  });
});

describe("title: an <h1> that is the <title>'s site part over a lower heading that is the other part (round 20, s47-meta)", () => {
  /** An mdBook chapter (WCXB dev 0667, 2860, 2996: the Rust book): the book's name is the menu bar's <h1>. */
  const MDBOOK = page(
    '<title>What is Ownership? - The Rust Programming Language</title>',
    '<div id="menu-bar" class="menu-bar sticky"><div class="left-buttons"><button id="sidebar-toggle" class="icon-button" type="button" title="Toggle Table of Contents"></button></div>' +
      '<h1 class="menu-title">The Rust Programming Language</h1><div class="right-buttons"><a href="print.html" title="Print this book"></a></div></div>' +
      '<div id="content" class="content"><main><h2 id="what-is-ownership"><a class="header" href="#what-is-ownership">What is Ownership?</a></h2>' +
      BODY_TEXT +
      '<h3 id="the-stack-and-the-heap"><a class="header" href="#the-stack-and-the-heap">The Stack and the Heap</a></h3></main></div>',
  );
  const URL = 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html';
  const namesSiteOf = (html: string, url: string, text: string) => {
    const read = reading(html, url);
    const found = readCandidates(read.sources, read.rules, read.siteNames, read.url, read.now);
    const rows = candidateRows(found, read.sources, read.rules, read.siteNames, read.url);
    const row = found.titles.findIndex((candidate) => candidate.text === text);
    assert.ok(row >= 0, text);
    return rows.titles[row * TITLE_FEATURES.length + TITLE_FEATURES.indexOf('title.namesSite')];
  };

  it("the rules' title is the chapter the <h2> shows, not the book's name", () => {
    assert.equal(reading(MDBOOK, URL).rules.title, 'What is Ownership?');
  });

  it("the <h1> reads as the site's name to the choice", () => {
    assert.equal(namesSiteOf(MDBOOK, URL, 'The Rust Programming Language'), 2);
    assert.equal(namesSiteOf(MDBOOK, URL, 'What is Ownership?'), 0);
  });

  it('a headline at the end of "Site - Headline" stays the title when no lower heading shows the site', () => {
    const html = page(
      '<title>Example Weekly - How Tide Tables Are Made</title>',
      `<header><a href="/">Example Weekly</a></header><article><h1>How Tide Tables Are Made</h1>${BODY_TEXT}<h2>Harmonic constituents</h2></article>`,
    );
    const url = 'https://weekly.example.org/tide-tables';
    assert.equal(reading(html, url).rules.title, 'How Tide Tables Are Made');
    assert.equal(namesSiteOf(html, url, 'How Tide Tables Are Made'), 0);
  });
});

describe("title: a template's empty brackets (round 20, s47-meta)", () => {
  it('" ()" left empty at the end of a product\'s declared title goes (WCXB dev 2898, a shop\'s og:title)', () => {
    const html = page(
      '<title>Command Decorating Clips 3FB7J, Clear, 40-Clips () | Example Shop</title><meta property="og:title" content="Command Decorating Clips 3FB7J, Clear, 40-Clips ()">',
      `<h1>Command Decorating Clips 3FB7J, Clear, 40-Clips</h1>${BODY_TEXT}`,
    );
    const texts = candidatesOf(html, 'https://shop.example.com/p/command-clips').titles.map(
      (candidate) => candidate.text,
    );
    assert.ok(texts.includes('Command Decorating Clips 3FB7J, Clear, 40-Clips'), texts.join(' / '));
    assert.ok(!texts.some((text) => text.includes('()')), texts.join(' / '));
  });

  it('brackets with something inside, or glued to a name, stay', () => {
    const html = page(
      '<title>Array.prototype.map() - JavaScript</title>',
      `<h1>Summit Fire Pit (24 in) [Black]</h1>${BODY_TEXT}`,
    );
    const texts = candidatesOf(html, 'https://docs.example.org/map').titles.map(
      (candidate) => candidate.text,
    );
    assert.ok(texts.includes('Array.prototype.map()'), texts.join(' / '));
    assert.ok(texts.includes('Summit Fire Pit (24 in) [Black]'), texts.join(' / '));
  });
});
