// The browser extension (`npm run build:extension`): extension/ with its content script bundled with the
// library (one classic script: the scripting API injects no module) into EXTENSION_DIR, the folder
// Chromium loads unpacked. README, "Browser extension"; docs/decisions.md, "A browser extension".
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { LIBRARY_BUILD_OPTIONS, LIBRARY_ENTRY } from './browser-bundle.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOURCE_DIR = `${ROOT}extension/`;

/** The built extension: load it unpacked from here. */
export const EXTENSION_DIR = `${ROOT}dist/extension/`;

/** The files copied as they are. */
const STATIC_FILES = ['manifest.json', 'popup.html', 'popup.js'];

/** Builds the extension into EXTENSION_DIR; returns the content script's size in bytes. */
export async function buildExtension(): Promise<number> {
  rmSync(EXTENSION_DIR, { recursive: true, force: true });
  mkdirSync(EXTENSION_DIR, { recursive: true });
  for (const name of STATIC_FILES) copyFileSync(`${SOURCE_DIR}${name}`, `${EXTENSION_DIR}${name}`);
  await build({
    ...LIBRARY_BUILD_OPTIONS,
    entryPoints: [`${SOURCE_DIR}content.js`],
    alias: { pith: LIBRARY_ENTRY },
    format: 'iife',
    outfile: `${EXTENSION_DIR}content.js`,
  });
  return statSync(`${EXTENSION_DIR}content.js`).size;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = await buildExtension();
  console.log(`extension: ${EXTENSION_DIR} (content script ${(size / 1024).toFixed(0)} KiB)`);
}
