import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  densityFilter,
  lineDensity,
  measureLine,
  sampleStandardDeviation,
} from '../../../packages/pith/src/extractors/density/index.js';

const close = (actual: number, expected: number, epsilon = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= epsilon, `${actual} ≠ ${expected}`);

describe('density filter: one line', () => {
  test('markup is what is inside <…>, the delimiters count as neither', () => {
    // "p" + "/p" = 3 markup characters, "Hello" = 5 text characters.
    assert.deepEqual(measureLine('<p>Hello</p>'), { markupChars: 3, textChars: 5, text: 'Hello' });
    // 'a href="x"' = 10, '/a' = 2.
    assert.deepEqual(measureLine('<a href="x">link</a>'), { markupChars: 12, textChars: 4, text: 'link' });
  });

  test('text is trimmed after the markup is removed; inner spaces count', () => {
    // Line trimmed to '<b>bold</b> tail'; text 'bold' + ' tail' = 9 characters.
    assert.deepEqual(measureLine('   <b>bold</b> tail  '), {
      markupChars: 3,
      textChars: 9,
      text: 'bold tail',
    });
    assert.deepEqual(measureLine('  <br>  x  '), { markupChars: 2, textChars: 1, text: 'x' });
  });

  test('a tag left open at the end of the line is markup to the end (per-line state, as the post)', () => {
    assert.deepEqual(measureLine('text <div class="a"'), { markupChars: 13, textChars: 4, text: 'text' });
    // The next line starts outside markup again: its 'class="b">' half counts as text, the '>' excepted.
    assert.deepEqual(measureLine('class="b">more'), { markupChars: 0, textChars: 13, text: 'class="b"more' });
  });

  test('a stray > is dropped, entities count as written', () => {
    assert.deepEqual(measureLine('a > b'), { markupChars: 0, textChars: 4, text: 'a  b' });
    assert.deepEqual(measureLine('&amp;'), { markupChars: 0, textChars: 5, text: '&amp;' });
  });

  test('blank lines are not lines', () => {
    assert.equal(measureLine(''), null);
    assert.equal(measureLine(' \t '), null);
  });

  test('density = (text + 1) / (markup + text + 1)', () => {
    assert.equal(lineDensity(5, 3), 6 / 9);
    assert.equal(lineDensity(0, 0), 1);
    assert.equal(lineDensity(0, 9), 1 / 10);
  });
});

describe('density filter: threshold 0.5 − σ', () => {
  test('σ is the sample standard deviation (n − 1), as Commons Math', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum to 32; population σ = 2, sample σ = √(32/7).
    close(sampleStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9]), Math.sqrt(32 / 7));
    assert.equal(sampleStandardDeviation([0.7]), 0);
    assert.ok(Number.isNaN(sampleStandardDeviation([])));
  });

  test('hand-computed page: densities, σ, threshold and the kept lines', () => {
    const source = [
      '<p>Hello</p>', // 6/9
      '', // blank: not a line
      'plain text', // 11/11
      '<img src="a.png"><img src="b.png"><br>', // markup 15 + 15 + 2, no text: skipped with minTextChars 1
      '<a href="x">link</a>', // 5/17
      '<b class="xyzw">a</b>', // markup 14 + 2 = 16, text 1: 2/18
    ].join('\n');
    const result = densityFilter(source, { minTextChars: 1 });
    assert.deepEqual(result.lines.line, [0, 2, 3, 4, 5]);
    assert.deepEqual(result.lines.measured, [true, true, false, true, true]);
    assert.deepEqual(result.lines.markupChars, [3, 0, 32, 12, 16]);
    assert.deepEqual(result.lines.textChars, [5, 10, 0, 4, 1]);
    close(result.lines.density[0], 6 / 9);
    close(result.lines.density[1], 1);
    close(result.lines.density[3], 5 / 17);
    close(result.lines.density[4], 1 / 9);
    // Mean 317/612; sample variance 4891/31212 → σ = 0.395857, threshold 0.104143.
    close(result.mean, 317 / 612);
    close(result.sigma, Math.sqrt(4891 / 31212));
    close(result.threshold, 0.5 - Math.sqrt(4891 / 31212));
    // 1/9 = 0.111 is above the sample threshold (0.104) and would be below a population one (0.157).
    assert.deepEqual(result.lines.kept, [true, true, false, true, true]);
  });

  test('lines under minTextChars (default 60) are skipped and never kept', () => {
    const long = 'x'.repeat(60);
    const source = `<li>${'y'.repeat(59)}</li>\n<p>${long}</p>\n<div>${long}</div>`;
    const result = densityFilter(source);
    assert.deepEqual(result.lines.measured, [false, true, true]);
    // Two measured densities 61/64 (markup 'p' + '/p') and 61/68 ('div' + '/div'): σ = |61/64 − 61/68| / √2.
    close(result.sigma, Math.abs(61 / 64 - 61 / 68) / Math.SQRT2);
    assert.deepEqual(result.lines.kept, [false, true, true]);
  });

  test('one measured line: σ = 0, kept when its density is above 0.5', () => {
    const text = 't'.repeat(60);
    assert.deepEqual(densityFilter(`<p>${text}</p>`).lines.kept, [true]);
    const heavy = `<a href="${'u'.repeat(80)}">${text}</a>`; // 61 / (84 + 61) < 0.5
    const result = densityFilter(heavy);
    assert.equal(result.sigma, 0);
    assert.deepEqual(result.lines.kept, [false]);
  });

  test('no measured line: nothing kept, threshold NaN', () => {
    const result = densityFilter('<p>short</p>\n<p>lines</p>');
    assert.ok(Number.isNaN(result.threshold));
    assert.deepEqual(result.lines.kept, [false, false]);
  });

  test('CRLF, CR and LF give the same lines', () => {
    const lines = ['<p>one two three</p>', 'four five six', '<b>seven</b>'];
    const lf = densityFilter(lines.join('\n'), { minTextChars: 1 });
    const crlf = densityFilter(lines.join('\r\n'), { minTextChars: 1 });
    const cr = densityFilter(lines.join('\r'), { minTextChars: 1 });
    assert.deepEqual(crlf.lines, lf.lines);
    assert.deepEqual(cr.lines, lf.lines);
  });
});

describe('density filter: properties', () => {
  const htmlish = fc
    .array(
      fc.oneof(
        fc.constantFrom('<', '>', '\n', '\r\n', ' ', '\t', '<p>', '</p>', '<a href="x">', '&amp;'),
        fc.string({ maxLength: 30 }),
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(''));

  test('counts are within the line, densities in (0, 1], kept lines are measured and above the threshold', () => {
    fc.assert(
      fc.property(htmlish, fc.integer({ min: 0, max: 80 }), (source, minTextChars) => {
        const result = densityFilter(source, { minTextChars });
        const { lines } = result;
        for (let i = 0; i < lines.line.length; i++) {
          assert.ok(lines.markupChars[i] >= 0 && lines.textChars[i] >= 0);
          assert.ok(lines.density[i] > 0 && lines.density[i] <= 1);
          assert.equal(lines.measured[i], lines.textChars[i] >= minTextChars);
          if (lines.kept[i]) assert.ok(lines.measured[i] && lines.density[i] > result.threshold);
          else if (lines.measured[i]) assert.ok(lines.density[i] <= result.threshold);
        }
        const measured = lines.density.filter((_, i) => lines.measured[i]);
        if (measured.length > 0) assert.ok(result.sigma >= 0);
      }),
    );
  });

  test('a line measures as the sum of its markup and text characters, never more than its length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (line) => {
        const measure = measureLine(line);
        if (measure === null) {
          assert.equal(line.trim(), '');
          return;
        }
        assert.ok(measure.markupChars + measure.textChars <= line.trim().length);
        assert.equal(measure.text.length, measure.textChars);
        assert.ok(!measure.text.includes('<') && !measure.text.includes('>'));
      }),
    );
  });
});
