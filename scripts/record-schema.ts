/**
 * Writes schemas/record.schema.json, the JSON Schema of pith's page record, from the record's
 * column table (packages/pith/src/format/record.ts): `npm run schema:record`. A test
 * (test/e2e/record-schema.test.ts) fails when the file is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { recordJsonSchema } from 'pith';

const file = new URL('../schemas/record.schema.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(recordJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${file.pathname}\n`);
