import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, test } from 'node:test';
import { DENSITY_MODEL_CODE } from '../../src/cli/train-command.js';
import { REPO_ROOT } from '../helpers.js';

/** Every source file src/train/index.ts imports, directly or not (relative imports). */
function importGraph(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(join(REPO_ROOT, file), 'utf8');
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      let target = normalize(join(dirname(file), match[1]));
      if (target.endsWith('.js')) target = `${target.slice(0, -3)}.ts`;
      const absolute = join(REPO_ROOT, target);
      if (existsSync(absolute) && statSync(absolute).isDirectory()) target = join(target, 'index.ts');
      stack.push(target);
    }
  }
  return [...seen];
}

describe('the code a density model depends on', () => {
  test('DENSITY_MODEL_CODE covers everything src/train imports (the manifest’s commit and date rest on it)', () => {
    const files = importGraph('src/train/index.ts');
    assert.ok(files.includes('src/extractors/density/filter.ts'));
    const uncovered = files.filter(
      (file) =>
        !DENSITY_MODEL_CODE.some((entry) => file === entry || !relative(entry, file).startsWith('..')),
    );
    assert.deepEqual(uncovered, []);
  });
});
