/**
 * The publication date is the date the page shows a reader (WCXB's annotators wrote that one
 * down): declared dates against shown ones, records that are not dated writing, lists of dates.
 * Error classes of bench/metadata/gold-agreement.ts on WCXB's tuning half.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ld, metadataOf, page } from './helpers.js';

const card = (day: string) =>
  `<div class="card"><h2><a href="/x">Story</a></h2><span class="card-date">${day}</span></div>`;

describe('dates: records are not dated writing', () => {
  it("a WebPage's datePublished that the page does not show is no publication date (a WordPress page)", () => {
    const metadata = metadataOf(
      page(
        ld({ '@type': 'WebPage', name: 'Our services', datePublished: '2019-12-12T14:07:03+00:00' }),
        '<h1>Our services</h1><p>We plan, build and run data platforms.</p>',
      ),
    );
    assert.equal(metadata.published, undefined);
  });

  it("a Product's datePublished is dropped too, an Article's is kept", () => {
    const product = metadataOf(
      page(ld({ '@type': 'Product', name: 'Zero', datePublished: '2017-11-27' }), '<h1>Zero</h1>'),
    );
    assert.equal(product.published, undefined);
    const article = metadataOf(
      page(ld({ '@type': 'Article', headline: 'Zero', datePublished: '2017-11-27' }), '<h1>Zero</h1>'),
    );
    assert.equal(article.published, '2017-11-27');
  });

  it("a WebPage's datePublished that the page shows is kept", () => {
    const metadata = metadataOf(
      page(
        ld({ '@type': 'WebPage', name: 'Notes', datePublished: '2023-05-17T09:00:00+00:00' }),
        '<h1>Notes</h1><p class="date">May 17, 2023</p><p>Text of the notes.</p>',
      ),
    );
    assert.equal(metadata.published, '2023-05-17T09:00:00+00:00');
  });
});

/** [case, <head>, <body>, the publication date expected]. */
type DateCase = [string, string, string, string | undefined];

function dateCases(cases: readonly DateCase[]): void {
  for (const [name, head, body, expected] of cases)
    it(name, () => assert.equal(metadataOf(page(head, body)).published, expected));
}

const PUBLISHED_2024_03_05 = '<meta property="article:published_time" content="2024-03-05T14:20:08Z">';

describe('dates: the shown date against the declared one', () => {
  dateCases([
    [
      'one shown date earlier than the declared one is the date (WCXB 0074: a CMS re-save stamp)',
      PUBLISHED_2024_03_05,
      '<h1>Healthy eating tips</h1><p class="dateline">March 1, 2024</p><p>Eat well.</p>',
      '2024-03-01',
    ],
    [
      'a shown date later than the declared one is not taken (it may be an unlabelled update)',
      PUBLISHED_2024_03_05,
      '<h1>Cameras</h1><p class="dateline">April 12, 2024</p><p>Text.</p>',
      '2024-03-05T14:20:08Z',
    ],
    [
      'a shown date equal to the declared modified one is the update, not the publication',
      `${PUBLISHED_2024_03_05}<meta property="article:modified_time" content="2024-03-01T10:00:00Z">`,
      '<h1>Trends</h1><p class="date">Mar 1, 2024</p><p>Text.</p>',
      '2024-03-05T14:20:08Z',
    ],
    [
      'an "Updated" dateline is the date when the page gives no other (WCXB 4078)',
      '',
      '<h1>The best French presses</h1><p>Updated August 27, 2023</p><p>Text.</p>',
      '2023-08-27',
    ],
  ]);
});

describe('dates: a list of dates is not the page date', () => {
  dateCases([
    [
      'teaser cards going back in time date nothing (a news section, WCXB 2900)',
      '',
      `<h1>The Go Blog</h1>${card('27 February 2024')}${card('17 February 2024')}${card('10 February 2024')}`,
      undefined,
    ],
    [
      "a forum thread's posts go forward in time: the first post's date is the thread's",
      '',
      `<h1>Help with my router</h1>${card('1 May 2024')}${card('3 May 2024')}${card('9 May 2024')}`,
      '2024-05-01',
    ],
    [
      "an article's own dateline keeps its date above teasers of another form",
      '',
      `<h1>Der lange und die alte Dame</h1><p class="post-date">23. Juli 2017</p><p>Text.</p>${card('20. Juli 2017')}${card('12. Juli 2017')}${card('2. Juli 2017')}`,
      '2017-07-23',
    ],
    [
      '<meta name="published"> is a publication date (WCXB 0244: "July 17, 2025", shown nowhere else)',
      '<meta name="published" content="July 17, 2023">',
      '<p>Text.</p>',
      '2023-07-17',
    ],
  ]);
});

describe("dates: a site's home page", () => {
  const home = (url: string, head: string, body: string) => metadataOf(page(head, body), url).published;
  const teasers = `<h1>Ars Technica</h1><article><h2><a href="/a">A</a></h2><time datetime="2024-03-06T07:00:02-05:00">Mar 6</time></article><article class="big"><h2><a href="/b">B</a></h2><time datetime="2024-03-07T16:06:46-05:00">Mar 7</time></article>`;

  it('its dates are those of the pages it lists (WCXB 2968, arstechnica.com; 4015 with a tracking query)', () => {
    assert.equal(home('https://arstechnica.com/', '', teasers), undefined);
    assert.equal(home('https://shop.example/?srsltid=AfmBOor', '', teasers), undefined);
    // The same markup on an article's URL keeps its first date.
    assert.equal(
      home('https://arstechnica.com/science/2024/03/story/', '', teasers),
      '2024-03-06T07:00:02-05:00',
    );
  });

  it("a date declared on a home page that shows none is the site's (WCXB 4245, howertonwhite.com)", () => {
    const head =
      '<meta property="og:type" content="website"><meta property="article:published_time" content="2021-05-24T15:24:38+00:00">';
    assert.equal(
      home('https://agency.example/', head, '<h1>Marketing made to meet your goals.</h1>'),
      undefined,
    );
  });

  it("a blog's front page showing one post keeps its day (trafilatura-eval prof-pc.de), and /?p=123 is a post", () => {
    const post =
      '<h1>Prof-PC</h1><div class="content"><h2>Neuer Rechner</h2><p>10. September 2017</p><p>Text.</p></div>';
    assert.equal(home('https://blog.example/', '', post), '2017-09-10');
    assert.equal(home('https://blog.example/?p=3289', '', teasers), '2024-03-06T07:00:02-05:00');
  });
});

describe("dates: an article's own footer and aside", () => {
  it('a <time> in an <aside> inside the <article> dates it (WCXB 4079, learn.hms.harvard.edu)', () => {
    const body =
      '<article><h1>The Benefits of AI for Patients</h1><div class="body"><p>Text.</p></div><aside class="insight__content card-shadow"><div class="content-item"><h3>Published</h3><p><time datetime="2024-05-30T12:00:00Z" class="datetime">May 30, 2024</time></p></div><div class="content-item"><h3>Author</h3><p>Lisa D. Ellis</p></div></aside></article>';
    assert.equal(metadataOf(page('', body)).published, '2024-05-30T12:00:00Z');
  });

  it("outside an article an <aside> or <footer> is the page's, and its dates are not", () => {
    const body =
      '<h1>Story</h1><p>Text.</p><aside><p>Latest: <time datetime="2024-05-30">May 30</time></p></aside><footer><time datetime="2024-05-01">May 1</time></footer>';
    assert.equal(metadataOf(page('', body)).published, undefined);
    const related =
      '<article><h1>Story</h1><p>Text.</p><aside class="related"><time datetime="2024-05-30">May 30</time></aside></article>';
    assert.equal(metadataOf(page('', related)).published, undefined);
  });
});
