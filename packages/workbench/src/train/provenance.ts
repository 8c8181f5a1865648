/**
 * Where a model came from, as its manifest records it: the command, the date, pith's version
 * and the last commit of the code the model depends on. Not the clock and not HEAD: committing
 * the model, or anything else, does not change what a training command writes, so the same
 * command on a fresh clone rebuilds a committed model byte for byte (when it was built from
 * committed code). SOURCE_DATE_EPOCH (seconds) overrides the date.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder the code lists are relative to: the repository's root (packages/workbench/src/train/ or
 * packages/workbench/dist/train/ → four folders up).
 */
export const CODE_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs git in the package root; undefined when git or the repository is not there. */
function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: CODE_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

export interface CodeProvenance {
  /** The last commit that changed `code`, `-dirty` when that code differs from it; absent without git. */
  git?: string;
  /** ISO date: SOURCE_DATE_EPOCH, else that commit's date, else now. */
  date: string;
}

/**
 * The commit and date of the last change to `code` (paths from the repository root), `-dirty`
 * when that code differs from it (untracked files included). Without git: no commit, and the
 * date is SOURCE_DATE_EPOCH or now.
 */
export function codeProvenance(code: readonly string[]): CodeProvenance {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const fixed =
    epoch !== undefined && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000).toISOString() : undefined;
  const last = git(['log', '-1', '--format=%H %cI', '--', ...code]);
  const [commit, committed] = last ? last.split(' ') : [];
  if (!commit) return { date: fixed ?? new Date().toISOString() };
  const changes = git(['status', '--porcelain', '--untracked-files=normal', '--', ...code]);
  const date = new Date(committed);
  return {
    git: changes ? `${commit}-dirty` : commit,
    date: fixed ?? (Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString()),
  };
}

/** Shell-quotes an argument for the manifest's command line. */
export function quoteArgument(argument: string): string {
  return /^[\w./:=@,+-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`;
}

/** A command line as the manifest records it. */
export function commandLine(words: readonly string[]): string {
  return words.map(quoteArgument).join(' ');
}

/** Every file under `paths` (repository-relative), sorted: what the cache key hashes. */
function codeFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    const absolute = path.join(CODE_ROOT, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const name of readdirSync(absolute).sort()) walk(path.join(relative, name));
    } else files.push(relative);
  };
  for (const entry of paths) walk(entry);
  return files;
}

/** A hash of the code under `paths` (and, from a built package, of dist/). */
export function codeHash(paths: readonly string[]): string {
  const hash = createHash('sha256');
  const present = paths.filter((entry) => existsSync(path.join(CODE_ROOT, entry)));
  // A built package has dist/ and no src/: the code that runs is what is hashed.
  const running = present.some((entry) => /^packages\/[^/]+\/src\//.test(entry))
    ? present
    : [...present, 'packages/workbench/dist'];
  for (const file of codeFiles(running)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(CODE_ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
