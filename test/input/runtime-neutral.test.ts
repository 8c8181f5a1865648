/**
 * The decoding helpers that replaced Node's (node:buffer's isAscii/isUtf8, Buffer's base64, latin1
 * and utf16le, iconv-lite for iso-8859-16): each agrees with what it replaced, which the tests use as
 * the oracle (tests may use Node; the library may not).
 */
import assert from 'node:assert/strict';
import { isAscii as nodeIsAscii, isUtf8 as nodeIsUtf8 } from 'node:buffer';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { base64ToBytes, bytesToBase64 } from '../../src/base64.js';
import { extract } from '../../src/index.js';
import { decodeBytes, decodeHtml, isAscii, utf8Length } from '../../src/input/index.js';

const bytesWithOffset = fc
  .tuple(fc.uint8Array({ maxLength: 200 }), fc.nat({ max: 7 }))
  .map(([bytes, offset]) => bytes.subarray(Math.min(offset, bytes.length)));

describe('decoding without Node', () => {
  it('isAscii agrees with node:buffer on any bytes at any alignment (property)', () => {
    const mostlyAscii = fc
      .tuple(fc.uint8Array({ maxLength: 64 }), fc.nat({ max: 7 }))
      .map(([bytes, offset]) => bytes.map((byte) => (byte % 13 === 0 ? byte : byte & 0x7f)).subarray(offset));
    fc.assert(
      fc.property(fc.oneof(bytesWithOffset, mostlyAscii), (bytes) => {
        assert.equal(isAscii(bytes), nodeIsAscii(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it('valid UTF-8 decodes to its text, invalid UTF-8 is not read as UTF-8 unless mostly so (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.uint8Array({ maxLength: 8 }),
        (text, tail) => {
          const html = `<p>${text}é</p>`;
          const valid = new TextEncoder().encode(html);
          const decoded = decodeHtml(valid);
          assert.equal(decoded.encoding, 'utf-8');
          assert.equal(decoded.text, html);
          const mixed = new Uint8Array([...valid, ...tail]);
          const again = decodeHtml(mixed);
          if (nodeIsUtf8(mixed)) assert.equal(again.text, Buffer.from(mixed).toString('utf8'));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('iso-8859-16 by table is what iconv-lite decoded, for every byte', () => {
    const all = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    assert.equal(decodeBytes(all, 'iso-8859-16'), iconv.decode(Buffer.from(all), 'iso-8859-16'));
    const html = '<p>Științele exacte în București: ă, â, î, ș, ț.</p>';
    assert.equal(
      decodeHtml(iconv.encode(html, 'iso-8859-16'), { declaredEncoding: 'iso-8859-16' }).text,
      html,
    );
  });

  it('windows-1252 and x-user-defined by table, as before (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const expected1252 = Array.from(bytes, (byte) =>
          byte >= 0x80 && byte < 0xa0
            ? decodeBytes(Uint8Array.of(byte), 'windows-1252')
            : String.fromCharCode(byte),
        ).join('');
        assert.equal(decodeBytes(bytes, 'windows-1252'), expected1252);
        const expectedUser = Array.from(bytes, (byte) =>
          String.fromCharCode(byte < 0x80 ? byte : 0xf700 + byte),
        ).join('');
        assert.equal(decodeBytes(bytes, 'x-user-defined'), expectedUser);
      }),
    );
    assert.equal(decodeBytes(Uint8Array.of(0x80, 0x81, 0x9f), 'windows-1252'), '\u20ac\u0081\u0178');
  });

  it('utf8Length is Buffer.byteLength, lone surrogates included (property)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constant('\ud800'),
            fc.constant('\udc00'),
            fc.string({ unit: 'grapheme', maxLength: 1 }),
            fc.string({ unit: 'binary', maxLength: 1 }),
          ),
          maxLength: 60,
        }),
        (text) => {
          assert.equal(utf8Length(text), Buffer.byteLength(text, 'utf8'));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('base64 without Buffer', () => {
  it('encodes as Buffer does and decodes back (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = bytesToBase64(bytes);
        assert.equal(text, Buffer.from(bytes).toString('base64'));
        assert.deepEqual(base64ToBytes(text), bytes);
      }),
    );
  });

  it('skips whitespace (a line-wrapped text) and stops at padding; refuses other characters', () => {
    const bytes = new TextEncoder().encode("<p>pith reads CUTER's base64 pages</p>");
    const wrapped = Buffer.from(bytes).toString('base64').replace(/.{8}/g, '$&\n  ');
    assert.deepEqual(base64ToBytes(wrapped), bytes);
    assert.deepEqual(base64ToBytes('QQ==QUFB'), Uint8Array.of(0x41));
    assert.throws(() => base64ToBytes('QU*B'), /not base64/);
  });
});

describe('an encoding the runtime does not know', () => {
  const sjis = new Uint8Array(
    iconv.encode(
      '<html><head><meta charset="shift_jis"></head><body><p>吾輩は猫である。名前はまだ無い。</p></body></html>',
      'shift_jis',
    ),
  );

  /** Runs `body` with a TextDecoder that, like some runtimes', knows no shift_jis. */
  function withoutShiftJis<T>(body: () => T): T {
    const Native = globalThis.TextDecoder;
    globalThis.TextDecoder = class extends Native {
      constructor(label?: string, options?: TextDecoderOptions) {
        if (label?.toLowerCase() === 'shift_jis')
          throw new RangeError(`The "${label}" encoding is not supported`);
        super(label, options);
      }
    };
    try {
      return body();
    } finally {
      globalThis.TextDecoder = Native;
    }
  }

  it('is read as windows-1252 and extract() says so in its warnings', () => {
    const result = withoutShiftJis(() => extract(sjis, { format: 'text' }));
    assert.equal(result.encoding, 'shift_jis');
    assert.match(result.warnings.join('\n'), /does not know shift_jis: the page was read as windows-1252/);
    assert.equal(decodeHtml(sjis).readAs, undefined);
    assert.equal(withoutShiftJis(() => decodeHtml(sjis)).readAs, 'windows-1252');
    assert.deepEqual(extract(sjis, { format: 'text' }).warnings, []);
  });
});
