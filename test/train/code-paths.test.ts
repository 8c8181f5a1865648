import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { DENSITY_MODEL_CODE } from '../../src/cli/train-command.js';
import { REPO_ROOT } from '../helpers.js';

/**
 * Every source file src/train/index.ts uses, directly or not. Names imported through a door that
 * re-exports many rooms (src/internal.ts, src/eval/index.ts) count only the file that declares
 * them, so the graph is the code training runs, not everything its doors open.
 */
function importGraph(entry: string): string[] {
  const program = ts.createProgram([join(REPO_ROOT, entry)], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const seen = new Set<string>();
  const stack = [join(REPO_ROOT, entry)];
  const declaringFiles = (name: ts.Node): string[] => {
    let symbol = checker.getSymbolAtLocation(name);
    if (!symbol) return [];
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return (symbol.declarations ?? []).map((declaration) => declaration.getSourceFile().fileName);
  };
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = program.getSourceFile(file);
    if (!source) continue;
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (!specifier?.startsWith('.')) continue;
      const names: ts.Node[] = [];
      if (ts.isImportDeclaration(statement)) {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name));
        else if (statement.importClause?.name) names.push(statement.importClause.name);
      } else if (
        ts.isExportDeclaration(statement) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        names.push(...statement.exportClause.elements.map((e) => e.name));
      }
      if (names.length === 0) {
        // A namespace import or `export *`: the whole module.
        const target = ts.resolveModuleName(specifier, file, program.getCompilerOptions(), ts.sys);
        if (target.resolvedModule) stack.push(target.resolvedModule.resolvedFileName);
        continue;
      }
      for (const name of names) stack.push(...declaringFiles(name));
    }
  }
  return [...seen]
    .filter((file) => !file.includes('/node_modules/'))
    .map((file) => relative(REPO_ROOT, file));
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
