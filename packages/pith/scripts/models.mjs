// The shipped models as ES modules: models/NAME.json → models/NAME.js (the JSON text, minified, as one
// string: `export default "…"`) and models/NAME.d.ts. The library imports these, so it loads its models
// in any JavaScript runtime without a file system; a string is compiled faster than the same data as an
// object literal, and JSON.parse runs when a model is first used (docs/decisions.md, "Models without a
// file system"). Run by `npm run build`, before the tests, the type check and the lint; the generated files
// are not committed (the JSON files are the models).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { packModelText } from './pack-model.mjs';

const dir = new URL('../models/', import.meta.url);
const packer = new URL('pack-model.mjs', import.meta.url);
const DECLARATION =
  "/** The model's JSON text (generated from the .json beside it by scripts/models.mjs). */\ndeclare const text: string;\nexport default text;\n";

for (const file of readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort()) {
  const json = new URL(file, dir);
  const module = new URL(file.replace(/\.json$/, '.js'), dir);
  const declaration = new URL(file.replace(/\.json$/, '.d.ts'), dir);
  if (isNewer(module, json, packer) && isNewer(declaration, json, packer)) continue;
  const text = packModelText(readFileSync(json, 'utf8'));
  writeFileSync(
    module,
    `// Generated from ${file} by scripts/models.mjs: do not edit.\nexport default ${quoted(text)};\n`,
  );
  writeFileSync(declaration, DECLARATION);
}

function isNewer(target, ...sources) {
  try {
    return sources.every((source) => statSync(target).mtimeMs >= statSync(source).mtimeMs);
  } catch {
    return false;
  }
}

/** A single-quoted JavaScript string (JSON text is full of double quotes: escaping them costs 9 % on mss). */
function quoted(text) {
  return `'${text.replace(/[\\'\n\r\u2028\u2029]/g, (c) => (c === '\\' || c === "'" ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))}'`;
}
