import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { detectLanguage } from '../../packages/crawl/src/batch/language.js';

describe('detectLanguage (the detectedLanguage of a record)', () => {
  test('a sentence is enough; nothing to read is null', () => {
    assert.equal(
      detectLanguage('Le chat dort sur le canapé pendant que la pluie tombe doucement sur les toits.'),
      'fr',
    );
    assert.equal(
      detectLanguage('The cat sleeps on the sofa while the rain falls softly on the roofs.'),
      'en',
    );
    assert.equal(detectLanguage('El gato duerme en el sofá mientras la lluvia cae sobre los tejados.'), 'es');
    assert.equal(detectLanguage(''), null);
    assert.equal(detectLanguage('ok'), null);
    assert.equal(detectLanguage('12345 678'), null);
  });

  test('any string: a two-letter code or null, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const language = detectLanguage(text);
        assert.ok(language === null || /^[a-z]{2}$/.test(language), String(language));
      }),
    );
  });
});
