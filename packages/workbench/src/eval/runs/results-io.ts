/**
 * `results.json`: the bench result with every per-page score. JSON has no
 * Infinity or NaN (seed 002's special cases use both), so non-finite numbers are
 * written as the strings "\u0000Infinity", "\u0000-Infinity" and "\u0000NaN" (a
 * NUL prefix no dataset id or message carries) and read back.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { BenchResult } from './types.js';

const NON_FINITE: Record<string, number> = {
  '\u0000Infinity': Number.POSITIVE_INFINITY,
  '\u0000-Infinity': Number.NEGATIVE_INFINITY,
  '\u0000NaN': Number.NaN,
};

/** JSON.stringify that keeps Infinity and NaN (as the NUL-prefixed strings above). */
export function stringifyKeepingNonFinite(value: unknown): string {
  return JSON.stringify(value, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? `\u0000${v}` : v));
}

/** JSON.parse that restores what {@link stringifyKeepingNonFinite} wrote. */
export function parseKeepingNonFinite(json: string): unknown {
  return JSON.parse(json, (_, value) =>
    typeof value === 'string' && value.charCodeAt(0) === 0 && Object.hasOwn(NON_FINITE, value)
      ? NON_FINITE[value]
      : value,
  );
}

export function serialiseResult(result: BenchResult): string {
  return stringifyKeepingNonFinite(result);
}

export function parseResult(json: string): BenchResult {
  const result = parseKeepingNonFinite(json) as BenchResult;
  if (result?.schema !== 1 || !Array.isArray(result.pages)) throw new Error('not a pith bench results.json');
  return result;
}

export async function writeResult(file: string, result: BenchResult): Promise<void> {
  await writeFile(file, serialiseResult(result));
}

export async function readResult(file: string): Promise<BenchResult> {
  return parseResult(await readFile(file, 'utf8'));
}
