import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `../shared/datasets/sample` beside the repo: read-only fixtures, never copied in. */
export const SAMPLE_DIR = resolve(REPO_ROOT, '..', 'shared', 'datasets', 'sample');

/** True when the shared sample datasets are there (tests that need them skip otherwise). */
export const HAS_SAMPLE = existsSync(SAMPLE_DIR);

export function samplePath(...parts: string[]): string {
  return join(SAMPLE_DIR, ...parts);
}
