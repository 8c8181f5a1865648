/**
 * docs/benchmarks.md's tables are generated from docs/benchmarks-current.json (scripts/benchmarks-current.ts):
 * the page must be what the JSON renders to, and every run's source heading must exist where it points.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  CURRENT_PAGE,
  headingAnchor,
  missingSources,
  readQuestions,
  renderCurrent,
  withCurrent,
} from '../../scripts/benchmarks-current.js';

describe('the current figures of docs/benchmarks.md', () => {
  it('are what docs/benchmarks-current.json renders to (run npm run docs:benchmarks)', () => {
    const page = readFileSync(CURRENT_PAGE, 'utf8');
    assert.equal(withCurrent(page, renderCurrent(readQuestions())), page);
  });

  it('name only headings that are in the journal (or the file they name)', () => {
    assert.deepEqual(missingSources(readQuestions()), []);
  });

  it('link to headings by the anchors GitHub gives them', () => {
    assert.equal(
      headingAnchor("Round 2, session 7: metadata against WCXB's gold, five rules"),
      'round-2-session-7-metadata-against-wcxbs-gold-five-rules',
    );
    assert.equal(
      headingAnchor('The service under a ten-minute soak (`pith serve`)'),
      'the-service-under-a-ten-minute-soak-pith-serve',
    );
  });

  it('has a table for each question the issue asks', () => {
    const titles = readQuestions().map((question) => question.title);
    for (const word of ['Accuracy', 'Speed', 'Structure', 'Crawls', 'service', 'Reliability'])
      assert.ok(
        titles.some((title) => title.includes(word)),
        `no table about ${word}`,
      );
  });
});
