/**
 * The error classes found against the metadata gold of WCXB and trafilatura's
 * benchmark (bench/metadata/gold-agreement.ts), each pinned by a case.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanAuthors, parseDate } from '../../src/metadata/index.js';
import { ld, metadataOf, NOW, page } from './helpers.js';

describe('authors: labels and leftovers of bylines, in several languages', () => {
  const cases: [string, string[]][] = [
    ['Veröffentlicht vonChris Jung', ['Chris Jung']],
    ['Eingestellt von Ann Weber', ['Ann Weber']],
    ['Erstellt von Andri Bryner', ['Andri Bryner']],
    ['Publié par Jean Dupont', ['Jean Dupont']],
    ['Post by galitsyn', ['galitsyn']],
    ['Author Escalon', ['Escalon']],
    ['Autorin Petra Meier', ['Petra Meier']],
    ['Frank Bueltge -', ['Frank Bueltge']],
    ['| Klaus Quibeldey-Cirkel', ['Klaus Quibeldey-Cirkel']],
    ['~ Cem Basman', ['Cem Basman']],
    ['MORITZ GATHMANN am', ['MORITZ GATHMANN']],
    ['Johanna Kropfitsch Alle Artikel', ['Johanna Kropfitsch']],
    ['Cazzy Magennis Last', ['Cazzy Magennis']],
    ['Amber Guetebier  Shares', ['Amber Guetebier']],
    // Datelines and placeholders name nobody.
    ['Publiziert am', []],
    ['Veröffentlicht am 3. Mai', []],
    ['Publié par Unknown', []],
    ['wordpressadmin |', []],
    ['Donnerstag', []],
    ['Topic Author', []],
    ['Redaktion', []],
    // Names that merely start like a label are left alone.
    ['Vonnegut', ['Vonnegut']],
    ['Posted by: Ann | January 14, 2008', ['Ann']],
  ];
  for (const [raw, expected] of cases) {
    it(JSON.stringify(raw), () => assert.deepEqual(cleanAuthors([raw]), expected));
  }
});

describe('authors: people before organisations and user names', () => {
  it('a JSON-LD Organization author gives way to a person in a byline', () => {
    const metadata = metadataOf(
      page(
        ld({
          '@type': 'Article',
          headline: 'H',
          author: { '@type': 'Organization', name: 'Cleveland Clinic' },
        }),
        '<h1>H</h1><p class="byline">By Holly Wilgus</p><p>Text.</p>',
      ),
    );
    assert.deepEqual(metadata.authors, ['Holly Wilgus']);
  });

  it('an Organization author is kept when no person is named', () => {
    const metadata = metadataOf(
      page(ld({ '@type': 'Article', headline: 'H', author: { '@type': 'Organization', name: 'BBC News' } })),
    );
    assert.deepEqual(metadata.authors, ['BBC News']);
  });

  it('the site name among authors is dropped ("Rob Picheta, CNN")', () => {
    const metadata = metadataOf(
      page('<meta property="og:site_name" content="CNN"><meta name="author" content="Rob Picheta, CNN">'),
    );
    assert.deepEqual(metadata.authors, ['Rob Picheta']);
  });

  it('a user name gives way to a name in a later source, and is kept when there is none', () => {
    const withByline = metadataOf(
      page('<meta name="author" content="edilson.la.rosa">', '<p class="author">Edilson La Rosa</p><p>x</p>'),
    );
    assert.deepEqual(withByline.authors, ['Edilson La Rosa']);
    assert.deepEqual(metadataOf(page('<meta name="author" content="edilson.la.rosa">')).authors, [
      'edilson.la.rosa',
    ]);
  });

  it('"authority" is not "author": a navbox is no byline', () => {
    const metadata = metadataOf(page('', '<div class="authority-control">Authority control</div><p>x</p>'));
    assert.deepEqual(metadata.authors, []);
  });
});

describe('dates: written on the page, in several languages', () => {
  it('month names of de, fr, es, it, nl, pt', () => {
    const cases: [string, string][] = [
      ['12. März 2020', '2020-03-12'],
      ['Donnerstag, 10. Oktober 2019', '2019-10-10'],
      ['3 févr. 2021', '2021-02-03'],
      ['1er janvier 2020', '2020-01-01'],
      ['5 de mayo de 2020', '2020-05-05'],
      ['7 settembre 2018', '2018-09-07'],
      ['14 maart 2017', '2017-03-14'],
      ['9 de março de 2016', '2016-03-09'],
    ];
    for (const [text, iso] of cases) assert.equal(parseDate(text, NOW), iso, text);
    // An English word that starts like a Portuguese abbreviation is no month.
    assert.equal(parseDate('out 12, 2020', NOW), undefined);
  });

  it('a dateline near the headline, or in a date element, is the published date', () => {
    const near = metadataOf(
      page('', '<h1>Story</h1><div><span>Published on July 18, 2023</span></div><p>Text.</p>'),
    );
    assert.equal(near.published, '2023-07-18');
    const cued = metadataOf(
      page('', `${`<p>${'Filler text. '.repeat(10)}</p>`.repeat(80)}<p class="post-date">Dec 12, 2023</p>`),
    );
    assert.equal(cued.published, '2023-12-12');
  });

  it('an "Updated" dateline is the modified date', () => {
    const metadata = metadataOf(
      page('', '<h1>Story</h1><p>May 2, 2023</p><p>Updated May 5, 2023</p><p>Text.</p>'),
    );
    assert.equal(metadata.published, '2023-05-02');
    assert.equal(metadata.modified, '2023-05-05');
  });

  it('a date inside a paragraph, a sidebar or a comment is not the page date', () => {
    assert.equal(
      metadataOf(
        page('', `<h1>Story</h1><p>On <b>July 4, 2021</b> the ${'long paragraph text '.repeat(8)}</p>`),
      ).published,
      undefined,
    );
    assert.equal(
      metadataOf(
        page('', '<h1>Story</h1><aside class="sidebar"><p class="date">May 2, 2023</p></aside><p>x</p>'),
      ).published,
      undefined,
    );
    assert.equal(
      metadataOf(
        page(
          '',
          '<h1>Story</h1><p>Text.</p><ol class="comment-list"><li class="comment"><time datetime="2023-01-05">Jan 5</time> Nice.</li></ol>',
        ),
      ).published,
      undefined,
    );
  });

  it('a <time> inside a byline is read', () => {
    const metadata = metadataOf(
      page(
        '',
        '<h1>Story</h1><div class="byline">By Ann Lee <time datetime="2022-02-03">Feb 3, 2022</time></div><p>x</p>',
      ),
    );
    assert.deepEqual(metadata.authors, ['Ann Lee']);
    assert.equal(metadata.published, '2022-02-03');
  });
});

describe('titles', () => {
  it('"•" and "｜" separate a site name', () => {
    assert.equal(
      metadataOf(
        page('<title>Gardenary Planting vs. Ordinary Planting • Gardenary</title>'),
        'https://www.gardenary.com/blog/x',
      ).title,
      'Gardenary Planting vs. Ordinary Planting',
    );
    assert.equal(
      metadataOf(
        page('<meta property="og:site_name" content="Nikkei"><title>Markets rally ｜ Nikkei</title>'),
      ).title,
      'Markets rally',
    );
  });

  it("the page's one headline when the declared title is another wording of it", () => {
    const metadata = metadataOf(
      page(
        '<meta property="og:title" content="Health And Nutrition Trends For 2026 - Tastewise">',
        '<h1>Top 10 Health and Nutrition Trends to Watch</h1><p>x</p>',
      ),
      'https://tastewise.io/blog/trends',
    );
    assert.equal(metadata.title, 'Top 10 Health and Nutrition Trends to Watch');
  });

  it('not when the headline is something else (a logo, a section name) or there are several', () => {
    assert.equal(
      metadataOf(
        page('<meta property="og:title" content="Rivers and how they bend">', '<h1>Daily Planet</h1>'),
      ).title,
      'Rivers and how they bend',
    );
    assert.equal(
      metadataOf(
        page(
          '<meta property="og:title" content="Health And Nutrition Trends For 2026">',
          '<h1>Top 10 Health and Nutrition Trends</h1><h1>Other Health Trends</h1>',
        ),
      ).title,
      'Health And Nutrition Trends For 2026',
    );
  });
});
