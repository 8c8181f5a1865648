/**
 * `Doc.attr` answers as `Doc.attributes` does, for every node and name: it answers a node without
 * attributes (most elements, every text node) before looking the name up (issue 38's cost).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseHtml, TAG } from '../../packages/pith/src/dom/index.js';

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

describe('Doc.attributeId and Doc.attrById', () => {
  // Names a page has and has not, names known to the parser's table and not, upper case, and
  // repeated <html>/<body> tags whose attributes merge into the first one's record.
  const names = [
    'role',
    'href',
    'hidden',
    'aria-hidden',
    'style',
    'itemtype',
    'data-x',
    'Data-Y',
    'class',
    'id',
  ];
  const element = fc
    .tuple(
      fc.constantFrom('div', 'a', 'span', 'html', 'body'),
      fc.array(fc.tuple(fc.constantFrom(...names), fc.constantFrom('', 'x', 'true', 'Nav')), {
        maxLength: 3,
      }),
    )
    .map(
      ([tag, attributes]) =>
        `<${tag}${attributes.map(([name, text]) => ` ${name}="${text}"`).join('')}>t</${tag}>`,
    );

  it('answers as attr does, for every node and name, the id resolved once per page (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 10 }), (elements) => {
        const doc = parseHtml(`<!doctype html>${elements.join('')}`);
        for (const name of [...names, 'data-y', 'rel', 'never-seen']) {
          const id = doc.attributeId(name);
          let found = false;
          for (let node = 0; node < doc.size; node++) {
            const value = doc.attr(node, name);
            if (value !== undefined) found = true;
            assert.equal(doc.attrById(node, id), value, `${name} at node ${node}`);
          }
          // -1 exactly when no element of the page has the attribute.
          assert.equal(id >= 0, found, name);
        }
      }),
    );
  });

  it('hand-computed: a merged <body> attribute and a name the page lacks', () => {
    // A repeated <body> tag adds its attributes to the first (a broken template, common on old pages).
    const doc = parseHtml('<body class="a"><div role="main">t</div><body role="document" data-late="1">');
    const role = doc.attributeId('role');
    assert.equal(doc.attrById(doc.body, role), 'document');
    assert.equal(doc.attrById(doc.findFirst(TAG.div), role), 'main');
    assert.equal(doc.attrById(doc.body, doc.attributeId('data-late')), '1');
    assert.equal(doc.attributeId('hidden'), -1);
    assert.equal(doc.attrById(doc.body, -1), undefined);
  });
});

describe('Doc.classAndId', () => {
  // The definition: `${class ?? ''} ${id}` lower-cased with an id, the class lower-cased without, '' with neither.
  const reference = (cls: string | undefined, id: string | undefined) =>
    id !== undefined ? `${cls ?? ''} ${id}`.toLowerCase() : cls === undefined ? '' : cls.toLowerCase();
  // Upper case, characters whose lower case is longer (İ) or ASCII (K, the Kelvin sign), two-byte text.
  const value = fc
    .array(fc.constantFrom('a', 'B', 'nav', 'Main', '-', '_', ' ', 'İ', 'K', 'é', '“', 'x1'), {
      maxLength: 5,
    })
    .map((parts) => parts.join(''));

  it('is class and id as attr reads them, lower-cased, on every node, asked for in any order and again', () => {
    const element = fc
      .tuple(
        fc.constantFrom('div', 'p', 'span', 'html', 'body'),
        fc.array(fc.tuple(fc.constantFrom('class', 'id', 'ID', 'Class', 'href'), value), { maxLength: 4 }),
      )
      .map(
        ([tag, attributes]) =>
          `<${tag}${attributes.map(([name, text]) => ` ${name}="${text}"`).join('')}>t</${tag}>`,
      );
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), fc.boolean(), (elements, backwards) => {
        const doc = parseHtml(`<!doctype html>${elements.join('')}`);
        const nodes = Array.from({ length: doc.size }, (_, node) => node);
        if (backwards) nodes.reverse();
        for (const pass of [1, 2]) {
          for (const node of nodes) {
            const expected = reference(doc.attr(node, 'class'), doc.attr(node, 'id'));
            assert.equal(doc.classAndId(node), expected, `node ${node}, pass ${pass}`);
          }
        }
      }),
    );
  });

  it('hand-computed: duplicates read first, merged <body> attributes, İ and the Kelvin sign', () => {
    const doc = parseHtml(
      '<body class="One"><div class="A B" class="c" id="X" id="y">t</div><p class="\u212Aey İx">u</p><body id=Later class=ignored>',
    );
    const div = doc.findFirst(TAG.div);
    assert.equal(doc.classAndId(div), 'a b x');
    assert.equal(doc.classAndId(div + 2), 'key i\u0307x');
    assert.equal(doc.classAndId(doc.body), 'one later');
    assert.equal(doc.classAndId(div + 1), '', 'a text node');
  });
});

describe('Doc.classNumber and Doc.classValueNumber', () => {
  // Repeated values (a card grid's classes), ids, empty values, duplicates, merged <html>/<body>.
  const value = fc.constantFrom('card', 'Card', 'card ', '', 'a b', 'İx');
  const element = fc
    .tuple(
      fc.constantFrom('div', 'p', 'span', 'html', 'body'),
      fc.array(fc.tuple(fc.constantFrom('class', 'id', 'Class', 'href'), value), { maxLength: 3 }),
    )
    .map(
      ([tag, attributes]) =>
        `<${tag}${attributes.map(([name, text]) => ` ${name}="${text}"`).join('')}>t</${tag}>`,
    );

  it('number the class values of a page: equal numbers, equal values; -1 with an id; 0 with neither', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 10 }), (elements) => {
        const doc = parseHtml(`<!doctype html>${elements.join('')}`);
        for (let a = 0; a < doc.size; a++) {
          const cls = doc.attr(a, 'class');
          const id = doc.attr(a, 'id');
          const number = doc.classNumber(a);
          const valueNumber = doc.classValueNumber(a);
          assert.ok(number < doc.classCount && valueNumber < doc.classCount, `node ${a}`);
          assert.equal(valueNumber === 0, cls === undefined, `node ${a}`);
          assert.equal(number, id !== undefined ? -1 : valueNumber, `node ${a}`);
          for (let b = 0; b < doc.size; b++) {
            if (valueNumber !== 0 && doc.classValueNumber(b) === valueNumber)
              assert.equal(doc.attr(b, 'class'), cls);
            if (cls !== undefined && doc.attr(b, 'class') === cls)
              assert.equal(doc.classValueNumber(b), valueNumber);
            // What the readers rely on: a number stands for one classAndId string.
            if (number > 0 && doc.classNumber(b) === number)
              assert.equal(doc.classAndId(b), doc.classAndId(a));
          }
        }
      }),
    );
  });

  it('Doc.classValue is the class value a number stands for, as written', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 10 }), (elements) => {
        const doc = parseHtml(`<!doctype html>${elements.join('')}`);
        assert.equal(doc.classValue(0), '');
        for (let node = 0; node < doc.size; node++) {
          const number = doc.classValueNumber(node);
          if (number > 0) assert.equal(doc.classValue(number), doc.attr(node, 'class'), `node ${node}`);
        }
      }),
    );
    const doc = parseHtml('<div class="Comment-Body">a</div><p class="Comment-Body" id="c1">b</p>');
    const [div] = doc.findAll(TAG.div);
    assert.equal(doc.classValue(doc.classValueNumber(div)), 'Comment-Body');
    assert.equal(doc.classValue(doc.classValueNumber(doc.findAll(TAG.p)[0])), 'Comment-Body');
  });

  it('a WordPress comment list (wcxb-dev 0007): the comments share their class numbers, ids apart', () => {
    const comment = (n: number) => `<li class="comment even thread-even depth-1" id="comment-${n}">
      <article id="div-comment-${n}" class="comment-body">
        <div class="comment-content-wrap"><div class="comment-meta comment-metadata">
          <cite class="fn comment-author"><a href="" rel="external nofollow ugc" class="url">Simon</a></cite>
          <a class="comment-date" href="#comment-${n}">April 20, 2024</a></div>
        <div class="comment-text"><p>always inspiring to see new trends or even create something new.</p></div>
        <footer class="comment-footer"><a rel="nofollow" class="comment-reply-link" href="#comment-${n}">Reply</a></footer>
      </div></article></li>`;
    const doc = parseHtml(`<ol class="comment-list">${comment(28233)}${comment(28240)}</ol>`);
    const texts = doc.findAll(TAG.div).filter((div) => doc.attr(div, 'class') === 'comment-text');
    const articles = doc.findAll(TAG.article);
    assert.equal(texts.length, 2);
    assert.ok(doc.classNumber(texts[0]) > 0);
    assert.equal(doc.classNumber(texts[0]), doc.classNumber(texts[1]));
    assert.deepEqual(
      articles.map((node) => doc.classNumber(node)),
      [-1, -1],
    );
    assert.equal(doc.classValueNumber(articles[0]), doc.classValueNumber(articles[1]));
    assert.notEqual(doc.classValueNumber(articles[0]), doc.classValueNumber(texts[0]));
    assert.deepEqual(
      articles.map((node) => doc.classAndId(node)),
      ['comment-body div-comment-28233', 'comment-body div-comment-28240'],
    );
    // Without an id, the class value as it is (no `"comment-text "` copy a class string, issue 38).
    assert.equal(doc.classAndId(texts[0]), 'comment-text');
    assert.equal(doc.classNumber(doc.findFirst(TAG.p)), 0);
    // 11 class values (comment-list, comment…, comment-body, -content-wrap, -meta, fn…, url, -date,
    // -text, -footer, -reply-link) and the number 0.
    assert.equal(doc.classCount, 12);
  });
});

describe('attribute names the parser does not list', () => {
  // Names the parser's table does not hold are found straight in the source after their first
  // occurrence (issue 38): in any case, beyond the first 32 of a page (the lookup grows), and
  // beyond ASCII, where lower-casing is not A–Z folding (the Kelvin sign lower-cases to k).
  const nameChar = fc.constantFrom('a', 'B', 'k', '-', '\u212A', 'é', 'Z', '1');
  const name = fc.array(nameChar, { minLength: 1, maxLength: 5 }).map((chars) => `data-${chars.join('')}`);
  const element = fc.array(fc.tuple(name, fc.nat(99)), { maxLength: 4 });

  it('are the lower-cased source names on every element, first of a repeated name winning', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 60 }), (elements) => {
        const html = elements
          .map((attributes) => `<div${attributes.map(([n, v]) => ` ${n}="${v}"`).join('')}>x</div>`)
          .join('');
        const doc = parseHtml(html);
        const divs = doc.findAll(TAG.div);
        assert.equal(divs.length, elements.length);
        divs.forEach((div, index) => {
          const expected: Record<string, string> = {};
          for (const [n, v] of elements[index]) expected[n.toLowerCase()] ??= String(v);
          assert.deepEqual({ ...doc.attributes(div) }, expected);
          for (const [n] of elements[index])
            assert.equal(doc.attr(div, n.toLowerCase()), expected[n.toLowerCase()]);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('hand-computed: one name in three spellings, a Kelvin sign, and 40 names in a page', () => {
    const many = Array.from({ length: 40 }, (_, index) => ` data-n${index}="${index}"`).join('');
    const doc = parseHtml(
      `<p DATA-Card="1" data-card="2">a</p><p data-CARD="3" data-\u212Aey="4">b</p><p data-key="5"${many}>c</p><p data-n39="x" data-n0="y">d</p>`,
    );
    const [first, second, third, fourth] = doc.findAll(TAG.p);
    assert.equal(doc.attr(first, 'data-card'), '1');
    assert.equal(doc.attr(second, 'data-card'), '3');
    assert.equal(doc.attr(second, 'data-key'), '4');
    assert.equal(doc.attr(third, 'data-key'), '5');
    assert.equal(doc.attr(third, 'data-n39'), '39');
    assert.equal(doc.attr(fourth, 'data-n39'), 'x');
    assert.equal(doc.attr(fourth, 'data-n0'), 'y');
  });
});
