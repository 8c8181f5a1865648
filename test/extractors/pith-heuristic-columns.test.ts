/**
 * The heuristic stage's per-page reading made cheaper (issue 38, s52-extractor): `measure` counts a
 * text node's commas in the page's source where the node's text is its source range, none in a node
 * of white space alone; `prune` reads attributes by their page number and each class string's cue
 * once. Both must count and prune exactly as reading every node's own string did.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Doc, NodeKind, parseHtml } from '../../packages/pith/src/dom/index.js';
import { countCommas } from '../../packages/pith/src/extractors/pith/cues.js';
import { HeuristicColumns, measure } from '../../packages/pith/src/extractors/pith/measure.js';
import { prune } from '../../packages/pith/src/extractors/pith/prune.js';
import { HAS_SAMPLE, samplePath } from '../helpers.js';

/** `measure`'s commas checked against `countCommas` of each kept visible text node's own string. */
function assertCommasAsText(doc: Doc, removed: Uint8Array): { fromSource: number; decoded: number } {
  const counts = measure(doc, removed, new HeuristicColumns());
  const { kind, hidden, parent } = doc.columns;
  // Inside a removed part: the top-down flag, as measure reads it.
  const inRemoved = new Uint8Array(doc.size);
  for (let node = 1; node < doc.size; node++) inRemoved[node] = removed[node] || inRemoved[parent[node]];
  const expected = new Int32Array(doc.size);
  let fromSource = 0;
  let decoded = 0;
  for (let node = doc.size - 1; node > 0; node--) {
    if (inRemoved[node]) continue;
    if (kind[node] === NodeKind.Text && !hidden[node]) {
      const commas = countCommas(doc.text(node));
      expected[node] = commas;
      if (commas > 0 && doc.isSourceText(node)) fromSource++;
      if (commas > 0 && !doc.isSourceText(node)) decoded++;
      assert.equal(counts.commas[node], commas, `text node ${node}: ${JSON.stringify(doc.text(node))}`);
    }
    expected[parent[node]] += expected[node];
  }
  for (let node = 1; node < doc.size; node++)
    if (!inRemoved[node]) assert.equal(counts.commas[node], expected[node], `node ${node}`);
  return { fromSource, decoded };
}

describe('pith heuristic: commas read in the source', () => {
  test('commas of every script, in source text, decoded text and white space, counted as in the node text', () => {
    const doc = parseHtml(
      '<body>\n  <div class="story">\n    <p>Fish, chips &amp; peas, with salt,</p>\n    <p>北京，上海、广州</p>\n    <p>نعم، لا</p>\n    <p>A&#44;B, C&nbsp;,</p>\n  </div>\n  <nav>Home, About, Contact</nav>\n</body>',
    );
    const { removed } = prune(doc, doc.contentRoot, true);
    const seen = assertCommasAsText(doc, removed);
    assert.ok(seen.fromSource > 0 && seen.decoded > 0, JSON.stringify(seen));
  });

  test('property: any mix of commas, entities and spaces counts as in the node text', () => {
    const piece = fc.constantFrom(',', '，', '、', '،', '&amp;', '&#44;', ' ', '\n', '&nbsp;', 'word', 'é');
    fc.assert(
      fc.property(
        fc.array(
          fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
          { maxLength: 6 },
        ),
        (texts) => {
          const doc = parseHtml(`<body><div>${texts.map((text) => `<p>${text}</p>`).join(' ')}</div></body>`);
          assertCommasAsText(doc, new Uint8Array(doc.size));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('real pages: the sample sets counted alike, in source and decoded text nodes', {
    skip: !HAS_SAMPLE,
  }, () => {
    const dir = samplePath('l3s-gn1', 'input');
    let fromSource = 0;
    let decoded = 0;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
      const doc = parseHtml(readFileSync(`${dir}/${file}`, 'utf8'));
      for (const useClassCues of [true, false]) {
        const seen = assertCommasAsText(doc, prune(doc, doc.contentRoot, useClassCues).removed);
        fromSource += seen.fromSource;
        decoded += seen.decoded;
      }
    }
    assert.ok(
      fromSource > 0 && decoded > 0,
      `${fromSource} source, ${decoded} decoded text nodes with commas`,
    );
  });
});

describe('pith heuristic: prune by attribute numbers', () => {
  test('hidden, styled, aria-hidden, role and class cues prune as named; a class string seen again reads the same', () => {
    const para = (n: number) =>
      `<p>Paragraph ${n} of the story, long enough to be prose and not a label of the page, with more words after.</p>`;
    const doc = parseHtml(
      `<body><div class="content">${para(1)}${para(2)}${para(3)}${para(4)}${para(5)}${para(6)}</div>
       <div hidden>Hidden notice</div><div style="display: none">Styled away</div>
       <div aria-hidden="true">Screen readers skip this</div><div role="Navigation">Home</div>
       <div class="share-tools">Share</div><div class="share-tools">Share</div>
       <div class="share-tools" id="tools-7">Share with an id</div><div class="related content">Kept: content</div></body>`,
    );
    const { reasons } = prune(doc, doc.contentRoot, true);
    assert.deepEqual(reasons, { hidden: 2, 'aria-hidden': 1, 'role:navigation': 1, class: 3 });
    assert.deepEqual(prune(doc, doc.contentRoot, false).reasons, {
      hidden: 2,
      'aria-hidden': 1,
      'role:navigation': 1,
    });
  });

  test('a page without the attributes prunes by tags alone', () => {
    const doc = parseHtml('<body><nav>Home</nav><p>Text of the page.</p><footer>Footer</footer></body>');
    assert.deepEqual(prune(doc, doc.contentRoot, true).reasons, { 'tag:nav': 1, 'tag:footer': 1 });
  });
});
