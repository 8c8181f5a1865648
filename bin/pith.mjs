#!/usr/bin/env node
// The `pith` command's launcher: dist/ is built by `npm ci` (or `npm run build`). Without it, say so
// and what to do, instead of a bare ENOENT or exit 127 (`npx pith` on a fresh clone; a broken copy
// that npx keeps in its cache).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(main)) await import(main.href);
else {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(
    `pith: not built (${fileURLToPath(main)} is missing).\n` +
      `  In a clone: run \`npm ci\` in ${root} (it installs and builds, about a minute), then \`node dist/cli/main.js\` or \`npm link\`.\n` +
      '  If `npx pith` failed before, npx keeps that broken copy: remove it with `rm -rf ~/.npm/_npx` (see `npm config get cache`) and run `npx pith` again.\n',
  );
  process.exitCode = 1;
}
