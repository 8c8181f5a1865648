// Runs every test/**/*.test.ts with Node's test runner (Node 20 has no glob for --test).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The shipped models as ES modules (the library imports them): built when missing or older.
await import('../packages/pith/scripts/models.mjs');
// The browser bundle that test/runtimes/ runs in Deno, Bun, workerd and Chromium, built once before the
// run (the test files run in parallel: none builds it while another reads it).
const bundle = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/browser-bundle.ts'], {
  stdio: 'inherit',
});
if (bundle.status !== 0) process.exit(bundle.status ?? 1);

function findTests(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

// `--properties`: only the files with a property test (fast-check), e.g. with PITH_FC_RUNS=2000.
const properties = process.argv.includes('--properties');
const filters = process.argv.slice(2).filter((arg) => arg !== '--properties');
const files = findTests('test')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .filter((f) => !properties || readFileSync(f, 'utf8').includes("from 'fast-check'"));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// The run has a process group of its own: whatever a test leaves running (the workers or servers of
// a failed or cancelled test) is killed with the group when the run ends. Signals are passed on.
// The usual reporter (spec on a terminal, TAP in a log), and after it a list of the failed tests with
// their errors (scripts/test-failures-reporter.mjs), so that a log's tail says what failed.
const reporters = [
  `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
  '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/test-failures-reporter.mjs',
  '--test-reporter-destination=stdout',
];
// PITH_FC_RUNS=N: every property runs N cases (scripts/fast-check-runs.mjs).
const preload = process.env.PITH_FC_RUNS ? ['--import', './scripts/fast-check-runs.mjs'] : [];
const run = spawn(
  process.execPath,
  [...preload, '--import', 'tsx', '--test', '--test-concurrency=2', ...reporters, ...files],
  {
    stdio: 'inherit',
    detached: true,
  },
);
const killGroup = (signal) => {
  try {
    process.kill(-run.pid, signal);
  } catch {
    // ESRCH: nothing is left in the group.
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => killGroup(signal));
run.on('exit', (code) => {
  killGroup('SIGKILL');
  process.exit(code ?? 1);
});
