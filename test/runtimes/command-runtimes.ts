// Deno and Bun: the browser bundle run by the runtime's own binary (from its npm package) on the cases,
// outputs back as JSON on standard output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeCase, RuntimeRun } from './cases.js';
import { BROWSER_BUNDLE, browserBundleFiles, HARNESS } from './library.js';

export interface CommandRuntime {
  name: string;
  binary: string;
  /** The arguments before the entry module. */
  args: (dirs: readonly string[]) => string[];
  /** An expression that reads the text of the file at `path` with the runtime's own API. */
  readText: string;
  env?: Record<string, string>;
}

/** Runs the cases in `runtime` (a fresh temporary folder as its working directory and cache). */
export async function runInCommand(
  runtime: CommandRuntime,
  cases: readonly RuntimeCase[],
): Promise<RuntimeRun> {
  await browserBundleFiles();
  const dir = mkdtempSync(join(tmpdir(), `pith-${runtime.name}-`));
  try {
    const casesPath = join(dir, 'cases.json');
    writeFileSync(casesPath, JSON.stringify(cases));
    writeFileSync(
      join(dir, 'entry.mjs'),
      `import * as pith from ${JSON.stringify(pathToFileURL(BROWSER_BUNDLE).href)};\n` +
        `import { runCases } from ${JSON.stringify(pathToFileURL(HARNESS).href)};\n` +
        `const path = ${JSON.stringify(casesPath)};\n` +
        `const run = await runCases(pith, JSON.parse(await ${runtime.readText}));\n` +
        'console.log(JSON.stringify(run));\n',
    );
    const result = spawnSync(runtime.binary, [...runtime.args([dir]), join(dir, 'entry.mjs')], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 240_000,
      env: { PATH: process.env.PATH ?? '', HOME: dir, NO_COLOR: '1', ...runtime.env },
    });
    if (result.status !== 0)
      throw new Error(
        `${runtime.name} exited ${result.status ?? result.signal}: ${result.stderr}${result.error ?? ''}`,
      );
    return JSON.parse(result.stdout) as RuntimeRun;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
