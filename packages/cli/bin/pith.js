#!/usr/bin/env node
// The `pith` command's launcher, a file that exists before the build so that npm links it on install.
// dist/ is built by `npm ci` at the repository's root (or `npm run build`); without it, say so and what
// to do instead of a bare ENOENT.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
if (existsSync(main)) await import(main.href);
else {
  process.stderr.write(
    `pith: not built (${fileURLToPath(main)} is missing).\n` +
      '  In a clone: run `npm ci` at the repository root (it installs and builds, about a minute), then `npx pith`.\n' +
      '  If `npx pith` failed before, npx may keep a broken copy: remove it with `rm -rf ~/.npm/_npx` and run `npx pith` again.\n',
  );
  process.exitCode = 1;
}
