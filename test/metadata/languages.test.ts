/**
 * Dates and authors in the languages of the shared sets (issue 42): month names as dates write
 * them (Polish, Czech and Russian genitives, Finnish partitives, the Hungarian year first), the
 * order of a numeric date's day and month by the page's language, and the author a Twitter card
 * labels ("Written by" in the site's language) as a candidate of the metadata choice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import {
  chooseMetadata,
  numericOrder,
  parseDate,
  readCandidates,
  readMetadata,
} from '../../packages/pith/src/metadata/index.js';
import { NOW, page } from './helpers.js';

/** Each language's month names in the form a date writes them, and how it writes a date. */
const LANGUAGES: readonly {
  language: string;
  months: readonly string[];
  write: (day: number, month: string, year: number) => string;
}[] = [
  {
    language: 'de',
    months: [
      'Januar',
      'Februar',
      'März',
      'April',
      'Mai',
      'Juni',
      'Juli',
      'August',
      'September',
      'Oktober',
      'November',
      'Dezember',
    ],
    write: (d, m, y) => `${d}. ${m} ${y}`,
  },
  {
    language: 'fr',
    months: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
    write: (d, m, y) => `${d} ${m} ${y}`,
  },
  {
    language: 'es',
    months: [
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ],
    write: (d, m, y) => `${d} de ${m} de ${y}`,
  },
  {
    language: 'it',
    months: [
      'gennaio',
      'febbraio',
      'marzo',
      'aprile',
      'maggio',
      'giugno',
      'luglio',
      'agosto',
      'settembre',
      'ottobre',
      'novembre',
      'dicembre',
    ],
    write: (d, m, y) => `${d} ${m} ${y}`,
  },
  {
    language: 'nl',
    months: [
      'januari',
      'februari',
      'maart',
      'april',
      'mei',
      'juni',
      'juli',
      'augustus',
      'september',
      'oktober',
      'november',
      'december',
    ],
    write: (d, m, y) => `${d} ${m} ${y}`,
  },
  {
    language: 'pt',
    months: [
      'janeiro',
      'fevereiro',
      'março',
      'abril',
      'maio',
      'junho',
      'julho',
      'agosto',
      'setembro',
      'outubro',
      'novembro',
      'dezembro',
    ],
    write: (d, m, y) => `${d} de ${m} de ${y}`,
  },
  {
    language: 'pl',
    months: [
      'stycznia',
      'lutego',
      'marca',
      'kwietnia',
      'maja',
      'czerwca',
      'lipca',
      'sierpnia',
      'września',
      'października',
      'listopada',
      'grudnia',
    ],
    write: (d, m, y) => `${d} ${m} ${y}`,
  },
  {
    language: 'cs',
    months: [
      'ledna',
      'února',
      'března',
      'dubna',
      'května',
      'června',
      'července',
      'srpna',
      'září',
      'října',
      'listopadu',
      'prosince',
    ],
    write: (d, m, y) => `${d}. ${m} ${y}`,
  },
  {
    language: 'ru',
    months: [
      'января',
      'февраля',
      'марта',
      'апреля',
      'мая',
      'июня',
      'июля',
      'августа',
      'сентября',
      'октября',
      'ноября',
      'декабря',
    ],
    write: (d, m, y) => `${d} ${m} ${y}`,
  },
  {
    language: 'fi',
    months: [
      'tammikuuta',
      'helmikuuta',
      'maaliskuuta',
      'huhtikuuta',
      'toukokuuta',
      'kesäkuuta',
      'heinäkuuta',
      'elokuuta',
      'syyskuuta',
      'lokakuuta',
      'marraskuuta',
      'joulukuuta',
    ],
    write: (d, m, y) => `${d}. ${m} ${y}`,
  },
  {
    language: 'hu',
    months: [
      'január',
      'február',
      'március',
      'április',
      'május',
      'június',
      'július',
      'augusztus',
      'szeptember',
      'október',
      'november',
      'december',
    ],
    write: (d, m, y) => `${y}. ${m} ${d}.`,
  },
  {
    language: 'sv',
    months: [
      'januari',
      'februari',
      'mars',
      'april',
      'maj',
      'juni',
      'juli',
      'augusti',
      'september',
      'oktober',
      'november',
      'december',
    ],
    write: (d, m, y) => `${d} ${m} ${y}`,
  },
  {
    language: 'tr',
    months: [
      'Ocak',
      'Şubat',
      'Mart',
      'Nisan',
      'Mayıs',
      'Haziran',
      'Temmuz',
      'Ağustos',
      'Eylül',
      'Ekim',
      'Kasım',
      'Aralık',
    ],
    write: (d, m, y) => `${d} ${m} ${y}`,
  },
];

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

describe('dates: month names in the languages of the shared sets', () => {
  it('every month of every language, any day and year, reads as that day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1996, max: 2023 }),
        ({ months, write }, month, day, year) => {
          assert.equal(parseDate(write(day, months[month - 1], year), NOW), iso(year, month, day));
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });

  it('a dateline around the date reads the same ("Opublikowano: 3 maja 2021, 10:15", "Дата публикации: 1 мая 2023")', () => {
    assert.equal(parseDate('Opublikowano: 3 maja 2021, 10:15', NOW)?.slice(0, 10), '2021-05-03');
    assert.equal(parseDate('Дата публикации: 1 мая 2023', NOW), '2023-05-01');
    assert.equal(parseDate('Julkaistu 12. lokakuuta 2022', NOW), '2022-10-12');
    assert.equal(parseDate('Publikováno 1. května 2023', NOW), '2023-05-01');
    assert.equal(parseDate('Megjelent: 2023. május 1.', NOW), '2023-05-01');
  });

  it('a day, a month name and a year between dashes ("04-ago-2021")', () => {
    assert.equal(parseDate('04-ago-2021', NOW), '2021-08-04');
  });
});

describe("dates: a numeric date's order by the page's language", () => {
  it('month first in American English, day first elsewhere, unknown for English without a region', () => {
    assert.equal(numericOrder('en-US'), 'mdy');
    assert.equal(numericOrder('en-us'), 'mdy');
    assert.equal(numericOrder('en-GB'), 'dmy');
    assert.equal(numericOrder('de'), 'dmy');
    assert.equal(numericOrder('fr-CA'), 'dmy');
    assert.equal(numericOrder('en'), undefined);
    assert.equal(numericOrder(undefined), undefined);
  });

  it('05/06/2023 is read in the order given, and not read without one', () => {
    assert.equal(parseDate('05/06/2023', NOW, 'dmy'), '2023-06-05');
    assert.equal(parseDate('05/06/2023', NOW, 'mdy'), '2023-05-06');
    assert.equal(parseDate('05/06/2023', NOW), undefined);
    // A date that can be read one way only is read that way whatever the order.
    assert.equal(parseDate('25/06/2023', NOW, 'mdy'), '2023-06-25');
    assert.equal(parseDate('06/25/2023', NOW, 'dmy'), '2023-06-25');
  });

  it("a page's numeric date is a candidate of the day its language reads", () => {
    const dated = (lang: string) => {
      const html = page('<meta name="date" content="05/06/2023">', '<h1>Story</h1><p>Text.</p>').replace(
        '<html>',
        `<html lang="${lang}">`,
      );
      const url = 'https://example.com/news/story.html';
      const read = readMetadata(parseHtml(html, { url }), { url, now: NOW });
      return readCandidates(read.sources, read.rules, read.siteNames, read.url, read.now).dates.map(
        (candidate) => candidate.day,
      );
    };
    assert.deepEqual(dated('en-US'), ['2023-05-06']);
    assert.deepEqual(dated('de'), ['2023-06-05']);
    assert.deepEqual(dated('en'), []);
  });
});

describe('authors: the author a Twitter card labels, as a candidate', () => {
  const url = 'https://www.getbellhops.com/blog/san-francisco-movers/';
  const readingOf = (head: string) =>
    readMetadata(parseHtml(page(head, '<h1>San Francisco Movers</h1><p>Text.</p>'), { url }), {
      url,
      now: NOW,
    });
  const authorsOf = (head: string) => {
    const read = readingOf(head);
    return readCandidates(read.sources, read.rules, read.siteNames, read.url, read.now).authors;
  };

  it('"Written by" and its data (WCXB dev 0302, getbellhops.com) is a candidate from twitter:data', () => {
    const head =
      '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Tyler Brown">';
    const candidate = authorsOf(head).find((found) => found.names.includes('Tyler Brown'));
    assert.ok(candidate, 'the labelled author is a candidate');
    assert.ok(candidate.sources.includes('meta.label'));
    const chosen = chooseMetadata(readingOf(head), { model: null });
    assert.deepEqual(chosen.authors, ['Tyler Brown']);
    assert.deepEqual(chosen.sources?.authors, ['twitter:data']);
  });

  it('in the site\'s language ("Verfasst von"), beside another label', () => {
    const head =
      '<meta name="twitter:label1" content="Verfasst von"><meta name="twitter:data1" content="Karoline Herr">' +
      '<meta name="twitter:label2" content="Geschätzte Lesezeit"><meta name="twitter:data2" content="3 Minuten">';
    const names = authorsOf(head).map((found) => found.names.join('; '));
    assert.deepEqual(names, ['Karoline Herr']);
  });

  it('another label is no author ("Est. reading time")', () => {
    const head =
      '<meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="4 minutes">';
    assert.deepEqual(authorsOf(head), []);
  });
});
