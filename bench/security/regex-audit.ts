// A ReDoS audit of the library's regular expressions: every regex literal of packages/pith/src (found with
// the TypeScript parser, so none is missed or misread) checked by recheck, which says whether a pattern can
// take more than linear time and gives an attack string. recheck is not a dependency (a JVM-backed checker
// with a native binary, used only here); install it beside the repo for the run:
//
//   npm i --no-save recheck@4 && npx tsx bench/security/regex-audit.ts [--all]
//
// Prints each pattern that is not "safe" (vulnerable: polynomial or exponential; unknown: recheck cannot
// decide, mostly look-behinds and \p{…}) with its file and line. A flagged pattern is a lead, not a defect:
// put it on a hostile page where it reads (bench/security/regex-floods.ts) and see whether its time grows
// with the square of the run. `new RegExp(…)` built from strings are not seen. docs/security.md, "Patterns
// that took the square of their input", says what session 13 (round 3) found and judged.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

interface Checked {
  status: string;
  complexity?: { type?: string };
}
type Check = (source: string, flags: string, params: { timeout: number }) => Checked;

let checkSync: Check;
try {
  // A module name in a variable: recheck is not installed with the repo (see above).
  const name = 'recheck';
  ({ checkSync } = (await import(name)) as { checkSync: Check });
} catch {
  console.error('regex-audit: recheck is not installed; run `npm i --no-save recheck@4` first');
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/pith/src');
const all = process.argv.includes('--all');
const files: string[] = [];
(function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (file.endsWith('.ts')) files.push(file);
  }
})(root);

const counts = new Map<string, number>();
for (const file of files.sort()) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source);
      const slash = text.lastIndexOf('/');
      const result = checkSync(text.slice(1, slash), text.slice(slash + 1), { timeout: 2000 });
      counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
      if (all || result.status !== 'safe') {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        const where = `${path.relative(root, file)}:${line + 1}`;
        console.log(
          `${result.status.padEnd(10)} ${(result.complexity?.type ?? '').padEnd(11)} ${where} ${text.slice(0, 140)}`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
console.error(
  `regex-audit: ${[...counts.values()].reduce((a, b) => a + b, 0)} regex literals: ${[...counts]
    .map(([status, n]) => `${n} ${status}`)
    .join(', ')}`,
);
