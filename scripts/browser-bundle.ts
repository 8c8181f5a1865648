// The library as one ES module for browsers, Deno, Bun and Cloudflare's workerd (`npm run build:browser`):
// its public entry bundled by esbuild for the neutral platform into BROWSER_BUNDLE, with the models
// loaded on demand (density's, mss's) and the token counter in chunks of their own beside it.
// test/runtimes/ runs this file in every runtime; the extension (scripts/extension.ts) bundles the
// same entry. docs/decisions.md, "One library for every runtime".
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';

/** The repository root. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The library's public entry: the one path to the library for every bundle (and so every runtime test). */
export const LIBRARY_ENTRY = `${ROOT}src/index.ts`;

/** Where the browser bundle is written: its entry module and the chunks it imports. */
export const BROWSER_BUNDLE_DIR = `${ROOT}dist/browser/`;

/** The browser bundle's entry module: `import { extract } from './dist/browser/pith.js'`. */
export const BROWSER_BUNDLE = `${BROWSER_BUNDLE_DIR}pith.js`;

/** What every bundle of the library shares: the neutral platform (no Node built-in may resolve). */
export const LIBRARY_BUILD_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};

/** Builds the browser bundle (ESM, split) into BROWSER_BUNDLE_DIR; returns the files written. */
export async function buildBrowserBundle(): Promise<string[]> {
  rmSync(BROWSER_BUNDLE_DIR, { recursive: true, force: true });
  const result = await build({
    ...LIBRARY_BUILD_OPTIONS,
    entryPoints: { pith: LIBRARY_ENTRY },
    format: 'esm',
    splitting: true,
    outdir: BROWSER_BUNDLE_DIR,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
  });
  return Object.keys(result.metafile.outputs).map((path) => fileURLToPath(new URL(path, `file://${ROOT}`)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await buildBrowserBundle();
  console.log(`browser bundle: ${BROWSER_BUNDLE} (${files.length} files)`);
}
