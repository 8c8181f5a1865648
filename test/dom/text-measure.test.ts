import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isJsSpaceCode } from '../../packages/pith/src/dom/index.js';

test("isJsSpaceCode is JavaScript's \\s on every code unit", () => {
  for (let code = 0; code <= 0xffff; code++) {
    assert.equal(isJsSpaceCode(code), /\s/.test(String.fromCharCode(code)), code.toString(16));
  }
});
