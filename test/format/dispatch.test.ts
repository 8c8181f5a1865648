import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isPithError } from '../../packages/pith/src/errors.js';
import {
  FORMATS,
  formatExtraction,
  isContentFormat,
  toHtml,
  toMarkdown,
  toText,
} from '../../packages/pith/src/format/index.js';
import type { ContentFormat } from '../../packages/pith/src/format/types.js';
import { extraction } from './helpers.js';

describe('formatExtraction', () => {
  const ex = extraction('<h1>T</h1><p>Hello <b>x</b></p>');
  test('dispatches to each formatter', () => {
    assert.deepEqual([...FORMATS].sort(), ['html', 'markdown', 'text']);
    assert.equal(formatExtraction(ex, 'text'), toText(ex));
    assert.equal(formatExtraction(ex, 'markdown'), toMarkdown(ex));
    assert.equal(formatExtraction(ex, 'html'), toHtml(ex));
    for (const format of FORMATS) assert.ok(isContentFormat(format));
    assert.ok(!isContentFormat('json'));
  });

  test('an unknown format is a PithError UNKNOWN_FORMAT', () => {
    assert.throws(
      () => formatExtraction(ex, 'pdf' as ContentFormat),
      (error: unknown) => isPithError(error) && error.code === 'UNKNOWN_FORMAT',
    );
  });

  test('formatters are deterministic', () => {
    for (const format of FORMATS) assert.equal(formatExtraction(ex, format), formatExtraction(ex, format));
  });
});
