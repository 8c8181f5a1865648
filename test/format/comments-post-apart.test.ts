/**
 * A blog post over its readers' comments, told from a forum's first post over its replies by
 * markup (issue 37, s37-l3s4): where the comments outweigh the post and the page type does not read
 * an article, the unasked comments step still takes them out of the body when the post's text sits
 * in one element whose class no other element has, beside the comments. The fragment is cut from
 * L3S-GN1 e906b620 (a Movable Type post in `div.blogbody` over 138 comments in
 * `div.comments-body`, read as a forum at 0.686 with its URL; the gold is the post alone).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { MIN_COMMENTS_APART } from '../../packages/pith/src/features/comments/separate.js';
import { commentsBodyText } from './comments-body.js';

const POST = [
  'So, uh, heard about any upcoming elections of import?',
  'The post-Christmas dash to the finish line for the Presidential nominations - or finish <em>lines</em> as things actually unfold - is on. With abandon.',
  'Given the multi-candidate field, duking it out in a variety of states, the race for the GOP nod has now devolved into a veritable blizzard of haymakers in all directions.',
  "Now granted, things aren't really rough yet. But it's getting there, and fast. The bulk of the buzz and political coverage is around assorted TV ads so this long post is heavy on them.",
  '1) <u>Mike Huckabee is running an unorthodox campaign</u>.',
  'After a couple weeks of not fighting back against the sea of attacks from fellow candidates and heightened scrutiny from the press, he emerged out of the brief Christmas respite to air his same old, "vote for me because I\'m a Christian" ad:',
  'The ad was indeed a great mass media introduction of Mike Huckabee to the Evangelical-heavy Iowa caucus-goer demographic. Emphasis on <em>was</em>.',
];

const COMMENTS = [
  [
    'I always love how the elitists on both coasts refer to the Midwest as the "fly over states" until the Iowa caucus. Suddenly they make a complete transformation.',
    'Walters',
  ],
  [
    'I hope you are not refering to Eric as an Elitist. He hardly seems to fit that profile (although he does ignore Ron Paul an awful lot).',
    'Travis Pahl',
  ],
  ['Travis @ 5, I think you are probably right about Eric.', 'Bruce Guthrie'],
  [
    "In any case, he is definitely a factor in the race, and should be a part of any article that seeks to understand the race's dynamics. But Eric ignores him. Strange.",
    'Bruce Guthrie',
  ],
];

/**
 * The post and `copies` rounds of the comments; `postClass` is the post's container class (the
 * comments' own class makes it a forum's first post, which shares its replies' markup).
 */
function page(copies: number, postClass = 'blogbody'): string {
  const comments = Array.from({ length: copies }, () => COMMENTS)
    .flat()
    .map(
      ([text, author], i) =>
        `<div class="comments-body"><b>${i + 1}.</b> ${text}</p>
<span class="comments-post">Posted by: <a href="mailto:x@example.com" rel="nofollow">${author}</a> on December 29, 2007 01:15 PM</span></div>`,
    )
    .join('\n');
  return `<html><head><title>Sound Politics: Fight! Fight! Fight!</title></head><body><div id="content">
<div class="blog"><div class="date">December 29, 2007</div>
<div class="${postClass}"><span class="title">Fight! Fight! Fight!</span>
${POST.map((p) => `<p>${p}</p>`).join('\n')}
<span class="posted">Posted by <a href="">Eric Earling</a> at December 29, 2007 12:03 PM</span></div>
<div class="comments-head"><a name="comments"></a>Comments</div>
${comments}
</div></div></body></html>`;
}

/** The body's text on a page the page type reads as a forum. */
const bodyText = (html: string): string => commentsBodyText(html, () => false);

describe('a blog post over its readers comments, by markup (s37-l3s4)', () => {
  test('the comments leave the body though the page type reads a forum: the post is apart by markup', () => {
    // 13 rounds of four: 52 comments, more than a forum's page holds (the page had 138).
    const text = bodyText(page(13));
    assert.match(text, /Mike Huckabee is running an unorthodox campaign/);
    assert.doesNotMatch(text, /Posted by: |fly over states|Ron Paul an awful lot/);
  });

  test('the forum read keeps no comments of a post apart (s37-forum): a story over its readers comments', () => {
    // The page type reads e906b620 as a forum: a forum's replies stay, but not under a post apart.
    const text = commentsBodyText(
      page(13),
      () => false,
      () => true,
    );
    assert.match(text, /Mike Huckabee is running an unorthodox campaign/);
    assert.doesNotMatch(text, /Posted by: |fly over states|Ron Paul an awful lot/);
  });

  test('under the floor, read as a forum, the comments stay with the post (s37-forum)', () => {
    assert.match(
      commentsBodyText(
        page(3),
        () => false,
        () => true,
      ),
      /fly over states/,
    );
  });

  test("a first post in its replies' markup stays a thread with them", () => {
    const text = bodyText(page(13, 'comments-body'));
    assert.match(text, /Mike Huckabee/);
    assert.match(text, /fly over states/);
  });

  test('a post whose class another element shares is not apart (a forum of posts in one shape)', () => {
    // A second element with the post's class (a forum's other post, or a teaser of the same shape).
    const html = page(13).replace(
      '<div class="comments-head">',
      '<div class="blogbody"><p>Another entry.</p></div><div class="comments-head">',
    );
    assert.match(bodyText(html), /fly over states/);
  });

  test('under a forum page of comments they stay with the post (CleanEval keeps a blog comments)', () => {
    // CleanEval 152: the same Movable Type markup under 10 comments, which its gold keeps.
    assert.match(bodyText(page(Math.floor((MIN_COMMENTS_APART - 1) / 4))), /fly over states/);
  });

  test('for any number of comment rounds from the floor, the apart post keeps its text and the comments go (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Math.ceil(MIN_COMMENTS_APART / 4), max: 40 }), (copies) => {
        const text = bodyText(page(copies));
        return /Evangelical-heavy/.test(text) && /So, uh, heard/.test(text) && !/Posted by: /.test(text);
      }),
      { numRuns: 8 },
    );
  });
});
