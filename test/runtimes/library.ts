// The one place the runtime tests name the library: its sources for Node's reference outputs, and its
// browser bundle (scripts/browser-bundle.ts, the one path of the bundle) for every other runtime.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { BROWSER_BUNDLE, BROWSER_BUNDLE_DIR, buildBrowserBundle } from '../../scripts/browser-bundle.js';

export * as library from '../../src/index.js';
export { BROWSER_BUNDLE, BROWSER_BUNDLE_DIR };

/** The harness every runtime runs (plain JavaScript, no import). */
export const HARNESS = new URL('./harness.mjs', import.meta.url).pathname;

/**
 * The browser bundle's files (paths relative to BROWSER_BUNDLE_DIR), built when missing: `npm test`
 * builds it before the run (scripts/run-tests.mjs), so that parallel test files never build it at once.
 */
export async function browserBundleFiles(): Promise<string[]> {
  if (!existsSync(BROWSER_BUNDLE)) await buildBrowserBundle();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [relative(BROWSER_BUNDLE_DIR, path)];
    });
  return walk(BROWSER_BUNDLE_DIR).sort();
}

const require = createRequire(import.meta.url);

/** The packages that ship each runtime's binary, by `${process.platform}-${process.arch}`, and its path in it. */
const BINARIES: Record<string, { packages: Record<string, string>; path: string }> = {
  deno: {
    packages: {
      'linux-x64': '@deno/linux-x64-glibc',
      'linux-arm64': '@deno/linux-arm64-glibc',
      'darwin-x64': '@deno/darwin-x64',
      'darwin-arm64': '@deno/darwin-arm64',
    },
    path: 'deno',
  },
  bun: {
    packages: {
      'linux-x64': '@oven/bun-linux-x64',
      'linux-arm64': '@oven/bun-linux-aarch64',
      'darwin-x64': '@oven/bun-darwin-x64',
      'darwin-arm64': '@oven/bun-darwin-aarch64',
    },
    path: 'bin/bun',
  },
  workerd: {
    packages: {
      'linux-x64': '@cloudflare/workerd-linux-64',
      'linux-arm64': '@cloudflare/workerd-linux-arm64',
      'darwin-x64': '@cloudflare/workerd-darwin-64',
      'darwin-arm64': '@cloudflare/workerd-darwin-arm64',
    },
    path: 'bin/workerd',
  },
};

/** The binary of `runtime` that npm installed for this platform, or `null`. */
export function runtimeBinary(runtime: keyof typeof BINARIES): string | null {
  const { packages, path } = BINARIES[runtime];
  const platformPackage = packages[`${process.platform}-${process.arch}`];
  return platformPackage === undefined ? null : packagedBinary(platformPackage, path);
}

/**
 * The test's skip message when `binary` is missing: only outside CI (CI=true), where a runtime that is
 * not there fails its test instead, so that CI never passes without running it.
 */
export function missingRuntime(name: string, binary: string | null): string | false {
  if (binary !== null || process.env.CI === 'true') return false;
  return `${name} is not installed: npm installs its binary with the devDependencies on linux and macOS (x64, arm64)`;
}

/** Fails when `binary` is missing (in CI: see missingRuntime). */
export function requireBinary(name: string, binary: string | null): string {
  if (binary === null) throw new Error(`${name}'s binary is missing: run npm ci (it is a devDependency)`);
  return binary;
}

/**
 * The binary an npm package ships for this platform (deno, bun, workerd: each puts it in a package of
 * its own, an optional dependency), or `null` when npm did not install it (another platform, or
 * `--omit=optional`). Found in the package itself, so that no install script needs to have run.
 */
export function packagedBinary(platformPackage: string, pathInPackage: string): string | null {
  try {
    const path = join(dirname(require.resolve(`${platformPackage}/package.json`)), pathInPackage);
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}
