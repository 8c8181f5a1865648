import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, NodeKind, parseHtml } from '../../packages/pith/src/dom/index.js';
import { pageRows } from '../../packages/pith/src/extractors/pith/index.js';
import { groupTextNodes, repeatedGroup } from '../../packages/pith/src/extractors/pith/repeated.js';

function chosenText(doc: Doc, chosen: Uint8Array): string {
  const parts: string[] = [];
  for (let node = 0; node < doc.size; node++)
    if (chosen[node] && doc.kind(node) === NodeKind.Text) parts.push(doc.text(node));
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const card = (n: number) =>
  `<div class="card card--${n % 2 ? 'odd' : 'even'}"><h3><a href="/recipes/${n}">Recipe number ${n}</a></h3>` +
  `<p class="teaser">A short teaser for recipe ${n} that says what is in it and how long it takes to cook.</p></div>`;

/** A listing shaped like WCXB's: a menu, a heading and intro, a grid of cards (title link + teaser), a footer. */
const listingPage = `<html><body>
<nav><ul>${[1, 2, 3, 4, 5, 6].map((n) => `<li class="menu-item"><a href="/s/${n}">Section ${n} of the site menu</a></li>`).join('')}</ul></nav>
<main><h1>Weeknight recipes</h1><p>Our favourite quick dinners, tested in our kitchen.</p>
<div class="grid">${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</div></main>
<footer><ul>${[1, 2, 3, 4].map((n) => `<li class="foot"><a href="/f/${n}">Footer link number ${n} about us</a></li>`).join('')}</ul></footer>
</body></html>`;

describe('repeated siblings (a listing profile)', () => {
  test("a listing's cards are the group: every title and teaser, not the menu or the footer", () => {
    const doc = parseHtml(listingPage);
    const { blocks } = pageRows(doc, {}, {});
    const group = repeatedGroup(blocks);
    assert.ok(group, 'the cards are found');
    assert.equal(group.items.length, 8, 'cards with two shapes of modifier class are one group');
    const text = chosenText(doc, groupTextNodes(blocks, group));
    for (const n of [1, 8]) {
      assert.match(text, new RegExp(`Recipe number ${n}\\b`));
      assert.match(text, new RegExp(`teaser for recipe ${n}\\b`));
    }
    assert.doesNotMatch(text, /site menu|Footer link|Weeknight/);
  });

  test('sibling paragraphs of one body are prose, not a group', () => {
    const paragraphs = [1, 2, 3, 4, 5, 6]
      .map((n) => `<p>Paragraph ${n} of an article body, long enough to carry a sentence or two of text.</p>`)
      .join('');
    const doc = parseHtml(`<html><body><article><h1>A story</h1>${paragraphs}</article></body></html>`);
    assert.equal(repeatedGroup(pageRows(doc, {}, {}).blocks), undefined);
  });

  test('property: a page with no three text-carrying siblings of one shape has no group', () => {
    const shapes = ['div', 'section', 'article', 'span', 'figure'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            tag: fc.constantFrom(...shapes),
            cls: fc.constantFrom('a', 'b', ''),
            words: fc.integer({ min: 0, max: 30 }),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 2 }),
        (children, prose) => {
          // At most two children of each shape carry MIN_ITEM_WORDS words; the rest are short.
          const seen = new Map<string, number>();
          const html = children
            .map(({ tag, cls, words }) => {
              const key = `${tag}.${cls}`;
              const carrying = (seen.get(key) ?? 0) < 2 ? words : Math.min(words, 3);
              if (carrying >= 4) seen.set(key, (seen.get(key) ?? 0) + 1);
              const body = Array.from({ length: carrying }, (_, k) => `word${k}`).join(' ');
              return `<${tag}${cls ? ` class="${cls}"` : ''}>${body}</${tag}>`;
            })
            .join('');
          const paragraphs = Array.from(
            { length: prose },
            () => '<p>Some prose words in a paragraph here.</p>',
          ).join('');
          const doc = parseHtml(`<html><body><div>${html}${paragraphs}</div></body></html>`);
          assert.equal(repeatedGroup(pageRows(doc, {}, {}).blocks), undefined);
        },
      ),
      { numRuns: 200 },
    );
  });
});
