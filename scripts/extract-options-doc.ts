/**
 * Writes the README's list of `extract()`'s options from the library's option table
 * (packages/pith/src/extract-options.ts), between its markers: `npm run docs:options`. A test
 * (test/e2e/extract-options.test.ts) fails when the README is not what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { EXTRACT_OPTIONS_DOC_MARKERS, extractOptionsMarkdown } from '../packages/pith/src/extract-options.js';

const file = new URL('../README.md', import.meta.url);
const [start, end] = EXTRACT_OPTIONS_DOC_MARKERS;
const readme = readFileSync(file, 'utf8');
const from = readme.indexOf(start);
const to = readme.indexOf(end);
if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} block`);
writeFileSync(
  file,
  `${readme.slice(0, from + start.length)}\n${extractOptionsMarkdown()}\n${readme.slice(to)}`,
);
process.stdout.write(`wrote the option list in ${file.pathname}\n`);
