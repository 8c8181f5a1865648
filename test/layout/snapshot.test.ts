import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Doc, parseHtml } from '../../packages/pith/src/dom/index.js';
import {
  Display,
  type DomSnapshot,
  instrumentHtml,
  layoutFromSnapshot,
  NODE_ID_ATTRIBUTE,
  packRgba,
} from '../../packages/pith/src/layout/index.js';

function byId(doc: Doc, id: string): number {
  for (let node = 0; node < doc.size; node++) if (doc.attr(node, 'id') === id) return node;
  throw new Error(`no element #${id}`);
}

describe('instrumentHtml', () => {
  test('writes data-pith-id into every start tag found in the source, nothing else changes', () => {
    const source = '<!DOCTYPE html><HTML><body class=x><DIV id=a>one<br/>two</DIV><p>three</body></html>';
    const doc = parseHtml(source);
    const { html, tagged } = instrumentHtml(doc);
    const div = byId(doc, 'a');
    assert.match(html, new RegExp(`<DIV ${NODE_ID_ATTRIBUTE}="${div}" id=a>`));
    assert.match(html, /<br data-pith-id="\d+"\/>/);
    assert.match(html, new RegExp(`<HTML ${NODE_ID_ATTRIBUTE}="${doc.html}">`));
    assert.equal(tagged, 5, 'html, body, div, br, p');
    // Removing the attributes gives the source back.
    assert.equal(html.replace(/ data-pith-id="\d+"/g, ''), source);
  });

  test('elements implied by our parser get no attribute (matched by tag name instead)', () => {
    const doc = parseHtml('<div id="a">text</div>');
    assert.ok(doc.body > 0, 'implied body');
    const { html, tagged } = instrumentHtml(doc);
    assert.equal(tagged, 1);
    assert.equal(html, `<div ${NODE_ID_ATTRIBUTE}="${byId(doc, 'a')}" id="a">text</div>`);
  });

  test('tags foster-parented elements too (their node ids come before the table, their tags after it)', () => {
    const source =
      '<body><table id=t><div id=f>fostered</div><tr><td id=c>cell</td></tr></table><p id=p>after</p>';
    const doc = parseHtml(source);
    const fostered = byId(doc, 'f');
    assert.ok(fostered < byId(doc, 't'), 'the parser puts the fostered div in front of the table');
    const { html, tagged } = instrumentHtml(doc);
    for (const id of ['t', 'f', 'c', 'p']) {
      assert.match(html, new RegExp(`${NODE_ID_ATTRIBUTE}="${byId(doc, id)}" id=${id}>`), `#${id} tagged`);
    }
    assert.equal(tagged, 6, 'body, table, div, tr, td, p (html and tbody are implied)');
    assert.equal(html.replace(/ data-pith-id="\d+"/g, ''), source);
  });

  test('disarms meta refresh and appends extra CSS safely', () => {
    const doc = parseHtml('<head><meta http-equiv="Refresh" content="0;url=http://x/"></head><body>a</body>');
    const { html } = instrumentHtml(doc, { extraCss: 'p{color:red}</style><script>' });
    assert.doesNotMatch(html, /http-equiv="Refresh"/i);
    assert.match(html, /x-pith-disabled-refresh/);
    assert.ok(html.endsWith('<style>p{color:red}<\\/style><script></style>'));
  });
});

/** A snapshot as Chromium returns it, built by hand: strings table, nodes, layout entries. */
function snapshotOf(
  nodes: {
    name: string;
    id?: number;
    parent: number;
    box?: [number, number, number, number];
    style?: string[];
  }[],
  content?: { width: number; height: number },
): DomSnapshot {
  const strings: string[] = [];
  const intern = (value: string) => {
    const at = strings.indexOf(value);
    if (at >= 0) return at;
    strings.push(value);
    return strings.length - 1;
  };
  const layout = { nodeIndex: [] as number[], styles: [] as number[][], bounds: [] as number[][] };
  nodes.forEach((node, index) => {
    if (node.box) {
      layout.nodeIndex.push(index);
      layout.bounds.push(node.box);
      layout.styles.push(
        (node.style ?? ['16px', 'rgba(0, 0, 0, 0)', 'rgb(0, 0, 0)', 'block', 'visible']).map(intern),
      );
    }
  });
  return {
    strings,
    documents: [
      {
        nodes: {
          parentIndex: nodes.map((node) => node.parent),
          nodeType: nodes.map((node) => (node.name === '#document' ? 9 : 1)),
          nodeName: nodes.map((node) => intern(node.name)),
          attributes: nodes.map((node) =>
            node.id === undefined ? [] : [intern(NODE_ID_ATTRIBUTE), intern(String(node.id))],
          ),
        },
        layout,
        ...(content ? { contentWidth: content.width, contentHeight: content.height } : {}),
      },
    ],
  };
}

describe('layoutFromSnapshot', () => {
  const doc = parseHtml(
    '<html><body><div id="a"><b id="b">x<p id="p">y</p></b></div><div id="none">z</div><form id="f">w</form></body></html>',
  );
  const a = byId(doc, 'a');
  const b = byId(doc, 'b');
  const p = byId(doc, 'p');
  const none = byId(doc, 'none');
  const form = byId(doc, 'f');
  const snapshot = snapshotOf(
    [
      { name: '#document', parent: -1, box: [0, 0, 1366, 900] },
      { name: 'HTML', parent: 0, box: [0, 0, 1366, 900] },
      { name: 'BODY', parent: 1, box: [8, 8, 1350, 884] },
      {
        name: 'DIV',
        id: a,
        parent: 2,
        box: [8, 8, 500, 100],
        style: ['20px', 'rgb(238, 238, 238)', 'rgb(1, 2, 3)', 'block', 'visible'],
      },
      // <b> re-opened by the browser around the <p>: two elements with the same id.
      {
        name: 'B',
        id: b,
        parent: 3,
        box: [8, 8, 10, 18],
        style: ['20px', 'rgba(0, 0, 0, 0)', 'rgb(0, 0, 0)', 'inline', 'visible'],
      },
      { name: 'P', id: p, parent: 3, box: [8, 40, 500, 20] },
      {
        name: 'B',
        id: b,
        parent: 5,
        box: [8, 40, 12, 18],
        style: ['20px', 'rgba(0, 0, 0, 0)', 'rgb(0, 0, 0)', 'inline', 'visible'],
      },
      // In the DOM but not rendered.
      { name: 'DIV', id: none, parent: 2 },
      // The form's start tag was dropped by the browser: no element carries its id.
    ],
    { width: 1366, height: 900 },
  );
  const layout = layoutFromSnapshot(doc, snapshot, { width: 1366, height: 768 }, 12);

  test('boxes and computed styles land on the Doc elements through data-pith-id', () => {
    assert.deepEqual([layout.x[a], layout.y[a], layout.width[a], layout.height[a]], [8, 8, 500, 100]);
    assert.equal(layout.fontSize[a], 20);
    assert.equal(layout.background[a], packRgba(238, 238, 238, 255));
    assert.equal(layout.color[a], packRgba(1, 2, 3, 255));
    assert.equal(layout.display[a], Display.Block);
    assert.equal(layout.visible[a], 1);
    assert.equal(layout.measured[a], 1);
    assert.equal(layout.source, 'browser');
    assert.equal(layout.stats.ms, 12);
  });

  test('html and body are matched by tag name', () => {
    assert.deepEqual([layout.x[doc.body], layout.y[doc.body], layout.width[doc.body]], [8, 8, 1350]);
    assert.equal(layout.measured[doc.html], 1);
  });

  test('an element the browser cloned gets the union of its clones', () => {
    assert.deepEqual([layout.x[b], layout.y[b], layout.width[b], layout.height[b]], [8, 8, 12, 50]);
    assert.equal(layout.display[b], Display.Inline);
  });

  test('an element without a render box is display:none', () => {
    assert.equal(layout.display[none], Display.None);
    assert.equal(layout.visible[none], 0);
    assert.equal(layout.measured[none], 1);
  });

  test('an element the browser has no element for takes its parent box, transparent, unmeasured', () => {
    assert.equal(layout.measured[form], 0);
    assert.deepEqual([layout.x[form], layout.width[form]], [8, 1350]);
    assert.equal(layout.background[form], 0);
    assert.equal(layout.visible[form], 1);
    assert.ok(layout.stats.unmapped >= 1);
    assert.equal(layout.stats.elements, layout.stats.measured + layout.stats.unmapped);
  });

  test('page size from the document content size, at least the viewport', () => {
    assert.equal(layout.pageWidth, 1366);
    assert.equal(layout.pageHeight, 900);
  });
});
