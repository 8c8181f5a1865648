#!/usr/bin/env node
// Unpack the evaluation datasets (../shared/datasets/*.tar.xz) into .cache/datasets/<name>/.
//
// Usage: npm run datasets            (or: node scripts/datasets.mjs [--force])
// Env:   PITH_DATASETS_DIR           folder holding the *.tar.xz archives (default: ../shared/datasets
//                                    relative to the repo root)
//
// Each archive unpacks to one top-level folder named after the dataset. An archive is skipped when
// .cache/datasets/<name>/.unpacked holds the same size+mtime as the archive; --force re-unpacks all.
// Uses the system `tar -xJf` (GNU tar or bsdtar with xz support).

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.resolve(repoRoot, process.env.PITH_DATASETS_DIR ?? path.join('..', 'shared', 'datasets'));
const outRoot = path.join(repoRoot, '.cache', 'datasets');
const force = process.argv.includes('--force');
const MARKER = '.unpacked';

function fail(msg) {
  process.stderr.write(`datasets: ${msg}\n`);
  process.exit(1);
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (err) => reject(new Error(`cannot run ${cmd}: ${err.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code ?? signal}\n${stderr.trim()}`));
    });
  });
}

async function countFiles(dir) {
  let n = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += await countFiles(path.join(dir, e.name));
    else n++;
  }
  return n;
}

async function main() {
  if (!existsSync(srcDir)) {
    fail(
      `dataset folder not found: ${srcDir}\n` +
        'Expected the shared datasets beside the repo (../shared/datasets), or set PITH_DATASETS_DIR.',
    );
  }
  const archives = (await readdir(srcDir)).filter((f) => f.endsWith('.tar.xz')).sort();
  if (archives.length === 0) fail(`no *.tar.xz archives in ${srcDir}`);
  await mkdir(outRoot, { recursive: true });

  let unpacked = 0;
  let skipped = 0;
  for (const [i, file] of archives.entries()) {
    const name = file.slice(0, -'.tar.xz'.length);
    const archive = path.join(srcDir, file);
    const st = await stat(archive);
    const stamp = `${st.size} ${Math.floor(st.mtimeMs)}\n`;
    const dest = path.join(outRoot, name);
    const marker = path.join(dest, MARKER);
    const tag = `[${i + 1}/${archives.length}] ${name}`;

    if (!force && existsSync(marker) && (await readFile(marker, 'utf8')) === stamp) {
      process.stdout.write(`${tag}: up to date, skipped\n`);
      skipped++;
      continue;
    }

    const mb = (st.size / 1e6).toFixed(1);
    process.stdout.write(`${tag}: unpacking ${mb} MB ... `);
    const t0 = performance.now();
    // Unpack into a temporary folder, then move the dataset's top folder into place, so that an
    // interrupted run never leaves a half-unpacked dataset that looks complete.
    const tmp = path.join(outRoot, `.tmp-${name}-${process.pid}`);
    await rm(tmp, { recursive: true, force: true });
    await mkdir(tmp, { recursive: true });
    try {
      await run('tar', ['-xJf', archive, '-C', tmp]);
      const top = await readdir(tmp);
      const inner = top.length === 1 ? path.join(tmp, top[0]) : tmp;
      if (top.length !== 1 || top[0] !== name) {
        process.stdout.write(`\n  note: expected one top folder "${name}", found [${top.join(', ')}]\n  `);
      }
      await rm(dest, { recursive: true, force: true });
      await rename(inner, dest);
      await writeFile(marker, stamp);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
    const files = await countFiles(dest);
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    process.stdout.write(`${files - 1} files in ${secs}s\n`);
    unpacked++;
  }
  process.stdout.write(`datasets: ${unpacked} unpacked, ${skipped} up to date, in ${outRoot}\n`);
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
