import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dateInstant, parseDate } from '../../packages/pith/src/metadata/index.js';
import { metadataOf, NOW, page } from './helpers.js';

const parse = (value: unknown) => parseDate(value, NOW);

describe('parseDate', () => {
  it('reads ISO 8601 dates and date-times, keeping the offset', () => {
    assert.equal(parse('2023-05-01'), '2023-05-01');
    assert.equal(parse('2023-5-1'), '2023-05-01');
    assert.equal(parse('2023-05-01T10:00:00+02:00'), '2023-05-01T10:00:00+02:00');
    assert.equal(parse('2023-05-01T10:00:00.123Z'), '2023-05-01T10:00:00Z');
    assert.equal(parse('2021-11-01T10:52:50+0100'), '2021-11-01T10:52:50+01:00');
    assert.equal(parse('2023-05-01T10:00Z'), '2023-05-01T10:00:00Z');
    assert.equal(parse('2017-11-03 03:01:00.000000'), '2017-11-03T03:01:00');
    assert.equal(parse('2023-05-01T10:00:00 UTC'), '2023-05-01T10:00:00Z');
    assert.equal(parse('20230501'), '2023-05-01');
  });

  it('reads RFC 2822', () => {
    assert.equal(parse('Mon, 01 May 2023 10:00:00 +0000'), '2023-05-01T10:00:00+00:00');
    assert.equal(parse('Tue, 02 May 2023 14:00:00 GMT'), '2023-05-02T14:00:00Z');
    assert.equal(parse('Tue, 02 May 2023 14:00:00 EDT'), '2023-05-02T14:00:00-04:00');
  });

  it('reads written-out dates', () => {
    assert.equal(parse('May 1, 2023'), '2023-05-01');
    assert.equal(parse('Sept. 9, 2021'), '2021-09-09');
    assert.equal(parse('1 May 2023'), '2023-05-01');
    assert.equal(parse('1st of May, 2023'), '2023-05-01');
    assert.equal(parse('Monday, January 2nd 2023'), '2023-01-02');
    assert.equal(parse('Published on May 1st, 2023 at 10:00 am EDT'), '2023-05-01T10:00:00-04:00');
    assert.equal(parse('April 28, 2019 at 6:01 am Updated April 29, 2019'), '2019-04-28');
  });

  it('reads slashed, dotted and CJK dates', () => {
    assert.equal(parse('2023/05/01'), '2023-05-01');
    assert.equal(parse('2023.05.01'), '2023-05-01');
    assert.equal(parse('01.05.2023'), '2023-05-01');
    assert.equal(parse('13/05/2023'), '2023-05-13');
    assert.equal(parse('05/13/2023'), '2023-05-13');
    assert.equal(parse('2023年5月1日'), '2023-05-01');
  });

  it('refuses ambiguous day/month orders', () => {
    assert.equal(parse('05/06/2023'), undefined);
  });

  it('reads unix timestamps in seconds and milliseconds', () => {
    assert.equal(parse('1682935200'), '2023-05-01T10:00:00Z');
    assert.equal(parse('1682935200000'), '2023-05-01T10:00:00Z');
    assert.equal(parse(1682935200), '2023-05-01T10:00:00Z');
  });

  it('rejects implausible dates: before 1995, more than a day in the future, impossible days', () => {
    assert.equal(parse('1994-12-31'), undefined);
    assert.equal(parse('1990-01-01T00:00:00Z'), undefined);
    assert.equal(parse('2024-06-16'), '2024-06-16'); // within a day of NOW
    assert.equal(parse('2024-06-17'), undefined);
    assert.equal(parse('2024-06-16T11:00:00Z'), '2024-06-16T11:00:00Z');
    assert.equal(parse('2024-06-16T13:00:00Z'), undefined);
    assert.equal(parse('2023-02-30'), undefined);
    assert.equal(parse('2023-13-01'), undefined);
    assert.equal(parse('2024-02-29'), '2024-02-29');
    assert.equal(parse('2023-02-29'), undefined);
  });

  it('takes now as an option', () => {
    assert.equal(parseDate('2030-01-01', Date.parse('2031-01-01')), '2030-01-01');
    assert.equal(parseDate('2030-01-01', Date.parse('2020-01-01')), undefined);
  });

  it('rejects what is not a date', () => {
    for (const value of [
      '',
      'soon',
      'Mayor 1, 2023',
      '12345',
      'NaN',
      undefined,
      null,
      {},
      [],
      Number.NaN,
      'x'.repeat(10_000),
    ]) {
      assert.equal(parse(value), undefined, String(value));
    }
  });

  it('gives the instant of its own output', () => {
    assert.equal(dateInstant('2023-05-01'), Date.UTC(2023, 4, 1));
    assert.equal(dateInstant('2023-05-01T10:00:00+02:00'), Date.UTC(2023, 4, 1, 8));
    assert.equal(dateInstant('2023-05-01T10:00:00'), Date.UTC(2023, 4, 1, 10));
  });
});

describe('published and modified dates', () => {
  it('skips implausible values and takes the next source', () => {
    const metadata = metadataOf(
      page(`<meta property="article:published_time" content="2099-01-01">
        <meta name="date" content="0000-00-00">
        <meta name="pubdate" content="March 3, 2020">`),
    );
    assert.equal(metadata.published, '2020-03-03');
  });

  it('uses <time datetime> as a last resort, pubdate first', () => {
    const metadata = metadataOf(
      page('', '<time datetime="2021-01-01">then</time><time pubdate datetime="2022-02-02">published</time>'),
    );
    assert.equal(metadata.published, '2022-02-02');
    assert.equal(metadataOf(page('', '<time datetime="2021-01-01">then</time>')).published, '2021-01-01');
  });

  it('never takes a modification time as the publication time', () => {
    const metadata = metadataOf(page('', '<time itemprop="dateModified" datetime="2021-01-01">x</time>'));
    assert.equal(metadata.published, undefined);
    assert.equal(metadata.modified, '2021-01-01');
  });
});
