import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CommanderError } from 'commander';
import { serveCommand } from '../../src/cli/serve-command.js';
import { REPO_ROOT } from '../helpers.js';

const MAIN = join(REPO_ROOT, 'src/cli/main.ts');

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
    const help = serveCommand().helpInformation();
    for (const flag of [
      '--host',
      '--port',
      '--max-body',
      '--timeout',
      '--concurrency',
      '--queue',
      '--max-batch',
    ]) {
      assert.match(help, new RegExp(`${flag} <`), flag);
    }
    assert.match(help, /default: "127\.0\.0\.1"/);
    assert.match(help, /default: 10mb/);
    assert.match(help, /503 with Retry-After/);
  });

  test('bad flag values are refused with a message', async () => {
    for (const args of [
      ['--max-body', '10zb'],
      ['--port', '-1'],
      ['--timeout', 'soon'],
      ['--concurrency', '0'],
    ]) {
      const error = await parseServe(args);
      assert.equal(error.code, 'commander.invalidArgument', args.join(' '));
      assert.match(error.message, /error: option/);
    }
  });

  test('starts on 127.0.0.1, answers, and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--concurrency', '1'],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
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
      assert.match((await extracted.json()).content, /plain content/);
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.match(stderr, /stopping/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
