/**
 * pith's version: the `version` of package.json, the one place it is written. Read once at load
 * from the nearest package.json named `pith` above this module (the package root, one folder up
 * both from `src/` under tsx and from `dist/`; further up for a build written elsewhere, as the
 * bench's compiled-build test does). `pith --version`, `/healthz`, the web page, the OpenAPI
 * document and the fetcher's User-Agent all show this. (Each extractor has its own version
 * besides, which changes when its outputs do.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageVersion(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'pith' && typeof pkg.version === 'string') return pkg.version;
    }
    if (dirname(dir) === dir) throw new Error(`pith's package.json not found above ${start}`);
  }
}

export const VERSION: string = packageVersion();
