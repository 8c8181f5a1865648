import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Doc, lowerCased } from '../../packages/pith/src/dom/doc.js';
import { extract } from '../../packages/pith/src/index.js';

/**
 * `Doc.classAndId` as it was before issue 38's s45-alloc: `"<class> "` (a space after) for an
 * element without an id, `"<class> <id>"` with one. The readers take the string's ends as white
 * space, so their answers, and so the whole extraction, must not depend on which form they read.
 */
function joinedClassAndId(this: Doc, node: number): string {
  const cls = this.attr(node, 'class');
  const id = this.attr(node, 'id');
  if (id !== undefined) return lowerCased(`${cls ?? ''} ${id}`);
  return cls === undefined ? '' : lowerCased(`${cls} `);
}

/** Every output the class cues can move: Markdown, text, JSON with metadata and diagnostics. */
function outputs(html: string): string[] {
  const url = 'https://news.example.com/2025/03/story.html';
  return [
    extract(html, { url, format: 'markdown' }).content,
    extract(html, { url, format: 'text' }).content,
    extract(html, { url, format: 'json', diagnostics: true }).content,
  ];
}

function withJoinedStrings<T>(run: () => T): T {
  const current = Object.getOwnPropertyDescriptor(Doc.prototype, 'classAndId') as PropertyDescriptor;
  Object.defineProperty(Doc.prototype, 'classAndId', { ...current, value: joinedClassAndId });
  try {
    return run();
  } finally {
    Object.defineProperty(Doc.prototype, 'classAndId', current);
  }
}

// Words of the readers' class tests (blocks' cue groups, metadata's page scan, comments, footnotes,
// prune and score, post-rules), ends and states, arbitrary values, upper case and a two-unit İ.
const CLASS_WORDS = [
  'comment',
  'comments',
  'comment-body',
  'comment-content',
  'Comment',
  'nav',
  'menu',
  'sidebar',
  'footer',
  'entry-footer',
  'byline',
  'author',
  'author-name',
  'username',
  'name',
  'fn',
  'date',
  'time',
  'meta',
  'related',
  'widget',
  'elementor-widget',
  'has-slider',
  'no-sidebar',
  'md:[grid-area:sidebar]',
  '[--x:1]',
  'caption',
  'credit',
  'lead',
  'summary',
  'subtitle',
  'ad',
  'ads',
  'disclaimer',
  'footnote',
  'footnotes',
  'ref',
  'note',
  'sidenote',
  'reply',
  'share',
  'content',
  'text',
  'article',
  'main',
  'post',
  'user',
  'breadcrumb',
  'feed',
  'promo',
  'review',
  'teaser',
  'hentry',
  'entry-content',
  'byuser',
  'depth-1',
  'avatar',
  'logo',
  'İx',
  'x1',
];
const SEPARATORS = [' ', ' ', '  ', '\t', '-', '_', '\n'];

const classValue = fc
  .array(fc.tuple(fc.constantFrom(...CLASS_WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 4 })
  .map((parts) => parts.map(([word, separator]) => word + separator).join(''))
  .chain((value) => fc.constantFrom(value, value.trim(), ` ${value}`));

const TEXTS = [
  'The council voted on Tuesday to extend the program for another three years, citing strong results in the schools.',
  'Residents who spoke at the meeting said the changes had made a real difference to their daily commute and to their families.',
  'By Ann Lee',
  'March 3, 2025',
  'Reply',
  'Share',
  'Comments (3)',
  '[1]',
  'Photo: Reuters',
  'Disclaimer: this post may contain affiliate links.',
  'Related stories',
];

const element = (inner: fc.Arbitrary<string>) =>
  fc
    .tuple(
      fc.constantFrom('div', 'section', 'article', 'aside', 'footer', 'p', 'span', 'a', 'figure', 'h2', 'li'),
      fc.option(classValue, { nil: undefined }),
      fc.option(classValue, { nil: undefined }),
      inner,
    )
    .map(([tag, cls, id, content]) => {
      const attributes = `${cls === undefined ? '' : ` class="${cls}"`}${id === undefined ? '' : ` id="${id}"`}`;
      const href = tag === 'a' ? ' href="/2025/03/other.html"' : '';
      return `<${tag}${attributes}${href}>${content}</${tag}>`;
    });

const leaf = element(fc.constantFrom(...TEXTS));
const page = fc
  .array(element(fc.array(leaf, { minLength: 1, maxLength: 4 }).map((inner) => inner.join(''))), {
    minLength: 1,
    maxLength: 7,
  })
  .map(
    (blocks) =>
      `<!doctype html><html><head><title>Council extends the program</title></head><body>${blocks.join('')}</body></html>`,
  );

describe('Doc.classAndId without the space after a class (issue 38, s45-alloc)', () => {
  test('property: every output is what the joined "<class> " strings made', () => {
    fc.assert(
      fc.property(page, (html) => {
        assert.deepEqual(
          outputs(html),
          withJoinedStrings(() => outputs(html)),
        );
      }),
      { numRuns: 150 },
    );
  });
});
