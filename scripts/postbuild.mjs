// After tsc: make the CLI entry executable (tsc does not keep modes) and copy the programs the
// outside peers run (src/eval/peers/programs: Python and Java sources) beside the compiled peers.
import { chmodSync, cpSync, existsSync } from 'node:fs';

const bin = new URL('../packages/cli/dist/main.js', import.meta.url);
if (existsSync(bin)) chmodSync(bin, 0o755);

const programs = new URL('../packages/workbench/src/eval/peers/programs/', import.meta.url);
if (existsSync(programs)) {
  cpSync(programs, new URL('../packages/workbench/dist/eval/peers/programs/', import.meta.url), {
    recursive: true,
  });
}
