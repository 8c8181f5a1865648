import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stripSiteName } from '../../packages/pith/src/metadata/index.js';
import { metadataOf, page } from './helpers.js';

describe('stripSiteName', () => {
  it('drops a last or first part equal to the site name, for each separator', () => {
    for (const separator of [' | ', ' - ', ' – ', ' — ', ' :: ', ' · ', ' » ']) {
      assert.equal(stripSiteName(`The story${separator}Site Name`, ['Site Name']), 'The story', separator);
      assert.equal(stripSiteName(`Site Name${separator}The story`, ['Site Name']), 'The story', separator);
    }
  });

  it('drops a part similar to the site name', () => {
    assert.equal(stripSiteName('The story | the guardian', ['The Guardian']), 'The story');
    assert.equal(stripSiteName('The story - The Guardian', ['Guardian']), 'The story');
    assert.equal(
      stripSiteName('The story - BBC News', [], { url: 'https://www.bbc.co.uk/news/1' }),
      'The story',
    );
    assert.equal(
      stripSiteName('The story - Aktuálně.cz', ['Aktuálně.cz - Víte, co se právě děje']),
      'The story',
    );
  });

  it('drops a part naming the host when the site name is unknown', () => {
    assert.equal(
      stripSiteName('The story | Example.com', [], { url: 'https://www.example.com/a' }),
      'The story',
    );
    assert.equal(stripSiteName('The story | NYTimes', [], { url: 'https://www.nytimes.com/a' }), 'The story');
  });

  it('keeps only one site part, and the inner separators', () => {
    assert.equal(stripSiteName('Part one - part two | Site', ['Site']), 'Part one - part two');
  });

  it('keeps the title when no part names the site', () => {
    assert.equal(stripSiteName('Star Wars - Episode IV', ['Movies Daily']), 'Star Wars - Episode IV');
    assert.equal(stripSiteName('Lorem ipsum – My website', []), 'Lorem ipsum – My website');
    assert.equal(stripSiteName('No separators', ['Site']), 'No separators');
    assert.equal(stripSiteName('Site', ['Site']), 'Site');
  });

  it('returns the leading parts that the page shows as its <h1>', () => {
    assert.equal(stripSiteName('My post - Blog name', [], { h1s: ['My post'] }), 'My post');
    assert.equal(stripSiteName('Q: how? | Sec | Site', [], { h1s: ['Q: how? | Sec'] }), 'Q: how? | Sec');
  });

  it('does not take a site logo <h1> for the title', () => {
    assert.equal(stripSiteName('Site | The story', ['Site'], { h1s: ['Site'] }), 'The story');
    assert.equal(stripSiteName('The story | Logo', [], { h1s: ['Logo'] }), 'The story | Logo');
  });
});

describe('title choice', () => {
  it('prefers og:title over <title>', () => {
    const metadata = metadataOf(
      page('<title>Doc title</title><meta property="og:title" content="Social title">'),
    );
    assert.equal(metadata.title, 'Social title');
  });

  it('strips the site name from <title>', () => {
    const metadata = metadataOf(
      page('<title>The story | Site</title><meta property="og:site_name" content="Site">'),
    );
    assert.equal(metadata.title, 'The story');
  });

  it('strips the site name from og:title too when it is exactly known', () => {
    const metadata = metadataOf(
      page(
        '<meta property="og:title" content="The story - Site"><meta property="og:site_name" content="Site">',
      ),
    );
    assert.equal(metadata.title, 'The story');
  });

  it('prefers the candidate the page shows as its <h1> (og:title vs JSON-LD headline)', () => {
    const head = `<meta property="og:title" content="Social teaser">
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"The real headline"}</script>`;
    assert.equal(metadataOf(page(head, '<h1>The real headline</h1>')).title, 'The real headline');
    assert.equal(metadataOf(page(head, '<h1>Something else</h1>')).title, 'Social teaser');
  });

  it('prefers the document title when only it matches the <h1>', () => {
    const metadata = metadataOf(
      page(
        '<title>Space ship breaks up</title><meta property="og:title" content="Portal - Latest News">',
        '<h1>Space ship breaks up</h1>',
      ),
    );
    assert.equal(metadata.title, 'Space ship breaks up');
  });

  it('skips a metadata title that is just the site name', () => {
    const metadata = metadataOf(
      page(
        '<meta property="og:title" content="Site"><meta property="og:site_name" content="Site"><title>Story</title>',
      ),
    );
    assert.equal(metadata.title, 'Story');
  });

  it('falls back to the <h1>', () => {
    assert.equal(metadataOf(page('', '<h1> Only   heading </h1>')).title, 'Only heading');
  });

  it('decodes entities, collapses whitespace and ignores SVG titles', () => {
    const metadata = metadataOf(
      `<html><body><svg><title>Icon</title></svg></body><head><title>\n Tom &amp; Jerry&#8217;s   day </title></head></html>`,
    );
    assert.equal(metadata.title, 'Tom & Jerry’s day');
  });

  it('is absent when the page has no title at all', () => {
    assert.equal(metadataOf('<p>hello</p>').title, undefined);
  });
});

describe('title: a thread title shown as a lower heading', () => {
  it('takes the run of title parts an <h2>/<h3> shows, leaving out the board and the forum', () => {
    const forum = (title: string) =>
      metadataOf(
        page(
          `<title>${title}</title>`,
          '<h2 class="topic-title">Turning off all LED of RPi 5</h2><p>First post.</p>',
        ),
        'https://forums.example.org/viewtopic.php?t=1',
      ).title;
    assert.equal(forum('Turning off all LED of RPi 5 - Raspberry Pi Forums'), 'Turning off all LED of RPi 5');
    assert.equal(forum('View topic - Turning off all LED of RPi 5'), 'Turning off all LED of RPi 5');
    assert.equal(
      forum('Turning off all LED of RPi 5 / Hardware Discussion / Example Forums'),
      'Turning off all LED of RPi 5',
    );
  });

  it("leaves the page's headline first, and never leaves out a long part", () => {
    // The <h1> is the headline; a section heading equal to half of the <title> does not win.
    const withHeadline = metadataOf(
      page(
        '<title>What is Social Commerce - A guided introduction | Emplifi</title>',
        '<h1>An introduction to social commerce: what brands need to know</h1><h2>What is Social Commerce</h2>',
      ),
    );
    assert.equal(withHeadline.title, 'An introduction to social commerce: what brands need to know');
    const longPart = metadataOf(
      page(
        '<title>Why rivers bend - A long explanation of meanders for everyone</title>',
        '<h2>Why rivers bend</h2><p>Text.</p>',
      ),
    );
    assert.equal(longPart.title, 'Why rivers bend - A long explanation of meanders for everyone');
  });
});

describe('title: taglines, forum names and Markdown marks (WCXB tuning half)', () => {
  const og = (title: string) => `<meta property="og:title" content="${title}">`;
  // [case, <head>, <body>, page URL, the title expected]
  const cases: [string, string, string, string | undefined, string][] = [
    [
      'drops what follows a pipe, even when the <h1> shows it (WCXB 0244)',
      '<title>12 Must-Have Data Analysis Tools for 2026 | Python, SQL &amp; AI | Splunk</title><meta property="og:site_name" content="Splunk">',
      '<h1>12 Must-Have Data Analysis Tools for 2026 | Python, SQL &amp; AI</h1><p>Text.</p>',
      undefined,
      '12 Must-Have Data Analysis Tools for 2026',
    ],
    [
      'drops what follows a pipe in a declared title (WCXB 0692)',
      og('Cloudflare CDN | Content Delivery Network'),
      '<p>Text.</p>',
      undefined,
      'Cloudflare CDN',
    ],
    [
      'keeps a one-word part before a pipe with what follows',
      og('Blog | How we ship releases'),
      '<p>Text.</p>',
      undefined,
      'Blog | How we ship releases',
    ],
    [
      'drops a forum named after the host ("Doom9\'s Forum", WCXB 0525)',
      "<title> Amd RX7800XT Wrong refresh rate ... - Doom9's Forum</title>",
      '<p>Text.</p>',
      'https://forum.doom9.org/showthread.php?t=186269',
      'Amd RX7800XT Wrong refresh rate ...',
    ],
    [
      'drops Markdown heading marks (WCXB 0388)',
      og('## Martian concrete construction'),
      '<p>Text.</p>',
      undefined,
      'Martian concrete construction',
    ],
    [
      'keeps a leading "#1"',
      og('#1 rated espresso machines'),
      '<p>Text.</p>',
      undefined,
      '#1 rated espresso machines',
    ],
  ];
  for (const [name, head, body, url, expected] of cases)
    it(name, () => assert.equal(metadataOf(page(head, body), url).title, expected));
});
