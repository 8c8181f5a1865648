/**
 * Title classes found among WCXB dev's held-out title misses (bench/metadata/title-classes.ts), each
 * pinned by a small cut of a real page (markup kept, text shortened; the source is the WCXB dev id
 * and site named in the test).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanText, cleanTitleText } from '../../packages/pith/src/metadata/text.js';
import { metadataOf, page } from './helpers.js';

describe('a tag named in the title is text, not markup', () => {
  it('"<br>" written &lt;br&gt; in <title>, og:title and the <h1> (WCXB 2498, artmann.co)', () => {
    const head =
      '<title>30 Years of &lt;br&gt; Tags</title><meta property="og:title" content="30 Years of &lt;br&gt; Tags"/>';
    const body =
      '<h1 class="text-2xl md:text-3xl font-semibold">30 Years of &lt;br&gt; Tags</h1><p class="text-lg md:text-xl">Three decades of making things on the internet</p>';
    assert.equal(
      metadataOf(page(head, body), 'https://www.artmann.co/articles/30-years-of-br-tags').title,
      '30 Years of <br> Tags',
    );
  });

  it('"<table>" at the start (WCXB 2855, developer.mozilla.org)', () => {
    const head =
      '<title>&lt;table&gt;: The Table element - HTML: HyperText Markup Language | MDN</title><meta property="og:title" content="&lt;table&gt;: The Table element - HTML: HyperText Markup Language | MDN"/>';
    const body =
      '<main><h1>&lt;table&gt;: The Table element</h1><p>The table element represents tabular data.</p></main>';
    assert.equal(
      metadataOf(page(head, body), 'https://developer.mozilla.org/en-US/docs/Web/HTML/Element/table').title,
      '<table>: The Table element',
    );
  });

  it('markup is still dropped: a closing tag or attributes make the value markup', () => {
    assert.equal(cleanTitleText('<b>Breaking</b> news'), 'Breaking news');
    assert.equal(cleanTitleText('<span class="x">Story</span>'), 'Story');
    assert.equal(cleanTitleText('Line<br/>two'), 'Line two');
    assert.equal(cleanTitleText('The <em> element &amp; friends'), 'The <em> element & friends');
    // Other fields keep the old rule.
    assert.equal(cleanText('30 Years of <br> Tags'), '30 Years of Tags');
  });
});
