import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers.js';

const START = path.join(REPO_ROOT, 'test', 'eval', 'fixtures', 'entry', 'start.ts');

describe('bench workers under V8 heap flags', () => {
  // `npm run bench:report` runs with --single-threaded-gc and --max-semi-space-size: those are
  // process-wide, and `new Worker` refuses them in execArgv.
  it('start when the process has process-wide V8 flags, and child processes get Node’s defaults', () => {
    const run = spawnSync(
      process.execPath,
      ['--single-threaded-gc', '--max-semi-space-size=16', '--import', 'tsx', START],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(run.status, 0, run.stderr);
    const [said, childArgv] = run.stdout.trim().split('\n');
    assert.equal(said, 'worker started');
    const argv = JSON.parse(childArgv) as string[];
    assert.ok(!argv.some((arg) => /single-threaded-gc|max-semi-space-size/.test(arg)), childArgv);
  });
});
