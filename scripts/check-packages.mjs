// The packages as a user gets them (CI; `npm run check:packages`, after `npm run build`):
// 1. every workspace packed (`npm pack`, the files a user downloads);
// 2. publint (package.json against the files: exports, types, bin) and Are the Types Wrong (the types
//    resolve for Node's ESM, bundlers and the other resolution modes a TypeScript user may have), on each
//    tarball;
// 3. with --install: the tarballs installed into an empty folder from the registry's dependencies, then
//    `import { extract } from 'pith'` and `pith extract` on the example must give the article;
//    the library's own install (the `pith` tarball alone) counted: packages and bytes.
// docs/decisions.md, "Packages".
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const install = process.argv.includes('--install');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args, options = {}) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

const out = mkdtempSync(path.join(tmpdir(), 'pith-packages-'));
let failed = false;
const tarballs = new Map();
try {
  for (const workspace of workspaces) {
    const dir = path.join(root, workspace);
    const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    // Built already (npm ci builds every workspace): --ignore-scripts skips prepack's second build.
    const packed = JSON.parse(
      run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], { cwd: dir }),
    );
    const tarball = path.join(out, packed[0].filename);
    tarballs.set(name, tarball);
    console.log(
      `${name}: ${packed[0].entryCount} files, ${kib(packed[0].size)} packed, ${kib(packed[0].unpackedSize)} unpacked`,
    );
    for (const [tool, args] of [
      ['publint', ['run', tarball, '--strict']],
      // ESM only (no require() entry): the resolution modes that can load it.
      ['attw', [tarball, '--profile', 'esm-only', '--format', 'table-flipped']],
    ]) {
      try {
        run(bin(tool), args);
      } catch (error) {
        failed = true;
        console.error(`  ${tool} fails on ${name}:\n${error.stdout}${error.stderr}`);
      }
    }
  }
  if (install && !failed) failed = !smokeTest();
} finally {
  rmSync(out, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log(`packages OK (${workspaces.length}: publint, attw${install ? ', installed and run' : ''})`);

/** The tarballs installed into empty folders (no workspace, no repository beside them). */
function smokeTest() {
  const library = mkdtempSync(path.join(tmpdir(), 'pith-install-library-'));
  const all = mkdtempSync(path.join(tmpdir(), 'pith-install-all-'));
  try {
    // The library alone: what a user of `pith` downloads.
    writeFileSync(
      path.join(library, 'package.json'),
      '{ "name": "try-pith", "private": true, "type": "module" }\n',
    );
    run('npm', ['install', '--no-audit', '--no-fund', tarballs.get('pith')], { cwd: library });
    const packages = countPackages(path.join(library, 'node_modules'));
    const bytes = size(path.join(library, 'node_modules'));
    const { dependencies } = JSON.parse(readFileSync(path.join(root, 'packages/pith/package.json'), 'utf8'));
    console.log(
      `the library's install: ${packages} packages, ${(bytes / 1024 / 1024).toFixed(1)} MB of node_modules, ${Object.keys(dependencies).length} runtime dependencies`,
    );
    const example = path.join(root, 'examples/article.html');
    writeFileSync(
      path.join(library, 'try.mjs'),
      `import { readFileSync } from 'node:fs';\nimport { extract } from 'pith';\nprocess.stdout.write(extract(readFileSync(${JSON.stringify(example)}, 'utf8')).content);\n`,
    );
    const fromLibrary = run(process.execPath, ['try.mjs'], { cwd: library });
    // Every package: the command.
    writeFileSync(
      path.join(all, 'package.json'),
      '{ "name": "try-pith-cli", "private": true, "type": "module" }\n',
    );
    run('npm', ['install', '--no-audit', '--no-fund', ...tarballs.values()], { cwd: all });
    const fromCli = run(path.join(all, 'node_modules/.bin/pith'), ['extract', example], { cwd: all });
    // The command ends its output with a line feed.
    const ok = /oxbow lake/.test(fromLibrary) && fromCli === `${fromLibrary}\n`;
    console.log(
      ok
        ? "installed: import { extract } from 'pith' and `pith extract` give the example's article"
        : `installed packages do not give the article:\n--- library\n${fromLibrary.slice(0, 300)}\n--- cli\n${fromCli.slice(0, 300)}`,
    );
    return ok;
  } catch (error) {
    console.error(`install or run failed: ${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    return false;
  } finally {
    rmSync(library, { recursive: true, force: true });
    rmSync(all, { recursive: true, force: true });
  }
}

/** Packages under node_modules (scoped ones counted one by one; nested node_modules too). */
function countPackages(dir) {
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (name.startsWith('@')) {
      for (const inner of readdirSync(full)) count += 1 + nested(path.join(full, inner));
    } else count += 1 + nested(full);
  }
  return count;
}
function nested(dir) {
  try {
    return countPackages(path.join(dir, 'node_modules'));
  } catch {
    return 0;
  }
}
/** Bytes on disk of a folder (files' sizes, as `du --apparent-size`). */
function size(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    total += stat.isDirectory() ? size(full) : stat.size;
  }
  return total;
}
function kib(bytes) {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}
