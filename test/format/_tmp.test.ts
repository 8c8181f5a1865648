import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { writeText } from '../../packages/pith/src/format/blocks.js';
import { mapTextPieces, WHITESPACE_RUN } from '../../packages/pith/src/format/common.js';
import { escapeHtmlText } from '../../packages/pith/src/format/index.js';
import { MarkdownInline } from '../../packages/pith/src/format/inline.js';
import { TextInline } from '../../packages/pith/src/format/text.js';
import { escapeXmlText } from '../../packages/pith/src/format/xml.js';
import { longTexts } from '../helpers.js';
const p = longTexts(['&', '&&', '&#', '&#65;', '&ampxx', '&amp;', '<', '>', '*', '_', '#', ';', ' ', '\u00ad', '|', '\\', '`', 'a', 'é', '\u0000', '\ud83d', '\ude00', '\n', '&a\u00admp;', '* ', ' _', 'x_', '_x', '&#x263a;', ' *', '\u00a0', '1.']);
test('eq', () => {
  let bad = '';
  try {
  fc.assert(fc.property(p, fc.boolean(), (text, cell) => {
    for (const make of [() => new MarkdownInline(), () => new TextInline()]) {
      const whole = make(); const pieces = make(); whole.cell = cell; pieces.cell = cell;
      whole.text(text); writeText(pieces, text); if (pieces.flush() !== whole.flush()) { bad = text; return false; }
    }
    for (const t of [escapeXmlText, escapeHtmlText, (s: string) => s.replace(WHITESPACE_RUN, ' ')]) if (mapTextPieces(text, t) !== t(text)) { bad = text; return false; }
    return true;
  }), { numRuns: 400 });
  } catch { throw new Error('fails on ' + JSON.stringify(bad.slice(0, 120)) + ' len ' + bad.length); }
});
