/**
 * `Doc.attr` answers as `Doc.attributes` does, for every node and name: it answers a node without
 * attributes (most elements, every text node) before looking the name up (issue 38's cost).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';

const NAMES = ['class', 'id', 'href', 'rel', 'data-x', 'lang', 'unknown-name'];

describe('Doc.attr', () => {
  it('is what Doc.attributes holds, on nodes with and without attributes', () => {
    const element = fc
      .tuple(
        fc.constantFrom('div', 'p', 'span', 'a', 'html', 'body'),
        fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.string({ maxLength: 5 })), { maxLength: 3 }),
        fc.string({ maxLength: 8 }),
      )
      .map(
        ([tag, attributes, text]) =>
          `<${tag}${attributes.map(([name, value]) => ` ${name}="${value.replace(/["<>&]/g, '')}"`).join('')}>${text.replace(/[<&]/g, '')}</${tag}>`,
      );
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), (elements) => {
        const doc = parseHtml(`<!doctype html>${elements.join('')}`);
        for (let node = 0; node < doc.size; node++) {
          const attributes = doc.attributes(node);
          for (const name of NAMES)
            assert.equal(
              doc.attr(node, name),
              Object.hasOwn(attributes, name) ? attributes[name] : undefined,
            );
        }
      }),
    );
  });
});
