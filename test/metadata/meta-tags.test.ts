import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metadataOf, page } from './helpers.js';

describe('meta tags: OpenGraph and Twitter cards', () => {
  const head = `
    <title>Page title | Site</title>
    <meta property="og:title" content="OG title">
    <meta property="og:description" content="OG description">
    <meta property="og:site_name" content="Site">
    <meta property="og:image" content="/images/lead.jpg">
    <meta property="og:type" content="article">
    <meta property="og:locale" content="en_GB">
    <meta property="og:url" content="https://example.com/og-url">
    <meta name="twitter:title" content="Twitter title">
    <meta name="twitter:description" content="Twitter description">
    <meta name="twitter:image" content="https://example.com/tw.jpg">`;

  it('reads OpenGraph first', () => {
    const metadata = metadataOf(page(head));
    assert.equal(metadata.title, 'OG title');
    assert.equal(metadata.description, 'OG description');
    assert.equal(metadata.siteName, 'Site');
    assert.equal(metadata.image, 'https://example.com/images/lead.jpg');
    assert.equal(metadata.pageType, 'article');
    assert.equal(metadata.language, 'en-GB');
    assert.equal(metadata.canonicalUrl, 'https://example.com/og-url');
  });

  it('falls back to Twitter cards', () => {
    const metadata = metadataOf(
      page(`<meta name="twitter:title" content="Twitter title">
        <meta name="twitter:description" content="Twitter description">
        <meta name="twitter:image:src" content="//cdn.example.com/tw.jpg">`),
    );
    assert.equal(metadata.title, 'Twitter title');
    assert.equal(metadata.description, 'Twitter description');
    assert.equal(metadata.image, 'https://cdn.example.com/tw.jpg');
  });

  it('reads space-separated RDFa properties', () => {
    const metadata = metadataOf(page('<meta property="og:title twitter:title" content="Both">'));
    assert.equal(metadata.title, 'Both');
  });

  it('ignores tags without content', () => {
    const metadata = metadataOf(
      page('<meta property="og:title"><meta property="og:title" content="  "><title>T</title>'),
    );
    assert.equal(metadata.title, 'T');
  });

  it('decodes double-encoded entities', () => {
    const metadata = metadataOf(page('<meta name="description" content="Tom &amp;amp; Jerry &amp;#8217;s">'));
    assert.equal(metadata.description, 'Tom & Jerry ’s');
  });
});

describe('meta tags: article:*, Dublin Core, Parse.ly, Sailthru, citation_*', () => {
  it('reads article:*', () => {
    const metadata = metadataOf(
      page(`<meta property="article:published_time" content="2023-05-01T08:00:00Z">
        <meta property="article:modified_time" content="2023-05-02T08:00:00Z">
        <meta property="article:author" content="https://www.facebook.com/someone">
        <meta property="article:tag" content="Alpha">
        <meta property="article:tag" content="Beta, Gamma">
        <meta property="article:section" content="Science">`),
    );
    assert.equal(metadata.published, '2023-05-01T08:00:00Z');
    assert.equal(metadata.modified, '2023-05-02T08:00:00Z');
    assert.deepEqual(metadata.authors, []);
    assert.deepEqual(metadata.tags, ['Alpha', 'Beta', 'Gamma', 'Science']);
  });

  it('reads Dublin Core in its spellings', () => {
    const metadata = metadataOf(
      page(`<meta name="DC.title" content="DC title">
        <meta name="dcterms.creator" content="Dee Cee">
        <meta name="DC.date.issued" content="2022-03-04">
        <meta name="DC.language" content="fr">
        <meta name="dc:subject" content="history">
        <meta name="dcterms.description" content="DC description">`),
    );
    assert.equal(metadata.title, 'DC title');
    assert.deepEqual(metadata.authors, ['Dee Cee']);
    assert.equal(metadata.published, '2022-03-04');
    assert.equal(metadata.language, 'fr');
    assert.deepEqual(metadata.tags, ['history']);
    assert.equal(metadata.description, 'DC description');
  });

  it('reads Parse.ly', () => {
    const metadata = metadataOf(
      page(`<meta name="parsely-title" content="Parsely title">
        <meta name="parsely-author" content="Jane Doe">
        <meta name="parsely-pub-date" content="2024-04-20T04:20:00.000Z">
        <meta name="parsely-tags" content="tag,tag-with-dashes">`),
    );
    assert.equal(metadata.title, 'Parsely title');
    assert.deepEqual(metadata.authors, ['Jane Doe']);
    assert.equal(metadata.published, '2024-04-20T04:20:00Z');
    assert.deepEqual(metadata.tags, ['tag', 'tag-with-dashes']);
  });

  it('reads Sailthru', () => {
    const metadata = metadataOf(
      page(`<meta name="sailthru.title" content="Sail title">
        <meta name="sailthru.author" content="Sam Sail">
        <meta name="sailthru.date" content="Tue, 02 May 2023 14:00:00 -0400">
        <meta name="sailthru.tags" content="boats, wind">`),
    );
    assert.equal(metadata.title, 'Sail title');
    assert.deepEqual(metadata.authors, ['Sam Sail']);
    assert.equal(metadata.published, '2023-05-02T14:00:00-04:00');
    assert.deepEqual(metadata.tags, ['boats', 'wind']);
  });

  it('reads citation_* (one author per tag, inverted names kept whole)', () => {
    const metadata = metadataOf(
      page(`<meta name="citation_title" content="On Things">
        <meta name="citation_author" content="Lovelace, Ada">
        <meta name="citation_author" content="Babbage, C.">
        <meta name="citation_publication_date" content="2001/07/15">
        <meta name="citation_journal_title" content="Journal of Things">
        <meta name="citation_keywords" content="things; stuff">`),
    );
    assert.equal(metadata.title, 'On Things');
    assert.deepEqual(metadata.authors, ['Lovelace, Ada', 'Babbage, C.']);
    assert.equal(metadata.published, '2001-07-15');
    assert.equal(metadata.siteName, 'Journal of Things');
  });

  it('reads plain names: author, description, keywords, date', () => {
    const metadata = metadataOf(
      page(`<meta name="author" content="By Ann Lee">
        <meta name="description" content="Plain description">
        <meta name="keywords" content="a, b, A">
        <meta name="date" content="May 1, 2023">`),
    );
    assert.deepEqual(metadata.authors, ['Ann Lee']);
    assert.equal(metadata.description, 'Plain description');
    assert.deepEqual(metadata.tags, ['a', 'b']);
    assert.equal(metadata.published, '2023-05-01');
  });

  it('reads the content language from http-equiv', () => {
    const metadata = metadataOf(page('<meta http-equiv="Content-Language" content="de-de, en">'));
    assert.equal(metadata.language, 'de-DE');
  });
});

describe('merging sources', () => {
  it('orders descriptions og > description > twitter > JSON-LD', () => {
    const all = [
      '<meta property="og:description" content="og">',
      '<meta name="description" content="plain">',
      '<meta name="twitter:description" content="twitter">',
      '<script type="application/ld+json">{"@type":"Article","description":"jsonld"}</script>',
    ];
    for (let index = 0; index < all.length; index++) {
      const metadata = metadataOf(page(all.slice(index).join('')));
      assert.equal(metadata.description, ['og', 'plain', 'twitter', 'jsonld'][index]);
    }
  });

  it('prefers JSON-LD authors over meta authors over visible bylines', () => {
    const jsonld = '<script type="application/ld+json">{"@type":"Article","author":"From Json"}</script>';
    const meta = '<meta name="author" content="From Meta">';
    const byline = '<span class="byline">By From Byline</span>';
    assert.deepEqual(metadataOf(page(jsonld + meta, byline)).authors, ['From Json']);
    assert.deepEqual(metadataOf(page(meta, byline)).authors, ['From Meta']);
    assert.deepEqual(metadataOf(page('', byline)).authors, ['From Byline']);
  });

  it('dedupes tags across sources, case-insensitively, keeping the first spelling', () => {
    const metadata = metadataOf(
      page(`<meta property="article:tag" content="Climate">
        <meta name="keywords" content="climate, Energy">
        <script type="application/ld+json">{"@type":"Article","keywords":["ENERGY","Policy"],"articleSection":"Climate"}</script>`),
    );
    assert.deepEqual(metadata.tags, ['Climate', 'Energy', 'Policy']);
  });

  it('drops internal flags mixed into keywords', () => {
    const metadata = metadataOf(page('<meta name="keywords" content="Lite:true, Tag:Nodejs, nil, Node">'));
    assert.deepEqual(metadata.tags, ['Nodejs', 'Node']);
  });

  it('prefers og:site_name, then the JSON-LD publisher; drops a tagline the publisher shows', () => {
    const publisher =
      '<script type="application/ld+json">{"@type":"Article","publisher":{"name":"Daily"}}</script>';
    assert.equal(metadataOf(page(publisher)).siteName, 'Daily');
    assert.equal(
      metadataOf(page(`<meta property="og:site_name" content="The Daily">${publisher}`)).siteName,
      'The Daily',
    );
    assert.equal(
      metadataOf(page(`<meta property="og:site_name" content="Daily - News you need">${publisher}`)).siteName,
      'Daily',
    );
  });

  it('uses JSON-LD @type before og:type for pageType', () => {
    const metadata = metadataOf(
      page(
        '<meta property="og:type" content="article"><script type="application/ld+json">{"@type":"Recipe"}</script>',
      ),
    );
    assert.equal(metadata.pageType, 'Recipe');
  });
});
