/**
 * Nothing a client sends may name a file, a directory or a device on the server (issue 14):
 * every extractor parameter goes through the API with hostile values, and only the declared
 * service-safe ones (numbers, booleans, choices, shipped model names) get through.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isServiceSafeValue } from '../../packages/pith/src/extractors/index.js';
import { EXTRACTORS, type ExtractorParameter } from '../../packages/pith/src/index.js';
import type { PithServer } from '../../packages/server/src/index.js';
import { ARTICLE_HTML, testServer } from './helpers.js';

let server: PithServer;
let dir: string;
let fifo: string;
let secret: string;

before(() => {
  // A budget that a first extraction in a fresh worker meets on a busy machine too.
  server = testServer({ concurrency: 2, queue: 8, timeoutMs: 30_000 });
  dir = mkdtempSync(join(tmpdir(), 'pith-no-files-'));
  secret = join(dir, 'secret.json');
  writeFileSync(secret, 'root:*:20000:0:99999:7:::\n');
  fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
});
after(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Values a client could send to make the server touch its file system. */
function hostileValues(): string[] {
  return [
    secret,
    '/etc/passwd',
    '/etc/shadow',
    fifo,
    dir,
    '/dev/zero',
    '../models/density.json',
    'file:///etc/passwd',
    join(dir, 'missing.json'),
  ];
}

async function postOptions(extractor: string, options: Record<string, unknown>) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/extract',
    payload: { html: ARTICLE_HTML, extractor, options },
  });
  return { status: response.statusCode, text: response.body };
}

describe('the service never opens a file a client names', () => {
  for (const [name, extractor] of Object.entries(EXTRACTORS)) {
    const parameters = extractor.parameters as readonly ExtractorParameter[];
    for (const parameter of parameters) {
      test(`${name}.${parameter.name}: hostile values are refused without a word of them`, async () => {
        const values: unknown[] = hostileValues();
        for (const value of values) {
          const { status, text } = await postOptions(name, { [parameter.name]: value });
          assert.equal(status, 400, `${name}.${parameter.name} = ${JSON.stringify(value)}: ${text}`);
          const body = JSON.parse(text) as { error: { code: string; message: string } };
          assert.equal(body.error.code, 'BAD_OPTION');
          for (const leak of [
            'root:',
            'not JSON',
            'not found',
            dir,
            '/etc/',
            '/dev/',
            'packages/pith/models/',
          ]) {
            assert.ok(!body.error.message.includes(leak), `message repeats '${leak}': ${body.error.message}`);
          }
        }
      });
      test(`${name}.${parameter.name}: its default and declared values pass`, async () => {
        const allowed = [parameter.default, ...(parameter.choices ?? []), ...(parameter.models ?? [])];
        for (const value of allowed) {
          assert.ok(isServiceSafeValue(parameter, value), `${name}.${parameter.name} = ${String(value)}`);
        }
        if (name === 'vce') return; // the estimate runs the same code; one extraction is enough below
        const { status, text } = await postOptions(name, { [parameter.name]: parameter.default });
        assert.equal(status, 200, text);
      });
    }
  }

  test('a shipped model by name works through the service', async () => {
    for (const [extractor, model] of [
      ['pith', 'pith-blocks'],
      ['pith', 'none'],
      ['density', 'density'],
    ] as const) {
      const { status, text } = await postOptions(extractor, { model });
      assert.equal(status, 200, `${extractor} model=${model}: ${text}`);
      assert.match(JSON.parse(text).markdown, /oxbow lake/);
    }
  });

  test('the query string is held to the same rule', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/v1/extract?option=model=${encodeURIComponent(fifo)}`,
      headers: { 'content-type': 'text/html' },
      payload: ARTICLE_HTML,
    });
    assert.equal(response.statusCode, 400);
    assert.ok(!response.body.includes(fifo));
  });

  test('a FIFO never blocks a worker: the pool still answers afterwards', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postOptions('density', { model: fifo })),
    );
    for (const answer of answers) assert.equal(answer.status, 400);
    const { status } = await postOptions('pith', {});
    assert.equal(status, 200);
    assert.equal(server.pool.running, 0);
  });

  test('an unknown parameter name is refused and not echoed when it is not a plain name', async () => {
    const { status, text } = await postOptions('pith', { [secret]: 1 });
    assert.equal(status, 400);
    assert.ok(!text.includes(secret));
  });
});

describe('the library refuses a model that is not a regular file', () => {
  test('a FIFO, a directory or a device fails at once with BAD_OPTION', async () => {
    const { extract } = await import('../../packages/pith/src/index.js');
    for (const [extractor, path] of [
      ['pith', fifo],
      ['density', fifo],
      ['pith', dir],
      ['density', '/dev/zero'],
    ] as const) {
      assert.throws(
        () => extract(ARTICLE_HTML, { extractor, extractorOptions: { model: path } }),
        (error: { code?: string }) => error.code === 'BAD_OPTION',
        `${extractor} ${path}`,
      );
    }
  });
});
