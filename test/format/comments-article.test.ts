/**
 * Readers' comments that outweigh a short story (issue 37, s37-news): the unasked comments step
 * keeps a section as a forum thread when the kept text outside it is smaller; on a page that reads
 * as an article the asked share holds instead. The fragment is cut from L3S-GN1 51070347 (an
 * SFGate blog item of ~190 words under 33 readers' comments; the gold is the item alone).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml, Selection } from '../../packages/pith/src/dom/index.js';
import {
  ARTICLE_OUTSIDE_SHARE,
  FORUM_OUTSIDE_SHARE_UNASKED,
  separateComments,
} from '../../packages/pith/src/features/comments/index.js';
import { extract } from '../../packages/pith/src/index.js';

const STORY = `<div class="item"><h3>Nicole Kidman Is Pregnant</h3>
<p>UPDATE: Nicole Kidman and her husband Keith Urban are expecting their first child together.</p>
<p>Kidman's spokesperson Catherine Olim says, "Nicole Kidman and Keith Urban confirmed today that they are expecting a baby. The couple are thrilled."</p>
<p>Earlier story: Nicole Kidman has fueled speculation she is pregnant with her first child with husband Keith Urban after she reportedly dropped out of her latest film.</p>
</div>`;

const COMMENTS = [
  [
    "According to LEILAH she is REBELLING against being told she couldn't discuss her pregnancy on the set! You go you suddenly rebellious Nicole!!! I seem to recall Nicole had a rebellious reputation a long time ago...",
    'vickthechick3 | January 07 2008 at 03:06 PM',
  ],
  [
    "If she's pregnant, I say good for her. I can understand not wanting to confirm until after the 1st trimester, but outright denials will end up making her look foolish if she turns out to really be pg.",
    'mammamia | January 07 2008 at 03:06 PM',
  ],
  ['Talk about Urban renewal.', 'JRoo | January 07 2008 at 03:12 PM'],
  [
    "She's probably pulling out because her last 17 films have been bombs.",
    'hawaiian | January 07 2008 at 03:19 PM',
  ],
  [
    "Maybe these so called press people can find something else out besides when someone is pregnant. It's none of their business! No one has to tell anyone they are pregnant before the first trimester.",
    'talkingtrash | January 07 2008 at 03:45 PM',
  ],
  [
    "So basically what they're saying is that she's pulling out because Keith Urban didn't?",
    'FrankCostanza | January 07 2008 at 03:52 PM',
  ],
];

function page(comments: number): string {
  const items = COMMENTS.slice(0, comments)
    .map(
      ([text, credit], i) =>
        `<a name="c0033138${i}"></a><div class="item"><p>${text}<span class="break"><br /><br /></span></p><p class="credit">Posted By: ${credit}</p></div>`,
    )
    .join('\n');
  return `<html><head><title>Nicole Kidman Is Pregnant</title></head><body><div id="main">${STORY}
<div class="comment_container"><a name="comments"></a><div id="comments"><h4>Comments</h4>
${items}</div></div></div></body></html>`;
}

/** The whole body kept (as the block model kept story and comments), through the unasked comments step. */
function bodyText(html: string, readsAsArticle?: () => boolean) {
  const doc = parseHtml(html);
  const extraction = {
    extractor: 't',
    version: '0',
    doc,
    selection: new Selection(doc).keepSubtree(doc.body),
    roots: [],
    diagnostics: undefined,
  };
  const { body } = separateComments(extraction, {
    forumOutsideShare: FORUM_OUTSIDE_SHARE_UNASKED,
    keptSubtreeOnly: true,
    ...(readsAsArticle ? { readsAsArticle } : {}),
  });
  let text = '';
  for (let node = 0; node < doc.size; node++)
    if (doc.isText(node) && body.selection.kept[node]) text += doc.text(node);
  return text;
}

describe('comments that outweigh an article (s37-news)', () => {
  test('stay as a thread where the page is not known as an article, leave where it is', () => {
    const html = page(COMMENTS.length);
    assert.match(bodyText(html), /Talk about Urban renewal/);
    assert.match(
      bodyText(html, () => false),
      /Talk about Urban renewal/,
    );
    const article = bodyText(html, () => true);
    assert.doesNotMatch(article, /Urban renewal|Posted By|vickthechick3/);
    assert.match(article, /Earlier story: Nicole Kidman/);
  });

  test('the page type is read only where a section would stay as a thread', () => {
    let asked = 0;
    const readsAsArticle = () => {
      asked++;
      return true;
    };
    // One short comment under the story: it leaves by the forum share alone.
    bodyText(page(1), readsAsArticle);
    assert.equal(asked, 0);
    bodyText(page(COMMENTS.length), readsAsArticle);
    assert.equal(asked, 1);
  });

  test('on an article the body is the same whatever the number of comments (property)', () => {
    assert.ok(ARTICLE_OUTSIDE_SHARE < 1);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: COMMENTS.length }), (n) => {
        const text = bodyText(page(n), () => true);
        return !/Posted By/.test(text) && /Earlier story/.test(text);
      }),
    );
  });
});

describe('comments that outweigh an article, through extract() (s37-news)', () => {
  test('the story without its readers’ comments', () => {
    const result = extract(page(COMMENTS.length), {
      format: 'text',
      url: 'http://www.sfgate.com/cgi-bin/blogs/sfgate/detail?blogid=7&entry_id=23239',
    });
    assert.match(result.content, /Earlier story: Nicole Kidman/);
    assert.doesNotMatch(result.content, /Urban renewal|Posted By/);
  });
});
