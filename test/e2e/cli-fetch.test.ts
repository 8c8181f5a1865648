/**
 * `pith extract URL` against hostile or refused URLs (issue 36, items 3 and 7): chained
 * Content-Encodings refused before decoding, and refusals that tell the machine's own user what
 * was refused and how to allow it. The page server listens on 127.0.0.1 only.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { cliMessage } from '../../src/cli/messages.js';
import { FetchBlockedError, FetchUnresolvedError } from '../../src/internal.js';
import { PITH_ARGV, REPO_ROOT, runPith } from '../helpers.js';
import { layeredOrigin } from '../server/helpers.js';

/** Runs the CLI without blocking this process (its page server answers from here). */
function pithAsync(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...PITH_ARGV, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

const PAGE = '<html><body><article><p>Layered text survives two codings.</p></article></body></html>';

describe('pith extract URL: chained Content-Encodings', () => {
  let origin: Awaited<ReturnType<typeof layeredOrigin>>;

  before(async () => {
    origin = await layeredOrigin(PAGE, [2, 6, 2000]);
  });
  after(async () => {
    await origin?.close();
  });

  test('2 layers are undone', async () => {
    const { code, stdout } = await pithAsync([
      'extract',
      '--allow-private',
      '-f',
      'text',
      `http://127.0.0.1:${origin.port}/?layers=2`,
    ]);
    assert.equal(code, 0);
    assert.match(stdout, /Layered text survives two codings/);
  });

  for (const layers of [6, 2000]) {
    test(`${layers} layers are refused: FETCH_TOO_MANY_ENCODINGS, exit 1`, { timeout: 60_000 }, async () => {
      const url = `http://127.0.0.1:${origin.port}/?layers=${layers}`;
      const { code, stderr } = await pithAsync(['extract', '--allow-private', '--timeout', '3000', url]);
      assert.equal(code, 1);
      assert.match(
        stderr,
        new RegExp(
          `FETCH_TOO_MANY_ENCODINGS: ${layers} chained Content-Encodings \\(at most 5 are undone\\)`,
        ),
      );
    });
  }
});

describe('pith extract URL: refusals told to the local user', () => {
  test('a name resolving to a private address: the address and --allow-private', () => {
    // localhost resolves from /etc/hosts (no query leaves the machine), and is never contacted.
    const { code, stderr } = runPith(['extract', 'http://localhost:9/']);
    assert.equal(code, 1);
    assert.match(
      stderr,
      /FETCH_BLOCKED: localhost resolves to a private or reserved address \((127\.0\.0\.1|::1); --allow-private lets pith fetch it\)/,
    );
  });

  test('the CLI adds what the library keeps out of its messages', () => {
    const literal = new FetchBlockedError('http://10.0.0.1/', '10.0.0.1', '10.0.0.1');
    assert.equal(
      cliMessage(literal),
      'http://10.0.0.1/: 10.0.0.1 is a private or reserved address (--allow-private lets pith fetch it)',
    );
    const name = new FetchBlockedError('http://vm/', 'vm', '192.168.0.7');
    assert.equal(name.message, 'http://vm/: vm resolves to a private or reserved address');
    assert.equal(cliMessage(name), `${name.message} (192.168.0.7; --allow-private lets pith fetch it)`);
    const missing = new FetchUnresolvedError(
      'http://vm/',
      'vm',
      Object.assign(new Error('x'), { code: 'ENOTFOUND' }),
    );
    assert.equal(cliMessage(missing), 'http://vm/: vm could not be resolved (ENOTFOUND)');
  });
});
