import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { trimCodes, wordRunCount } from '../../packages/pith/src/dom/index.js';
import { runModuleWithin } from '../helpers.js';

const isSpace = (code: number) => code === 0x20;

describe('trimCodes', () => {
  test('drops the accepted characters at both ends only', () => {
    assert.equal(trimCodes('  a b  ', isSpace), 'a b');
    assert.equal(
      trimCodes('--x--y--', (code) => code === 0x2d),
      'x--y',
    );
    assert.equal(trimCodes('    ', isSpace), '');
    assert.equal(trimCodes('', isSpace), '');
    const untouched = 'abc';
    assert.equal(trimCodes(untouched, isSpace), untouched);
  });

  test('property: the same as the regular expression it replaces', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ a_-]{0,30}$/), (text) => {
        assert.equal(
          trimCodes(text, (code) => code === 0x2d || code === 0x5f),
          text.replace(/^[-_]+|[-_]+$/g, ''),
        );
        assert.equal(trimCodes(text, isSpace), text.replace(/^ +| +$/g, ''));
      }),
    );
  });

  // A hang guard, not a benchmark (in a child process killed after 20 s: Node's test timeout cannot
  // stop synchronous code). Each of these was a `/^[…]+|[…]+$/` replace, quadratic on a long run
  // inside the text: about 1.5 s at 40,000 characters, minutes at 200,000.
  test('charset labels, comment cue tokens and preformatted blocks trim in linear time', () => {
    const script = [
      "import { encodingForLabel } from './packages/pith/src/input/index.ts';",
      "import { extract } from './packages/pith/src/index.ts';",
      "const run = ' '.repeat(200_000);",
      "if (encodingForLabel('utf' + run + '8') !== null) process.exit(3);",
      "const dashes = '-'.repeat(200_000);",
      "const page = '<article><p>Text of the page, long enough to be its body, with a few words.</p>' +",
      "  '<div class=\"comment' + dashes + 'x\">A reply</div><pre>code' + run + 'x</pre></article>';",
      "extract(page, { format: 'xml', comments: true });",
    ].join('\n');
    const run = runModuleWithin(script, 20_000);
    assert.equal(run.code, 0, `${run.signal ?? ''} ${run.stderr}`);
  });
});

describe('wordRunCount', () => {
  const WORD = /[\p{L}\p{N}]+/gu;
  const byRegex = (text: string) => text.match(WORD)?.length ?? 0;

  test('counts the runs of letters and digits the u-flag regex finds', () => {
    for (const text of [
      '',
      ' ',
      'Read more:',
      'Lesen Sie auch »',
      'x1 2y',
      'naïve café',
      '日本語 テキスト',
      '𝐀𝐁 c',
      '\ud835 a',
      'a\udc00b',
    ])
      assert.equal(wordRunCount(text), byRegex(text), JSON.stringify(text));
  });

  test('equals the regex on any string (astral letters, lone surrogates, every script)', () => {
    const unit = fc.oneof(
      fc.constantFrom(
        ' ',
        ':',
        '-',
        '»',
        'a',
        'Z',
        '7',
        'é',
        'ß',
        'ж',
        '中',
        '٣',
        '\u00ad',
        '\ud835',
        '\udc00',
      ),
      fc.string({ unit: 'binary', maxLength: 3 }),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (units) => {
        const text = units.join('');
        assert.equal(wordRunCount(text), byRegex(text));
      }),
      { numRuns: 2000 },
    );
  });
});
