/**
 * A model's manifest records the last commit of the code the model depends on: each trainer's
 * list (DENSITY_MODEL_CODE, BLOCK_MODEL_CODE, MSS_MODEL_CODE, PAGE_TYPE_MODEL_CODE) must cover every file its
 * training code imports, directly or not. Imports through a door (a room's index.ts, or the
 * tools' door) are followed to the file that declares each imported name, with TypeScript's
 * own resolution, so a door that re-exports every room does not pull all of them in.
 */
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import {
  BLOCK_MODEL_CODE,
  BLOCK_ROWS_CODE,
  CHOICE_MODEL_CODE,
  DENSITY_MODEL_CODE,
  MSS_MODEL_CODE,
  PAGE_TYPE_MODEL_CODE,
  QUALITY_MODEL_CODE,
} from '../../packages/workbench/src/train/index.js';
import { REPO_ROOT } from '../helpers.js';

/** Every source file the entries use, following each imported name to its declaration. */
function dependencies(program: ts.Program, entries: readonly string[]): string[] {
  const checker = program.getTypeChecker();
  const seen = new Set<string>();
  const stack = entries.map((entry) => join(REPO_ROOT, entry));
  const declaringFiles = (symbol: ts.Symbol | undefined): string[] => {
    if (!symbol) return [];
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return (target.declarations ?? []).map((declaration) => declaration.getSourceFile().fileName);
  };
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || file.includes('/node_modules/')) continue;
    const source = program.getSourceFile(file);
    if (!source) continue;
    seen.add(file);
    const moduleFile = (specifier: ts.Expression) => {
      const symbol = checker.getSymbolAtLocation(specifier);
      return (
        symbol?.valueDeclaration?.getSourceFile().fileName ??
        symbol?.declarations?.[0]?.getSourceFile().fileName
      );
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
        const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
        const named = ts.isImportDeclaration(node)
          ? clause?.namedBindings && ts.isNamedImports(clause.namedBindings)
            ? clause.namedBindings.elements
            : undefined
          : node.exportClause && ts.isNamedExports(node.exportClause)
            ? node.exportClause.elements
            : undefined;
        if (named && !clause?.name) {
          for (const element of named)
            stack.push(...declaringFiles(checker.getSymbolAtLocation(element.name)));
        } else if (node.moduleSpecifier) {
          // A default, namespace or `export *` import: the whole module.
          const file = moduleFile(node.moduleSpecifier);
          if (file) stack.push(file);
        }
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0]
      ) {
        const file = moduleFile(node.arguments[0]);
        if (file) stack.push(file);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  // The shipped models' generated modules (models/*.js, *.d.ts) are a model's output, not its code.
  return [...seen]
    .map((file) => relative(REPO_ROOT, file))
    .filter((file) => !file.startsWith('packages/pith/models/'))
    .sort();
}

function uncovered(files: readonly string[], code: readonly string[]): string[] {
  return files.filter(
    (file) => !code.some((entry) => file === entry || !relative(entry, file).startsWith('..')),
  );
}

describe('the code a model depends on (the manifest’s commit and date rest on it)', () => {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(REPO_ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  assert.ok(config);
  const program = ts.createProgram({
    rootNames: config.fileNames.filter((file) => file.includes('/src/')),
    options: config.options,
  });

  const models = [
    {
      name: 'density',
      code: DENSITY_MODEL_CODE,
      entries: ['packages/workbench/src/train/density/trainer.ts'],
      expect: 'packages/pith/src/extractors/density/filter.ts',
    },
    {
      name: 'blocks',
      code: BLOCK_MODEL_CODE,
      entries: ['packages/workbench/src/train/blocks/trainer.ts'],
      expect: 'packages/pith/src/features/blocks/features.ts',
    },
    {
      name: 'block rows (their cache key)',
      code: BLOCK_ROWS_CODE,
      entries: ['packages/workbench/src/train/blocks/rows.ts'],
      expect: 'packages/pith/src/extractors/pith/rows.ts',
    },
    {
      name: 'choice',
      code: CHOICE_MODEL_CODE,
      entries: ['packages/workbench/src/train/choice/trainer.ts'],
      expect: 'packages/pith/src/extractors/pith/choice-features.ts',
    },
    {
      name: 'mss',
      code: MSS_MODEL_CODE,
      entries: ['packages/workbench/src/train/mss/trainer.ts'],
      expect: 'packages/pith/src/extractors/mss/tokens.ts',
    },
    {
      name: 'page-type',
      code: PAGE_TYPE_MODEL_CODE,
      entries: ['packages/workbench/src/train/page-type/trainer.ts'],
      expect: 'packages/pith/src/features/page-type/features.ts',
    },
    {
      name: 'quality',
      code: QUALITY_MODEL_CODE,
      entries: ['packages/workbench/src/train/quality/trainer.ts'],
      expect: 'packages/pith/src/quality/features.ts',
    },
  ];
  for (const model of models) {
    test(`${model.name}: the list covers everything its trainer imports`, () => {
      const files = dependencies(program, model.entries);
      assert.ok(files.includes(model.expect), `${model.expect} is among the ${files.length} files`);
      assert.deepEqual(uncovered(files, model.code), []);
    });
  }
});
