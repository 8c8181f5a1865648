import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanAuthors } from '../../packages/pith/src/metadata/index.js';
import { bylineAuthors } from '../../packages/pith/src/metadata/merge.js';
import { metadataOf, page } from './helpers.js';

describe('cleanAuthors', () => {
  it('splits "A and B", "A, B", "A & B"-free lists and strips "By"', () => {
    assert.deepEqual(cleanAuthors(['Ann Lee and Bo Chan']), ['Ann Lee', 'Bo Chan']);
    assert.deepEqual(cleanAuthors(['Ann Lee, Bo Chan; Cy Dee']), ['Ann Lee', 'Bo Chan', 'Cy Dee']);
    assert.deepEqual(cleanAuthors(['By Ann Lee']), ['Ann Lee']);
    assert.deepEqual(cleanAuthors(['by: Ann Lee']), ['Ann Lee']);
    assert.deepEqual(cleanAuthors(['Written by Ann Lee']), ['Ann Lee']);
    assert.deepEqual(cleanAuthors(['Author: Ann Lee']), ['Ann Lee']);
    assert.deepEqual(cleanAuthors(['Ann Lee und Bo Chan']), ['Ann Lee', 'Bo Chan']);
    assert.deepEqual(cleanAuthors(['Procter & Gamble']), ['Procter & Gamble']);
  });

  it('a byline\'s "at" before its date and time is no part of the name (WCXB 0452, davidbau.com)', () => {
    assert.deepEqual(cleanAuthors(['Posted by David at December 16, 2025 11:15 AM']), ['David']);
    assert.deepEqual(cleanAuthors(['By Ann Lee at 3 May 2024']), ['Ann Lee']);
  });

  it('dedupes case-insensitively and keeps the order', () => {
    assert.deepEqual(cleanAuthors(['Bo Chan', 'ann lee', 'BO CHAN', 'Ann Lee']), ['Bo Chan', 'ann lee']);
  });

  it('drops URLs, profile links and handles', () => {
    assert.deepEqual(cleanAuthors(['https://www.facebook.com/annlee']), []);
    assert.deepEqual(cleanAuthors(['facebook.com/annlee']), []);
    assert.deepEqual(cleanAuthors(['/author/ann-lee']), []);
    assert.deepEqual(cleanAuthors(['www.example.com']), []);
    assert.deepEqual(cleanAuthors(['@annlee']), []);
    assert.deepEqual(cleanAuthors(['Bradley M. Kuhn (http://ebb.org/bkuhn/)']), ['Bradley M. Kuhn']);
  });

  it('keeps inverted names and parentheses whole', () => {
    assert.deepEqual(cleanAuthors(['Lovelace, Ada']), ['Lovelace, Ada']);
    assert.deepEqual(cleanAuthors(['Kooman, F.']), ['Kooman, F.']);
    assert.deepEqual(cleanAuthors(['Ann Lee (with Bo Chan and Cy Dee)']), [
      'Ann Lee (with Bo Chan and Cy Dee)',
    ]);
    assert.deepEqual(cleanAuthors(['史蒂文的家_藍天 (stevenhgm)']), ['史蒂文的家_藍天 (stevenhgm)']);
  });

  it('cuts dates, other roles and decoration from bylines', () => {
    assert.deepEqual(cleanAuthors(['By Ann Lee | May 1, 2023']), ['Ann Lee']);
    assert.deepEqual(cleanAuthors(['Ann Lee Monday, February 29, 2016 @ 11:10 PM UTC']), ['Ann Lee']);
    assert.deepEqual(cleanAuthors(['Written by Rob Ewaschuk Edited by Betsy Beyer']), ['Rob Ewaschuk']);
    assert.deepEqual(cleanAuthors(['Last Updated: January 7, 2025']), []);
  });

  it('drops junk values', () => {
    assert.deepEqual(
      cleanAuthors(['', ' ', 'null', 'undefined', 'Admin', '[object Object]', '2015', 'x']),
      [],
    );
    assert.deepEqual(cleanAuthors(['one two three four five six seven eight nine ten eleven']), []);
  });

  it('caps the list', () => {
    const many = Array.from(
      { length: 500 },
      (_, index) => `Person Number${String.fromCharCode(65 + (index % 26))}${index}`,
    );
    assert.ok(cleanAuthors(many).length <= 50);
  });
});

describe('authors from the page', () => {
  it('takes the first source that names someone', () => {
    const metadata = metadataOf(
      page(
        '<meta name="author" content="https://twitter.com/x"><meta name="parsely-author" content="Real Person">',
      ),
    );
    assert.deepEqual(metadata.authors, ['Real Person']);
  });

  it('prefers dc:creator over author', () => {
    const metadata = metadataOf(
      page('<meta name="author" content="Plain"><meta property="dc:creator" content="Dublin">'),
    );
    assert.deepEqual(metadata.authors, ['Dublin']);
  });

  it('reads several author tags', () => {
    const metadata = metadataOf(
      page('<meta name="author" content="Ann Lee"><meta name="author" content="Bo Chan">'),
    );
    assert.deepEqual(metadata.authors, ['Ann Lee', 'Bo Chan']);
  });
});

describe('bylineAuthors: a list of names against a name and its role (round 10, s42-ad)', () => {
  it('"A, B, and C" is three names (WCXB 0453, garnix.io; 0312)', () => {
    assert.deepEqual(bylineAuthors('Alex David, Sönke Hahn, and Julian K. Arni'), [
      'Alex David',
      'Sönke Hahn',
      'Julian K. Arni',
    ]);
    assert.deepEqual(bylineAuthors('Thomas Broderick, Nalea Ko, and ACO Rankings Team'), [
      'Thomas Broderick',
      'Nalea Ko',
      'ACO Rankings Team',
    ]);
  });

  it('a role after the comma still goes, "and" or not (WCXB 0327, marketingsherpa.com)', () => {
    assert.deepEqual(
      bylineAuthors(
        'Daniel Burstein, Senior Director, Content & Marketing, MarketingSherpa and MECLABS Institute',
      ),
      ['Daniel Burstein'],
    );
    assert.deepEqual(bylineAuthors('Julie Weisenhorn and Natalie Hoidal, Extension horticulture educators'), [
      'Julie Weisenhorn',
      'Natalie Hoidal',
    ]);
  });
});
