/**
 * `pith extract` with Object.prototype's names as an extractor or an option (issue 36, item 10):
 * a usage error (exit 2, the choices named), as any unknown name; `--extractor toString` exited
 * 1 with "extractor.extract is not a function".
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runPith } from '../helpers.js';

const EXAMPLE = join(REPO_ROOT, 'examples/article.html');

test('--extractor toString / constructor / __proto__: exit 2, unknown extractor', () => {
  for (const name of ['toString', 'constructor', '__proto__']) {
    const { code, stderr } = runPith(['extract', '--extractor', name, EXAMPLE]);
    assert.equal(code, 2, `${name}: ${stderr}`);
    assert.match(stderr, new RegExp(`unknown extractor '${name}' \\(choose from pith, `));
  }
});

test('--option constructor=1: exit 2, no such parameter', () => {
  const { code, stderr } = runPith(['extract', '--option', 'constructor=1', EXAMPLE]);
  assert.equal(code, 2, stderr);
  assert.match(stderr, /has no parameter 'constructor'/);
});
