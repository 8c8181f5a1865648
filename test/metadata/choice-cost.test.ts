/**
 * The learned choice made cheaper (issue 42's cost, s50): each shortcut must give what the longer
 * way gave, for every input. The chosen metadata is built by a loop over the rules' keys (not a
 * rest copy and a spread): same keys, same order. The page's URL is parsed once for its path, host,
 * home-page test and date. A title key of ASCII text skips the normalisation and the typography's
 * replaces. The title rows take a candidate's words from what `similarity` keeps. Whether the
 * `<h1>` is the `<title>`'s site part keys the page's headings only when an end of the title is
 * the `<h1>`. A page with no author or date candidate gets the "none" row alone, as before. The
 * page is a cut of WCXB dev 0479 (whatever.scalzi.com), as in candidate-rows.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { makeTitleKey, normalizedTitleKey, urlDate } from '../../packages/pith/src/metadata/candidates.js';
import { alikeKeys } from '../../packages/pith/src/metadata/features.js';
import {
  AUTHOR_FEATURES,
  type Candidates,
  candidateRows,
  chooseMetadata,
  DATE_FEATURES,
  type Metadata,
  type MetadataReading,
  readCandidates,
  readMetadata,
  shippedMetadataModel,
  TITLE_FEATURES,
} from '../../packages/pith/src/metadata/index.js';
import { headlineIsSitePart, hostKey, isHomePage } from '../../packages/pith/src/metadata/merge.js';
import { keptWords, looseKey, parsedUrl, similarity, words } from '../../packages/pith/src/metadata/text.js';
import { page } from './helpers.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const URL_0479 =
  'https://whatever.scalzi.com/2025/12/18/the-december-comfort-watches-2025-day-eighteen-starship-troopers';
const HEAD_0479 =
  '<title>The December Comfort Watches 2025, Day Eighteen: Starship Troopers | Whatever</title>' +
  '<meta property="og:title" content="The December Comfort Watches 2025, Day Eighteen: Starship Troopers" />' +
  '<meta property="og:site_name" content="Whatever" />';
const BODY_0479 =
  '<h1 class="site-title"><span><a href="https://whatever.scalzi.com/" title="Whatever" rel="home">Whatever</a></span></h1>' +
  '<h1 class="headline text-center">The December Comfort Watches 2025, Day Eighteen: Starship Troopers</h1>' +
  '<p>I have a fondness for this film.</p>';
const DATED_0479 =
  '<meta property="article:published_time" content="2025-12-19T02:41:41+00:00" />' +
  '<meta property="article:modified_time" content="2025-12-19T14:39:52+00:00" />' +
  '<meta name="author" content="John Scalzi" />';

const readingOf = (html: string, url: string | undefined = URL_0479) =>
  readMetadata(parseHtml(html, url === undefined ? {} : { url }), { url, now: NOW });

/** The chosen metadata as it was built before (a rest copy of the rules and a spread). */
function restBuilt(rules: Metadata, chosen: Metadata): Metadata {
  const { title: _title, published: _published, sources: _sources, ...others } = rules;
  const metadata: Metadata = { ...others, authors: [] };
  if (chosen.title !== undefined) metadata.title = chosen.title;
  if (chosen.authors.length > 0) metadata.authors = chosen.authors;
  if (chosen.published !== undefined) metadata.published = chosen.published;
  metadata.sources = chosen.sources;
  return metadata;
}

describe('the chosen metadata: the rules’ keys in their order, then the chosen fields', () => {
  it('WCXB dev 0479 with its dates and author, without them, and without a URL: the same JSON as a rest copy', () => {
    const model = shippedMetadataModel();
    for (const html of [page(HEAD_0479 + DATED_0479, BODY_0479), page(HEAD_0479, BODY_0479)])
      for (const url of [URL_0479, undefined]) {
        const reading = readingOf(html, url);
        for (const options of [
          { model: null },
          { model, pageType: [0.7, 0.1, 0.05, 0.05, 0.04, 0.03, 0.02] },
        ]) {
          const chosen = chooseMetadata(reading, options);
          assert.equal(JSON.stringify(chosen), JSON.stringify(restBuilt(reading.rules, chosen)));
        }
      }
  });

  it('rules with keys in any order, some undefined: kept as a rest copy keeps them (fast-check)', () => {
    const reading = readingOf(page(HEAD_0479 + DATED_0479, BODY_0479));
    const keys = ['tags', 'modified', 'siteName', 'title', 'language', 'published', 'sources', 'image'];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(keys),
        fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }),
        (order, undefinedAt) => {
          const rules = { authors: ['John Scalzi'] } as unknown as Record<string, unknown>;
          order.forEach((key, at) => {
            rules[key] = undefinedAt[at]
              ? undefined
              : key === 'tags'
                ? []
                : key === 'sources'
                  ? { siteName: 'og:site_name' }
                  : key === 'published'
                    ? '2025-12-19T02:41:41Z'
                    : `${key} value`;
          });
          const shaped: MetadataReading = { ...reading, rules: rules as unknown as Metadata };
          const chosen = chooseMetadata(shaped, { model: null });
          assert.equal(JSON.stringify(chosen), JSON.stringify(restBuilt(shaped.rules, chosen)));
          assert.deepEqual(Object.keys(chosen), Object.keys(restBuilt(shaped.rules, chosen)));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("the page's URL parsed once for its path, host, home-page test and date", () => {
  const urls = [
    URL_0479,
    'https://www.nytimes.com/2024/05/17/world/story.html',
    'https://news.bbc.co.uk/?utm_source=x',
    'https://example.com/',
    'https://example.com/?page=2',
    'https://www.theguardian.com/uk/2025/dec/05/a-story',
    'not a url',
    'http://[::1',
    '',
  ];
  /** Each answer made from a URL of its own (`new URL` per call, as before). */
  const fresh = (url: string) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    return { pathname: parsed?.pathname, hostname: parsed?.hostname };
  };

  it('the same answers in any order of calls, invalid addresses included (fast-check)', () => {
    const first = new Map(
      urls.map((url) => [url, { host: hostKey(url), home: isHomePage(url), day: urlDate(url, NOW) }]),
    );
    assert.equal(first.get(URL_0479)?.host, 'scalzi');
    assert.equal(first.get(urls[1])?.host, 'nytimes');
    assert.equal(first.get(urls[2])?.host, 'bbc');
    assert.equal(first.get(urls[2])?.home, true, 'a tracking parameter only');
    assert.equal(first.get(urls[4])?.home, false);
    assert.equal(first.get(urls[1])?.day, '2024-05-17');
    assert.equal(first.get(urls[5])?.day, '2025-12-05');
    assert.equal(first.get('not a url')?.host, undefined);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...urls), { maxLength: 30 }), (calls) => {
        for (const url of calls) {
          const expected = first.get(url);
          assert.equal(hostKey(url), expected?.host);
          assert.equal(isHomePage(url), expected?.home);
          assert.equal(urlDate(url, NOW), expected?.day);
          assert.equal(parsedUrl(url)?.pathname, fresh(url).pathname);
          assert.equal(parsedUrl(url)?.hostname, fresh(url).hostname);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('a title key of ASCII text without the normalisation', () => {
  it('every ASCII character, alone and between words', () => {
    for (let code = 0; code < 128; code++) {
      const char = String.fromCharCode(code);
      for (const value of [char, `The ${char}Title${char}  Of\tIt ${char}`, `${char}${char}`])
        assert.equal(makeTitleKey(value), normalizedTitleKey(value), JSON.stringify(value));
    }
  });

  it('any text, ASCII or not, keys as the full normalisation does (fast-check)', () => {
    const ascii = fc.string({ unit: 'binary-ascii', maxLength: 60 });
    const typographic = fc.constantFrom(...'`´‘’“”–—…\u00a0\u200b\u00adÉé ﬁ'.split(''));
    const mixed = fc.array(fc.oneof(ascii, typographic), { maxLength: 8 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(fc.oneof(ascii, mixed), (value) => {
        assert.equal(makeTitleKey(value), normalizedTitleKey(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the title rows take a candidate’s words from what similarity keeps', () => {
  it('the same words as made afresh, for strings read in any order (fast-check)', () => {
    const texts = fc.array(
      fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('Starship Troopers', 'Whatever', 'Día 18: ÉTÉ')),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(texts, (values) => {
        for (const value of values) {
          similarity(value, values[0]);
          assert.deepEqual(keptWords(value), words(value));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("an author's name against the site's names: similarity only where a key is long", () => {
  it('two different loose keys: alike exactly when similarity says 0.8 or more (fast-check, any Unicode)', () => {
    assert.equal(alikeKeys(looseKey('John Scalzi'), looseKey('Whatever')), false);
    assert.equal(alikeKeys(looseKey('The Whatever Blog Team'), looseKey('Whatever Blog Team')), true);
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 24 }),
      fc.string({ unit: 'grapheme', maxLength: 24 }),
      fc.constantFrom(
        'John Scalzi',
        'Whatever',
        'ΣΊΣΥΦΟΣ',
        'İstanbul Haber',
        'ǅemal',
        'Ärzte Zeitung Redaktion',
      ),
    );
    fc.assert(
      fc.property(text, text, (name, site) => {
        const key = looseKey(name);
        const siteKey = looseKey(site);
        if (key === siteKey) return;
        assert.equal(alikeKeys(key, siteKey), similarity(key, siteKey) >= 0.8, `${key} / ${siteKey}`);
      }),
      { numRuns: 3000 },
    );
  });
});

/** `headlineIsSitePart` as it was: the headings keyed before the title's ends were compared. */
function headlineIsSitePartBefore(title: string, h1: string, headings: readonly string[]): boolean {
  const pieces = title.split(/(\s+(?:\||｜|-|–|—|::|·|•|»|~)\s+)/);
  const h1Key = looseKey(h1);
  if (pieces.length !== 3 || h1Key.length === 0) return false;
  const shown = new Set(headings.map(looseKey).filter((key) => key.length > 0));
  const [head, tail] = [looseKey(pieces[0]), looseKey(pieces[2])];
  return (tail === h1Key && shown.has(head)) || (head === h1Key && shown.has(tail));
}

describe("whether the <h1> is the <title>'s site part", () => {
  it("mdBook's title and the same for any two ends, headings and <h1> (fast-check)", () => {
    assert.equal(
      headlineIsSitePart(
        'What is Ownership? - The Rust Programming Language',
        'The Rust Programming Language',
        ['What is Ownership?'],
      ),
      true,
    );
    const part = fc.constantFrom('Whatever', 'Starship Troopers', 'What is Ownership?', '', ' ', 'whatever!');
    fc.assert(
      fc.property(
        part,
        fc.constantFrom(' | ', ' - ', ' — ', ': ', ' :: '),
        part,
        part,
        fc.array(part, { maxLength: 4 }),
        (head, separator, tail, h1, headings) => {
          const title = `${head}${separator}${tail}`;
          assert.equal(
            headlineIsSitePart(title, h1, headings),
            headlineIsSitePartBefore(title, h1, headings),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('a page without author or date candidates: the "none" row alone', () => {
  it('WCXB dev 0479 without its dates and author: the none rows hold what the general rows wrote', () => {
    const reading = readingOf(page(HEAD_0479, BODY_0479), 'https://whatever.scalzi.com/about');
    const candidates: Candidates = readCandidates(
      reading.sources,
      reading.rules,
      reading.siteNames,
      reading.url,
      reading.now,
    );
    assert.equal(candidates.authors.length, 0);
    assert.equal(candidates.dates.length, 0);
    const types = [0.7, 0.1, 0.05, 0.05, 0.04, 0.03, 0.02];
    const rows = candidateRows(
      candidates,
      reading.sources,
      reading.rules,
      reading.siteNames,
      reading.url,
      types,
    );
    assert.equal(rows.authors.length, AUTHOR_FEATURES.length);
    assert.equal(rows.dates.length, DATE_FEATURES.length);
    // The page's columns are every row's: the title "none" row's.
    const titleNone = candidates.titles.length * TITLE_FEATURES.length;
    const pageOf = (names: readonly string[], values: Float32Array, offset: number) =>
      names.flatMap((name, at) => (name.startsWith('page.') ? [[name, values[offset + at]]] : []));
    const expected = pageOf(TITLE_FEATURES, rows.titles, titleNone);
    assert.deepEqual(pageOf(AUTHOR_FEATURES, rows.authors, 0), expected);
    assert.deepEqual(pageOf(DATE_FEATURES, rows.dates, 0), expected);
    const own = (names: readonly string[], values: Float32Array) =>
      Object.fromEntries(names.flatMap((name, at) => (name.startsWith('page.') ? [] : [[name, values[at]]])));
    const authorOwn = own(AUTHOR_FEATURES, rows.authors);
    for (const [name, value] of Object.entries(authorOwn))
      if (name === 'author.none') assert.equal(value, 1);
      else if (name === 'author.authorSources') assert.equal(value, 0);
      else assert.ok(Number.isNaN(value), name);
    const dateOwn = own(DATE_FEATURES, rows.dates);
    for (const [name, value] of Object.entries(dateOwn))
      if (name === 'date.none' || name === 'date.isRules') assert.equal(value, 1, name);
      else if (name === 'date.days' || name === 'date.shownDays') assert.equal(value, 0, name);
      else assert.ok(Number.isNaN(value), name);
  });
});
