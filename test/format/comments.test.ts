import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { parseHtml, Selection, TAG } from '../../packages/pith/src/dom/index.js';
import { findComments, separateComments } from '../../packages/pith/src/features/comments/index.js';
import { formatComments, readComments } from '../../packages/pith/src/format/index.js';
import { extract } from '../../packages/pith/src/index.js';
import { keptExtraction } from './comments-body.js';

const parser = new MarkdownIt('default', { html: false, linkify: false });
const NOW = Date.UTC(2026, 0, 1);

const PAGE = `<html><head><title>Post | Blog</title></head><body>
<article><h1>Post</h1><p>The article text, long enough to be the content of this page for sure.</p></article>
<div id="comments" class="comments-area"><h2>2 thoughts on “Post”</h2><ol class="comment-list">
<li id="comment-1" class="comment depth-1"><article class="comment-body">
<footer class="comment-meta"><div class="comment-author vcard"><b class="fn">Alice</b> <span class="says">says:</span></div>
<div class="comment-metadata"><a href="#comment-1"><time datetime="2020-01-05T15:14:00+00:00">January 5, 2020 at 3:14 pm</time></a></div></footer>
<div class="comment-content"><p>Great post, <em>thanks</em>! Try <code>a|b</code>.</p><p># Not a heading</p></div>
<div class="reply"><a class="comment-reply-link" href="#">Reply</a></div></article>
<ol class="children"><li id="comment-2" class="comment depth-2"><article class="comment-body">
<footer class="comment-meta"><div class="comment-author vcard"><b class="fn">Bob</b> says:</div><div class="comment-metadata"><time datetime="2020-01-06">January 6, 2020</time></div></footer>
<div class="comment-content"><p>You are welcome.</p></div></article></li></ol></li>
</ol><div id="respond"><h3>Leave a Reply</h3><form><textarea></textarea></form></div></div></body></html>`;

function sectionsOf(html: string) {
  const doc = parseHtml(html, { url: 'https://blog.example/post' });
  return { doc, sections: findComments(doc) };
}

describe('readComments', () => {
  test('author, ISO date, plain text, and what each reply answers', () => {
    const { doc, sections } = sectionsOf(PAGE);
    assert.deepEqual(readComments(doc, sections, { now: NOW }).list, [
      {
        author: 'Alice',
        date: '2020-01-05T15:14:00+00:00',
        text: 'Great post, thanks! Try a|b.\n\n# Not a heading',
      },
      { author: 'Bob', date: '2020-01-06', text: 'You are welcome.', replyTo: 0 },
    ]);
  });

  test('"Posted by: Ann | January 14, 2008 06:24 PM": the name and the date from one line', () => {
    const { doc, sections } = sectionsOf(
      `<body><div class="content"><p>${'Article words. '.repeat(60)}</p><h3>Comments</h3>
        <div class="commenttext"><p>I disagree.</p></div><p class="posted">Posted by: Ann | January 14, 2008 06:24 PM</p>
        <div class="commenttext"><p>Me too.</p></div><p class="posted">Posted by: Ben Cole | January 15, 2008 07:05 PM</p>
      </div></body>`,
    );
    assert.deepEqual(readComments(doc, sections, { now: NOW }).list, [
      { author: 'Ann', date: '2008-01-14', text: 'I disagree.' },
      { author: 'Ben Cole', date: '2008-01-15', text: 'Me too.' },
    ]);
  });

  test('sections under the confidence are not read', () => {
    const { doc, sections } = sectionsOf(PAGE);
    assert.deepEqual(readComments(doc, sections, { minConfidence: 1.01 }).list, []);
  });
});

describe('formatComments', () => {
  const { doc, sections } = sectionsOf(PAGE);

  test('Markdown: a final section with a nested list, valid CommonMark', () => {
    const markdown = formatComments(readComments(doc, sections, { now: NOW }), 'markdown');
    assert.equal(
      markdown,
      [
        '## Comments',
        '',
        '- **Alice** · 2020-01-05T15:14:00+00:00',
        '',
        '  Great post, *thanks*! Try `a|b`.',
        '',
        '  \\# Not a heading',
        '',
        '  - **Bob** · 2020-01-06',
        '',
        '    You are welcome.',
      ].join('\n'),
    );
    const tokens = parser.parse(markdown, {});
    assert.deepEqual(
      tokens.filter((t) => t.type === 'heading_open').map((t) => t.tag),
      ['h2'],
    );
    assert.equal(tokens.filter((t) => t.type === 'bullet_list_open').length, 2);
    assert.equal(tokens.filter((t) => t.type === 'list_item_open').length, 2);
    // The reply's list is inside the first item.
    const levels = tokens.filter((t) => t.type === 'list_item_open').map((t) => t.level);
    assert.ok(levels[1] > levels[0]);
  });

  test('text: a "Comments" line, a block per comment, replies indented', () => {
    assert.equal(
      formatComments(readComments(doc, sections, { now: NOW }), 'text'),
      [
        'Comments',
        '',
        'Alice · 2020-01-05T15:14:00+00:00',
        'Great post, thanks! Try a|b.',
        '',
        '# Not a heading',
        '',
        '  Bob · 2020-01-06',
        '  You are welcome.',
      ].join('\n'),
    );
  });

  test('HTML: a section of articles, replies inside, author and time in a header, escaped', () => {
    const html = formatComments(readComments(doc, sections, { now: NOW }), 'html');
    assert.match(
      html,
      /^<section>\n<h2>Comments<\/h2>\n<article><header><b>Alice<\/b> · <time datetime="2020-01-05T15:14:00\+00:00">/,
    );
    assert.match(html, /<article><header><b>Bob<\/b>[\s\S]*<\/article>\n<\/article>\n<\/section>$/);
    assert.doesNotMatch(html, /Reply|textarea|says/);
  });

  test('nothing to show: the empty string', () => {
    const empty = parseHtml('<p>x</p>');
    assert.equal(formatComments(readComments(empty, findComments(empty)), 'markdown'), '');
  });
});

describe('separateComments', () => {
  test('takes the comment sections out of the body', () => {
    const doc = parseHtml(PAGE);
    const extraction = keptExtraction(doc, 0);
    const { body, sections } = separateComments(extraction);
    assert.equal(sections.length, 1);
    for (let node = 0; node < doc.size; node++) {
      if (!doc.isText(node)) continue;
      const inComments = doc.contains(sections[0].root, node);
      assert.equal(body.selection.kept[node], inComments ? 0 : 1);
    }
    // The extraction given is left as it was.
    assert.equal(extraction.selection.kept.indexOf(0), -1);
  });

  test('comments that are nearly all the extractor kept (a forum thread) stay in the body', () => {
    const doc = parseHtml(PAGE);
    const selection = new Selection(doc);
    for (const section of findComments(doc)) selection.keepSubtree(section.root);
    const extraction = { extractor: 't', version: '0', doc, selection, roots: [], diagnostics: undefined };
    const { body, sections } = separateComments(extraction);
    assert.deepEqual(sections, []);
    assert.equal(body, extraction);
  });

  test('searching only around what was kept gives the body the whole page gives', () => {
    const doc = parseHtml(PAGE);
    const article = doc.findAll(TAG.article)[0];
    // The article and its comments kept, then the article alone (the comments outside what was kept).
    for (const root of [doc.body, article]) {
      const extraction = keptExtraction(doc, root);
      const whole = separateComments(extraction);
      const scoped = separateComments(extraction, { keptSubtreeOnly: true });
      assert.deepEqual(scoped.body.selection.kept, whole.body.selection.kept);
    }
    const both = separateComments(keptExtraction(doc), { keptSubtreeOnly: true });
    assert.equal(both.sections.length, 1);
  });

  test('nothing kept: nothing to separate', () => {
    const doc = parseHtml(PAGE);
    const extraction = {
      extractor: 't',
      version: '0',
      doc,
      selection: new Selection(doc),
      roots: [],
      diagnostics: undefined,
    };
    const { body, sections } = separateComments(extraction, { keptSubtreeOnly: true });
    assert.deepEqual(sections, []);
    assert.equal(body, extraction);
  });
});

describe('extract(): comments option and the title', () => {
  const page = PAGE.replace('<article>', '<article class="post">');

  test('by default no comments section; Markdown prints the title once (titleHeading) or not at all', () => {
    const long = page.replace(
      'for sure.</p>',
      `for sure.</p>${'<p>Another paragraph of the article, so that the article is most of what the page says, as on a blog.</p>'.repeat(3)}`,
    );
    const { content, comments } = extract(long, { format: 'markdown', extractor: 'all-text' });
    assert.equal(comments, undefined);
    assert.doesNotMatch(content, /## Comments/);
    assert.equal(content.match(/^# Post$/gm), null);
    // Readers' comments are not the body (issue 16, class 4), even with no comments output…
    assert.match(content, /The article text/);
    assert.doesNotMatch(content, /Great post|welcome/);
    // …unless asked to be kept where the extractor selected them.
    const kept = extract(long, { format: 'text', extractor: 'all-text', keepComments: true });
    assert.match(kept.content, /Great post/);
  });

  test('a thread whose replies are most of the page keeps them in the body by default', () => {
    // A forum: a short first post outside the replies' section, the replies longer than it.
    const reply = (n: number) =>
      `<li id="comment-${n}" class="comment"><article class="comment-body"><footer class="comment-meta"><b class="fn">User ${n}</b> says:</footer><div class="comment-content"><p>Reply ${n}: I had the same trouble with my router, and a firmware update fixed it after two tries.</p></div></article></li>`;
    const thread = `<html><head><title>Router drops</title></head><body><article><h1>Router drops</h1><p>My router drops the line every night at about two, and the lights go red for a minute. Any idea what to try first?</p></article>
      <div id="comments" class="comments-area"><ol class="comment-list">${[1, 2, 3, 4].map(reply).join('')}</ol></div></body></html>`;
    const { content } = extract(thread, { format: 'text', extractor: 'all-text' });
    assert.match(content, /Reply 1:.*\n[\s\S]*Reply 4:/);
    const asked = extract(thread, { format: 'text', extractor: 'all-text', comments: true });
    assert.doesNotMatch(asked.content.split('Comments')[0], /Reply 1:/);
    const headed = extract(page, { format: 'markdown', extractor: 'all-text', titleHeading: true });
    assert.equal(headed.content.match(/^# Post$/gm)?.length, 1);
  });

  test('comments: true — out of the body, into a final section and the result', () => {
    const result = extract(page, { format: 'markdown', extractor: 'all-text', comments: true });
    const [body, section] = result.content.split('\n\n## Comments\n\n');
    assert.ok(section !== undefined, result.content);
    assert.doesNotMatch(body, /Great post|welcome|Leave a Reply/);
    assert.match(section, /^- \*\*Alice\*\*/);
    assert.deepEqual(
      result.comments?.map((comment) => comment.author),
      ['Alice', 'Bob'],
    );
    const json = JSON.parse(extract(page, { format: 'json', extractor: 'all-text', comments: true }).content);
    assert.deepEqual(
      json.comments.map((comment: { text: string }) => comment.text),
      ['Great post, thanks! Try a|b.\n\n# Not a heading', 'You are welcome.'],
    );
    // The JSON record carries the title in its own field and not in the text.
    assert.equal(json.title, 'Post');
    assert.doesNotMatch(json.text, /^Post/);
    assert.doesNotMatch(json.text, /Great post/);
  });
});
