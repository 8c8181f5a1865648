// The library in any JavaScript runtime (CI; `npm run check:neutral`):
// 1. its public entry (src/index.ts) bundled by esbuild for the neutral platform, which knows no
//    Node built-in: any `node:` module, Node-only package or unresolvable import on the library's
//    import graph fails the build;
// 2. the bundle run in a bare V8 context (node:vm: the language's globals and the web's TextDecoder,
//    TextEncoder and URL, no `process`, `Buffer` or `require`), extracting examples/*.html: the
//    output must be the same bytes as under Node;
// 3. its size with its default models (the entry's chunks; density's and mss's models are chunks of
//    their own, loaded on demand), raw and gzipped, against the budget below.
// docs/decisions.md, "One library for every runtime".
import { readdirSync, readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The budget of the library with its default models, gzipped (measured 2026-11: see the README). */
const BUDGET_GZIP_BYTES = 440 * 1024;

const root = new URL('../', import.meta.url);
const entry = new URL('src/index.ts', root).pathname;
const common = {
  entryPoints: [entry],
  bundle: true,
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'silent',
  metafile: true,
};

let split;
try {
  split = await build({ ...common, format: 'esm', splitting: true, outdir: 'neutral' });
} catch (error) {
  // esbuild's own message names the import and the file it is in.
  console.error(
    'the library does not bundle for a neutral platform (a Node built-in or Node-only package on its import graph?):',
  );
  for (const message of error.errors ?? [error])
    console.error(
      `  ${message.text ?? message}${message.location ? ` (${message.location.file}:${message.location.line})` : ''}`,
    );
  process.exit(1);
}

// The entry chunk and the chunks it imports statically: what a bundle of the library loads at start.
const outputs = split.metafile.outputs;
const files = new Map(
  split.outputFiles.map((file) => [file.path.slice(file.path.indexOf('neutral/')), file.contents]),
);
const loaded = new Set();
const visit = (name) => {
  if (loaded.has(name)) return;
  loaded.add(name);
  for (const imported of outputs[name].imports)
    if (imported.kind === 'import-statement') visit(imported.path);
};
visit(Object.keys(outputs).find((name) => outputs[name].entryPoint !== undefined));
const sizeOf = (names) => {
  const bytes = Buffer.concat([...names].map((name) => Buffer.from(files.get(name))));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const start = sizeOf(loaded);
const all = sizeOf(Object.keys(outputs).filter((name) => name.endsWith('.js')));
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(
  `library with its default models: ${kb(start.raw)} raw, ${kb(start.gzip)} gzipped (budget ${kb(BUDGET_GZIP_BYTES)})`,
);
console.log(`with density's and mss's models too: ${kb(all.raw)} raw, ${kb(all.gzip)} gzipped`);

// One script for the bare context: dynamic imports are inlined (no splitting), exports on a global.
const single = await build({ ...common, format: 'iife', globalName: 'pith' });
const context = createContext({ TextDecoder, TextEncoder, URL, URLSearchParams, console });
runInContext(new TextDecoder().decode(single.outputFiles[0].contents), context);
// Run with tsx (`node --import tsx`), which resolves the sources' .js imports to their .ts files.
const { extractAsync } = await import('../src/index.ts');
const examples = new URL('examples/', root);
let compared = 0;
for (const name of readdirSync(examples)
  .filter((file) => file.endsWith('.html'))
  .sort()) {
  const bytes = new Uint8Array(readFileSync(new URL(name, examples)));
  for (const options of [
    { format: 'markdown' },
    { format: 'json' },
    { extractor: 'density', format: 'text' },
  ]) {
    const bare = await runInContext('pith.extractAsync', context)(bytes, options);
    const node = await extractAsync(bytes, options);
    if (bare.content !== node.content) {
      console.error(`${name} ${JSON.stringify(options)}: the bare context's output differs from Node's`);
      process.exit(1);
    }
    compared++;
  }
}
console.log(`${compared} outputs in a bare V8 context byte-identical to Node's`);

if (start.gzip > BUDGET_GZIP_BYTES) {
  console.error(
    `the library with its default models is ${kb(start.gzip)} gzipped, over its budget of ${kb(BUDGET_GZIP_BYTES)}`,
  );
  process.exit(1);
}
