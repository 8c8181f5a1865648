/**
 * The comment finder's misses of issue 37 (s37-forum): a "Comments" label that is not a heading,
 * and a "Posted by X on DATE" signature set inside each comment's own paragraph. The fragments are
 * cut from L3S-GN1 f5a46a81 (telegraph.co.uk, 2008): the story as `<p class="story">` paragraphs,
 * then `<div class="yvhd">Comments</div>`, then each comment a `<p class="story">` too.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, parseHtml } from '../../../packages/pith/src/dom/index.js';
import { COMMENT_LABEL, POSTED_BY } from '../../../packages/pith/src/features/comments/cues.js';
import { type CommentSection, findComments } from '../../../packages/pith/src/features/comments/index.js';

const STORY = `<p class="story"><span class="storyby">By Patrick Nathanson and agencies</span></p>
<p class="story">Portsmouth manager Harry Redknapp has denied speculation linking him with the vacant manager's job at Newcastle following the departure of Sam Allardyce.</p>
<p class="story">"There's nothing in my being linked with the job. I had an offer not so long ago to take over at what I consider a massive club but I didn't go.</p>
<p class="story">"I am happy down on the south coast."</p>
<p class="story">Earlier, Redknapp's brother-in-law Frank Lampard Snr said the Portsmouth manager would be interested in the job at St James' Park, where Allardyce left by mutual consent on Wednesday after less than eight months in charge.</p>
<p class="story">Newcastle chairman Chris Mort said the club would take its time over the appointment of a successor and would not be rushed into a decision.</p>`;

const COMMENTS: [string, string, string][] = [
  [
    'What a marvellous opportunity for Allardyce. He now has a bit of money and he can further develop his career abroad.',
    'Idealist',
    '5:58 PM',
  ],
  [
    'Harry lives in a large house, in a prime position in one of the most expensive areas of real estate on the planet.',
    'John',
    '5:29 PM',
  ],
  ['They can have our Southampton one for free', 'rupert', '5:15 PM'],
  ['Why not try and go for a season without a manager?', 'Jeremy Carson', '4:52 PM'],
  [
    'Newcastle should try a bit of lateral thinking. Instead of constantly sacking the manager, why not keep the manager and sack the team.',
    'dave',
    '2:31 PM',
  ],
];

const comment = ([text, name, time]: [string, string, string]) =>
  `<p class="story">${text}<br>
<b>Posted by ${name} on January 10, 2008 ${time}</b><br><span class="small"><a href="mailto:newsfeedback@telegraph.co.uk">Report this comment</a></span></p>`;

function telegraph(label: string, comments = COMMENTS): string {
  return `<html><body><table><tr><td><h1>Harry Redknapp out of Newcastle running</h1>
${STORY}
<div class="hrline"></div>
<a name="comments"></a>
${label}
${comments.map(comment).join('\n')}
</td></tr></table></body></html>`;
}

function find(html: string): { doc: Doc; sections: CommentSection[] } {
  const doc = parseHtml(html);
  return { doc, sections: findComments(doc) };
}

/** The text of every node of a section. */
function sectionText(doc: Doc, section: CommentSection): string {
  return section.nodes.map((node) => doc.textContent(node)).join(' ');
}

describe('findComments: a label that is not a heading, signatures inside the paragraph (s37-forum)', () => {
  test('telegraph.co.uk 2008: the comments after a div "Comments", each with its author and date', () => {
    const { doc, sections } = find(telegraph('<div class="yvhd">Comments</div>'));
    assert.equal(sections.length, 1);
    const [section] = sections;
    assert.ok(section.confidence >= 0.5, `${section.confidence} ${section.cues}`);
    assert.ok(section.cues.includes('heading') && section.cues.includes('authors'), `${section.cues}`);
    assert.equal(section.comments.length, COMMENTS.length);
    // The label goes with the section; the story does not.
    const text = sectionText(doc, section);
    assert.ok(section.nodes.some((node) => doc.textContent(node) === 'Comments'));
    assert.doesNotMatch(text, /Redknapp has denied|Chris Mort/);
    assert.deepEqual(
      section.comments.map((c) => doc.textContent(c.author)),
      COMMENTS.map(([, name, time]) => `Posted by ${name} on January 10, 2008 ${time}`),
    );
    assert.deepEqual(
      section.comments.map((c) => c.date),
      section.comments.map((c) => c.author),
    );
  });

  test('the label is read through wrappers that hold nothing else', () => {
    const { doc, sections } = find(telegraph('<div class="hd"><span><b>Comments</b></span></div>'));
    assert.equal(sections.length, 1);
    assert.ok(sections[0].confidence >= 0.5);
    assert.doesNotMatch(sectionText(doc, sections[0]), /Redknapp has denied/);
  });

  test('a signature line makes authors and dates where a heading already found the comments', () => {
    const { sections } = find(telegraph('<h3>Comments</h3>'));
    assert.equal(sections.length, 1);
    assert.ok(sections[0].cues.includes('dates'), `${sections[0].cues}`);
    assert.ok(sections[0].confidence >= 0.5);
  });

  test('not a label: a link, a counter repeated down a listing, a longer line', () => {
    for (const label of [
      '<div class="yvhd"><a href="#comments">Comments</a></div>',
      '<div class="yvhd">Comments are now closed for this story and the next</div>',
    ]) {
      const { sections } = find(telegraph(label));
      assert.ok(
        sections.every((section) => section.confidence < 0.5),
        label,
      );
    }
    const counters = '<div class="count">Comments</div>'.repeat(3);
    const { sections } = find(telegraph(`${counters}<div class="yvhd">Comments</div>`));
    assert.ok(sections.every((section) => section.confidence < 0.5));
  });

  test('the words', () => {
    for (const yes of ['Comments', 'Reader comments (12)', ' 3 Comments:', 'Kommentare', 'Commentaires'])
      assert.match(yes, COMMENT_LABEL);
    for (const no of ['Comment on this story', 'Reply', 'Discussion', 'No comments yet', 'Commentary'])
      assert.doesNotMatch(no, COMMENT_LABEL);
    assert.match('Posted by Idealist on January 10, 2008 5:58 PM', POSTED_BY);
    assert.match('Posted By: vickthechick3 | January 07 2008', POSTED_BY);
    assert.doesNotMatch('Story posted on January 10, 2008', POSTED_BY);
  });

  test('any run of signed comments after the label is the section, never the story (property)', () => {
    const name = fc.stringMatching(/^[A-Z][a-z]{2,9}( [A-Z][a-z]{2,9})?$/);
    const text = fc.constantFrom(...COMMENTS.map(([t]) => t));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, name, fc.constantFrom('1:02 PM', '11:59 AM')), {
          minLength: 3,
          maxLength: 9,
        }),
        (list) => {
          const { doc, sections } = find(telegraph('<div class="yvhd">Comments</div>', list));
          return (
            sections.length === 1 &&
            sections[0].confidence >= 0.5 &&
            sections[0].comments.length === list.length &&
            !/Redknapp has denied/.test(sectionText(doc, sections[0]))
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
