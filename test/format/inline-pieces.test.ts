/**
 * The inline buffers' `flushPieces` (a paragraph's pieces written straight into the output, not
 * joined into a string of their own first): the pieces join to what `flush` returns after the same
 * calls, and they stay so while the buffer goes on to the next blocks (the array is the caller's).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { InlineBuffer } from '../../packages/pith/src/format/blocks.js';
import { EMPHASIS, LINK, STRIKE, STRONG } from '../../packages/pith/src/format/blocks.js';
import { MarkdownInline } from '../../packages/pith/src/format/inline.js';
import { TextInline } from '../../packages/pith/src/format/text.js';

type Step = (inline: InlineBuffer) => void;

const word = fc.constantFrom('a', 'Note:', ' b ', '**', '_x_', '1.', '  ', '|', '[y]', 'é', '!');
const step: fc.Arbitrary<Step> = fc.oneof(
  word.map((text) => (inline: InlineBuffer) => inline.text(text)),
  fc.constant((inline: InlineBuffer) => inline.space()),
  fc.constant((inline: InlineBuffer) => inline.lineBreak()),
  fc.constant((inline: InlineBuffer) => inline.code('c')),
  fc.constant((inline: InlineBuffer) => inline.image('![i](u)')),
  fc
    .constantFrom(STRONG, EMPHASIS, STRIKE, LINK)
    .map(
      (kind) => (inline: InlineBuffer) =>
        inline.pushFrame(
          kind,
          ['**', '*', '~~', '['][kind],
          kind === LINK ? '](h)' : ['**', '*', '~~'][kind],
        ),
    ),
  fc.constant((inline: InlineBuffer) => inline.popFrame()),
);
const blocks = fc.array(fc.array(step, { maxLength: 12 }), { minLength: 1, maxLength: 4 });

for (const [name, make] of [
  ['MarkdownInline', () => new MarkdownInline()],
  ['TextInline', () => new TextInline()],
] as const) {
  describe(`${name}.flushPieces`, () => {
    it('joins to what flush returns, block after block, the pieces kept by the caller unchanged', () => {
      fc.assert(
        fc.property(blocks, (steps) => {
          const joined = make();
          const pieces = make();
          const held: (readonly string[])[] = [];
          const atFlush: string[] = [];
          const expected: string[] = [];
          for (const block of steps) {
            for (const run of block) {
              run(joined);
              run(pieces);
            }
            expected.push(joined.flush());
            const parts = pieces.flushPieces();
            held.push(parts);
            atFlush.push(parts.join(''));
          }
          assert.deepEqual(atFlush, expected);
          // Joined again only now, after the buffer has written the later blocks.
          assert.deepEqual(
            held.map((parts) => parts.join('')),
            expected,
          );
        }),
      );
    });
  });
}
