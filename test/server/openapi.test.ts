/**
 * Keeps /openapi.json true: every route the server has is documented and every
 * documented operation exists; real responses (successes and errors, from every
 * endpoint) validate against the documented schemas, whose objects forbid undocumented
 * fields; and every status code seen is a documented one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv, type ValidateFunction } from 'ajv';
import type { PithServer } from '../../packages/server/src/index.js';
import { ARTICLE_HTML, localServer, testServer } from './helpers.js';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
  components: { schemas: Record<string, object> };
};

let server: PithServer;
let document: Document;
let ajv: Ajv;
/** Status codes each documented operation was seen to answer. */
const seen = new Map<string, Set<number>>();

before(async () => {
  server = testServer({ concurrency: 2, maxBatch: 5 });
  const response = await server.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(response.statusCode, 200);
  document = response.json();
  ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true });
  ajv.addSchema({ $id: 'openapi.json', components: document.components });
});
after(async () => {
  await server?.close();
});

function validator(name: string): ValidateFunction {
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`);
  assert.ok(validate, `schema ${name} is documented`);
  return validate;
}

function assertValid(name: string, value: unknown): void {
  const validate = validator(name);
  assert.ok(
    validate(value),
    `${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`,
  );
}

/** Calls the server, checks the answer against the documented operation, returns it. */
async function call(method: 'GET' | 'POST', path: string, url: string, payload?: unknown, headers = {}) {
  const response = await server.app.inject({ method, url, payload: payload as string, headers });
  const operation = document.paths[path]?.[method.toLowerCase()];
  assert.ok(operation, `${method} ${path} is documented`);
  const status = response.statusCode;
  assert.ok(operation.responses[String(status)], `${method} ${path}: status ${status} is documented`);
  const key = `${method} ${path}`;
  seen.set(key, (seen.get(key) ?? new Set()).add(status));
  if (status >= 400) assertValid('Error', response.json());
  return response;
}

describe('/openapi.json', () => {
  test('is OpenAPI 3.1 with the running limits', () => {
    assert.equal(document.openapi, '3.1.0');
    const batch = document.components.schemas.BatchRequest as { properties: { pages: { maxItems: number } } };
    assert.equal(batch.properties.pages.maxItems, 5);
  });

  test('documents exactly the routes the server has', () => {
    const routes = server.routes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    assert.deepEqual(documented, routes);
  });

  test('extraction answers match ExtractResponse (every optional part included)', async () => {
    const full = await call('POST', '/v1/extract', '/v1/extract', {
      html: ARTICLE_HTML,
      url: 'https://fieldnotes.example/rivers',
      extractor: 'ttr',
      diagnostics: true,
      comments: true,
      include: ['markdown', 'html', 'text', 'view', 'plot'],
    });
    assert.equal(full.statusCode, 200);
    assert.ok(Array.isArray(full.json().comments));
    assertValid('ExtractResponse', full.json());

    const raw = await call('POST', '/v1/extract', '/v1/extract?format=json&extractor=cuter', ARTICLE_HTML, {
      'content-type': 'text/html; charset=utf-8',
    });
    assert.equal(raw.statusCode, 200);
    assertValid('ExtractResponse', raw.json());

    const vce = await call('POST', '/v1/extract', '/v1/extract', { html: ARTICLE_HTML, extractor: 'vce' });
    assertValid('ExtractResponse', vce.json());
    assert.equal(vce.json().layout, 'estimate');
  });

  test('a fetched page matches ExtractResponse, with `fetched`', async () => {
    // Only this test's own page on loopback is allowed; the server under test keeps the default policy.
    const fetching = testServer({ fetch: { isAddressAllowed: (address) => address === '127.0.0.1' } });
    const origin = await localServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(ARTICLE_HTML);
    });
    try {
      const url = `http://127.0.0.1:${origin.port}/rivers`;
      const response = await fetching.app.inject({
        method: 'GET',
        url: `/v1/extract?url=${encodeURIComponent(url)}`,
      });
      assert.equal(response.statusCode, 200);
      assert.ok(document.paths['/v1/extract'].get.responses['200']);
      const body = response.json();
      assertValid('ExtractResponse', body);
      assert.deepEqual(body.fetched, {
        requested: url,
        status: 200,
        contentType: 'text/html; charset=utf-8',
        redirects: [],
      });
      assert.match(body.encoding, /^utf-8$/i, 'decoded with the charset of the response');
    } finally {
      await fetching.close();
      await origin.close();
    }
  });

  test('requests that the schemas refuse are documented errors', async () => {
    await call('POST', '/v1/extract', '/v1/extract', { html: ARTICLE_HTML, extractor: 'nope' });
    await call('POST', '/v1/extract', '/v1/extract', { nothing: true });
    await call('POST', '/v1/extract', '/v1/extract', '<p>x</p>'.repeat(10), { 'content-type': 'image/png' });
    await call('GET', '/v1/extract', '/v1/extract?url=http%3A%2F%2F10.0.0.1%2F');
    await call('GET', '/v1/extract', '/v1/extract');
    await call('POST', '/v1/extract/batch', '/v1/extract/batch', { pages: [] });
  });

  test('jobs without a queue: 501 JOBS_DISABLED; a request that is neither urls nor warc: 400', async () => {
    const id = 'urls-0123456789abcdef0123456789abcdef';
    for (const [method, path, url, payload] of [
      ['POST', '/v1/jobs', '/v1/jobs', { urls: ['https://example.com/a'] }],
      ['GET', '/v1/jobs/{id}', `/v1/jobs/${id}`, undefined],
      ['GET', '/v1/jobs/{id}/results', `/v1/jobs/${id}/results`, undefined],
    ] as const) {
      const response = await call(method, path, url, payload);
      assert.equal(response.statusCode, 501);
      assert.equal(response.json().error.code, 'JOBS_DISABLED');
    }
    for (const payload of [
      {},
      { urls: ['https://example.com/a'], warc: 'a.warc.gz' },
      { urls: ['file:///etc/passwd'] },
    ]) {
      assert.equal((await call('POST', '/v1/jobs', '/v1/jobs', payload)).statusCode, 400);
    }
    assertValid('Job', { id, state: 'completed', kind: 'urls', attemptsMade: 1, counts: null, error: null });
  });

  test('batch lines match BatchLine', async () => {
    const response = await call('POST', '/v1/extract/batch', '/v1/extract/batch', {
      include: ['view'],
      pages: [{ html: ARTICLE_HTML, id: 'a' }, { url: 'http://169.254.169.254/' }],
    });
    assert.equal(response.statusCode, 200);
    const lines = response.body.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    for (const line of lines) assertValid('BatchLine', JSON.parse(line));
  });

  test('extractors, health, metrics, the page and its assets', async () => {
    assertValid('Extractors', (await call('GET', '/v1/extractors', '/v1/extractors')).json());
    assertValid('Health', (await call('GET', '/healthz', '/healthz')).json());
    assert.equal((await call('GET', '/metrics', '/metrics')).statusCode, 200);
    assert.equal((await call('GET', '/', '/')).statusCode, 200);
    assert.equal((await call('GET', '/assets/{name}', '/assets/app.css')).statusCode, 200);
    assert.equal((await call('GET', '/assets/{name}', '/assets/missing.css')).statusCode, 404);
    assert.equal((await call('GET', '/openapi.json', '/openapi.json')).statusCode, 200);
  });

  test('the schemas are strict: an undocumented field fails validation', () => {
    assert.equal(
      validator('Health')({ status: 'ok', version: '1', uptimeSeconds: 1, pool: {}, extra: 1 }),
      false,
    );
    assert.equal(validator('Error')({ error: { code: 'X', message: 'y', detail: 1 } }), false);
  });

  test('every documented operation was exercised', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const operation of operations) assert.ok(seen.has(operation), `${operation} was called`);
  });
});
