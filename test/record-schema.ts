/**
 * The published record schema (schemas/record.schema.json) as a test assertion: every output path
 * that writes page records checks its real output with it (test/e2e/record-schema.test.ts, the
 * queue's test/queue/same-records.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { REPO_ROOT } from './helpers.js';

export const RECORD_SCHEMA_FILE = join(REPO_ROOT, 'schemas', 'record.schema.json');

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(RECORD_SCHEMA_FILE, 'utf8')) as object,
);

/** Fails unless `value` is a page record by the published schema; `where` names the output. */
export function assertPageRecord(value: unknown, where: string): void {
  if (validate(value)) return;
  assert.fail(`${where}: not a page record: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
}
