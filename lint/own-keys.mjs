// Finds lookups that can fall through Object.prototype (issue 36, item 10): `table[key]`, and
// `key in table`, where `key` is any string (not a literal) and `table` a plain object. With a key
// from input (a tag, an entity, a CSS keyword, an extractor's name…), `table['constructor']` is a
// function and `'toString' in table` is true: a page's <constructor> became function text in the
// service's view, {"extractor": "toString"} a 500. Writes are found too (`table['__proto__'] = v`
// changes the object's prototype instead of adding a key).
//
// A lookup passes when its table is
//   - a Map, a Set, an array or a typed array;
//   - made without a prototype (`Object.create(null)` where it is declared);
//   - read under `Object.hasOwn(table, key)` (`hasOwn ? table[key] : …`, `hasOwn && table[key]`,
//     or in the branch of an `if` on it);
//   - read with the key of a `for (const key in table)` over the same table;
// or when the line (or the one above) says why it is safe: `// own-keys: <why>` (a key from a
// closed set, such as one character a regex matched).
//
//   node lint/own-keys.mjs          (part of `npm run lint`: every file under src/)
//   node lint/own-keys.mjs FILE…    (those files only)
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const configFile = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.build.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => console.error(diagnostic.messageText) },
);
if (!configFile) process.exit(2);
const only = process.argv.slice(2).map((file) => path.resolve(file));
const program = ts.createProgram(only.length > 0 ? only : configFile.fileNames, configFile.options);
const checker = program.getTypeChecker();

/** Whether `type` admits strings that are not literals known to the compiler. */
function isOpenString(type) {
  if (type.isUnion()) return type.types.some(isOpenString);
  const open =
    ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping | ts.TypeFlags.Any;
  return (type.flags & open) !== 0;
}

const SAFE_CONTAINERS = new Set([
  'Map',
  'ReadonlyMap',
  'Set',
  'ReadonlySet',
  'WeakMap',
  'Array',
  'ReadonlyArray',
]);

function isSafeContainer(type) {
  if (type.isUnion()) return type.types.every((part) => isSafeContainer(part) || isNullish(part));
  const apparent = checker.getApparentType(type);
  const name = apparent.getSymbol()?.getName();
  return SAFE_CONTAINERS.has(name) || checker.isArrayLikeType(apparent) || /Array$/.test(name ?? '');
}

function isNullish(type) {
  return (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) !== 0;
}

function isObjectCreateNull(node) {
  if (!node) return false;
  while (ts.isAsExpression(node) || ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node))
    node = node.expression;
  return (
    ts.isCallExpression(node) &&
    node.expression.getText() === 'Object.create' &&
    node.arguments.length === 1 &&
    node.arguments[0].kind === ts.SyntaxKind.NullKeyword
  );
}

/** The table is declared (variable, property or parameter default) as `Object.create(null)`. */
function isNullPrototype(expression) {
  const symbol = checker.getSymbolAtLocation(expression);
  for (const declaration of symbol?.getDeclarations() ?? []) {
    if (
      (ts.isVariableDeclaration(declaration) ||
        ts.isPropertyDeclaration(declaration) ||
        ts.isPropertyAssignment(declaration) ||
        ts.isParameter(declaration)) &&
      isObjectCreateNull(declaration.initializer)
    )
      return true;
  }
  return false;
}

/** `Object.hasOwn(table, key)`, alone or among the terms of an `&&` (never under a `!`). */
function assertsOwn(condition, table, key) {
  while (ts.isParenthesizedExpression(condition)) condition = condition.expression;
  if (
    ts.isBinaryExpression(condition) &&
    condition.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
  )
    return assertsOwn(condition.left, table, key) || assertsOwn(condition.right, table, key);
  return (
    ts.isCallExpression(condition) &&
    condition.expression.getText() === 'Object.hasOwn' &&
    condition.arguments.length === 2 &&
    condition.arguments[0].getText() === table &&
    condition.arguments[1].getText() === key
  );
}

/** Where `Object.hasOwn(table, key)` holds: a ternary's true branch, after an `&&`, an `if`'s then branch. */
function isGuarded(access, table, key) {
  for (let child = access, parent = access.parent; parent; child = parent, parent = parent.parent) {
    if (
      ts.isConditionalExpression(parent) &&
      child === parent.whenTrue &&
      assertsOwn(parent.condition, table, key)
    )
      return true;
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
      child === parent.right &&
      assertsOwn(parent.left, table, key)
    )
      return true;
    if (
      ts.isIfStatement(parent) &&
      child === parent.thenStatement &&
      assertsOwn(parent.expression, table, key)
    )
      return true;
    if (ts.isFunctionLike(parent)) return false;
  }
  return false;
}

/** `for (const key in table) … table[key]`: the key is one of the table's own. */
function isForInKey(access, table, key) {
  for (let parent = access.parent; parent; parent = parent.parent) {
    if (
      ts.isForInStatement(parent) &&
      parent.expression.getText() === table &&
      ts.isVariableDeclarationList(parent.initializer) &&
      parent.initializer.declarations[0]?.name.getText() === key
    )
      return true;
    if (ts.isFunctionLike(parent)) return false;
  }
  return false;
}

function hasReason(sourceFile, node) {
  const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
  const lines = sourceFile.text.split('\n');
  return [lines[line], lines[line - 1] ?? ''].some((text) => /\/\/ own-keys: \S/.test(text));
}

const problems = [];
for (const sourceFile of program.getSourceFiles()) {
  if (sourceFile.isDeclarationFile) continue;
  const wanted =
    only.length > 0
      ? only.includes(path.resolve(sourceFile.fileName))
      : sourceFile.fileName.startsWith(path.join(root, 'src') + path.sep);
  if (!wanted) continue;
  const check = (node, tableNode, keyNode) => {
    if (!isOpenString(checker.getTypeAtLocation(keyNode))) return;
    if (isSafeContainer(checker.getTypeAtLocation(tableNode))) return;
    const table = tableNode.getText();
    const key = keyNode.getText();
    if (isNullPrototype(tableNode) || isGuarded(node, table, key) || isForInKey(node, table, key)) return;
    if (hasReason(sourceFile, node)) return;
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
    problems.push(
      `${path.relative(root, sourceFile.fileName)}:${line + 1}:${character + 1}  ${node.getText().slice(0, 100)}`,
    );
  };
  const visit = (node) => {
    if (ts.isElementAccessExpression(node)) check(node, node.expression, node.argumentExpression);
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword)
      check(node, node.right, node.left);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
}

if (problems.length > 0) {
  console.error(
    `${problems.length} lookup(s) by an open string key into a plain object: a key such as 'constructor', ` +
      `'toString' or '__proto__' falls through Object.prototype. Use a Map, Object.hasOwn, a table made ` +
      `with Object.create(null), or say why the key is safe with "// own-keys: <why>" (lint/own-keys.mjs).\n`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('own-keys: no lookup falls through Object.prototype');
