import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import iconv from 'iconv-lite';
import {
  EXTRACTORS,
  type ExtractorParameter,
  extract,
  formatExtraction,
} from '../../packages/pith/src/index.js';
import type { PithServer } from '../../packages/server/src/index.js';
import { HAS_SAMPLE } from '../helpers.js';
import { ARTICLE_HTML, postRaw, samplePage, testServer } from './helpers.js';

let server: PithServer;

before(() => {
  server = testServer({ concurrency: 2, maxBatch: 3 });
});
after(async () => {
  await server?.close();
});

async function post(payload: unknown, url = '/v1/extract') {
  const response = await server.app.inject({ method: 'POST', url, payload: payload as object });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

describe('GET /v1/extractors', () => {
  test('lists every extractor of the registry with its parameters and defaults', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1/extractors' });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.default, 'pith');
    assert.deepEqual(
      body.extractors.map((extractor: { name: string }) => extractor.name),
      Object.keys(EXTRACTORS),
    );
    for (const listed of body.extractors) {
      const registered = EXTRACTORS[listed.name as keyof typeof EXTRACTORS];
      assert.equal(listed.version, registered.version);
      const parameters = registered.parameters as readonly ExtractorParameter[];
      assert.deepEqual(
        listed.parameters.map((parameter: ExtractorParameter) => [parameter.name, parameter.default]),
        parameters.map((parameter) => [parameter.name, parameter.default]),
      );
    }
    assert.equal(
      body.extractors.find((extractor: { name: string }) => extractor.name === 'vce').needsLayout,
      true,
    );
  });
});

describe('POST /v1/extract', () => {
  test('a JSON body gives what the library gives, with metadata', async () => {
    const { status, body } = await post({ html: ARTICLE_HTML, url: 'https://fieldnotes.example/rivers' });
    assert.equal(status, 200);
    const expected = extract(ARTICLE_HTML, { url: 'https://fieldnotes.example/rivers' });
    // The page record (schemas/record.schema.json): the content in the column of its format.
    assert.equal(body.markdown, expected.content);
    assert.match(body.markdown, /oxbow lake/);
    assert.ok(!body.markdown.includes('Privacy'));
    assert.equal(body.text, null, 'a format not asked for is null');
    assert.equal(body.url, 'https://fieldnotes.example/rivers');
    assert.deepEqual(
      [body.extractor, body.extractorVersion],
      [expected.extractor.name, expected.extractor.version],
    );
    assert.equal(body.title, 'Why Rivers Bend');
    // The library's authors (a lone <meta name="author"> the learned choice may leave out, issue 42).
    assert.deepEqual(body.authors, expected.metadata.authors);
    assert.equal(body.published, null, 'unknown metadata is null, not missing');
    assert.equal(body.encoding, null);
    assert.equal(typeof body.ms, 'number');
  });

  test('renderings, the kept view and the plot on request', async () => {
    const { status, body } = await post({
      html: ARTICLE_HTML,
      extractor: 'ttr',
      include: ['markdown', 'html', 'text', 'view', 'plot'],
    });
    assert.equal(status, 200);
    const { extraction } = extract(ARTICLE_HTML, { extractor: 'ttr' });
    const options = { images: true, links: true, title: 'Why Rivers Bend' };
    for (const format of ['markdown', 'html', 'text'] as const) {
      const expected = formatExtraction(extraction, format, options);
      // markdown is the format's own (the body without its title); the others are renderings.
      if (format !== 'markdown') assert.equal(body[format], expected, format);
      else assert.ok(body.markdown.length > 0);
    }
    assert.match(body.plot, /^<svg[\s>]/);
    assert.match(body.view.html, /data-pith-state="kept"/);
    assert.ok(body.view.keptText > 0 && body.view.keptText <= body.view.totalText);

    const pith = await post({ html: ARTICLE_HTML, include: ['plot'] });
    assert.equal(pith.body.plot, null, 'pith selects nodes, not lines: no plot');
    assert.equal(pith.body.view, undefined, 'nothing that was not asked for');
  });

  test('every output format', async () => {
    const json = await post({ html: ARTICLE_HTML, format: 'json', contentFormat: 'markdown' });
    assert.equal(json.status, 200);
    assert.match(json.body.markdown, /oxbow lake/, 'json: the record, the content in contentFormat');
    assert.equal(json.body.text, null);
    const xml = await post({ html: ARTICLE_HTML, format: 'xml' });
    assert.match(xml.body.xml, /^<\?xml/);
    const text = await post({ html: ARTICLE_HTML, format: 'text' });
    assert.ok(!text.body.text.includes('#'));
    const html = await post({ html: ARTICLE_HTML, format: 'html' });
    assert.ok(!/<script/i.test(html.body.html));
  });

  test('extractor parameters, typed, and diagnostics', async () => {
    const { status, body } = await post({
      html: ARTICLE_HTML,
      extractor: 'ttr',
      options: { method: 'kmeans', radius: 1 },
      diagnostics: true,
    });
    assert.equal(status, 200);
    assert.equal(body.extractor, 'ttr');
    assert.equal(typeof body.diagnostics, 'object');
    assert.ok(body.diagnostics !== null);
  });

  test('a raw HTML body is decoded with the charset of its Content-Type', async () => {
    const page = '<html><body><article><p>Café crème, déjà vu: à la carte.</p></article></body></html>';
    const response = await postRaw(
      server,
      '/v1/extract?format=text&extractor=all-text',
      iconv.encode(page, 'windows-1252'),
      'text/html; charset=windows-1252',
    );
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.encoding, 'windows-1252');
    assert.equal(body.text, 'Café crème, déjà vu: à la carte.');
  });

  test('query-string parameters: option=name=value typed by the extractor, include as a list', async () => {
    const response = await postRaw(
      server,
      '/v1/extract?extractor=ttr&option=radius=1&option=method=threshold&include=view,plot',
      ARTICLE_HTML,
    );
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.ok(body.view && body.plot);

    const wrongType = await postRaw(server, '/v1/extract?extractor=ttr&option=radius=wide', ARTICLE_HTML);
    assert.equal(wrongType.statusCode, 400);
    assert.equal(wrongType.json().error.code, 'BAD_OPTION');
  });

  test('caller mistakes are 400s with the PithError code and a message that says what to do', async () => {
    const cases: [unknown, number, string, RegExp][] = [
      [{ html: 'x', extractor: 'nope' }, 400, 'UNKNOWN_EXTRACTOR', /choose from pith/],
      [{ html: 'x', format: 'pdf' }, 400, 'UNKNOWN_FORMAT', /choose from/],
      [{ html: 'x', extractor: 'ttr', options: { nope: 1 } }, 400, 'BAD_OPTION', /no parameter 'nope'/],
      [{ html: 'x', extractor: 'ttr', options: { radius: 'wide' } }, 400, 'BAD_OPTION', /must be a number/],
      [{ html: 'x', extracter: 'ttr' }, 400, 'BAD_REQUEST', /additional properties/],
      [{ html: 'x', include: ['pdf'] }, 400, 'BAD_REQUEST', /allowed values/],
      [{ format: 'text' }, 400, 'BAD_REQUEST', /html .*or url/],
    ];
    for (const [payload, status, code, message] of cases) {
      const response = await post(payload);
      assert.equal(response.status, status, JSON.stringify(payload));
      assert.equal(response.body.error.code, code, JSON.stringify(payload));
      assert.match(response.body.error.message, message);
      assert.match(String(response.headers['content-type']), /^application\/json/);
    }
  });

  test('bad bodies: invalid JSON, empty raw body, an unsupported media type', async () => {
    const invalid = await postRaw(server, '/v1/extract', '{"html": ', 'application/json');
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json().error.code, 'BAD_REQUEST');

    const empty = await postRaw(server, '/v1/extract', '');
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().error.code, 'BAD_REQUEST');

    const image = await postRaw(server, '/v1/extract', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    assert.equal(image.statusCode, 415);
    assert.equal(image.json().error.code, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('sample pages from the shared datasets', {
    skip: HAS_SAMPLE ? false : 'no sample datasets',
  }, async () => {
    const html = samplePage('readability-testpages', '001', 'source.html');
    const { status, body } = await post({ html, include: ['view'] });
    assert.equal(status, 200);
    assert.match(body.markdown, /code coverage/i);
    assert.ok(!/<script/i.test(body.view.html), 'the kept view has no scripts');
  });
});

describe('chunks (issue 41)', () => {
  test('POST /v1/extract with chunks answers JSON Lines of chunk records', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/extract',
      payload: {
        html: ARTICLE_HTML,
        url: 'https://example.com/a',
        chunks: true,
        maxTokens: 40,
        tokenizer: 'characters',
      },
    });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/x-ndjson/);
    const records = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.ok(records.length > 1);
    for (const record of records) {
      assert.equal(record.url, 'https://example.com/a');
      assert.equal(record.tokenizer, 'characters/4');
      assert.equal(record.chunkCount, records.length);
      assert.equal(typeof record.text, 'string');
      if (record.split === undefined) assert.ok(record.tokens <= 40);
    }
  });
});

describe('comments apart (the option the CLI and the library have)', () => {
  const page = `<html><head><title>Rivers | Blog</title></head><body>
<article class="post"><h1>Rivers</h1><p>${'Rivers meander because the outer bank erodes faster than the inner one. '.repeat(4)}</p></article>
<div id="comments"><h3>Comments</h3><ol class="commentlist">
<li class="comment" id="comment-1"><cite class="fn">Ann</cite> <time datetime="2024-02-03">3 Feb</time><div class="comment-content"><p>Lovely piece.</p></div></li>
<li class="comment" id="comment-2"><cite class="fn">Ben</cite> <time datetime="2024-02-04">4 Feb</time><div class="comment-content"><p>What about deltas?</p></div></li>
</ol></div></body></html>`;

  test('comments: true gives what the library gives: a final section and a list', async () => {
    const { status, body } = await post({ html: page, extractor: 'all-text', comments: true });
    assert.equal(status, 200);
    // The page record: the body in `markdown`, the comments in their own field (not a final section).
    const expected = JSON.parse(
      extract(page, { extractor: 'all-text', comments: true, format: 'json', contentFormat: 'markdown' })
        .content,
    );
    assert.equal(body.markdown, expected.markdown);
    assert.doesNotMatch(body.markdown, /^## Comments$/m);
    assert.deepEqual(body.comments, [
      { author: 'Ann', date: '2024-02-03', text: 'Lovely piece.' },
      { author: 'Ben', date: '2024-02-04', text: 'What about deltas?' },
    ]);
    const without = await post({ html: page, extractor: 'all-text' });
    assert.equal(without.body.comments, null);
    assert.doesNotMatch(
      without.body.markdown,
      /^## Comments$/m,
      "no final section: the page's own heading only",
    );
  });

  test('in the query string too', async () => {
    const response = await postRaw(server, '/v1/extract?extractor=all-text&comments=true&format=text', page);
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().comments.length, 2);
  });
});

describe('GET /v1/extract', () => {
  test('needs a url', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1/extract?format=text' });
    assert.equal(response.statusCode, 400);
    assert.match(response.json().error.message, /url/);
  });
});

describe('POST /v1/extract/batch', () => {
  test('streams one JSON line per page, errors in their own lines', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/extract/batch',
      payload: {
        format: 'text',
        pages: [
          { id: 'article', html: ARTICLE_HTML },
          { id: 'blocked', url: 'http://10.0.0.1/' },
          { html: '<p>Just one short paragraph of text.</p>' },
        ],
      },
    });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/x-ndjson/);
    const lines = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(lines.length, 3);
    const byIndex = new Map(lines.map((line) => [line.index, line]));
    assert.deepEqual([...byIndex.keys()].sort(), [0, 1, 2]);
    assert.equal(byIndex.get(0).id, 'article');
    assert.match(byIndex.get(0).result.text, /oxbow lake/);
    assert.equal(byIndex.get(1).id, 'blocked');
    assert.equal(byIndex.get(1).error.code, 'FETCH_BLOCKED');
    assert.equal(byIndex.get(2).id, undefined);
    assert.equal(byIndex.get(2).result.text, 'Just one short paragraph of text.');
  });

  test('more pages than --max-batch, or a page with neither html nor url, is a 400', async () => {
    const tooMany = await post({ pages: [1, 2, 3, 4].map(() => ({ html: 'x' })) }, '/v1/extract/batch');
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.error.message, /more than 3/);
    const empty = await post({ pages: [{ html: 'x' }, { id: 'nothing' }] }, '/v1/extract/batch');
    assert.equal(empty.status, 400);
    assert.match(empty.body.error.message, /pages\/1/);
  });
});

describe('service endpoints', () => {
  test('healthz reports the pool', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.status, 'ok');
    assert.equal(body.pool.concurrency, 2);
    assert.equal(body.pool.queueLimit, 4);
  });

  test('metrics: Prometheus text with requests, latency histogram, errors and in-flight', async () => {
    await post({ html: ARTICLE_HTML });
    await post({ html: 'x', extractor: 'nope' });
    const response = await server.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
    assert.ok(
      value(/^pith_http_requests_total\{route="\/v1\/extract",method="POST",status="200"\} (\d+)$/m) >= 1,
    );
    assert.ok(
      value(/^pith_http_requests_total\{route="\/v1\/extract",method="POST",status="400"\} (\d+)$/m) >= 1,
    );
    assert.ok(value(/^pith_errors_total\{code="UNKNOWN_EXTRACTOR"\} (\d+)$/m) >= 1);
    // The request asking for the metrics is itself in flight.
    assert.equal(value(/^pith_http_requests_in_flight (\d+)$/m), 1);
    // Histogram buckets are cumulative and end with +Inf = count.
    const buckets = [
      ...text.matchAll(
        /^pith_http_request_duration_seconds_bucket\{route="\/v1\/extract",le="([^"]+)"\} (\d+)$/gm,
      ),
    ].map((match) => Number(match[2]));
    assert.ok(buckets.length > 2);
    for (let i = 1; i < buckets.length; i++) assert.ok(buckets[i] >= buckets[i - 1]);
    assert.equal(
      buckets[buckets.length - 1],
      value(/^pith_http_request_duration_seconds_count\{route="\/v1\/extract"\} (\d+)$/m),
    );
    for (const line of text.trimEnd().split('\n')) {
      assert.match(line, /^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? [\d.e+-]+)$/, line);
    }
  });

  test('unknown routes are JSON 404s; API answers carry safety headers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v2/nothing?x=1' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { error: { code: 'NOT_FOUND', message: 'no route GET /v2/nothing' } });
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
  });

  test('the web page and its assets, with a CSP that allows no inline or foreign script', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.ok(!/<script>/.test(page.body), 'no inline script');
    assert.match(page.body, /<script type="module" src="\/assets\/app\.js"><\/script>/);

    const script = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /^text\/javascript/);
    assert.match(script.body, /\/v1\/extract/);
    assert.ok(!/^\s*import\s/m.test(script.body), 'the browser gets one self-contained module');
    const style = await server.app.inject({ method: 'GET', url: '/assets/app.css' });
    assert.equal(style.statusCode, 200);
    const missing = await server.app.inject({ method: 'GET', url: '/assets/nope.js' });
    assert.equal(missing.statusCode, 404);
  });
});
