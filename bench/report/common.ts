/**
 * What the report scripts share (`bench:report`, `bench:seed-002`): their run options, the check
 * of a numeric flag, and writing their generated section of docs/benchmarks.md between markers.
 */
import { readFile, writeFile } from 'node:fs/promises';

/** The `parseArgs` options of a report run (each script adds its own). */
export const REPORT_RUN_OPTIONS = {
  from: { type: 'string' },
  jobs: { type: 'string' },
  limit: { type: 'string' },
  'no-speed': { type: 'boolean', default: false },
  'no-cache': { type: 'boolean', default: false },
  timeout: { type: 'string', default: '60000' },
  out: { type: 'string' },
  'docs-dir': { type: 'string', default: 'docs' },
} as const;

/** A flag's value as a positive integer (undefined when absent); throws on anything else. */
export function positive(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer, got '${value}'`);
  return n;
}

/**
 * Replaces the section of `file` from the line starting with `startPrefix` to `end` (markers
 * included) with `section` (which holds both markers), or appends it when there is none.
 */
export async function writeSection(
  file: string,
  startPrefix: string,
  end: string,
  section: string,
): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => '# Benchmarks\n');
  const start = current.indexOf(startPrefix);
  const stop = current.indexOf(end);
  const updated =
    start >= 0 && stop > start
      ? `${current.slice(0, start)}${section}${current.slice(stop + end.length).replace(/^\n/, '')}`
      : `${current.trimEnd()}\n\n${section}`;
  await writeFile(file, updated);
}
