/**
 * Invariants of CUTER that hold for any page and any settings (fast-check).
 *
 * Not an invariant, and so not tested: "raising maxLP never removes kept text". A
 * higher maxLP makes more units valid, which can change the seed, the groups and the
 * AL choice, so the article can move elsewhere. What is monotone is each stage: the
 * dropped nodes shrink as maxLP grows, the valid units shrink as a fixed minTP grows,
 * and the group grown from the top unit only grows with the divisor and the reach.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { NodeKind, parseHtml } from '../../../packages/pith/src/dom/index.js';
import {
  analysePage,
  buildSelection,
  type CuterOptions,
  cuter,
  decide,
  MIN_TP_RULES,
  resolveCuterOptions,
} from '../../../packages/pith/src/extractors/cuter/index.js';

// A random page: nested blocks, paragraphs with inline links and formatting, images, ads.
const word = fc.constantFrom(
  'news',
  'story',
  'the',
  'report',
  'said',
  'minister',
  'Home',
  'Login',
  'é',
  '中文',
);
const words = fc.array(word, { minLength: 0, maxLength: 40 }).map((list) => list.join(' '));
const leaf: fc.Arbitrary<string> = fc.oneof(
  words.map((text) => `<p>${text}</p>`),
  fc.tuple(words, words).map(([text, link]) => `<p>${text} <a href="/l">${link}</a></p>`),
  fc.tuple(words, words).map(([text, bold]) => `<div>${text} <b>${bold}</b></div>`),
  words.map((text) => `<ul><li><a href="/m">${text}</a></li></ul>`),
  fc.constant('<img src="x.jpg" alt="x">'),
  words.map((text) => `<div class="advert">${text}</div>`),
  fc.constant('<div></div>'),
  words.map((text) => `<h2>${text}</h2>`),
);
const { page } = fc.letrec<{ node: string; page: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(fc.constantFrom('div', 'section', 'td', 'article'), fc.array(tie('node'), { maxLength: 5 }))
      .map(([tag, children]) => `<${tag}>${children.join('')}</${tag}>`),
  ),
  page: fc
    .array(tie('node'), { maxLength: 6 })
    .map((children) => `<html><body>${children.join('')}</body></html>`),
}));

const settings: fc.Arbitrary<Partial<CuterOptions>> = fc.record(
  {
    maxLp: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
    dropShare: fc.double({ min: 0, max: 1, noNaN: true }),
    minTpRule: fc.constantFrom(...MIN_TP_RULES),
    minTp: fc.double({ min: 0, max: 2, noNaN: true }),
    al: fc.double({ min: 0, max: 1, noNaN: true }),
    mergeDivisor: fc.double({ min: 0.5, max: 10, noNaN: true }),
    maxGap: fc.integer({ min: 0, max: 40 }),
    formattingWeight: fc.double({ min: 0, max: 8, noNaN: true }),
    titleHint: fc.boolean(),
    fill: fc.boolean(),
    adCues: fc.boolean(),
    sizeUnit: fc.constantFrom('characters', 'bytes' as const),
  },
  { requiredKeys: [] },
);
const title = fc.option(words, { nil: undefined });

describe('cuter properties', () => {
  test('the selection keeps only article nodes: inside the span or the title, never a dropped node', () => {
    fc.assert(
      fc.property(page, settings, title, (html, options, hint) => {
        const doc = parseHtml(html);
        const resolved = resolveCuterOptions(options);
        const analysis = analysePage(doc, resolved.sizeUnit);
        const decision = decide(analysis, resolved, hint);
        const selection = buildSelection(analysis, decision, resolved);
        const title = decision.titleNode;
        for (let node = 0; node < doc.size; node++) {
          if (!selection.has(node)) continue;
          const inTitle = title >= 0 && doc.contains(title, node);
          const inSpan = node >= decision.spanStart && node < decision.spanEnd;
          assert.ok(inTitle || inSpan, `node ${node} outside the article`);
          if (!inTitle) assert.equal(decision.dropped[node], 0, `dropped node ${node} kept`);
          assert.equal(analysis.empty[node], 0, `empty node ${node} kept`);
        }
        // Through the extractor, the same selection (the extractor is this pipeline).
        const extraction = cuter.extract(doc, options, hint === undefined ? {} : { title: hint });
        assert.deepEqual(extraction.selection.kept, selection.kept);
      }),
      { numRuns: 150 },
    );
  });

  test('groups: members are valid, no unit is in two groups, ranges do not interleave, AL holds', () => {
    fc.assert(
      fc.property(page, settings, title, (html, options, hint) => {
        const doc = parseHtml(html);
        const resolved = resolveCuterOptions(options);
        const analysis = analysePage(doc, resolved.sizeUnit);
        const decision = decide(analysis, resolved, hint);
        const valid = new Set(decision.valid);
        const seen = new Set<number>();
        for (const group of decision.groups) {
          for (const member of group.members) {
            assert.ok(valid.has(member));
            assert.ok(!seen.has(member));
            seen.add(member);
            const text = analysis.unitText[member];
            assert.ok(analysis.unitLinkText[member] / text < resolved.maxLp);
            assert.ok(text / analysis.sh > decision.minTp);
          }
        }
        const ranges = decision.groups
          .map((group) => [group.members[0], group.members[group.members.length - 1]])
          .sort((a, b) => a[0] - b[0]);
        for (let index = 1; index < ranges.length; index++)
          assert.ok(ranges[index][0] > ranges[index - 1][1]);
        if (decision.article >= 0) {
          const longest = Math.max(...decision.groups.map((group) => group.length));
          assert.ok(decision.groups[decision.article].length >= resolved.al * longest);
        } else {
          assert.equal(decision.groups.length, 0);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('the text units partition the page text: their sizes add up to SH', () => {
    fc.assert(
      fc.property(page, fc.constantFrom('characters', 'bytes' as const), (html, unit) => {
        const analysis = analysePage(parseHtml(html), unit);
        const total = analysis.units.reduce((sum, node) => sum + analysis.unitText[node], 0);
        assert.equal(total, analysis.sh);
      }),
    );
  });

  test('a larger maxLP never drops more nodes', () => {
    fc.assert(
      fc.property(page, settings, fc.double({ min: 0, max: 0.5, noNaN: true }), (html, options, extra) => {
        const analysis = analysePage(parseHtml(html));
        const low = resolveCuterOptions(options);
        const high = { ...low, maxLp: low.maxLp + extra };
        const lowDecision = decide(analysis, low, undefined);
        const highDecision = decide(analysis, high, undefined);
        for (let node = 0; node < analysis.doc.size; node++) {
          if (highDecision.dropped[node]) assert.ok(lowDecision.dropped[node]);
          if (highDecision.unitDropped[node])
            assert.ok(lowDecision.unitDropped[node] || lowDecision.dropped[node]);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('a larger fixed minTP never adds valid units', () => {
    fc.assert(
      fc.property(
        page,
        settings,
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (html, options, a, b) => {
          const analysis = analysePage(parseHtml(html));
          const base = { ...resolveCuterOptions(options), minTpRule: 'fixed' as const };
          const loose = decide(analysis, { ...base, minTp: Math.min(a, b) }, undefined);
          const strict = decide(analysis, { ...base, minTp: Math.max(a, b) }, undefined);
          const looseValid = new Set(loose.valid);
          for (const unit of strict.valid) assert.ok(looseValid.has(unit));
        },
      ),
      { numRuns: 150 },
    );
  });

  test('the group grown from the top unit only grows with the merge divisor and with the reach', () => {
    fc.assert(
      fc.property(
        page,
        settings,
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.integer({ min: 0, max: 30 }),
        (html, options, extraDivisor, extraGap) => {
          const analysis = analysePage(parseHtml(html));
          const base = resolveCuterOptions(options);
          const first = decide(analysis, base, undefined).groups[0];
          if (!first) return;
          const wider = decide(
            analysis,
            { ...base, mergeDivisor: base.mergeDivisor + extraDivisor },
            undefined,
          ).groups[0];
          for (const member of first.members) assert.ok(wider.members.includes(member));
          if (base.maxGap > 0) {
            const further = decide(analysis, { ...base, maxGap: base.maxGap + extraGap }, undefined)
              .groups[0];
            for (const member of first.members) assert.ok(further.members.includes(member));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test('without the title hint the title changes nothing', () => {
    fc.assert(
      fc.property(page, settings, words, (html, options, hint) => {
        const doc = parseHtml(html);
        const off = { ...options, titleHint: false };
        const withTitle = cuter.extract(doc, off, { title: hint });
        const without = cuter.extract(doc, off, {});
        assert.deepEqual(withTitle.selection.kept, without.selection.kept);
      }),
      { numRuns: 100 },
    );
  });

  test('kept text never exceeds the page text, and text nodes are kept only when visible', () => {
    fc.assert(
      fc.property(page, settings, (html, options) => {
        const doc = parseHtml(html);
        const extraction = cuter.extract(doc, options, {});
        assert.ok(extraction.selection.keptTextLength() <= doc.textLength(doc.contentRoot));
        for (let node = 0; node < doc.size; node++) {
          if (extraction.selection.has(node) && doc.kind(node) === NodeKind.Text)
            assert.equal(doc.columns.hidden[node], 0);
        }
      }),
      { numRuns: 100 },
    );
  });
});
