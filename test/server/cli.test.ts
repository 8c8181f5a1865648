import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CommanderError } from 'commander';
import { serveCommand } from '../../packages/cli/src/serve-command.js';
import { isLoopback, startupWarnings } from '../../packages/server/src/index.js';
import { PITH_ARGV, REPO_ROOT } from '../helpers.js';
import { eventually, startServe } from './helpers.js';

/** Runs `pith serve ARGS` expecting it to refuse to start; its exit code and standard error. */
function refusedServe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...PITH_ARGV, 'serve', '--port', '0', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

/** Parses `pith serve ARGS` in this process, without running it. */
async function parseServe(args: string[]): Promise<CommanderError> {
  const command = serveCommand()
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined })
    .action(() => undefined);
  try {
    await command.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error;
    throw error;
  }
  throw new Error(`pith serve ${args.join(' ')} was accepted`);
}

describe('pith serve (CLI)', () => {
  test('--help explains every flag with its default', () => {
    // Read as words: where commander wraps a line depends on the longest flag.
    const help = serveCommand().helpInformation().replace(/\s+/g, ' ');
    for (const flag of [
      '--host',
      '--port',
      '--max-body',
      '--timeout',
      '--concurrency',
      '--max-heap',
      '--queue',
      '--max-batch',
      '--request-timeout',
      '--api-key-file',
      '--rate-limit',
      '--rate-window',
      '--max-connections',
      '--send-timeout',
      '--max-answer',
      '--max-unsent',
      '--allow-host',
      '--auth-failures',
    ]) {
      assert.match(help, new RegExp(`${flag} <`), flag);
    }
    assert.match(help, /default: "127\.0\.0\.1"/);
    assert.match(help, /default: 10mb/);
    assert.match(help, /--max-heap <mb> .*\(default: 384\)/);
    assert.match(help, /503 with Retry-After/);
  });

  test('bad flag values are refused with a message', async () => {
    for (const args of [
      ['--max-body', '10zb'],
      ['--port', '-1'],
      ['--timeout', 'soon'],
      ['--concurrency', '0'],
      ['--max-heap', '8'],
      ['--rate-limit', '0'],
      ['--rate-window', 'hourly'],
      ['--max-connections', '0'],
      ['--send-timeout', 'soon'],
      ['--max-answer', '1zb'],
      ['--max-unsent', '-1'],
      ['--auth-failures', '-1'],
    ]) {
      const error = await parseServe(args);
      assert.equal(error.code, 'commander.invalidArgument', args.join(' '));
      assert.match(error.message, /error: option/);
    }
  });

  test('starts on 127.0.0.1, answers, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [...PITH_ARGV, 'serve', '--port', '0', '--concurrency', '1'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const address = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (chunk: string) => {
          stderr += chunk;
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
          if (match) resolve(match[1]);
        });
        child.once('exit', () => reject(new Error(`exited before listening: ${stderr}`)));
      });
      const health = await fetch(`${address}/healthz`);
      assert.equal(health.status, 200);
      const extracted = await fetch(`${address}/v1/extract?format=text`, {
        method: 'POST',
        headers: { 'content-type': 'text/html' },
        body: '<article><p>A sentence of plain content, long enough to be kept as the article.</p></article>',
      });
      assert.equal(extracted.status, 200);
      assert.match((await extracted.json()).text, /plain content/);
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.match(stderr, /stopping/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  test('loopback addresses, and the warnings beyond them', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      assert.equal(isLoopback(host), true, host);
      assert.deepEqual(startupWarnings({ host, apiKeys: false, rateLimit: false }), [], host);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.4', 'example.com', '128.0.0.1']) {
      assert.equal(isLoopback(host), false, host);
    }
    const open = startupWarnings({ host: '0.0.0.0', apiKeys: false, rateLimit: false });
    assert.equal(open.length, 2);
    assert.match(open[0], /0\.0\.0\.0.*no API key.*--api-key-file/);
    assert.match(open[1], /no per-client rate limit.*--rate-limit/);
    assert.deepEqual(startupWarnings({ host: '0.0.0.0', apiKeys: true, rateLimit: true }), []);
  });
});

describe('pith serve beyond this machine', () => {
  let folder: string;
  let keyFile: string;
  const key = 'cli-test-key-4f7a9c2e81d3b605';
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'pith-serve-'));
    keyFile = join(folder, 'keys.txt');
    writeFileSync(keyFile, `# keys of the test\n${key}\n`);
    chmodSync(keyFile, 0o600);
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  test('--api-key-file and --rate-limit: 401 without the key, 200 with it, 429 past the limit', async () => {
    const serve = await startServe(['--concurrency', '1', '--api-key-file', keyFile, '--rate-limit', '3']);
    try {
      assert.match(serve.stderr(), /1 API key, 3 requests per 60 s per client/);
      assert.ok(!serve.stderr().includes('warning'), serve.stderr());
      const health = await fetch(`${serve.address}/healthz`);
      assert.equal(health.status, 200, '/healthz stays open');
      const refused = await fetch(`${serve.address}/v1/extractors`);
      assert.equal(refused.status, 401);
      assert.match(refused.headers.get('www-authenticate') ?? '', /^Bearer realm="pith"/);
      const headers = { authorization: `Bearer ${key}` };
      for (let i = 0; i < 3; i++)
        assert.equal((await fetch(`${serve.address}/v1/extractors`, { headers })).status, 200);
      const limited = await fetch(`${serve.address}/v1/extractors`, { headers });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      assert.equal((await limited.json()).error.code, 'RATE_LIMITED');
      assert.equal(await serve.stop(), 0);
    } finally {
      await serve.stop();
    }
  });

  test('the outbox and host flags reach the server; --max-answer over --max-unsent is refused', async () => {
    const serve = await startServe([
      '--concurrency',
      '1',
      '--allow-host',
      'pith.test',
      '--max-answer',
      '1kb',
    ]);
    try {
      const port = Number(new URL(serve.address).port);
      const statusFor = (host: string) =>
        new Promise<number>((resolve, reject) => {
          request({ host: '127.0.0.1', port, path: '/healthz', headers: { host } }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
            .on('error', reject)
            .end();
        });
      assert.equal(await statusFor('pith.test:8080'), 200);
      assert.equal(await statusFor('rebound.example'), 421);
      const large = await fetch(`${serve.address}/v1/extract?include=view`, {
        method: 'POST',
        headers: { 'content-type': 'text/html' },
        body: `<article><p>${'A sentence of the article, long enough to be kept. '.repeat(100)}</p></article>`,
      });
      assert.equal((await large.json()).error?.code, 'ANSWER_TOO_LARGE');
    } finally {
      await serve.stop();
    }
    const refused = await refusedServe(['--max-answer', '300mb']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--max-answer .* is over --max-unsent/);
  });

  test('a key file that is missing, a directory, or holds no usable key: exit 2 before listening', async () => {
    const bad = join(folder, 'bad.txt');
    writeFileSync(bad, 'too-short\n');
    for (const [file, message] of [
      [join(folder, 'missing.txt'), /no such file/],
      [folder, /not a regular file/],
      [bad, /line 1 is not a usable key/],
    ] as const) {
      const { code, stderr } = await refusedServe(['--api-key-file', file]);
      assert.equal(code, 2, stderr);
      assert.match(stderr, message);
      assert.ok(!stderr.includes('too-short'), 'the file’s content is not repeated');
      assert.ok(!stderr.includes('listening'));
    }
  });

  test('a key file other users can read is used, with a warning', async () => {
    const shared = join(folder, 'shared.txt');
    writeFileSync(shared, `${key}\n`);
    chmodSync(shared, 0o644);
    const serve = await startServe(['--concurrency', '1', '--api-key-file', shared]);
    try {
      assert.ok(
        await eventually(() => /warning: .*readable by other users/.test(serve.stderr())),
        serve.stderr(),
      );
    } finally {
      await serve.stop();
    }
  });

  test('listening on every address without keys prints the warning', async () => {
    // Nothing is sent to any address but 127.0.0.1; the server is up only for the warning.
    const serve = await startServe(['--concurrency', '1', '--host', '0.0.0.0']);
    try {
      const warning = /warning: listening on 0\.0\.0\.0, reachable from the network, with no API key/;
      assert.ok(await eventually(() => warning.test(serve.stderr())), serve.stderr());
    } finally {
      await serve.stop();
    }
  });
});
