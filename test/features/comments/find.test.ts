import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, parseHtml } from '../../../packages/pith/src/dom/index.js';
import {
  type CommentSection,
  commentMask,
  findComments,
} from '../../../packages/pith/src/features/comments/index.js';

const ARTICLE =
  '<article><h1>Post</h1><p>The article text is long enough to be the content of this page.</p></article>';

function find(html: string): { doc: Doc; sections: CommentSection[] } {
  const doc = parseHtml(html);
  return { doc, sections: findComments(doc) };
}
const text = (doc: Doc, node: number) => (node < 0 ? '' : doc.textContent(node));
const describeNode = (doc: Doc, node: number) => `${doc.tagName(node)}#${doc.attr(node, 'id') ?? ''}`;
/** Each comment as [author, date, text] read through the node ids. */
function comments(doc: Doc, section: CommentSection): [string, string, string, number][] {
  return section.comments.map((comment) => {
    const skipped = (node: number) => comment.skip.some((skip) => doc.contains(skip, node));
    const words: string[] = [];
    for (const part of comment.text) {
      for (let node = part; node < doc.end(part); node++)
        if (doc.isText(node) && !skipped(node)) words.push(doc.text(node));
    }
    return [
      text(doc, comment.author),
      text(doc, comment.date),
      words.join(' ').replace(/\s+/g, ' ').trim(),
      comment.replyTo,
    ];
  });
}

const WORDPRESS = `<html><body>${ARTICLE}
<div id="comments" class="comments-area"><h2 class="comments-title">2 thoughts on “Post”</h2>
<ol class="comment-list">
<li id="comment-1" class="comment even thread-even depth-1"><article id="div-comment-1" class="comment-body">
<footer class="comment-meta"><div class="comment-author vcard"><img class="avatar" src="a.png"><b class="fn">Alice</b> <span class="says">says:</span></div>
<div class="comment-metadata"><a href="#comment-1"><time datetime="2020-01-05T15:14:00+00:00">January 5, 2020 at 3:14 pm</time></a></div></footer>
<div class="comment-content"><p>Great post, thanks!</p></div>
<div class="reply"><a class="comment-reply-link" href="#">Reply</a></div></article>
<ol class="children"><li id="comment-2" class="comment byuser odd alt depth-2"><article id="div-comment-2" class="comment-body">
<footer class="comment-meta"><div class="comment-author vcard"><b class="fn">Bob</b> says:</div><div class="comment-metadata"><time datetime="2020-01-06">January 6, 2020</time></div></footer>
<div class="comment-content"><p>You are welcome.</p></div></article></li></ol></li>
</ol>
<div id="respond"><h3>Leave a Reply</h3><form><textarea></textarea></form></div></div></body></html>`;

describe('findComments: marked comments', () => {
  test('WordPress: the section, its comments, replies, authors, dates and text parts', () => {
    const { doc, sections } = find(WORDPRESS);
    assert.equal(sections.length, 1);
    const [section] = sections;
    assert.equal(describeNode(doc, section.root), 'div#comments');
    assert.deepEqual(section.nodes, [section.root]);
    assert.deepEqual(
      section.comments.map((comment) => describeNode(doc, comment.node)),
      ['li#comment-1', 'li#comment-2'],
    );
    assert.deepEqual(comments(doc, section), [
      ['Alice', 'January 5, 2020 at 3:14 pm', 'Great post, thanks!', -1],
      ['Bob', 'January 6, 2020', 'You are welcome.', 0],
    ]);
    assert.equal(doc.tagName(section.comments[0].date), 'time');
    assert.equal(section.comments[0].end, doc.end(section.comments[0].node));
    // schema-strength item classes 0.45, section 0.2, heading 0.15, authors, dates, reply 0.1 each: capped at 1.
    assert.equal(section.confidence, 1);
    assert.deepEqual([...section.cues].sort(), [
      'authors',
      'dates',
      'heading',
      'item-class',
      'item-markup',
      'reply',
      'section-class',
    ]);
    // The article is 62 of the 150 visible characters' worth outside the section.
    assert.ok(section.textShare > 0.5 && section.textShare < 0.8, String(section.textShare));
  });

  test('microdata comments with an itemtype and no itemprop: the page-wide microdata test reads both names', () => {
    const { doc, sections } = find(
      `<body>${ARTICLE}<section class="discussion">
        <div itemscope itemtype="https://schema.org/Comment"><span class="by">Carol</span><p>First!</p></div>
        <div itemscope itemtype="https://schema.org/Comment"><span class="by">Dan</span><p>Second.</p></div>
      </section></body>`,
    );
    assert.equal(sections.length, 1);
    assert.ok(sections[0].cues.includes('item-markup'));
    assert.deepEqual(
      comments(doc, sections[0]).map((row) => row[2]),
      ['Carol First!', 'Dan Second.'],
    );
  });

  test('schema.org microdata comments', () => {
    const { doc, sections } = find(
      `<body>${ARTICLE}<section class="discussion">
        <div itemprop="comment" itemscope itemtype="https://schema.org/Comment">
          <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Carol</span></span>
          <meta itemprop="dateCreated" content="2021-03-04"><span>4 March</span>
          <div itemprop="text"><p>First!</p></div></div>
        <div itemprop="comment" itemscope itemtype="https://schema.org/Comment">
          <span itemprop="author">Dan</span><div itemprop="text"><p>Second.</p></div></div>
      </section></body>`,
    );
    assert.equal(sections.length, 1);
    assert.deepEqual(comments(doc, sections[0]), [
      ['Carol', '', 'First!', -1],
      ['Dan', '', 'Second.', -1],
    ]);
    assert.ok(sections[0].cues.includes('item-markup'));
    // item markup 0.45 + authors 0.1: sure enough to be output.
    assert.equal(sections[0].confidence, 0.55);
  });

  test('a lone comment with a numbered id is a comment', () => {
    const { doc, sections } = find(
      `<body>${ARTICLE}<div class="comments"><h3>1 Comment</h3><div class="comment" id="comment-77"><p class="author">Eve</p><p>Only one here.</p></div></div></body>`,
    );
    assert.equal(sections.length, 1);
    assert.deepEqual(comments(doc, sections[0]), [['Eve', '', 'Only one here.', -1]]);
  });
});

describe('findComments: comments found by structure', () => {
  test('CleanEval 205: comments in alternating classes are one comment a block, the last of an odd count too', () => {
    const comment = (n: number, name: string, body: string) =>
      `<div class="${n % 2 ? 'comgrey' : 'comwhite'}"><h3 id="comment${n}"><span class="number">${n}.</span> <a href="http://example.com/${n}" rel="nofollow">${name}</a> said: </h3>
        <p>${body}</p>
        <p>Posted on May  3, 2005 10:${10 + n} AM | <a href="#comment${n}" title="Link directly to this comment">#</a></p></div>`;
    const { doc, sections } = find(
      `<body><div class="entry"><h2>Technological Excuses: A Rant</h2><p>${'Technology should help you solve problems, not create more. '.repeat(20)}</p>
        <h2 id="comments">Comments</h2>
        ${comment(1, 'Dave P', 'Nothing more true has ever been uttered, I am still shocked at how business leaders are pushed around.')}
        ${comment(2, 'Rimantas', 'What happened to the Brooks law? You end up using what your managers want to buy.')}
        ${comment(3, 'Keith', 'Good point. The bottom line is that a testing cycle should never dictate the release date.')}
        ${comment(4, 'Dave P', 'It is called crashing the project, and is common in most project management methods.')}
        ${comment(5, 'Sam', 'Totally agree with what you say. Never tell someone that their estimated timeline is too long.')}
      </div></body>`,
    );
    assert.equal(sections.length, 1);
    const [section] = sections;
    // Five comments, not two pairs with the fifth left out.
    assert.equal(section.comments.length, 5);
    assert.deepEqual(
      section.comments.map((found) => doc.attr(found.node, 'class')),
      ['comgrey', 'comwhite', 'comgrey', 'comwhite', 'comgrey'],
    );
    const mask = commentMask(doc, sections);
    for (let node = 0; node < doc.size; node++) {
      if (!doc.isText(node)) continue;
      if (doc.text(node).includes('Technology should help')) assert.equal(mask[node], 0);
      if (doc.text(node).includes('estimated timeline')) assert.equal(mask[node], 1);
    }
  });

  test('comments written as sibling blocks after the article (text, then "Posted by"): the section is those blocks', () => {
    const { doc, sections } = find(
      `<body><div class="content"><h3>Title</h3><p>${'Article words. '.repeat(60)}</p>
        <div class="sectionhed"><h3>Comments</h3></div>
        <div class="commenttext"><p>I disagree with this.</p></div><p class="posted">Posted by: Ann | January 14, 2008 06:24 PM</p>
        <div class="commenttext"><p>So do I, strongly.</p></div><p class="posted">Posted by: Ben | January 14, 2008 07:05 PM</p>
      </div></body>`,
    );
    assert.equal(sections.length, 1);
    const [section] = sections;
    // Not the container, which holds the article too: the run of blocks from the first comment to the last.
    assert.equal(doc.attr(section.root, 'class'), 'content');
    assert.ok(!section.nodes.includes(section.root));
    assert.deepEqual(
      section.nodes.map((node) => doc.attr(node, 'class')),
      ['commenttext', 'posted', 'commenttext', 'posted', 'sectionhed'],
    );
    assert.deepEqual(comments(doc, section), [
      [
        'Posted by: Ann | January 14, 2008 06:24 PM',
        'Posted by: Ann | January 14, 2008 06:24 PM',
        'I disagree with this.',
        -1,
      ],
      [
        'Posted by: Ben | January 14, 2008 07:05 PM',
        'Posted by: Ben | January 14, 2008 07:05 PM',
        'So do I, strongly.',
        -1,
      ],
    ]);
    assert.ok(section.cues.includes('part-class'));
    // The article's words are not in the mask.
    const mask = commentMask(doc, sections);
    for (let node = 0; node < doc.size; node++) {
      if (doc.isText(node) && doc.text(node).includes('Article words')) assert.equal(mask[node], 0);
      if (doc.isText(node) && doc.text(node).includes('disagree')) assert.equal(mask[node], 1);
    }
  });

  test('under a heading with a comment word (German), repeated blocks without any class cue', () => {
    const { doc, sections } = find(
      `<body>${ARTICLE}<div><h3>Kommentare</h3>
        <div class="c"><b>Anna</b> <span class="date">12.03.2020</span><p>Sehr schöner Beitrag, danke!</p></div>
        <div class="c"><b>Bernd</b> <span class="date">13.03.2020</span><p>Das sehe ich anders.</p></div>
      </div></body>`,
    );
    assert.equal(sections.length, 1);
    assert.ok(sections[0].cues.includes('heading'));
    assert.ok(sections[0].cues.includes('structure'));
    assert.deepEqual(
      comments(doc, sections[0]).map(([, date]) => date),
      ['12.03.2020', '13.03.2020'],
    );
    // structure under a heading 0.15 + heading 0.15 + dates 0.1: found, below the default output threshold.
    assert.equal(sections[0].confidence, 0.4);
  });
});

/**
 * CleanEval 308's comments (cut): PostNuke's EZComments table, four rows to a comment of one shape —
 * the author and "posted:" date, the text, a row of icons, an empty row — then the reply form's table.
 */
function ezComment(id: number, date: string, body: string): string {
  return `<tr style="background-color:#E7E7E7;"><td align="left"><a id="comment${id}"></a><strong>Anonymous</strong></td>
      <td><span style="float:left;"><strong>Subject:</strong>&nbsp;Re: Will Washington Tolerate A Chinese-Venezuelan Petro Pact?</span>
      <span style="float:right;"><strong>posted:</strong>&nbsp;${date}</span></td></tr>
    <tr style="background-color:none;text-align:left;"><td headers="col_0" valign="top"></td><td headers="col_1">${body}</td></tr>
    <tr style="height:18px;"><td headers="col_0"><a title="Top" href="#top"><img src="go_up.gif" alt="Top"></a>&nbsp;</td>
      <td headers="col_1"><a title="Profile: Anonymous" href="UserInfo-Anonymous.html"><img src="profile.gif" alt="Anonymous"></a></td></tr>
    <tr><td colspan="2"> </td></tr>`;
}
const EZCOMMENTS = `<body><div><div class="inside"><p>${'The article on oil and the Pacific rim. '.repeat(30)}</p></div>
  <h3>Comments</h3><em style="color:red"></em><br>
  <table border="0" cellpadding="5" cellspacing="0" width="100%"><thead><tr><th id="col_0">Author</th><th id="col_1">Comment</th></tr></thead><tbody>
  ${ezComment(646, 'Jan 14, 2005 - 09:47 PM', "I don't find it surprising at all that America might find a problem with a potential adversary seeking out oil in what America deems to be its backyard.")}
  ${ezComment(648, 'Jan 14, 2005 - 09:51 PM', 'As for Venezuala, they are just looking out for themselves. Besides, what a better way to stick it to America than to form partnerships with countries like China?')}
  ${ezComment(651, 'Jan 15, 2005 - 01:12 AM', 'Canada too may draw the ire of the US if we too open up to the Chinese. Canada is a central part to the US policy on energy security.')}
  </tbody></table>
  <table border="0" cellpadding="5" cellspacing="0" width="100%"><tbody><tr><td>Add a new Comment</td><td><form id="post" action="module-EZComments-create.html" method="post">
  <div><label for="subject">Subject</label><br><input type="text" name="EZComments_subject"></div>
  <div><label for="message">Comment</label><br><textarea name="EZComments_comment" id="message"></textarea></div>
  <input type="submit" value="Submit"></form></td></tr></tbody></table></div></body>`;

describe('findComments: rows headed by an author and a date', () => {
  test('CleanEval 308: a table of rows of one shape, a head row (name, date) then the text, read a comment from each head', () => {
    const { doc, sections } = find(EZCOMMENTS);
    assert.equal(sections.length, 1);
    const [section] = sections;
    // The comments' table, not the container that holds the article and the reply form.
    assert.ok(['table', 'tbody'].includes(doc.tagName(section.root)));
    assert.deepEqual(
      comments(doc, section).map(([author, date]) => [author.trim(), date.replace(/\s+/g, ' ').trim()]),
      [
        ['Anonymous', 'posted: Jan 14, 2005 - 09:47 PM'],
        ['Anonymous', 'posted: Jan 14, 2005 - 09:51 PM'],
        ['Anonymous', 'posted: Jan 15, 2005 - 01:12 AM'],
      ],
    );
    // structure under a heading 0.15 + heading 0.15 + authors 0.1 + dates 0.1 + three or more 0.05:
    // at the 0.5 that takes a section out of the body (0.4 before, the two tables read as two comments).
    assert.deepEqual([...section.cues].sort(), ['authors', 'dates', 'heading', 'structure']);
    assert.equal(section.confidence, 0.55);
    const mask = commentMask(doc, sections);
    for (let node = 0; node < doc.size; node++) {
      if (doc.isText(node) && doc.text(node).includes('Pacific rim')) assert.equal(mask[node], 0);
      if (doc.isText(node) && doc.text(node).includes('Venezuala')) assert.equal(mask[node], 1);
    }
  });

  test('not comments: a schedule (every row short and dated) and a spec table (no dated head row)', () => {
    const rows = (cells: [string, string][]) =>
      cells.map(([a, b]) => `<tr><td><strong>${a}</strong></td><td>${b}</td></tr>`).join('');
    for (const table of [
      rows([
        ['Opening', 'Mon 09:00'],
        ['Keynote', 'Mon 09:30'],
        ['Break', 'Mon 10:30'],
        ['Panel', 'Mon 11:00'],
        ['Lunch', 'Mon 12:30'],
        ['Closing', 'Mon 17:00'],
      ]),
      rows([
        ['Weight', 'Three kilograms and a little over, with the battery fitted and the cover on'],
        ['Colour', 'Graphite grey, with a matt finish that does not show fingerprints easily'],
        ['Battery', 'Lithium-ion, rated for about a thousand full charge cycles in normal use'],
        ['Screen', 'Fifteen inches across, with an anti-glare coating for use outdoors'],
        ['Ports', 'Two USB-C, one HDMI and a headphone socket on the left-hand side'],
        ['Warranty', 'Two years, covering parts and labour, extendable to five years'],
      ]),
    ]) {
      const { sections } = find(
        `<body>${ARTICLE}<h3>Comments</h3><table><tbody>${table}</tbody></table></body>`,
      );
      for (const section of sections) assert.ok(section.confidence < 0.5, table);
    }
  });
});

describe('findComments: what is not a comment section', () => {
  test('a page without comments, a comment-count link, a "Recent comments" widget, an opinion column', () => {
    for (const html of [
      `<body>${ARTICLE}</body>`,
      `<body>${ARTICLE}<p>Read <a class="comment-count" href="#c">3 comments</a></p></body>`,
      `<body>${ARTICLE}<aside><h3>Recent Comments</h3><ul id="recentcomments"><li class="recentcomments"><a href="/a">Ann</a> on <a href="/p">Post one</a></li><li class="recentcomments"><a href="/b">Ben</a> on <a href="/q">Post two</a></li></ul></aside></body>`,
      `<body><div class="commentary"><p>${'An opinion column about politics. '.repeat(5)}</p></div><div class="commentary"><p>${'Another column. '.repeat(5)}</p></div></body>`,
      `<body><div class="liveblog-comment"><p>12:01 Kick-off in the stadium.</p></div><div class="liveblog-comment"><p>12:05 First chance for the home side.</p></div></body>`,
    ]) {
      assert.deepEqual(find(html).sections, [], html);
    }
  });

  test('a marked section with a reply form and no comments yet is a section with none', () => {
    const { doc, sections } = find(
      `<body>${ARTICLE}<div id="comments"><h3>No comments yet</h3><form><label>Your comment</label><textarea></textarea></form></div></body>`,
    );
    assert.equal(sections.length, 1);
    assert.equal(describeNode(doc, sections[0].root), 'div#comments');
    assert.deepEqual(sections[0].comments, []);
    // section 0.2 + heading 0.15 + reply form 0.1.
    assert.equal(sections[0].confidence, 0.45);
  });

  test('within limits the search to a subtree', () => {
    const doc = parseHtml(WORDPRESS);
    let article = -1;
    for (let node = 0; node < doc.size && article < 0; node++)
      if (doc.tagName(node) === 'article') article = node;
    assert.deepEqual(findComments(doc, { within: article }), []);
    assert.equal(findComments(doc, { within: doc.body }).length, 1);
  });
});

describe('commentMask', () => {
  test('covers the sections at or above the confidence', () => {
    const { doc, sections } = find(WORDPRESS);
    const mask = commentMask(doc, sections);
    const root = sections[0].root;
    for (let node = 0; node < doc.size; node++)
      assert.equal(mask[node], node >= root && node < doc.end(root) ? 1 : 0);
    assert.equal(commentMask(doc, sections, 1.01).indexOf(1), -1);
  });
});

describe('findComments: properties', () => {
  const PIECES = [
    '<div class="comments">',
    '<div class="comment">',
    '<li class="comment depth-1" id="comment-3">',
    '<ol class="commentlist">',
    '<div class="comment-content">',
    '<span class="comment-author">',
    '<time datetime="2020-01-01">',
    '<h3>Comments</h3>',
    '<h2>Kommentare</h2>',
    '<a class="comment-reply-link">Reply</a>',
    '<div itemscope itemtype="http://schema.org/Comment">',
    '<form><textarea></textarea></form>',
    '<p>',
    '<div>',
    '</div>',
    '</li>',
    '</ol>',
    '</p>',
    'Some words here. ',
    'Posted by Ann on 5 May 2020 ',
    '<table><tr><td>',
    '</td></tr></table>',
  ];
  test('never throws; sections are disjoint and hold their comments; ids are valid', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (pieces) => {
        const doc = parseHtml(`<body>${pieces.join('')}</body>`);
        const sections = findComments(doc);
        const valid = (node: number) => node >= 0 && node < doc.size;
        for (const [index, section] of sections.entries()) {
          assert.ok(section.confidence >= 0 && section.confidence <= 1);
          assert.ok(section.textShare >= 0 && section.textShare <= 1);
          for (const node of section.nodes) assert.ok(valid(node));
          for (const other of sections.slice(index + 1)) {
            for (const a of section.nodes)
              for (const b of other.nodes) {
                assert.ok(!doc.contains(a, b) && !doc.contains(b, a), 'sections overlap');
              }
          }
          const inSection = (node: number) => section.nodes.some((part) => doc.contains(part, node));
          for (const comment of section.comments) {
            assert.ok(valid(comment.node) && comment.end <= doc.size && comment.end > comment.node);
            assert.ok(inSection(comment.node) || doc.contains(section.root, comment.node));
            for (const node of [...comment.text, ...comment.skip]) assert.ok(valid(node));
            if (comment.author >= 0)
              assert.ok(comment.author >= comment.node && comment.author < comment.end);
            if (comment.date >= 0) assert.ok(comment.date >= comment.node && comment.date < comment.end);
            assert.ok(comment.replyTo < section.comments.indexOf(comment));
          }
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 400) },
    );
  });
});
