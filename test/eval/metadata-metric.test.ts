import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { metadataHalfOf } from '../../packages/workbench/src/eval/datasets/index.js';
import {
  authorNameSet,
  authorNamesBeyond,
  countMetadataField,
  dayOf,
  goldNamesInside,
  normaliseMetadataText,
  sameAuthorNames,
  scoreMetadata,
} from '../../packages/workbench/src/eval/metrics/metadata.js';

test('titles compare after NFKC, typography, case and whitespace', () => {
  assert.equal(
    normaliseMetadataText('Critics’ Choice — “Best”  of 2025…'),
    'critics\' choice - "best" of 2025...',
  );
  assert.equal(normaliseMetadataText('Soft\u00adhyphen'), 'softhyphen');
  const score = scoreMetadata({ title: "What's Next?" }, { title: 'What’s  next?', authors: [] });
  assert.ok(score.title.correct);
  assert.ok(!scoreMetadata({ title: 'A' }, { title: 'A | Site', authors: [] }).title.correct);
});

test('authors compare as sets split by one rule on both sides', () => {
  assert.deepEqual(
    [...authorNameSet('Danielle DeSiato, Donna Enzmann, and Natalie Nguyen')],
    ['danielle desiato', 'donna enzmann', 'natalie nguyen'],
  );
  const gold = { author: 'Manoj Jain and Jagpreet Chhatwal' };
  assert.ok(scoreMetadata(gold, { authors: ['Jagpreet Chhatwal', 'Manoj Jain'] }).author.correct);
  assert.ok(!scoreMetadata(gold, { authors: ['Manoj Jain'] }).author.correct);
  // trafilatura's "A; B" and pith's list are the same set.
  assert.ok(
    scoreMetadata({ author: 'A. Smith; B. Jones' }, { authors: ['A. Smith', 'B. Jones'] }).author.correct,
  );
});

test("the gold's authors inside the answer's are right (issue 42); the same set is the strict reading", () => {
  // A page's byline lists three writers, the annotator wrote down the first.
  const gold = { author: 'Craig Randall' };
  const answer = { authors: ['Craig Randall', 'Alli Miles', 'Eszter Horanyi'] };
  assert.ok(scoreMetadata(gold, answer).author.correct);
  const expected = authorNameSet(gold.author);
  const names = authorNameSet(answer.authors);
  assert.ok(goldNamesInside(expected, names) && !sameAuthorNames(expected, names));
  assert.equal(authorNamesBeyond(expected, names), 2);
  // Every gold name must be there: one of two is not enough, however many others the answer lists.
  assert.ok(
    !scoreMetadata({ author: 'Ann Lee; Bo Chan' }, { authors: ['Ann Lee', 'Cy Dorn'] }).author.correct,
  );
  assert.ok(!goldNamesInside(new Set(), names));
});

test('dates compare to the day', () => {
  assert.equal(dayOf('2025-12-19T11:07:13.157Z'), '2025-12-19');
  assert.equal(dayOf('2020.05.01'), '2020-05-01');
  assert.equal(dayOf('May 1, 2020'), undefined);
  assert.ok(
    scoreMetadata({ date: '2025-12-19' }, { authors: [], published: '2025-12-19T23:00:00-05:00' }).date
      .correct,
  );
  assert.ok(!scoreMetadata({ date: '2025-12-19' }, { authors: [], published: '2025-12-18' }).date.correct);
});

test('a gold without a value is right when the extractor has none, wrong when it has one', () => {
  const none = scoreMetadata({ title: 'T', author: null, date: '' }, { title: 'T', authors: [] });
  assert.deepEqual(none.author, { gold: false, found: false, correct: true });
  assert.deepEqual(none.date, { gold: false, found: false, correct: true });
  const extra = scoreMetadata({ author: null }, { authors: ['Someone'] });
  assert.deepEqual(extra.author, { gold: false, found: true, correct: false });
  // No metadata at all (an extractor that reads none): right only where the gold has none.
  const absent = scoreMetadata({ title: 'T', author: null }, undefined);
  assert.ok(!absent.title.correct && absent.author.correct);
  const counts = countMetadataField([none, extra, absent], 'author');
  assert.deepEqual(counts, { pages: 3, withGold: 0, correctWithGold: 0, missing: 0, rightNone: 2, extra: 1 });
});

test('the metadata halves of WCXB are by site', () => {
  fc.assert(
    fc.property(fc.domain(), fc.webPath(), fc.webPath(), (domain, a, b) => {
      assert.equal(metadataHalfOf(`https://${domain}${a}`), metadataHalfOf(`https://www.${domain}${b}`));
    }),
  );
  assert.equal(metadataHalfOf(undefined), 'held-out');
  // A fixed rule: the counts measured when the split was made.
  assert.equal(metadataHalfOf('https://www.commercialappeal.com/story/x'), 'tuning');
});
