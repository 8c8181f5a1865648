// The library's browser bundle in Deno and in Bun (their binaries from npm: the devDependencies `deno`
// and `bun`): the README's example, sample pages and legacy encodings, each output byte-identical to Node's.
import { test } from 'node:test';
import { assertSameAsNode, nodeOutputs, runtimeCases } from './cases.js';
import { runInCommand } from './command-runtimes.js';
import { missingRuntime, requireBinary, runtimeBinary } from './library.js';

const cases = runtimeCases();
const deno = runtimeBinary('deno');
const bun = runtimeBinary('bun');

test("deno: the examples extracted byte-identical to Node's", {
  skip: missingRuntime('deno', deno),
}, async (t) => {
  const runtime = {
    name: 'deno',
    binary: requireBinary('deno', deno),
    args: () => ['run', '--no-config', '--no-prompt', '--allow-read'],
    readText: 'Deno.readTextFile(path)',
    env: { DENO_NO_UPDATE_CHECK: '1' },
  };
  t.diagnostic(assertSameAsNode('deno', await runInCommand(runtime, cases), await nodeOutputs(cases)));
});

test("bun: the examples extracted byte-identical to Node's", {
  skip: missingRuntime('bun', bun),
}, async (t) => {
  const runtime = {
    name: 'bun',
    binary: requireBinary('bun', bun),
    args: () => ['run'],
    readText: 'Bun.file(path).text()',
  };
  t.diagnostic(assertSameAsNode('bun', await runInCommand(runtime, cases), await nodeOutputs(cases)));
});
