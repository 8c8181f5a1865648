#!/usr/bin/env node
// pith issue 39: writes packages/pith/src/internal.ts as named exports only: every name that the
// tools' packages and bench/ import from 'pith/internal', grouped by the room door that exports it.
// Re-run after a re-split on a newer main (the names used change): node /work/split/internal-names.mjs
// Run from the repository root after split.mjs; it reads the current internal.ts for the doors
// (`export * from` lines, or the `export { … } from` lines it wrote itself) and their renames.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = process.cwd();
const require = createRequire(path.join(root, 'package.json'));
const ts = require('typescript');
const INTERNAL = path.join(root, 'packages/pith/src/internal.ts');

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

// 1. The names used.
const files = [
  ...['tools', 'crawl', 'server', 'workbench', 'cli'].flatMap((p) => walk(path.join(root, 'packages', p, 'src'))),
  ...walk(path.join(root, 'bench')),
];
const used = new Set();
const typedNames = new Set();
for (const file of files) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier?.text === 'pith/internal'
    ) {
      const named = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (named && (ts.isNamedImports(named) || ts.isNamedExports(named)))
        for (const e of named.elements) used.add((e.propertyName ?? e.name).text);
      else throw new Error(`${file}: a namespace import of pith/internal`);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      node.arguments[0].text === 'pith/internal'
    ) {
      const binding = node.parent?.parent;
      if (binding && ts.isVariableDeclaration(binding) && ts.isObjectBindingPattern(binding.name))
        for (const e of binding.name.elements) used.add((e.propertyName ?? e.name).getText(sf));
      else throw new Error(`${file}: import('pith/internal') not destructured`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  // A script that types modules it loads from a build by `typeof import('pith/internal')` (bench/speed,
  // bench/fuzz) uses the names it reads off them: property names, destructured names and the names in
  // `Pick<…, 'a' | 'b'>`; checked against the doors' names below.
  if (/typeof import\('pith\/internal'\)/.test(sf.text)) {
    const loose = (node) => {
      if (ts.isPropertyAccessExpression(node)) typedNames.add(node.name.text);
      if (ts.isBindingElement(node)) typedNames.add((node.propertyName ?? node.name).getText(sf));
      if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) typedNames.add(node.literal.text);
      ts.forEachChild(node, loose);
    };
    loose(sf);
  }
}

// 2. The doors and what each exports (the checker follows `export *`).
const program = ts.createProgram([INTERNAL], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  skipLibCheck: true,
  noEmit: true,
});
const checker = program.getTypeChecker();
const internal = program.getSourceFile(INTERNAL);
const exported = new Map(); // exported name → { door, original, type }
const doors = [];
for (const statement of internal.statements) {
  if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
  const door = statement.moduleSpecifier.text;
  if (!doors.includes(door)) doors.push(door);
  const moduleSymbol = checker.getSymbolAtLocation(statement.moduleSpecifier);
  if (!moduleSymbol) throw new Error(`cannot resolve ${door}`);
  const isType = (symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return (target.flags & ts.SymbolFlags.Value) === 0;
  };
  if (!statement.exportClause) {
    for (const symbol of checker.getExportsOfModule(moduleSymbol))
      if (!exported.has(symbol.name)) exported.set(symbol.name, { door, original: symbol.name, type: isType(symbol) });
  } else if (ts.isNamedExports(statement.exportClause)) {
    const all = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
    // Every name of the door may be used (a named list written before names were added to the tools).
    for (const symbol of all.values())
      if (!exported.has(symbol.name)) exported.set(symbol.name, { door, original: symbol.name, type: isType(symbol) });
    for (const e of statement.exportClause.elements) {
      const original = (e.propertyName ?? e.name).text;
      const symbol = all.get(original);
      // A rename wins over the same name from `export *` (TypeScript's rule: the explicit export).
      exported.set(e.name.text, { door, original, type: symbol ? isType(symbol) : e.isTypeOnly });
    }
  }
}

for (const name of typedNames) if (exported.has(name) && !used.has(name)) used.add(name);

// 3. Tests open rooms from the inside: their imports of internal.ts go to the rooms' doors, so that
// internal.ts lists what the tools use and no more.
const rewrittenTests = [];
for (const file of walk(path.join(root, 'test'))) {
  const source = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.moduleSpecifier.text.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), statement.moduleSpecifier.text).replace(/\.js$/, '.ts');
    if (target !== INTERNAL) continue;
    const clause = statement.importClause;
    if (!clause?.namedBindings || !ts.isNamedImports(clause.namedBindings) || clause.name)
      throw new Error(`${file}: an import of internal.ts that is not named`);
    const groups = new Map();
    for (const e of clause.namedBindings.elements) {
      const name = (e.propertyName ?? e.name).text;
      const found = exported.get(name);
      if (!found) throw new Error(`${file}: ${name} is not exported by internal.ts`);
      let spec = path.relative(path.dirname(file), path.join(path.dirname(INTERNAL), found.door));
      if (!spec.startsWith('.')) spec = `./${spec}`;
      const local = e.name.text;
      const text = `${e.isTypeOnly ? 'type ' : ''}${found.original === local ? local : `${found.original} as ${local}`}`;
      if (!groups.has(spec)) groups.set(spec, []);
      groups.get(spec).push(text);
    }
    const typeOnly = clause.isTypeOnly ? 'type ' : '';
    const text = [...groups].map(([spec, names]) => `import ${typeOnly}{ ${names.join(', ')} } from '${spec}';`).join('\n');
    edits.push([statement.getStart(sf), statement.end, text]);
  }
  if (edits.length === 0) continue;
  let out = source;
  for (const [start, end, text] of edits.reverse()) out = out.slice(0, start) + text + out.slice(end);
  writeFileSync(file, out);
  rewrittenTests.push(path.relative(root, file));
}

// 4. internal.ts, named exports only.
const missing = [...used].filter((name) => !exported.has(name));
if (missing.length > 0) {
  console.error(`names imported from pith/internal that no door exports: ${missing.join(', ')}`);
  process.exit(1);
}
const header = `/**
 * \`pith/internal\`: what pith's own tools (the packages @pith/tools, @pith/crawl, @pith/server,
 * @pith/workbench, @pith/cli and the scripts in bench/) use beyond the public API (\`index.ts\`).
 * Not promised to stay: users import \`pith\`. Named exports only, each through its room's door, so
 * that this list is what the tools use and no more (written by the split's internal-names.mjs:
 * docs/decisions.md, "Packages"). Library code never imports it; tests import the rooms' doors.
 */
`;
const byDoor = new Map(doors.map((d) => [d, []]));
for (const name of [...used].sort()) {
  const { door, original, type } = exported.get(name);
  byDoor.get(door).push(`${type ? 'type ' : ''}${original === name ? name : `${original} as ${name}`}`);
}
let out = header;
for (const [door, names] of byDoor) if (names.length > 0) out += `export { ${names.join(', ')} } from '${door}';\n`;
writeFileSync(INTERNAL, out);
console.log(`internal.ts: ${used.size} names from ${[...byDoor.values()].filter((n) => n.length).length} doors; ${rewrittenTests.length} tests import the doors`);
// Imports sorted and wrapped as the linter wants them.
const { execFileSync } = await import('node:child_process');
execFileSync(path.join(root, 'node_modules/.bin/biome'), ['check', '--write', '--linter-enabled=false', INTERNAL, ...rewrittenTests], { cwd: root, stdio: 'inherit' });
