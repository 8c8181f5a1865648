import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toMarkdown } from '../../packages/pith/src/format/index.js';
import { extraction } from './helpers.js';

// The walk's frames (one per element open) are reused once closed (issue 38, s45-alloc): a frame
// taken again for a quote, a list or an item must carry nothing of the element it was before.
// The quote is Readability's test page 001's (its tweet); the expected Markdown is what the walk
// wrote before the frames were reused.
const QUOTE = `<blockquote class="twitter-tweet tw-align-center">
    <p>Drinking game for web devs:
        <br />(1) Think of a noun
        <br />(2) Google "&lt;noun&gt;.js"
        <br />(3) If a library with that name exists - drink</p>— Shay Friedman (@ironshay)
    <a
    href="https://twitter.com/ironshay/statuses/370525864523743232">August 22, 2013</a>
</blockquote>`;

const HTML =
  `<ul><li><p>Actually I've only found one which provides an adapter for <a href="http://visionmedia.github.io/mocha/">Mocha</a> and actually works…</p>${QUOTE}</li>` +
  `<li>${QUOTE}<ol><li>One</li><li>${QUOTE}</li></ol></li></ul>` +
  '<p><strong><a href="http://blanketjs.org/">Blanket.js</a></strong> is an <em>easy to install</em>.</p>';

describe('the block walk’s frames, reused once closed', () => {
  test('quotes in items of nested lists, then a paragraph: what fresh frames wrote', () => {
    const expected =
      '- Actually I\'ve only found one which provides an adapter for [Mocha](http://visionmedia.github.io/mocha/) and actually works…\n\n  > Drinking game for web devs:\\\n  > (1) Think of a noun\\\n  > (2) Google "\\<noun>.js"\\\n  > (3) If a library with that name exists - drink\n  >\n  > — Shay Friedman (@ironshay) [August 22, 2013](https://twitter.com/ironshay/statuses/370525864523743232)\n- > Drinking game for web devs:\\\n  > (1) Think of a noun\\\n  > (2) Google "\\<noun>.js"\\\n  > (3) If a library with that name exists - drink\n  >\n  > — Shay Friedman (@ironshay) [August 22, 2013](https://twitter.com/ironshay/statuses/370525864523743232)\n  1. One\n  2. > Drinking game for web devs:\\\n     > (1) Think of a noun\\\n     > (2) Google "\\<noun>.js"\\\n     > (3) If a library with that name exists - drink\n     >\n     > — Shay Friedman (@ironshay) [August 22, 2013](https://twitter.com/ironshay/statuses/370525864523743232)\n\n**[Blanket.js](http://blanketjs.org/)** is an *easy to install*.';
    assert.equal(toMarkdown(extraction(HTML)), expected);
    // Again (the module's state and the first walk's frames are behind it).
    assert.equal(toMarkdown(extraction(HTML)), expected);
  });
});
