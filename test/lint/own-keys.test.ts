/**
 * lint/own-keys.mjs (part of `npm run lint`) finds lookups by an open string key into a plain
 * object — the kind that let `{"extractor": "toString"}` and a page's <constructor> reach
 * Object.prototype (issue 36, item 10) — and lets the safe forms through.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers.js';

const SAMPLE = `
const TABLE: Record<string, number> = { a: 1 };
const MAP = new Map<string, number>([['a', 1]]);
const BARE: Record<string, number> = Object.create(null);
export function lookups(name: string, fixed: 'a'): unknown[] {
  const found: unknown[] = [];
  found.push(TABLE[name]); // UNSAFE read
  found.push(name in TABLE); // UNSAFE in
  TABLE[name] = 2; // UNSAFE write
  found.push(TABLE[fixed], TABLE['a'], MAP.get(name), BARE[name]);
  found.push(Object.hasOwn(TABLE, name) ? TABLE[name] : undefined);
  found.push(Object.hasOwn(TABLE, name) && TABLE[name]);
  if (Object.hasOwn(TABLE, name)) found.push(TABLE[name]);
  if (!Object.hasOwn(TABLE, name)) found.push(TABLE[name]); // UNSAFE under a negated guard
  for (const key in TABLE) found.push(TABLE[key]);
  // own-keys: a reason given
  found.push(TABLE[name]);
  return found;
}
`;

test('flags open-key lookups into plain objects, and only those', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-own-keys-'));
  const file = join(dir, 'sample.ts');
  writeFileSync(file, SAMPLE);
  const run = spawnSync(process.execPath, [join(REPO_ROOT, 'lint/own-keys.mjs'), file], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  assert.equal(run.status, 1, run.stderr);
  const flagged = [...run.stderr.matchAll(/sample\.ts:(\d+):/g)].map((match) => Number(match[1]));
  const unsafe = SAMPLE.split('\n').flatMap((line, index) => (line.includes('// UNSAFE') ? [index + 1] : []));
  assert.deepEqual([...new Set(flagged)], unsafe);
});
