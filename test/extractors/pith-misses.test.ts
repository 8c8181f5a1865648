/**
 * Classes of misses seen on held-back pages (issue 37, item 4), each fixed as a class and shown on
 * a fragment cut from a real page of the shared datasets (the page named in each test).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { dropMediaControls } from '../../packages/pith/src/extractors/pith/post-rules.js';
import { prune } from '../../packages/pith/src/extractors/pith/prune.js';
import { extract } from '../../packages/pith/src/index.js';
import { useModelFiles } from '../../packages/tools/src/index.js';
import { pageDigest, readHeldOut } from '../../packages/workbench/src/eval/runs/index.js';
import { REPO_ROOT } from '../helpers.js';

/** Every node of a fragment chosen, as if the classifier kept it all. */
function allChosen(html: string) {
  const doc = parseHtml(html);
  return { doc, chosen: new Uint8Array(doc.size).fill(1) };
}

/** The chosen text of a document, whitespace collapsed. */
function chosenText(doc: ReturnType<typeof parseHtml>, chosen: Uint8Array): string {
  let text = '';
  for (let node = 0; node < doc.size; node++)
    if (chosen[node] && doc.isText(node)) text += ` ${doc.text(node)}`;
  return text.replace(/\s+/g, ' ').trim();
}

/** Prose of an article, for the fragments below to sit in (the classifier keeps it). */
const ARTICLE_PROSE = Array.from(
  { length: 6 },
  (_, index) =>
    `<p>Paragraph ${index + 1} of the post: the compiler reads the whole program, checks every type against its declaration, and reports the places where the two disagree, so that the author can fix them before the code ever runs in production.</p>`,
).join('');

describe('caption toggles and gallery counters are not the caption (issue 37, item 4)', () => {
  // WCXB dev 3011 (NPR: every photo's caption ends with "hide caption" and "toggle caption").
  const CAPTION =
    '<div class="credit-caption"><div class="caption-wrap"><div class="caption" aria-label="Image caption"><p> Are US teens getting enough sleep? A new study shows that high school students\' sleep is getting worse, with over three-quarters of them getting less than seven hours each night. <b class="credit" aria-label="Image credit"> Antonio Guillem/Getty Images </b> <b class="hide-caption"><b>hide caption</b></b></p></div><b class="toggle-caption"><b>toggle caption</b></b></div><span class="credit" aria-label="Image credit"> Antonio Guillem/Getty Images </span></div>';

  test('the toggles go, the caption and its credit stay', () => {
    const { doc, chosen } = allChosen(CAPTION);
    assert.equal(dropMediaControls(doc, chosen), 2);
    const text = chosenText(doc, chosen);
    assert.match(text, /less than seven hours each night\. Antonio Guillem\/Getty Images/);
    assert.doesNotMatch(text, /hide caption|toggle caption/);
  });

  test('extract() keeps the caption of a photo in the article, without its toggles', () => {
    const html = `<html><body><article><h1>Teens and sleep</h1>${ARTICLE_PROSE}<figure>${CAPTION}</figure>${ARTICLE_PROSE}</article></body></html>`;
    const { content } = extract(html, { format: 'text' });
    assert.match(content, /Paragraph 6 of the post/);
    assert.doesNotMatch(content, /hide caption|toggle caption/);
  });

  test('a gallery counter alone in its element goes; the same words in a sentence stay', () => {
    const { doc, chosen } = allChosen(
      '<div class="gallery"><span class="counter">1 of 23</span><p>Only 1 of 23 councillors voted against the plan.</p><span>4 / 12</span></div>',
    );
    assert.equal(dropMediaControls(doc, chosen), 2);
    assert.equal(chosenText(doc, chosen), 'Only 1 of 23 councillors voted against the plan.');
  });
});

describe('values in a data table are no gallery counters (issue 41)', () => {
  // Readability's test page wikipedia-2 (New Zealand): the climate table's cells read "23/16", the
  // shape of a gallery counter ("4 / 12"); dropping them left the city names as loose lines.
  const CLIMATE =
    '<table class="wikitable collapsible sortable"><caption>Average daily maximum and minimum temperatures for the six largest cities of New Zealand</caption><tbody><tr><th>Location</th><th>Jan/Feb (°C)</th><th>Jan/Feb (°F)</th><th>July (°C)</th><th>July (°F)</th></tr><tr><td><a href="/wiki/Auckland" title="Auckland">Auckland</a></td><td>23/16</td><td>74/60</td><td>14/7</td><td>58/45</td></tr><tr><td><a href="/wiki/Wellington" title="Wellington">Wellington</a></td><td>20/13</td><td>68/56</td><td>11/6</td><td>52/42</td></tr><tr><td><a href="/wiki/Christchurch" title="Christchurch">Christchurch</a></td><td>22/12</td><td>72/53</td><td>10/0</td><td>51/33</td></tr></tbody></table>';

  test('the cells stay', () => {
    const { doc, chosen } = allChosen(CLIMATE);
    assert.equal(dropMediaControls(doc, chosen), 0);
    assert.match(chosenText(doc, chosen), /Auckland 23\/16 74\/60 14\/7 58\/45/);
  });

  test("extract() writes the table whole, between the article's paragraphs", () => {
    const html = `<html><body><article><h1>Climate</h1>${ARTICLE_PROSE}<p>The table below lists climate normals for the warmest and coldest months in New Zealand's six largest cities.</p>${CLIMATE}${ARTICLE_PROSE}</article></body></html>`;
    const { content } = extract(html, { format: 'markdown' });
    assert.match(content, /\| \[?Auckland.* \| 23\/16 \| 74\/60 \| 14\/7 \| 58\/45 \|/);
  });

  test('any counter-shaped value in a headed table cell stays; the same text alone in a gallery goes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('/', ' / ', ' of '),
        (a, b, joint) => {
          const value = `${a}${joint}${b}`;
          const table = allChosen(
            `<table><tr><th>Team</th><th>Record</th></tr><tr><td>Ducks</td><td><b>${value}</b></td></tr></table>`,
          );
          const gallery = allChosen(`<div class="gallery"><span>${value}</span></div>`);
          return (
            dropMediaControls(table.doc, table.chosen) === 0 &&
            dropMediaControls(gallery.doc, gallery.chosen) === 1
          );
        },
      ),
    );
  });
});

describe('body text set directly in a container between <br>s (issue 37, item 4)', () => {
  // L3S-GN1 0a30f3dc (CBS News 2008): the story is text in a <div> between <br><br>, no <p>.
  const STORY =
    '<div><b>(AP)&nbsp;</b>"The Great Debaters," a film based on the real-life victories of a black debating team in the 1930s, topped the list of nominees announced Tuesday for the 39th NAACP Image Awards.<br><br>"Girlfriends" and "Everybody Hates Chris" led TV nominees.<br><br>"The Great Debaters" collected eight nominations, including outstanding motion picture and both outstanding actor and outstanding director for Denzel Washington. The movie also garnered three supporting-actor nominations for Forest Whitaker, Nate Parker and Denzel Whitaker.<br><br>Other best-picture nominees: "American Gangster," "I Am Legend," "Talk to Me" and "Tyler Perry\'s Why Did I Get Married?"<br><br>Other outstanding-actor nominees were Columbus Short for "Stomp the Yard," Don Cheadle for "Talk to Me," Terrence Howard for "Pride" and Will Smith for "I Am Legend."<br><br>In TV categories, "Everybody Hates Chris" and "Girlfriends" had seven nominations each, including best TV comedy.<br><br>The Image Awards honor those who promote diversity in the arts. Awards in 44 categories, including literature, will be presented Feb. 14 in a Los Angeles ceremony broadcast live on Fox.<br><br></div>';
  const RAIL =
    '<div class="lightbox">&#149; <a href="/stories/2007/10/15/people/main3367728.shtml" class="linksmall2">The Latest Photos</a><br>&#149; <a href="/stories/2008/01/15/people/main3717360.shtml" class="linksmall2">Sarkozy Romance  A Protocol Nightmare </a><br>&#149; <a href="/stories/2008/01/15/music_grammys/main3715687.shtml" class="linksmall2">WGA May Strike Grammys, OKs NAACP Awards</a><br></div>';

  test('the default extractor keeps every paragraph and leaves the rail of links', () => {
    const html = `<html><body><table><tr><td>${STORY}</td><td>${RAIL}</td></tr></table></body></html>`;
    const { content } = extract(html, { format: 'text' });
    for (const part of [
      'topped the list of nominees',
      'led TV nominees',
      'Denzel Whitaker',
      'broadcast live on Fox',
    ])
      assert.ok(content.includes(part), part);
    assert.doesNotMatch(content, /Sarkozy Romance/);
  });
});

describe('a form that wraps the article is no small form (issue 37, body missed)', () => {
  // L3S-GN1 4e9a3cb3 (wirelessweek.com, 2008): ASP.NET WebForms put the whole content column in one
  // <form id="aspnetForm">; beside a wide rail of teasers it holds a quarter of the page's text, and
  // the heuristic stage pruned it as a small form, the article with it.
  const PROSE = (n: number) =>
    Array.from(
      { length: n },
      (_, index) =>
        `<p>Paragraph ${index + 1}: a California-based software company plans to unveil the first set of mobile applications for an open phone platform today, according to a report, and says they reduce cost and development time.</p>`,
    ).join('');
  const RAIL = `<td>${Array.from({ length: 12 }, (_, i) => `<p>Teaser ${i}: the upcoming auction creates an opportunity to bridge the digital divide to rural communities, but the spectrum is useless without partners who build on it.</p>`).join('')}</td>`;
  const page = (form: string) => `<html><body><table><tr>${RAIL}<td>${form}</td></tr></table></body></html>`;
  const prunedReasons = (html: string) => {
    const doc = parseHtml(html);
    return prune(doc, 0, true).reasons;
  };

  test('a form holding three paragraphs of prose is kept; one with two notices is pruned', () => {
    assert.equal(prunedReasons(page(`<form action="article.aspx">${PROSE(3)}</form>`)).form, undefined);
    assert.equal(
      prunedReasons(page(`<form action="/comment">${PROSE(2)}<input name="email"></form>`)).form,
      1,
    );
  });

  test('a form under half the page is pruned unless it holds three paragraphs of prose (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), (paragraphs) => {
        const reasons = prunedReasons(page(`<form>${PROSE(paragraphs)}</form>`));
        assert.equal(reasons.form, paragraphs >= 3 ? undefined : 1);
      }),
    );
  });

  const heldOutFile = join(REPO_ROOT, '.cache', 'train', 'blocks', 'folds-5-by-site.json');
  const l3sPage = join(
    REPO_ROOT,
    '.cache',
    'datasets',
    'l3s-gn1',
    'input',
    '4e9a3cb3-bc61-413b-841c-9639f62a877f.html',
  );
  // Read by the block fold model that did not see its site (a page of a site it never saw); without
  // the rule it answers with the rail's two teasers (F1 0.07), with it the article (0.96).
  test('a real page: the article inside the page-wide form (L3S-GN1 4e9a3cb3, held out)', {
    skip: !existsSync(l3sPage) || !existsSync(heldOutFile),
  }, async () => {
    await useModelFiles();
    const html = readFileSync(l3sPage);
    const model = readHeldOut(heldOutFile).modelFor(pageDigest(html));
    const { content } = extract(html, {
      format: 'text',
      extractorOptions: { model },
      limits: { timeoutMs: 600_000 },
    });
    assert.match(content, /Open Handset Alliance/);
    assert.match(content, /A La Mobile reportedly is running the prototype apps/);
    assert.doesNotMatch(content, /700 MHz auction/);
  });
});
