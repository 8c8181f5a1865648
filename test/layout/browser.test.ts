import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type Doc, parseHtml } from '../../src/dom/index.js';
import { isPithError } from '../../src/errors.js';
import { BrowserLayoutEngine, browserAvailability } from '../../src/layout/browser.js';
import { Display } from '../../src/layout/index.js';
import { browserSkip, CHROMIUM, chromiumDescendants, eventually, IN_CI } from './browser-helpers.js';

function byId(doc: Doc, id: string): number {
  for (let node = 0; node < doc.size; node++) if (doc.attr(node, 'id') === id) return node;
  throw new Error(`no element #${id}`);
}

test('Chromium is available when CI runs the tests', { skip: IN_CI ? false : 'not in CI' }, () => {
  assert.ok(CHROMIUM, 'CI must install chromium (.ci/run) so that the browser tests run');
});

test('an unusable browser path is a clear PithError, not a crash', async () => {
  const availability = await browserAvailability('/nonexistent/chromium');
  assert.equal(availability.available, false);
  await assert.rejects(BrowserLayoutEngine.launch({ executablePath: '/nonexistent/chromium' }), (error) => {
    assert.ok(isPithError(error));
    assert.equal(error.code, 'BAD_OPTION');
    assert.match(error.message, /not an executable/);
    return true;
  });
});

describe('browser layout in headless Chromium', { skip: browserSkip }, () => {
  let engine: BrowserLayoutEngine;
  let server: Server;
  let requests = 0;
  let port = 0;

  before(async () => {
    server = createServer((_, response) => {
      requests++;
      response.end('body{background:red}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    engine = await BrowserLayoutEngine.launch({ concurrency: 2 });
  });

  after(async () => {
    await engine?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  test('boxes and styles of a simple page, mapped onto our Doc', async () => {
    const doc = parseHtml(
      '<html><body><h1 id="t">Title</h1><div id="d" style="width:500px;background:#eee">text</div><p id="gone" style="display:none">x</p></body></html>',
    );
    const layout = await engine.layout(doc);
    assert.equal(layout.source, 'browser');
    assert.equal(layout.width[doc.body], 1350, '1366 viewport minus the 8px body margins');
    assert.equal(layout.fontSize[byId(doc, 't')], 32);
    assert.equal(layout.width[byId(doc, 'd')], 500);
    assert.equal(layout.background[byId(doc, 'd')], 0xeeeeeeff);
    assert.equal(layout.display[byId(doc, 'gone')], Display.None);
    assert.equal(layout.stats.unmapped, 0);
    assert.equal(layout.stats.measured, layout.stats.elements);
  });

  test('page JavaScript does not run', async () => {
    const doc = parseHtml(
      '<body><div id="d">static</div><script>document.getElementById("d").style.width="100px"</script></body>',
    );
    const layout = await engine.layout(doc);
    assert.equal(layout.width[byId(doc, 'd')], 1350);
  });

  test('no request leaves the browser: style sheets, images, frames, preconnects, refresh', async () => {
    const base = `http://127.0.0.1:${port}`;
    const doc = parseHtml(`<html><head>
<meta http-equiv="refresh" content="0;url=${base}/refresh">
<link rel="stylesheet" href="${base}/a.css"><link rel="preconnect" href="${base}">
<link rel="dns-prefetch" href="${base}"><link rel="prefetch" href="${base}/p">
<style>@import url(${base}/b.css); body { background-image: url(${base}/bg.png) }</style></head>
<body><img src="${base}/x.png"><iframe src="${base}/frame"></iframe><video src="${base}/v.mp4"></video>
<object data="${base}/o"></object><embed src="${base}/e"><div id="d">text</div></body></html>`);
    const layout = await engine.layout(doc);
    assert.equal(layout.width[byId(doc, 'd')], 1350);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(requests, 0);
  });

  test('the viewport is an option', async () => {
    const doc = parseHtml('<body><div id="d">x</div></body>');
    const layout = await engine.layout(doc, { viewport: { width: 800, height: 600 } });
    assert.equal(layout.width[byId(doc, 'd')], 784);
    assert.equal(layout.viewport.width, 800);
    const back = await engine.layout(doc);
    assert.equal(back.width[byId(doc, 'd')], 1350, 'the next page gets the default viewport again');
  });

  test('many pages at once through the pool, each mapped onto its own Doc', async () => {
    const docs = Array.from({ length: 6 }, (_, i) =>
      parseHtml(`<body><div id="d" style="width:${100 + i}px">${i}</div></body>`),
    );
    const layouts = await Promise.all(docs.map((doc) => engine.layout(doc)));
    layouts.forEach((layout, i) => {
      assert.equal(layout.width[byId(docs[i], 'd')], 100 + i);
    });
  });

  test('a page over its time limit fails alone, with a TIMEOUT error', async () => {
    const doc = parseHtml('<body><div id="d">x</div></body>');
    const results = await Promise.allSettled([
      engine.layout(doc),
      engine.layout(doc, { timeoutMs: 1 }),
      engine.layout(doc),
    ]);
    assert.equal(results[0].status, 'fulfilled');
    assert.equal(results[2].status, 'fulfilled');
    assert.equal(results[1].status, 'rejected');
    const reason = (results[1] as PromiseRejectedResult).reason;
    assert.ok(isPithError(reason), String(reason));
    assert.equal(reason.code, 'TIMEOUT');
    // The pool still works.
    const again = await engine.layout(doc);
    assert.equal(again.width[byId(doc, 'd')], 1350);
  });

  test('after a browser crash the next page relaunches it', async () => {
    const before = engine.launches;
    await engine.crashBrowserForTesting();
    const doc = parseHtml('<body><div id="d">after the crash</div></body>');
    const layout = await engine.layout(doc);
    assert.equal(layout.width[byId(doc, 'd')], 1350);
    assert.equal(engine.launches, before + 1);
  });
});

describe('closing the browser', { skip: browserSkip }, () => {
  test('leaves no Chromium process behind, and a closed engine refuses work', async () => {
    const engine = await BrowserLayoutEngine.launch({ concurrency: 2 });
    await Promise.all([engine.layout(parseHtml('<p>a</p>')), engine.layout(parseHtml('<p>b</p>'))]);
    assert.ok(chromiumDescendants().length > 0, 'the browser runs as our child');
    await engine.close();
    await engine.close();
    assert.ok(
      await eventually(() => chromiumDescendants().length === 0),
      `left behind: ${chromiumDescendants().join(', ')}`,
    );
    await assert.rejects(engine.layout(parseHtml('<p>c</p>')), /closed/);
  });
});
