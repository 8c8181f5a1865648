/**
 * Readers' comments that outweigh a story (issue 37, s37-forum): the unasked comments step keeps a
 * section as a forum thread when the kept text outside it is smaller; where what was kept outside
 * reads as one long authored text over short replies (at least STORY_OVER_REPLY times the median
 * reply, and MIN_STORY_TEXT long) on a page that reads as an article, the section leaves the body.
 * The fragment is cut from L3S-GN1 51070347 (an SFGate blog item of ~1,200 characters under 33
 * readers' comments; the gold is the item alone).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import {
  MIN_STORY_TEXT,
  STORY_OVER_REPLY,
  separateComments,
} from '../../packages/pith/src/features/comments/index.js';
import { extract } from '../../packages/pith/src/index.js';
import { commentsBodyText, keptExtraction } from './comments-body.js';

const STORY = `<div class="item"><h1>Nicole Kidman Is Pregnant</h1>
<p>UPDATE: Nicole Kidman and her husband Keith Urban are expecting their first child together.</p>
<p>Kidman's spokesperson Catherine Olim says, "Nicole Kidman and Keith Urban confirmed today that they are expecting a baby. The couple are thrilled."</p>
<p>Earlier story: Nicole Kidman has fueled speculation she is pregnant with her first child with husband Keith Urban after she reportedly dropped out of her latest film.</p>
<p>The Australian actress was due to start shooting director Stephen Daldry's post-World War II drama "The Reader" later this month, but according to the New York Post's Page Six, she has now quit the movie -- sparking further rumors she is expecting.</p>
<p>Kidman has consistently denied she is pregnant, but she recently spoke of her desire to take time off from acting to concentrate on her family.</p>
<p>But Matthew Frankel, a representative for the production company behind the film, has blasted the rumors and denies Kidman has withdrawn from the project. He says, "I am being told that the status on 'The Reader' has not changed."</p>
<p>Kidman, 40, has two children, Isabella, 14, and Conor, 12, with ex-husband Tom Cruise.</p>
</div>`;

const COMMENTS = [
  [
    "According to LEILAH she is REBELLING against being told she couldn't discuss her pregnancy on the set! You go you suddenly rebellious Nicole!!!",
    'vickthechick3 | January 07 2008 at 03:06 PM',
  ],
  [
    "If she's pregnant, I say good for her. I can understand not wanting to confirm until after the 1st trimester.",
    'mammamia | January 07 2008 at 03:06 PM',
  ],
  ['Talk about Urban renewal.', 'JRoo | January 07 2008 at 03:12 PM'],
  [
    "She's probably pulling out because her last 17 films have been bombs.",
    'hawaiian | January 07 2008 at 03:19 PM',
  ],
  [
    "Maybe these so called press people can find something else out besides when someone is pregnant. It's none of their business!",
    'talkingtrash | January 07 2008 at 03:45 PM',
  ],
  [
    "So basically what they're saying is that she's pulling out because Keith Urban didn't?",
    'FrankCostanza | January 07 2008 at 03:52 PM',
  ],
];

/** The story and `copies` rounds of the six comments (enough rounds outweigh the story). */
function page(copies: number, story = STORY): string {
  const items = Array.from({ length: copies }, () => COMMENTS)
    .flat()
    .map(
      ([text, credit], i) =>
        `<a name="c0033138${i}"></a><div class="item"><p>${text}</p><p class="credit">Posted By: ${credit}</p></div>`,
    )
    .join('\n');
  return `<html><head><title>Nicole Kidman Is Pregnant</title></head><body><div id="main">${story}
<div class="comment_container"><a name="comments"></a><div id="comments"><h4>Comments</h4>
${items}</div></div></div></body></html>`;
}

const bodyText = commentsBodyText;

describe('comments that outweigh a story (s37-forum)', () => {
  test('leave the body where the story reads as one long text over short replies on an article', () => {
    const html = page(2);
    // Twelve comments outweigh the story: by the thread share alone they stay.
    assert.match(bodyText(html), /Talk about Urban renewal/);
    assert.match(
      bodyText(html, () => false),
      /Talk about Urban renewal/,
    );
    const article = bodyText(html, () => true);
    assert.doesNotMatch(article, /Urban renewal|Posted By|vickthechick3/);
    assert.match(article, /Earlier story: Nicole Kidman/);
  });

  test('asked for, the same read: comments ten times the story still leave it (not a thread by the 0.15 share)', () => {
    const extraction = keptExtraction(parseHtml(page(10)));
    assert.equal(separateComments(extraction).sections.length, 0);
    assert.equal(separateComments(extraction, { readsAsArticle: () => false }).sections.length, 0);
    const asked = separateComments(extraction, { readsAsArticle: () => true });
    assert.equal(asked.sections.length, 1);
    assert.equal(asked.sections[0].comments.length, 60);
  });

  test('a first post about as long as its replies is a thread, whatever the page type', () => {
    // The story cut to its first two paragraphs: a post of ~250 characters over replies of ~150.
    const short = STORY.split('\n').slice(0, 3).join('\n');
    let asked = 0;
    const text = bodyText(page(2, `${short}</div>`), () => {
      asked++;
      return true;
    });
    assert.match(text, /Talk about Urban renewal/);
    assert.equal(asked, 0, 'the page type is not read where the structure says thread');
  });

  test('the page type is read once, and only where the structure says story', () => {
    let asked = 0;
    bodyText(page(2), () => {
      asked++;
      return true;
    });
    assert.equal(asked, 1);
    asked = 0;
    // One round of comments does not outweigh the story: they leave by the thread share alone.
    assert.doesNotMatch(
      bodyText(page(1), () => {
        asked++;
        return true;
      }),
      /Urban renewal/,
    );
    assert.equal(asked, 0);
  });

  test('on an article the body keeps the story and drops the comments for any number of them (property)', () => {
    assert.ok(STORY_OVER_REPLY > 1 && MIN_STORY_TEXT > 0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), (copies) => {
        const text = bodyText(page(copies), () => true);
        return !/Posted By/.test(text) && /Earlier story/.test(text) && /Tom Cruise/.test(text);
      }),
      { numRuns: 12 },
    );
  });

  test('through extract() (a pipeline check: here the block model leaves these comments out itself)', () => {
    const result = extract(page(3), {
      format: 'text',
      url: 'http://www.sfgate.com/cgi-bin/blogs/sfgate/detail?blogid=7&entry_id=23239',
    });
    assert.match(result.content, /Earlier story: Nicole Kidman/);
    assert.doesNotMatch(result.content, /Urban renewal|Posted By/);
    // Asked for, they are output apart, as before.
    const asked = extract(page(3), { format: 'json', comments: true });
    assert.equal(asked.comments?.length, 18);
  });
});
