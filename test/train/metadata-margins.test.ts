/**
 * The metadata choice's margins (issue 42): the "none" row's and the rules' answer's, per page type,
 * chosen so that on no page type the choice is right less often than the rules were (inner
 * cross-validation), and read by the choice weighted by the page's type probabilities; the floor
 * under which a field is left empty.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { extract } from '../../packages/pith/src/index.js';
import {
  CHOSEN_FIELDS,
  type ChosenField,
  chooseMetadata,
  chosenRow,
  type FieldParts,
  likeliestType,
  loadMetadataModel,
  type Metadata,
  makeMetadataModel,
  RULES_ALWAYS,
  readMetadata,
  weightedMargins,
} from '../../packages/pith/src/metadata/index.js';
import {
  bestMargins,
  DEFAULT_FIT,
  FLOORS,
  fitFieldWithBias,
  innerFoldings,
  innerScores,
  jointFloors,
  NEVER,
  NONE_BIASES,
  type PageField,
  type ScoredPage,
} from '../../packages/workbench/src/train/metadata/fit.js';
import type { MetadataRowSet } from '../../packages/workbench/src/train/metadata/rows.js';
import { REPO_ROOT } from '../helpers.js';

/** A page of one field: candidates' probabilities then "none"'s, the gold's row labelled 1. */
function scored(probabilities: number[], right: number, rulesRow: number, type = 0): ScoredPage {
  return { probabilities, labels: probabilities.map((_, row) => (row === right ? 1 : 0)), rulesRow, type };
}

describe('chosenRow: the margins of the "none" row and of the rules\' answer', () => {
  it('the likeliest row without margins; "none" wins ties', () => {
    assert.equal(chosenRow([0.2, 0.7, 0.1], 0, { noneBias: 0, rulesBias: 0 }), 1);
    assert.equal(chosenRow([0.2, 0.5, 0.5], 0, { noneBias: 0, rulesBias: 0 }), 2);
  });

  it('a field without candidates is empty whatever the "none" row scores (the choice does not ask the model then)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(...NONE_BIASES),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (none, noneBias, rulesBias, floor) => {
          assert.equal(chosenRow([none], 0, { noneBias, rulesBias, floor }), 0);
        },
      ),
    );
  });

  it("the rules' row wins by its margin; RULES_ALWAYS wins over any probabilities, even an empty answer", () => {
    assert.equal(chosenRow([0.5, 0.6, 0.1], 0, { noneBias: 0, rulesBias: 0.2 }), 0);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.constantFrom(...NONE_BIASES),
        (probabilities, at, noneBias) => {
          const rulesRow = at % probabilities.length;
          assert.equal(chosenRow(probabilities, rulesRow, { noneBias, rulesBias: RULES_ALWAYS }), rulesRow);
        },
      ),
      { seed: 42 },
    );
  });

  it('below the floor the field is empty, whichever row the margins chose', () => {
    assert.equal(chosenRow([0.2, 0.3, 0.1], 0, { noneBias: 0, rulesBias: 0, floor: 0.35 }), 2);
    assert.equal(chosenRow([0.2, 0.4, 0.1], 0, { noneBias: 0, rulesBias: 0, floor: 0.35 }), 1);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 12 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (probabilities, at, floor) => {
          const rulesRow = at % probabilities.length;
          const row = chosenRow(probabilities, rulesRow, { noneBias: 0, rulesBias: RULES_ALWAYS, floor });
          const none = probabilities.length - 1;
          assert.equal(row, probabilities[rulesRow] < floor ? none : rulesRow);
        },
      ),
      { seed: 42 },
    );
  });

  it('the likeliest type of page-type probabilities (-1 without them)', () => {
    assert.equal(likeliestType([0.1, 0.6, 0.3]), 1);
    assert.equal(likeliestType([Number.NaN, 0.2, 0.1]), 1);
    assert.equal(likeliestType(undefined), -1);
  });
});

describe('bestMargins: never right less often than the rules', () => {
  it("where the model's likeliest loses to the rules, the rules' answer", () => {
    // The model's likeliest (row 1) is wrong on every page; the rules' row 0 is right on all.
    const pages = [
      scored([0.3, 0.6, 0.1], 0, 0),
      scored([0.1, 0.8, 0.1], 0, 0),
      scored([0.2, 0.7, 0.1], 0, 0),
    ];
    assert.deepEqual(bestMargins(pages, [0]), { noneBias: 0, rulesBias: RULES_ALWAYS });
  });

  it("where the model is right more often by more than chance, the model (the rules' margin no larger than needed)", () => {
    const better = () => scored([0.2, 0.7, 0.1], 1, 0);
    const pages = [better(), better(), better(), better(), better(), scored([0.6, 0.3, 0.1], 0, 0)];
    assert.equal(bestMargins(pages, [0]).rulesBias < RULES_ALWAYS, true);
  });

  it('a win by one page in three is chance: the rules are kept', () => {
    const pages = [
      scored([0.2, 0.7, 0.1], 1, 0),
      scored([0.2, 0.7, 0.1], 1, 0),
      scored([0.2, 0.7, 0.1], 0, 0),
    ];
    assert.equal(bestMargins(pages, [0]).rulesBias, RULES_ALWAYS);
  });

  it('fewer wrong answers do not buy fewer right ones', () => {
    // The rules are right on three pages and wrong on two whose gold is empty: emptying all five
    // (right 2, wrong 0) scores better by right − wrong than the rules (3 − 2) but is right less often.
    const right = () => scored([0.45, 0.1, 0.45], 0, 0);
    const empty = () => scored([0.45, 0.1, 0.45], 2, 0);
    const pages = [right(), right(), right(), empty(), empty()];
    const margins = bestMargins(pages, NONE_BIASES);
    const rightPages = pages.filter(
      (page) => page.labels[chosenRow(page.probabilities, page.rulesRow, margins)] === 1,
    );
    assert.equal(rightPages.length, 3);
  });
});

describe('jointFloors: the floors that keep wrong answers under the share with the most right ones', () => {
  const plain = { noneBias: 0, rulesBias: 0 };

  it('rises over wrong answers that cost no right one', () => {
    // 18 pages right at 0.9, two wrong at 0.3 and 0.5 (10 % wrong): the lowest floor above 0.5
    // leaves none wrong and every right answer.
    const pages = [
      ...Array.from({ length: 18 }, () => scored([0.9, 0.05, 0.05], 0, 0)),
      scored([0.3, 0.1, 0.1], 1, 0),
      scored([0.5, 0.1, 0.1], 1, 0),
    ];
    const [floor] = jointFloors([pages], [plain]);
    assert.equal(
      floor,
      FLOORS.find((value) => value > 0.5),
    );
  });

  it("empties the rules' answer too when it is wrong too often (empty is better than wrong)", () => {
    // The rules' answer is the model's: right on 17 pages at 0.6, wrong on 3 at 0.4.
    const pages = [
      ...Array.from({ length: 17 }, () => scored([0.6, 0.05, 0.05], 0, 0)),
      ...Array.from({ length: 3 }, () => scored([0.4, 0.05, 0.05], 1, 0)),
    ];
    const [floor] = jointFloors([pages], [{ noneBias: 0, rulesBias: RULES_ALWAYS }]);
    assert.equal(floor > 0.4 && floor <= 0.6, true);
  });

  it('no floor where the answers are wrong seldom enough and a floor costs more right ones', () => {
    // 1 of 20 wrong (5 %) at 0.2, beside two right ones at 0.2.
    const pages = [
      ...Array.from({ length: 17 }, () => scored([0.9, 0.05, 0.05], 0, 0)),
      ...Array.from({ length: 2 }, () => scored([0.2, 0.1, 0.1], 0, 0)),
      scored([0.2, 0.1, 0.1], 1, 0),
    ];
    assert.deepEqual(jointFloors([pages], [plain]), [0]);
  });

  it('cuts where the wrong answers are cheapest in right ones: one type emptied, the other kept', () => {
    // Type 0: 10 pages right and 2 wrong, all at 0.6 (a floor loses five right answers for each
    // wrong one); type 1: 2 right and 4 wrong at 0.6. 6 of 18 are wrong: at a price of 1 only the
    // type whose answers are mostly wrong is emptied (the lowest floor over 0.6), which leaves 2 of
    // 18 wrong, under 0.15.
    const first = [
      ...Array.from({ length: 10 }, () => scored([0.6, 0.1, 0.1], 0, 0)),
      ...Array.from({ length: 2 }, () => scored([0.6, 0.1, 0.1], 1, 0)),
    ];
    const second = [
      ...Array.from({ length: 2 }, () => scored([0.6, 0.1, 0.1], 0, 0, 1)),
      ...Array.from({ length: 4 }, () => scored([0.6, 0.1, 0.1], 1, 0, 1)),
    ];
    const over = FLOORS.find((value) => value > 0.6);
    assert.deepEqual(jointFloors([first, second], [plain, plain], 0.15), [0, over]);
    // At a share of 0 the price rises until the first type is emptied too.
    assert.deepEqual(jointFloors([first, second], [plain, plain], 0), [over, over]);
  });

  it('NEVER empties every answer (a probability is under 1)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 0.9999, noNaN: true }), { minLength: 2, maxLength: 8 }),
        (probabilities) => {
          const none = probabilities.length - 1;
          assert.equal(
            chosenRow(probabilities, 0, { noneBias: 0, rulesBias: RULES_ALWAYS, floor: NEVER }),
            none,
          );
        },
      ),
      { seed: 42 },
    );
  });
});

describe("the choice reads the margins of the page's types, weighted by their probabilities", () => {
  const url = 'https://example.com/2024/05/17/story';
  const html =
    '<!doctype html><html><head><title>The story | Example</title><meta property="og:title" content="The story, told">' +
    '<meta name="author" content="Ann Smith"><meta property="article:published_time" content="2024-05-16T23:50:00Z">' +
    '</head><body><h1>A story</h1><p class="byline">By Bob Jones</p><p>Text.</p></body></html>';
  const reading = readMetadata(parseHtml(html, { url }), { url, now: Date.parse('2026-01-01') });
  const shipped = loadMetadataModel();
  /**
   * The shipped model's trees with every field's margins set for the first page type to the rules'
   * answer, and for the others (and for the field) to an empty answer (a "none" margin no
   * probability overcomes).
   */
  const parts = {} as Record<ChosenField, FieldParts>;
  for (const field of CHOSEN_FIELDS) {
    const empty = { noneBias: 1.5, rulesBias: 0 };
    const byPageType = Array.from({ length: 7 }, (_, type) =>
      type === 0 ? { noneBias: 0, rulesBias: RULES_ALWAYS } : empty,
    );
    parts[field] = { model: shipped.fields[field].model, ...empty, byPageType };
  }
  const firstTypeRules = makeMetadataModel(parts);
  const fields = (metadata: Metadata) => ({
    title: metadata.title,
    authors: metadata.authors,
    published: metadata.published,
  });

  it("a page of a type whose margins are the rules' gets the rules' title, authors and date", () => {
    const rules = chooseMetadata(reading, { model: null });
    assert.deepEqual(fields(rules), {
      title: 'The story, told',
      authors: ['Ann Smith'],
      published: '2024-05-16T23:50:00Z',
    });
    const chosen = chooseMetadata(reading, { model: firstTypeRules, pageType: [0.9, 0.1, 0, 0, 0, 0, 0] });
    assert.deepEqual(fields(chosen), fields(rules));
  });

  it("a page the recogniser hesitates on gets margins between its types' (not the likeliest's alone)", () => {
    const entry = firstTypeRules.fields.author;
    const margins = weightedMargins(entry, [0.6, 0.4, 0, 0, 0, 0, 0]);
    assert.ok(Math.abs(margins.noneBias - 0.4 * 1.5) < 1e-9);
    assert.ok(Math.abs(margins.rulesBias - 0.6 * RULES_ALWAYS) < 1e-9);
    assert.deepEqual(weightedMargins(entry, undefined), { noneBias: 1.5, rulesBias: 0, floor: 0 });
  });

  it("a page of another type, or of no known type, gets that type's margins, or the field's", () => {
    const empty = { title: undefined, authors: [], published: undefined };
    const other = chooseMetadata(reading, { model: firstTypeRules, pageType: [0.1, 0.9, 0, 0, 0, 0, 0] });
    assert.deepEqual(fields(other), empty);
    assert.deepEqual(fields(chooseMetadata(reading, { model: firstTypeRules })), empty);
  });
});

describe("the shipped model's floors: an unsure author is left empty (issue 42: empty is better than wrong)", () => {
  // WCXB dev 4665 (buzzsprout.com): its only author evidence is <meta name=author content=Buzzsprout>, the
  // site's name, and the gold is the writer. Round 7's refit answers the site's name on a thinned copy of the
  // page (its head, <h1> and text alone): on WCXB dev the site's name *is* the gold author on 66 of 1,497
  // pages, and a held-out answer equal to the host's name is right on 49 of 57 (the trainer's answers file,
  // round 7). So the thinned copy is no longer a case of "unsure"; the real page still is (its author box,
  // dateline and images are the rest of the evidence). Read when the datasets are unpacked (npm run datasets).
  const page = join(REPO_ROOT, '.cache', 'datasets', 'wcxb-dev', 'dev', 'html', '4665.html.gz');
  // Round 8 (s42-ad): the refit on the rows with the author box's column answers the site's name on the
  // real page too (in sample); held out by site both main 51b9dd0's folds and round 8's answer
  // "Buzzsprout" there (wrong), so the floor's emptying was in-sample luck. Kept as a todo: the writer's
  // name is in a `callout__content` box that no author source reads yet.
  it("a blog's <meta name=author> that is the site's name (WCXB dev 4665, buzzsprout.com: the gold is the writer)", {
    skip: !existsSync(page),
    todo: "round 8's refit answers the site's name here (held out, main's folds did too)",
  }, () => {
    const html = gunzipSync(readFileSync(page)).toString('utf8');
    const url = 'https://www.buzzsprout.com/blog/podcast-equipment-guide';
    const chosen = extract(html, { url, format: 'json' }).metadata;
    assert.deepEqual(chosen.authors, []);
    assert.equal(chosen.sources?.authors, undefined);
    assert.deepEqual(extract(html, { url, format: 'json', metadataModel: false }).metadata.authors, [
      'Buzzsprout',
    ]);
  });
});

describe("the title: its likeliest candidate, with no margin toward the rules' answer (round 6)", () => {
  /** Pages of two candidates and "none": the first is the rules' answer, the second is right when its column says so. */
  const pages: PageField[] = Array.from({ length: 60 }, (_, page) => {
    const right = page % 3 === 0 ? 0 : 1;
    const rows = Float32Array.from([1, right === 0 ? 1 : 0, 0, right === 1 ? 1 : 0, Number.NaN, Number.NaN]);
    return {
      rows,
      labels: [right === 0 ? 1 : 0, right === 1 ? 1 : 0, 0],
      rulesRow: 0,
      type: page % 7,
      types: [],
    };
  });
  const folds = Int32Array.from(pages, (_, page) => page % 5);
  const train = pages.map((_, page) => page);

  it("titleMargins 'none' gives the title no margin, for the field and on every page type", () => {
    const fit = fitFieldWithBias('title', ['title.src.rules', 'title.right'], pages, train, folds, {
      ...DEFAULT_FIT,
      titleMargins: 'none',
    });
    assert.deepEqual({ noneBias: fit.noneBias, rulesBias: fit.rulesBias }, { noneBias: 0, rulesBias: 0 });
    for (const margins of fit.byPageType) assert.deepEqual(margins, { noneBias: 0, rulesBias: 0 });
  });

  it("a collection's <title> without its description and its site's name (WCXB dev 0653, target.com): the rules keep the description", () => {
    // The page's head and its <h1>; the round-5 model answered the rules' title here (its collection margins).
    const url = 'https://www.target.com/c/furniture/-/N-5xtnr';
    const title = 'Shop Furniture Online - Modern &amp; Affordable Options | Target';
    const html =
      `<!doctype html><html lang="en"><head><title>${title}</title><meta property="og:title" content="${title}">` +
      '<meta property="og:type" content="product.group"><script type="application/ld+json">' +
      '{"@context":"https://schema.org","@type":"WebPage","name":"Shop Furniture Online - Modern & Affordable Options | Target"}' +
      '</script></head><body><main><h1>Furniture</h1>' +
      '<p>Some text of the page, long enough to be read as its body by the extractor, about the things it offers.</p>'.repeat(
        4,
      ) +
      '</main></body></html>';
    assert.equal(extract(html, { url, format: 'json' }).metadata.title, 'Shop Furniture Online');
    assert.equal(
      extract(html, { url, format: 'json', metadataModel: false }).metadata.title,
      'Shop Furniture Online - Modern & Affordable Options',
    );
  });

  it('the shipped model answers the likeliest title on every page type (held out 0.817/0.823/… against 0.811/0.813/…)', () => {
    const title = loadMetadataModel().fields.title;
    assert.equal(title.rulesBias, 0);
    for (const margins of title.byPageType ?? []) assert.equal(margins.rulesBias, 0);
  });
});

describe('steadier floors and margins (session 11): several inner partitions pooled, type floors shrunk toward the field', () => {
  const plain = { noneBias: 0, rulesBias: 0 };

  it("a page type of few pages keeps near the field's floor with a prior; alone, its three pages decide", () => {
    // Type 0: 100 pages right (60 at 0.25, 40 at 0.9) and 2 wrong at 0.9; type 1: 1 right and 2
    // wrong, all at 0.25. On its own pages type 1's best floor is the first over 0.25 (1 right
    // lost, 2 wrong saved); with 20 pseudo pages answering as the whole field does (where that
    // floor loses 61 right answers for 2 wrong ones) it keeps 0, as the field would.
    const first = [
      ...Array.from({ length: 60 }, () => scored([0.25, 0.1, 0.1], 0, 0)),
      ...Array.from({ length: 40 }, () => scored([0.9, 0.05, 0.05], 0, 0)),
      ...Array.from({ length: 2 }, () => scored([0.9, 0.05, 0.05], 1, 0)),
    ];
    const second = [
      scored([0.25, 0.1, 0.1], 0, 0, 1),
      ...Array.from({ length: 2 }, () => scored([0.25, 0.1, 0.1], 1, 0, 1)),
    ];
    const over = FLOORS.find((value) => value > 0.25);
    assert.deepEqual(jointFloors([first, second], [plain, plain]), [0, over]);
    const prior = { pages: [...first, ...second], margins: plain, weight: 20 };
    assert.deepEqual(jointFloors([first, second], [plain, plain], undefined, prior), [0, 0]);
  });

  it('a page type of many pages keeps its own floor whatever the prior', () => {
    // The same type 1 a hundred times over: its own pages outweigh 20 pseudo pages.
    const first = Array.from({ length: 100 }, () => scored([0.9, 0.05, 0.05], 0, 0));
    const second = Array.from({ length: 100 }, (_, at) => scored([0.25, 0.1, 0.1], at < 33 ? 0 : 1, 0, 1));
    const prior = { pages: [...first, ...second], margins: plain, weight: 20 };
    const over = FLOORS.find((value) => value > 0.25);
    // (Type 0's answers are right at every floor up to 0.9: among those equal floors the prior's decides.)
    assert.equal(jointFloors([first, second], [plain, plain], undefined, prior)[1], over);
  });

  it('pooled copies of the same pages do not make a chance win significant (the sign test counts pages)', () => {
    // As "a win by one page in three is chance", each page scored by three inner partitions.
    const once = [
      scored([0.2, 0.7, 0.1], 1, 0),
      scored([0.2, 0.7, 0.1], 1, 0),
      scored([0.2, 0.7, 0.1], 0, 0),
    ];
    const pooled = [...once, ...once, ...once];
    assert.equal(bestMargins(pooled, [0], 3).rulesBias, RULES_ALWAYS);
  });

  it('the margins are a property of the pages, not of how many times each is pooled', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 0.99, noNaN: true }),
            fc.double({ min: 0, max: 0.99, noNaN: true }),
            fc.integer({ min: 0, max: 2 }),
          ),
          { minLength: 1, maxLength: 20 },
        ),
        fc.integer({ min: 2, max: 4 }),
        (answers, copies) => {
          // Row 0 the rules' answer, row 1 the model's other candidate, row 2 "none"; `right` the gold's row.
          const pages = answers.map(([rules, other, right]) => scored([rules, other, 0.2], right, 0));
          const pooled = Array.from({ length: copies }, () => pages).flat();
          assert.deepEqual(bestMargins(pooled, NONE_BIASES, copies), bestMargins(pages, NONE_BIASES));
        },
      ),
      { seed: 42 },
    );
  });

  it('every training page is scored once per inner partition, by a model that did not see its inner fold', () => {
    const pages: PageField[] = Array.from({ length: 40 }, (_, page) => ({
      rows: Float32Array.from([1, page % 2, 0, 1 - (page % 2), Number.NaN, Number.NaN]),
      labels: [page % 2, 1 - (page % 2), 0],
      rulesRow: 0,
      type: page % 7,
      types: [],
    }));
    const outer = Int32Array.from(pages, (_, page) => page % 5);
    const other = Int32Array.from(pages, (_, page) => (page * 3) % 5);
    const train = pages.map((_, page) => page).filter((page) => outer[page] !== 0);
    const scoredPages = innerScores(['title.src.rules', 'title.right'], pages, train, [outer, other]);
    assert.equal(scoredPages.length, 2 * train.length);
  });

  it("other partitions keep a site's pages together and differ from the outer folds", () => {
    const sites = Array.from({ length: 60 }, (_, page) => `site${page % 20}.example`);
    const set = {
      pages: sites.map((site, page) => ({ site, digest: `d${page}`, pageType: 'article', dataset: 'x' })),
    } as unknown as MetadataRowSet;
    const [first, second] = innerFoldings(set, 5, 1, 2);
    for (const partition of [first, second])
      sites.forEach((site, page) => {
        assert.equal(partition[page], partition[sites.indexOf(site)]);
      });
    assert.notDeepEqual(Array.from(first), Array.from(second));
  });
});
