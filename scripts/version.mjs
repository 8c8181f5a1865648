// `npm version` runs this (the "version" script): package.json's new version into src/version.ts, which
// the library reads instead of package.json (it runs where there is no file system).
import { readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const file = new URL('../src/version.ts', import.meta.url);
const source = readFileSync(file, 'utf8');
const updated = source.replace(/export const VERSION = '[^']*';/, `export const VERSION = '${version}';`);
if (updated === source && !source.includes(`'${version}'`))
  throw new Error('src/version.ts: no VERSION to update');
writeFileSync(file, updated);
