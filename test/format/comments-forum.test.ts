/**
 * A discussion keeps its replies (issue 37, s37-forum): on a page the page type reads as a forum,
 * the unasked comments step leaves the comment sections in the body where it would take them out
 * (the opening post outweighs the replies), unless the kept text outside them is a post apart by
 * markup over more comments than a forum's page holds. The thread is cut from WCXB dev 0559
 * (open.vanillaforums.com, Vanilla: the opening post in `div.Discussion`, three replies in
 * `ul.MessageList.Comments`; WCXB's gold keeps the replies). The story over its readers' comments is
 * L3S-GN1 e906b620's, in test/format/comments-post-apart.test.ts's page.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { commentsBodyText } from './comments-body.js';

const OPENING = [
  "On 2 Dec 2024, I received this message from Higher Logic's Director of Software Engineering:",
  'Effective January 1st, 2025, we will stop updating the open source version of Vanilla. However, we will continue to host the open.vanillaforums.com website and maintain the open source solution on GitHub so that the community has access to the solution in its current iteration.',
  'While I replied to this email, I received no response, and no such notice was posted here in December or since. Therefore, I am sharing the news myself since 4 months have elapsed.',
  'This notice supplants my notice last year that official releases had ended. Sometime since then, Higher Logic removed the Addon directory without notice.',
  "I strongly object to Higher Logic's choice to not continue security releases for a transition period. I therefore strongly recommend migrating to another forum software, like Flarum, immediately. Your forum will eventually become compromised without ongoing security updates.",
  'I have now disabled new user registrations on this forum, but have enabled existing members to invite users if they want (assuming that feature still works). Unfortunately, I expect spam would start to overtake the site as the moderators have largely abandoned the site and I only check in periodically, so I regard this as a necessity.',
  'Good luck out there, and keep building communities.',
];

const REPLIES: [string, string, string][] = [
  ['265330', 'K17', 'Really sad but I think we all saw it coming to an end. Good luck too'],
  [
    '265332',
    'mcrouse',
    'Hi @Linc, I regret that there has been some misunderstanding in our communications. We will share more updates as they become available.',
  ],
  [
    '265334',
    'Linc',
    "My quote was accurate, my post was strictly factual. That's the whole story. It's time to let it go.",
  ],
];

function reply([id, author, text]: [string, string, string]): string {
  return `<li class="Item ItemComment noPhotoWrap pageBox" id="Comment_${id}"><div class="Comment">
<div class="Item-Header CommentHeader"><div class="AuthorWrap"><span class="Author"><a href="https://open.vanillaforums.com/profile/${author}" class="Username js-userCard">${author}</a></span></div>
<div class="Meta CommentMeta CommentInfo"><span class="MItem DateCreated"><a href="/discussion/comment/${id}/#Comment_${id}" class="Permalink" rel="nofollow"><time datetime="2025-03-04T19:40:35+00:00">March 2025</time></a></span></div></div>
<div class="Item-BodyWrap"><div class="Item-Body"><div class="Message userContent"><p>${text}</p></div>
<div class="Reactions"><span class="Column-Score Hidden">0</span></div></div></div></div></li>`;
}

/** The thread: the opening post and `replies` replies (rounds of the page's three). */
function thread(replies = 3): string {
  const items = Array.from({ length: replies }, (_, i) => reply(REPLIES[i % REPLIES.length])).join('\n');
  return `<html><head><title>Higher Logic has terminated open source Vanilla — Vanilla Forums</title></head><body>
<main class="Content MainContent"><div class="MessageList Discussion"><div id="Item_0" class="PageTitle pageHeadingBox isLarge"><h1>Higher Logic has terminated open source Vanilla</h1></div>
<div id="Discussion_39620" class="Item ItemDiscussion Rank-Admin noPhotoWrap pageBox"><div class="Discussion">
<div class="Item-Header DiscussionHeader"><div class="AuthorWrap"><span class="Author"><a href="https://open.vanillaforums.com/profile/Linc" class="Username js-userCard">Linc</a></span></div>
<div class="Meta DiscussionMeta"><span class="MItem DateCreated"><a href="https://open.vanillaforums.com/discussion/39620" class="Permalink" rel="nofollow"><time datetime="2025-03-01T16:35:52+00:00">March 2025</time></a></span></div></div>
<div class="Item-BodyWrap"><div class="Item-Body"><div class="Message userContent">${OPENING.map((p) => `<p>${p}</p>`).join('')}</div>
<div class="Reactions"><span class="Column-Score Hidden">1</span></div></div></div></div></div></div>
<div class="CommentsWrap"><div class="DataBox DataBox-Comments"><h2 class="CommentHeading">Comments</h2>
<ul class="MessageList DataList Comments pageBox">
${items}
</ul></div></div></main></body></html>`;
}

const forum = () => true;
const notArticle = () => false;

describe('a discussion keeps its replies (s37-forum)', () => {
  test('on a page read as a forum, the replies stay under the opening post that outweighs them', () => {
    const text = commentsBodyText(thread(), notArticle, forum);
    assert.match(text, /Higher Logic removed the Addon directory/);
    assert.match(text, /Really sad but I think we all saw it coming/);
    assert.match(text, /misunderstanding in our communications/);
  });

  test('the same thread not read as a forum loses them (the step as before)', () => {
    const text = commentsBodyText(thread(), notArticle, () => false);
    assert.match(text, /Higher Logic removed the Addon directory/);
    assert.doesNotMatch(text, /Really sad but I think we all saw it coming/);
  });

  test('for any number of replies the opening post outweighs, a forum keeps them all (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), (replies) => {
        const text = commentsBodyText(thread(replies), notArticle, forum);
        return /keep building communities/.test(text) && /Really sad but/.test(text);
      }),
      { numRuns: 6 },
    );
  });
});
