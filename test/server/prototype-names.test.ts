/**
 * The service never lets a client-sent name find Object.prototype's members (issue 36, item 10):
 * every own name of Object.prototype as an extractor (JSON body, query string, a job), a format,
 * a content format, an extractor option (body and query), a model and an `include`, is the
 * clear 400 an unknown name gets; and a page's own names (tags, attributes) never become function
 * text in the kept view. `{"extractor": "toString"}` answered 500 INTERNAL; a job with it was
 * accepted for every page to fail; a <constructor> element became `<function Object() {…}>`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PithServer } from '../../packages/server/src/index.js';
import type { JobRequestBody } from '../../packages/server/src/options.js';
import { PROTOTYPE_NAMES } from '../helpers.js';
import { ARTICLE_HTML, testServer } from './helpers.js';

const FUNCTION_TEXT = /native code|function \w*\(|\[object /;

describe('client-sent names that are Object.prototype members', () => {
  let server: PithServer;
  const submitted: JobRequestBody[] = [];

  before(() => {
    server = testServer({
      jobs: {
        submit: async (request) => {
          submitted.push(request);
          return { id: 'urls-00000000000000000000000000000000', existing: false };
        },
        view: async () => undefined,
        results: async () => undefined,
        close: async () => undefined,
      },
    });
  });
  after(async () => {
    await server?.close();
  });

  const post = (url: string, payload: string) =>
    server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const json = (value: unknown) => JSON.stringify(value);
  const refused = (response: { statusCode: number; body: string }, code: string | RegExp, what: string) => {
    assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
    const error = JSON.parse(response.body).error as { code: string; message: string };
    if (typeof code === 'string') assert.equal(error.code, code, `${what}: ${error.message}`);
    else assert.match(error.code, code, `${what}: ${error.message}`);
  };

  for (const name of PROTOTYPE_NAMES) {
    test(`'${name}': 400 as an extractor, a format, an option, a model, an include, a job's extractor`, async () => {
      const html = ARTICLE_HTML;
      const page = encodeURIComponent(html);
      refused(
        await post('/v1/extract', json({ html, extractor: name })),
        'UNKNOWN_EXTRACTOR',
        'body extractor',
      );
      refused(
        await get(`/v1/extract?url=https://example.com/&extractor=${name}`),
        'UNKNOWN_EXTRACTOR',
        'query',
      );
      refused(
        await server.app.inject({
          method: 'POST',
          url: `/v1/extract?extractor=${name}`,
          headers: { 'content-type': 'text/html' },
          payload: html,
        }),
        'UNKNOWN_EXTRACTOR',
        'raw page, query extractor',
      );
      // The schema or the settings refuse it; either way a 400 with a code, never a 500.
      refused(
        await post('/v1/extract', json({ html, format: name })),
        /^(UNKNOWN_FORMAT|BAD_REQUEST)$/,
        'format',
      );
      refused(
        await post('/v1/extract', json({ html, format: 'json', contentFormat: name })),
        /^(UNKNOWN_FORMAT|BAD_REQUEST)$/,
        'contentFormat',
      );
      refused(await post('/v1/extract', json({ html, include: [name] })), 'BAD_REQUEST', 'include');
      // A JSON key '__proto__' is refused by the body parser itself (a 400 too).
      refused(
        await post('/v1/extract', `{"html": ${json(html)}, "options": {${json(name)}: 1}}`),
        /^(BAD_OPTION|BAD_REQUEST)$/,
        'option name',
      );
      refused(
        await get(`/v1/extract?url=https://example.com/&option=${name}=1`),
        /^(BAD_OPTION|BAD_REQUEST)$/,
        'query option',
      );
      for (const extractor of ['density', 'mss', 'pith']) {
        refused(
          await post('/v1/extract', json({ html, extractor, options: { model: name } })),
          'BAD_OPTION',
          `${extractor} model`,
        );
      }
      const before = submitted.length;
      refused(
        await post('/v1/jobs', json({ urls: ['https://example.com/'], extractor: name })),
        'UNKNOWN_EXTRACTOR',
        'job extractor',
      );
      assert.equal(submitted.length, before, 'the job never reached the queue');
      assert.ok(page.length > 0);
    });
  }

  test('a job with a known extractor still reaches the queue', async () => {
    const response = await post('/v1/jobs', json({ urls: ['https://example.com/'], extractor: 'ttr' }));
    assert.equal(response.statusCode, 202, response.body);
    assert.equal(submitted.at(-1)?.extractor, 'ttr');
  });

  test("a page's own names never become function text in the kept view", async () => {
    const names = PROTOTYPE_NAMES.filter((name) => /^[a-z]/i.test(name));
    const html = `<html><body><article><h1>Rivers</h1>${names
      .map(
        (name) =>
          `<${name} ${name}="x" role="${name}"><p>Rivers rarely run straight for long, as every map of a valley shows (${name}).</p></${name}>`,
      )
      .join('\n')}</article></body></html>`;
    const response = await post('/v1/extract', json({ html, include: ['view', 'html', 'markdown', 'text'] }));
    assert.equal(response.statusCode, 200, response.body);
    const result = response.json();
    const answer = JSON.stringify(result);
    assert.ok(!FUNCTION_TEXT.test(answer), `function text: ${String(answer.match(FUNCTION_TEXT)?.[0])}`);
    for (const format of ['html', 'markdown', 'text']) assert.match(result[format], /valley shows/);
    // The elements are written under their own names (they are safe names), not replaced.
    assert.match(result.view.html, /<constructor[ >]/);
  });
});
