import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { extractMetadata, normalizeLanguage } from '../../packages/pith/src/metadata/index.js';
import { metadataOf, NOW, page } from './helpers.js';

describe('language', () => {
  it('reads <html lang> first, then content-language, then og:locale', () => {
    const content = '<meta http-equiv="content-language" content="de">';
    const locale = '<meta property="og:locale" content="en_US">';
    assert.equal(metadataOf(`<html lang="fr-ca"><head>${content}${locale}</head></html>`).language, 'fr-CA');
    assert.equal(metadataOf(`<html><head>${content}${locale}</head></html>`).language, 'de');
    assert.equal(metadataOf(`<html><head>${locale}</head></html>`).language, 'en-US');
  });

  it('skips values that are not language tags', () => {
    assert.equal(
      metadataOf('<html lang="{{lang}}"><head><meta property="og:locale" content="es_ES"></head></html>')
        .language,
      'es-ES',
    );
  });

  it('normalises BCP 47 casing', () => {
    assert.equal(normalizeLanguage('EN'), 'en');
    assert.equal(normalizeLanguage('en_us'), 'en-US');
    assert.equal(normalizeLanguage('zh-hans-cn'), 'zh-Hans-CN');
    assert.equal(normalizeLanguage('pt-BR, en'), 'pt-BR');
    assert.equal(normalizeLanguage('not a tag'), undefined);
    assert.equal(normalizeLanguage(''), undefined);
  });
});

describe('direction', () => {
  it('reads dir on <html> and <body>, the body winning', () => {
    assert.equal(metadataOf('<html dir="RTL"><body></body></html>').direction, 'rtl');
    assert.equal(metadataOf('<html dir="ltr"><body dir="rtl"></body></html>').direction, 'rtl');
    assert.equal(metadataOf('<html dir="auto"><body></body></html>').direction, undefined);
    assert.equal(metadataOf('<html><body><p dir="rtl">x</p></body></html>').direction, undefined);
  });

  it('falls back to the first <main> or <article> that declares one', () => {
    assert.equal(
      metadataOf('<html><body><main><article dir="rtl">x</article></main></body></html>').direction,
      'rtl',
    );
  });
});

describe('URLs', () => {
  it('resolves the canonical URL against options.url, then the Doc URL', () => {
    const html = page('<link rel="canonical" href="/a/b?c=1">');
    assert.equal(
      extractMetadata(parseHtml(html, { url: 'https://doc.example/x' }), {
        url: 'https://opt.example/y',
        now: NOW,
      }).canonicalUrl,
      'https://opt.example/a/b?c=1',
    );
    assert.equal(
      extractMetadata(parseHtml(html, { url: 'https://doc.example/x' }), { now: NOW }).canonicalUrl,
      'https://doc.example/a/b?c=1',
    );
    assert.equal(extractMetadata(parseHtml(html), { now: NOW }).canonicalUrl, undefined);
  });

  it('resolves the image against the canonical URL when the page URL is unknown', () => {
    const html = page(
      '<link rel="canonical" href="https://site.example/post"><meta property="og:image" content="img/x.png">',
    );
    const metadata = extractMetadata(parseHtml(html), { now: NOW });
    assert.equal(metadata.canonicalUrl, 'https://site.example/post');
    assert.equal(metadata.image, 'https://site.example/img/x.png');
  });

  it('honours <base href>', () => {
    const metadata = metadataOf(
      page('<base href="https://cdn.example/base/"><meta property="og:image" content="i.png">'),
    );
    assert.equal(metadata.image, 'https://cdn.example/base/i.png');
  });

  it('rejects non-http URLs', () => {
    const metadata = metadataOf(
      page(
        '<link rel="canonical" href="javascript:alert(1)"><meta property="og:image" content="data:image/png;base64,AAAA">',
      ),
    );
    assert.equal(metadata.canonicalUrl, undefined);
    assert.equal(metadata.image, undefined);
  });

  it('reads rel=canonical among other rel tokens, and link rel=image_src', () => {
    const metadata = metadataOf(
      page('<link rel="Canonical alternate" href="https://e.example/c"><link rel="image_src" href="/i.jpg">'),
    );
    assert.equal(metadata.canonicalUrl, 'https://e.example/c');
    assert.equal(metadata.image, 'https://example.com/i.jpg');
  });
});

describe('visible byline', () => {
  it('reads rel=author and byline/author classes as a last resort', () => {
    assert.deepEqual(metadataOf(page('', '<a rel="author" href="/u/ann">Ann Lee</a>')).authors, ['Ann Lee']);
    assert.deepEqual(metadataOf(page('', '<p class="article-byline">By Ann Lee and Bo Chan</p>')).authors, [
      'Ann Lee',
      'Bo Chan',
    ]);
    assert.deepEqual(
      metadataOf(page('', '<div class="byline">By Nathan Willis March 25, 2015</div>')).authors,
      ['Nathan Willis'],
    );
  });

  it('ignores comment authors, hidden elements and long author boxes', () => {
    assert.deepEqual(metadataOf(page('', '<span class="comment-author">Troll</span>')).authors, []);
    assert.deepEqual(
      metadataOf(page('', `<div class="author-info">${'Bio text. '.repeat(30)}</div>`)).authors,
      [],
    );
    assert.deepEqual(metadataOf(page('<script class="author">x = 1</script>')).authors, []);
  });

  it('ignores bylines that read like interface text or headlines', () => {
    assert.deepEqual(metadataOf(page('', '<div class="author">Sign In | Sign Up</div>')).authors, []);
    assert.deepEqual(
      metadataOf(page('', '<div class="author">Michael: 5 ways to save $25,000</div>')).authors,
      [],
    );
  });
});
