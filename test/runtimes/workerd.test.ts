// The library's browser bundle in Cloudflare's workerd (the devDependency `workerd`: the runtime of
// Workers, run on loopback): a worker whose modules are the bundle's files extracts the cases it is
// posted, and every output is byte-identical to Node's.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { assertSameAsNode, nodeOutputs, type RuntimeRun, runtimeCases } from './cases.js';
import {
  BROWSER_BUNDLE_DIR,
  browserBundleFiles,
  HARNESS,
  missingRuntime,
  requireBinary,
  runtimeBinary,
} from './library.js';

const workerd = runtimeBinary('workerd');

const WORKER = `import * as pith from './pith.js';
import { runCases } from './harness.mjs';
export default {
  async fetch(request) {
    return Response.json(await runCases(pith, await request.json()));
  },
};
`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The worker's config: every file of the bundle a module under its own relative name. */
function config(modules: readonly string[], port: number): string {
  const entries = modules.map(
    (name) => `(name = ${JSON.stringify(name)}, esModule = embed ${JSON.stringify(name)})`,
  );
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .pith)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const pith :Workerd.Worker = (
  modules = [${entries.join(', ')}],
  compatibilityDate = "2025-09-01",
);
`;
}

async function untilAnswered(url: string, process: ChildProcess, stderr: () => string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (process.exitCode !== null) throw new Error(`workerd exited ${process.exitCode}: ${stderr()}`);
    try {
      await fetch(url, { method: 'POST', body: '[]' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`workerd did not answer within a minute: ${stderr()}`);
}

test("workerd: the examples extracted byte-identical to Node's", {
  skip: missingRuntime('workerd', workerd),
}, async (t) => {
  const binary = requireBinary('workerd', workerd);
  const cases = runtimeCases();
  const dir = mkdtempSync(join(tmpdir(), 'pith-workerd-'));
  let child: ChildProcess | undefined;
  try {
    const bundle = await browserBundleFiles();
    for (const name of bundle) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      copyFileSync(join(BROWSER_BUNDLE_DIR, name), join(dir, name));
    }
    copyFileSync(HARNESS, join(dir, 'harness.mjs'));
    writeFileSync(join(dir, 'worker.js'), WORKER);
    const port = await freePort();
    writeFileSync(join(dir, 'config.capnp'), config(['worker.js', 'harness.mjs', ...bundle], port));
    let stderr = '';
    child = spawn(binary, ['serve', join(dir, 'config.capnp')], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (data) => {
      stderr += data;
    });
    const url = `http://127.0.0.1:${port}/`;
    await untilAnswered(url, child, () => stderr);
    const answer = await fetch(url, { method: 'POST', body: JSON.stringify(cases) });
    if (!answer.ok) throw new Error(`workerd answered ${answer.status}: ${await answer.text()} ${stderr}`);
    t.diagnostic(assertSameAsNode('workerd', (await answer.json()) as RuntimeRun, await nodeOutputs(cases)));
  } finally {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
