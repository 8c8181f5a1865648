import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { microdataData } from '../../packages/pith/src/metadata/microdata.js';
import { metadataOf, page } from './helpers.js';

describe('microdata', () => {
  const article = `
    <article itemscope itemtype="https://schema.org/NewsArticle">
      <h1 itemprop="headline">Microdata headline</h1>
      <div itemprop="author" itemscope itemtype="https://schema.org/Person">
        By <a itemprop="url" href="/staff/ann"><span itemprop="name">Ann Lee</span></a>
      </div>
      <span itemprop="author">Bo Chan</span>
      <time itemprop="datePublished" datetime="2019-04-28T06:01:07-07:00">April 28</time>
      <meta itemprop="dateModified" content="2019-04-29">
      <p itemprop="description">A short summary.</p>
      <img itemprop="image" src="/lead.png">
      <meta itemprop="keywords" content="ships, fish">
      <div itemprop="publisher" itemscope itemtype="https://schema.org/Organization">
        <meta itemprop="name" content="The Times">
      </div>
      <div itemprop="articleBody"><p>Body.</p></div>
    </article>`;

  it('reads the main item: headline, authors, dates, description, image, publisher, keywords', () => {
    const metadata = metadataOf(page('', article));
    assert.equal(metadata.title, 'Microdata headline');
    assert.deepEqual(metadata.authors, ['Ann Lee', 'Bo Chan']);
    assert.equal(metadata.published, '2019-04-28T06:01:07-07:00');
    assert.equal(metadata.modified, '2019-04-29');
    assert.equal(metadata.description, 'A short summary.');
    assert.equal(metadata.image, 'https://example.com/lead.png');
    assert.equal(metadata.siteName, 'The Times');
    assert.deepEqual(metadata.tags, ['ships', 'fish']);
    assert.equal(metadata.pageType, 'NewsArticle');
  });

  it('does not take the name of a nested item as the title', () => {
    const metadata = metadataOf(
      page(
        '<title>Doc title</title>',
        `<div itemscope itemtype="http://schema.org/Article">
          <div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Person Name</span></div>
        </div>`,
      ),
    );
    assert.equal(metadata.title, 'Doc title');
    assert.deepEqual(metadata.authors, ['Person Name']);
  });

  it('reads an item without properties (its type), and nothing from a page without microdata', () => {
    // The walk is skipped only when neither attribute occurs anywhere: an itemscope alone still counts.
    const typed = microdataData(
      parseHtml('<html><body><div itemscope itemtype="https://schema.org/Recipe"></div></body></html>'),
    );
    assert.deepEqual(typed.types, ['Recipe']);
    const none = microdataData(
      parseHtml('<html><body><div class="item" data-scope="x"><p>Text</p></div></body></html>'),
    );
    assert.deepEqual(none, { types: [], authors: [], images: [], keywords: [] });
  });

  it('reads itemprops outside any item', () => {
    const metadata = metadataOf(
      page(
        '',
        '<span itemprop="author">Loose Author</span><meta itemprop="datePublished" content="2020-02-02">',
      ),
    );
    assert.deepEqual(metadata.authors, ['Loose Author']);
    assert.equal(metadata.published, '2020-02-02');
  });

  it('comes after meta tags, unless the page shows the microdata headline as its <h1>', () => {
    const og = '<meta property="og:title" content="OG title">';
    assert.equal(metadataOf(page(og, article)).title, 'Microdata headline');
    assert.equal(metadataOf(page(og, article.replace(/h1/g, 'h2'))).title, 'OG title');
  });

  it('skips property values too long to be a name', () => {
    const long = 'word '.repeat(200);
    const metadata = metadataOf(
      page(
        '',
        `<div itemscope itemtype="http://schema.org/Article"><div itemprop="author">${long}</div></div>`,
      ),
    );
    assert.deepEqual(metadata.authors, []);
  });
});
