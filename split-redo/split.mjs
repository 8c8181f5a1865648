#!/usr/bin/env node
// pith issue 39: the mechanical part of the split into npm workspaces, re-runnable on any later main.
// Run from the root of a clean checkout with node_modules installed (typescript and biome are used):
//   node /work/split/split.mjs && git add -A && git commit -m "packages: move …"
// It moves every file (git mv) and rewrites every import specifier and every path written in a string
// literal so that each names the same file at its new place; nothing else. Hand edits (package.json
// files, tsconfig, exports, CI, docs) are separate commits cherry-picked on top.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = process.cwd();
const require = createRequire(path.join(root, 'package.json'));
const ts = require('typescript');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

if (git('status', '--porcelain').trim() !== '') throw new Error('the checkout is not clean');
if (!existsSync(path.join(root, 'src/index.ts'))) throw new Error('no src/index.ts: already split?');

// ---------------------------------------------------------------------------------------------
// Where each file goes. Most specific first; a folder under src/ that is none of these fails.
const LIBRARY_ROOMS = ['dom', 'input', 'metadata', 'learn', 'layout', 'features', 'extractors', 'format', 'quality'];
const RULES = [
  ['src/input/fetch.ts', 'packages/tools/src/fetch.ts'],
  ['src/input/ip.ts', 'packages/tools/src/ip.ts'],
  ['src/input/read.ts', 'packages/tools/src/read.ts'],
  ['src/layout/browser.ts', 'packages/tools/src/browser.ts'],
  ['src/layout/screenshot.ts', 'packages/tools/src/screenshot.ts'],
  ['src/input/warc', 'packages/crawl/src/warc'],
  ['src/input/feed', 'packages/crawl/src/feed'],
  ['src/tools', 'packages/tools/src'],
  ['src/cli', 'packages/cli/src'],
  ['src/server', 'packages/server/src'],
  ['src/batch', 'packages/crawl/src/batch'],
  ['src/output', 'packages/crawl/src/output'],
  ['src/queue', 'packages/crawl/src/queue'],
  ['src/eval', 'packages/workbench/src/eval'],
  ['src/train', 'packages/workbench/src/train'],
  ...LIBRARY_ROOMS.map((room) => [`src/${room}`, `packages/pith/src/${room}`]),
  ['models', 'packages/pith/models'],
  ['scripts/models.mjs', 'packages/pith/scripts/models.mjs'],
];

/** The new path of a repository path (file or folder, no trailing slash), or the same when it stays. */
function mapPath(old) {
  for (const [from, to] of RULES) {
    if (old === from) return to;
    if (old.startsWith(`${from}/`)) return to + old.slice(from.length);
  }
  if (/^src\/[^/]+\.ts$/.test(old)) return `packages/pith/${old}`; // the leaves and the doors
  if (old.startsWith('src/')) throw new Error(`no package for ${old}: add a rule to split.mjs`);
  // A build output names its source: dist/X.js is src/X.ts compiled, in its package's dist/.
  if (old === 'dist' || old.startsWith('dist/')) {
    const rest = old.slice('dist'.length);
    const source = `src${rest.replace(/\.js$/, '.ts').replace(/\.d\.ts$/, '.ts')}`;
    if (source === 'src') return old;
    const moved = mapPath(source);
    if (moved === source) return old;
    const compiled = moved.replace(/\/src(\/|$)/, '/dist$1');
    return rest.endsWith('.js') ? compiled.replace(/\.ts$/, '.js') : compiled;
  }
  return old;
}

/** The door of each package a file in another package may import (its exports). */
const DOORS = new Map([
  ['packages/pith/src/index.ts', 'pith'],
  ['packages/pith/src/internal.ts', 'pith/internal'],
  ['packages/tools/src/index.ts', '@pith/tools'],
  ['packages/crawl/src/batch/index.ts', '@pith/crawl/batch'],
  ['packages/crawl/src/output/index.ts', '@pith/crawl/output'],
  ['packages/crawl/src/queue/index.ts', '@pith/crawl/queue'],
  ['packages/crawl/src/warc/index.ts', '@pith/crawl/warc'],
  ['packages/crawl/src/feed/index.ts', '@pith/crawl/feed'],
  ['packages/server/src/index.ts', '@pith/server'],
  ['packages/workbench/src/eval/index.ts', '@pith/workbench/eval'],
  ['packages/workbench/src/eval/peers/index.ts', '@pith/workbench/eval/peers'],
  ['packages/workbench/src/train/index.ts', '@pith/workbench/train'],
]);
/** A file of a package that is not one of its doors is reached through the package's catch-all door. */
const CATCH_ALL = new Map([
  ['pith', 'pith/internal'],
  ['tools', '@pith/tools'],
]);
const packageOf = (file) => /^packages\/([^/]+)\//.exec(file)?.[1];

// ---------------------------------------------------------------------------------------------
const tracked = git('ls-files', '-z').split('\0').filter(Boolean);
const trackedSet = new Set(tracked);
const trackedDirs = new Set();
for (const file of tracked) {
  for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) trackedDirs.add(dir);
}
const existsOld = (p) => trackedSet.has(p) || trackedDirs.has(p);
const moves = tracked.map((file) => [file, mapPath(file)]).filter(([from, to]) => from !== to);

// The tools' Node files leave the library: the names src/internal.ts re-exported from them.
const NODE_FILES = new Set(RULES.slice(0, 5).map(([from]) => from));
const nodeNames = new Map(); // name → old file
const internalSource = readFileSync(path.join(root, 'src/internal.ts'), 'utf8');
const internalAst = ts.createSourceFile('internal.ts', internalSource, ts.ScriptTarget.Latest, true);
const internalNodeExports = [];
for (const statement of internalAst.statements) {
  if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
  const target = resolveSpecifier('src/internal.ts', statement.moduleSpecifier.text);
  if (!NODE_FILES.has(target)) continue;
  if (!statement.exportClause || !ts.isNamedExports(statement.exportClause))
    throw new Error(`src/internal.ts: export * from a Node file (${target})`);
  for (const element of statement.exportClause.elements) nodeNames.set(element.name.text, target);
  internalNodeExports.push({ statement, target });
}

/** The repository path a relative specifier written in `file` names (without resolving extensions). */
function resolveSpecifier(file, specifier) {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (/\.js$/.test(joined) && trackedSet.has(joined.replace(/\.js$/, '.ts'))) return joined.replace(/\.js$/, '.ts');
  return joined.replace(/\/$/, '');
}

/** A relative specifier from `fromFile` to `toPath`, written as the original was (.ts → .js, trailing /). */
function relative(fromFile, toPath, original) {
  let rel = path.posix.relative(path.posix.dirname(fromFile), toPath);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  if (rel === './') rel = '.';
  if (/\.js$/.test(original) && /\.ts$/.test(toPath) && !/\.ts$/.test(original)) rel = rel.replace(/\.ts$/, '.js');
  if (original.endsWith('/') && !rel.endsWith('/')) rel += '/';
  return rel;
}

const problems = [];

/** The specifier a module import in `oldFile` (moving to `newFile`) becomes. */
function rewriteModuleSpecifier(oldFile, newFile, specifier) {
  if (!specifier.startsWith('.')) return specifier;
  const target = resolveSpecifier(oldFile, specifier);
  if (!existsOld(target) && !existsOld(target.replace(/\.js$/, '.d.ts'))) {
    // Generated (models/*.js) or missing: map the path all the same.
    if (!target.startsWith('models/')) return specifier;
  }
  const newTarget = mapPath(target);
  const fromPackage = packageOf(newFile);
  const toPackage = packageOf(newTarget);
  // Tests and the repository's scripts open files from the inside (relative paths); a package or
  // bench/ uses another package's door.
  if (toPackage && toPackage !== fromPackage && /^(packages|bench)\//.test(newFile) && /\/src\//.test(newTarget)) {
    const door = DOORS.get(newTarget) ?? CATCH_ALL.get(toPackage);
    if (!door) problems.push(`${newFile}: imports ${newTarget}, not a door of ${toPackage}`);
    else return door;
  }
  return relative(newFile, newTarget, specifier);
}

/** A string literal that is a path (relative to the file, or to the repository root). */
function rewritePathString(oldFile, newFile, text) {
  if (text.startsWith('./') || text.startsWith('../')) {
    const target = resolveSpecifier(oldFile, text);
    // A tracked path, a build output, a generated model, or (written with ../) a path outside the
    // tracked tree: the repository's caches or the folders beside it (../shared).
    const known =
      existsOld(target) ||
      /^(dist|\.cache)(\/|$)/.test(target) ||
      /^models\/[^/]+\.(js|d\.ts)$/.test(target) ||
      (text.startsWith('../') && target.startsWith('../'));
    if (!known || target === 'src' || target === '.') return text;
    const newTarget = mapPath(target);
    const result = relative(newFile, newTarget, text);
    return path.posix.normalize(path.posix.join(path.posix.dirname(newFile), result)) ===
      path.posix.normalize(path.posix.join(path.posix.dirname(oldFile), text)) && oldFile === newFile
      ? text
      : result;
  }
  if (/^(src|models|dist)\/[\w./-]*$/.test(text)) {
    const clean = text.replace(/\/$/, '');
    const known =
      existsOld(clean) || (clean.startsWith('dist/') && existsOld(mapDistSource(clean))) || /^models\/[^/]+\.(js|d\.ts)$/.test(clean);
    if (!known) return text;
    const mapped = mapPath(clean);
    return text.endsWith('/') ? `${mapped}/` : mapped;
  }
  return text;
}
const mapDistSource = (p) => `src${p.slice(4).replace(/\.js$/, '.ts')}`;

/** Splits an import or export of src/internal.ts whose names include the tools' Node files' names. */
function splitInternal(node, sourceText, oldFile, newFile) {
  const clause = ts.isImportDeclaration(node) ? node.importClause : node;
  const named = ts.isImportDeclaration(node) ? clause?.namedBindings : node.exportClause;
  if (!named || !(ts.isNamedImports(named) || ts.isNamedExports(named))) return undefined;
  if (ts.isImportDeclaration(node) && clause.name) return undefined;
  const groups = new Map(); // specifier → elements' text
  for (const element of named.elements) {
    const original = (element.propertyName ?? element.name).text;
    const nodeFile = nodeNames.get(original);
    const specifier = nodeFile
      ? rewriteModuleSpecifier(oldFile, newFile, relative(oldFile, nodeFile, './x.js'))
      : rewriteModuleSpecifier(oldFile, newFile, node.moduleSpecifier.text);
    if (!groups.has(specifier)) groups.set(specifier, []);
    groups.get(specifier).push(element.getText());
  }
  if (![...named.elements].some((e) => nodeNames.has((e.propertyName ?? e.name).text))) return undefined;
  const keyword = ts.isImportDeclaration(node) ? 'import' : 'export';
  const typeOnly = ts.isImportDeclaration(node) ? clause.isTypeOnly : node.isTypeOnly;
  return [...groups]
    .map(([specifier, elements]) => `${keyword} ${typeOnly ? 'type ' : ''}{ ${elements.join(', ')} } from '${specifier}';`)
    .join('\n');
}

function rewriteFile(oldFile, newFile, source) {
  const kind = oldFile.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(oldFile, source, ts.ScriptTarget.Latest, true, kind);
  const edits = []; // [start, end, text]
  const seen = new Set();
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const spec = node.moduleSpecifier;
      seen.add(spec.pos);
      const target = spec.text.startsWith('.') ? resolveSpecifier(oldFile, spec.text) : '';
      const split = target === 'src/internal.ts' ? splitInternal(node, source, oldFile, newFile) : undefined;
      if (split) {
        edits.push([node.getStart(sf), node.end, split]);
        return;
      }
      const next = rewriteModuleSpecifier(oldFile, newFile, spec.text);
      if (next !== spec.text) edits.push([spec.getStart(sf) + 1, spec.end - 1, next]);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isPropertyAccessExpression(node.expression) && node.expression.getText(sf) === 'import.meta.resolve')) &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const spec = node.arguments[0];
      seen.add(spec.pos);
      let written = spec.text;
      // `const { a, b } = await import('…/internal.js')` where every name is a Node file's: that file.
      const binding = node.parent && ts.isAwaitExpression(node.parent) && node.parent.parent;
      if (
        written.startsWith('.') &&
        resolveSpecifier(oldFile, written) === 'src/internal.ts' &&
        binding &&
        ts.isVariableDeclaration(binding) &&
        ts.isObjectBindingPattern(binding.name)
      ) {
        const files = new Set(binding.name.elements.map((e) => nodeNames.get((e.propertyName ?? e.name).getText(sf))));
        if (files.size === 1 && !files.has(undefined)) written = relative(oldFile, [...files][0], written);
      }
      const next = rewriteModuleSpecifier(oldFile, newFile, written);
      if (next !== spec.text) edits.push([spec.getStart(sf) + 1, spec.end - 1, next]);
    }
    if (ts.isImportTypeNode?.(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const spec = node.argument.literal;
      seen.add(spec.pos);
      const next = rewriteModuleSpecifier(oldFile, newFile, spec.text);
      if (next !== spec.text) edits.push([spec.getStart(sf) + 1, spec.end - 1, next]);
    }
    // A path after a substitution (`${ROOT}src/index.ts`): the repository-relative path rule only.
    if ((ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && /^(src|models|dist)\//.test(node.text)) {
      const next = rewritePathString(oldFile, newFile, node.text);
      const raw = node.getText(sf);
      if (next !== node.text && raw.slice(1, -(ts.isTemplateTail(node) ? 1 : 2)) === node.text) {
        edits.push([node.getStart(sf) + 1, node.getStart(sf) + 1 + node.text.length, next]);
      }
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !seen.has(node.pos)) {
      const next = rewritePathString(oldFile, newFile, node.text);
      if (next !== node.text) edits.push([node.getStart(sf) + 1, node.end - 1, next]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  edits.sort((a, b) => b[0] - a[0]);
  let out = source;
  for (const [start, end, text] of edits) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

// ---------------------------------------------------------------------------------------------
const CODE = /\.(ts|mts|mjs|js)$/;
const SCOPE = /^(src|test|bench|scripts|lint)\//;
const contents = new Map(); // new path → new content
for (const file of tracked) {
  if (!CODE.test(file) || !SCOPE.test(file) || (/\/fixtures\//.test(file) && !/\.(ts|mjs)$/.test(file))) continue;
  if (/^models\//.test(file)) continue;
  const source = readFileSync(path.join(root, file), 'utf8');
  const next = rewriteFile(file, mapPath(file), source);
  if (next !== source) contents.set(mapPath(file), next);
}

// src/internal.ts no longer re-exports the tools' Node files: the tools' door does.
{
  let stripped = internalSource;
  const reexports = [];
  const toolsDoor = 'packages/tools/src/index.ts';
  for (const { statement, target } of internalNodeExports) {
    const original = statement.getFullText(internalAst);
    stripped = stripped.replace(original, '');
    reexports.push(original.replace(/from '[^']+'/, `from '${relative(toolsDoor, mapPath(target), './x.js')}'`).trim());
  }
  contents.set(mapPath('src/internal.ts'), rewriteFile('src/internal.ts', mapPath('src/internal.ts'), stripped));
  const door = contents.get(toolsDoor) ?? readFileSync(path.join(root, 'src/tools/index.ts'), 'utf8');
  contents.set(toolsDoor, `${door.trimEnd()}\n${reexports.join('\n')}\n`);
}

if (problems.length > 0) {
  console.error(`split.mjs: ${problems.length} imports it cannot rewrite:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

for (const [from, to] of moves) {
  mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
  git('mv', from, to);
}
for (const [file, text] of contents) writeFileSync(path.join(root, file), text);

// Imports sorted and lines wrapped as the linter wants them (only the files written).
const written = [...contents.keys()].filter((file) => /\.(ts|mjs)$/.test(file));
try {
  execFileSync(path.join(root, 'node_modules/.bin/biome'), ['check', '--write', '--linter-enabled=false', ...written], {
    cwd: root,
    stdio: 'inherit',
  });
} catch {
  // biome reports what it could not fix; the type check and the lint of the next commits show it.
}
console.log(`split.mjs: ${moves.length} files moved, ${contents.size} rewritten`);
