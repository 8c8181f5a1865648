/**
 * The inline buffers' `text` reads a text node's edges before it collapses it (s43-alloc: the words
 * between the leading and the trailing white space are sliced first, so an indented node is not
 * copied whole): the output is the one of the whole text collapsed, controls taken out, then its
 * edge spaces read — block after block, the emphasis markers kept from one block to the next.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { withoutControls } from '../../packages/pith/src/dom/index.js';
import type { InlineBuffer } from '../../packages/pith/src/format/blocks.js';
import { EMPHASIS, STRONG } from '../../packages/pith/src/format/blocks.js';
import {
  collapseWhitespace,
  leadingSpaceEnd,
  trailingSpaceStart,
  withoutSoftHyphens,
} from '../../packages/pith/src/format/common.js';
import { escapeMarkdown, MarkdownInline } from '../../packages/pith/src/format/inline.js';
import { TextInline } from '../../packages/pith/src/format/text.js';

/** The buffers' own writing of collapsed words (private: the old `text` called it in place). */
interface Internals {
  emit(content: string, isText?: boolean): void;
  lastWasImage: boolean;
  cell: boolean;
}

/** `text` as it was read before (main at a01991b): the whole text collapsed (and cleaned), then its edges. */
function wholeText(inline: InlineBuffer, raw: string, markdown: boolean): void {
  if (raw === '') return;
  const collapsed = collapseWhitespace(withoutSoftHyphens(raw));
  const cleaned = markdown ? withoutControls(collapsed) : collapsed;
  if (cleaned === '') return;
  const leading = cleaned.charCodeAt(0) === 32;
  const trailing = cleaned.length > 1 && cleaned.charCodeAt(cleaned.length - 1) === 32;
  const core = cleaned.slice(leading ? 1 : 0, trailing ? -1 : undefined);
  if (leading) inline.space();
  if (core !== '') {
    const own = inline as unknown as Internals;
    if (markdown) {
      own.emit(escapeMarkdown(core, own.cell), true);
      own.lastWasImage = false;
    } else own.emit(core);
  }
  if (trailing) inline.space();
}

describe('leadingSpaceEnd and trailingSpaceStart', () => {
  it("find the edges of JavaScript's white space", () => {
    // An indented link text, as a page's template writes it.
    const text = '\n\t\t\u00a0Sign up for our newsletter\u2003\r\n  ';
    assert.equal(leadingSpaceEnd(text), 4);
    assert.equal(trailingSpaceStart(text), text.length - 5);
    assert.equal(leadingSpaceEnd(' \n '), 3);
    assert.equal(leadingSpaceEnd('\u200bword'), 0); // U+200B is no `\s`
    assert.equal(trailingSpaceStart('word\ufeff'), 4);
  });
});

const piece = fc.constantFrom(
  'a',
  'Word',
  '*',
  '_',
  '1.',
  ' ',
  '  ',
  '\n    ',
  '\t',
  '\u00a0',
  '\u00ad',
  '\u0001',
  '\u000b',
  '\u2003',
  '\u200b',
  '\ufeff',
  'é',
);
const raw = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join(''));
type Step = { kind: 'text'; raw: string } | { kind: 'open' | 'close' | 'space' };
const step: fc.Arbitrary<Step> = fc.oneof(
  raw.map((text) => ({ kind: 'text', raw: text }) as const),
  fc.constantFrom<Step>({ kind: 'open' }, { kind: 'close' }, { kind: 'space' }),
);
const blocks = fc.array(fc.array(step, { maxLength: 14 }), { minLength: 1, maxLength: 4 });

for (const [name, make, controls] of [
  ['MarkdownInline', () => new MarkdownInline(), true],
  ['TextInline', () => new TextInline(), false],
] as const) {
  describe(`${name}.text`, () => {
    it('writes what the whole text collapsed and then read by its edges writes', () => {
      fc.assert(
        fc.property(blocks, (steps) => {
          const sliced = make();
          const whole = make();
          for (const block of steps) {
            let open = 0;
            for (const s of block) {
              for (const inline of [sliced, whole]) {
                if (s.kind === 'text') {
                  if (inline === sliced) inline.text(s.raw);
                  else wholeText(inline, s.raw, controls);
                } else if (s.kind === 'space') inline.space();
                else if (s.kind === 'open')
                  inline.pushFrame(
                    open % 2 ? STRONG : EMPHASIS,
                    open % 2 ? '**' : '*',
                    open % 2 ? '**' : '*',
                  );
                else if (open > 0) inline.popFrame();
              }
              if (s.kind === 'open') open++;
              else if (s.kind === 'close' && open > 0) open--;
            }
            assert.equal(sliced.flush(), whole.flush());
          }
        }),
        { numRuns: 600 },
      );
    });

    it('reads a control character next to a space as the whole text does', () => {
      const sliced = make();
      const whole = make();
      for (const text of ['x', '\u0001 a \u0001 b\u0001 ']) {
        sliced.text(text);
        wholeText(whole, text, controls);
      }
      assert.equal(sliced.flush(), whole.flush());
    });
  });
}
