import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { DefaultTreeAdapterMap } from 'parse5';
import { monitorDeadlineChecks } from '../packages/pith/src/dom/index.js';

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** The repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The CLI from source (`node --import tsx packages/cli/src/main.ts …`). A child that loads a TypeScript
 * module of the tests (`--page-worker test/…/worker.ts`) needs this one.
 */
export const PITH_SOURCE_ARGV: readonly string[] = [
  '--import',
  'tsx',
  join(REPO_ROOT, 'packages/cli/src/main.ts'),
];

/**
 * True when every packages/PACKAGE/src/X.ts has its packages/PACKAGE/dist/X.js written after it (`npm ci`
 * and `npm run build` write them): then the build is the source's, compiled.
 */
export function isBuildCurrent(root = REPO_ROOT): boolean {
  const packages = join(root, 'packages');
  for (const name of readdirSync(packages)) {
    const src = join(packages, name, 'src');
    if (!existsSync(src)) continue;
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
      const built = join(packages, name, 'dist', file.replace(/\.ts$/, '.js'));
      if (!existsSync(built) || statSync(built).mtimeMs < statSync(join(src, file)).mtimeMs) return false;
    }
  }
  return true;
}

/**
 * The CLI's command line before its arguments: the build (`packages/cli/bin/pith.js`) when it is current
 * (and PITH_TEST_CLI is not `source`), else the source through tsx. The same code either way; a start
 * from the build costs less than half the CPU (tsx maps the workspace imports to their sources and
 * compiles them), and the suite starts the CLI hundreds of times (docs/decisions.md, "Tests start the
 * built CLI").
 */
export const PITH_ARGV: readonly string[] =
  process.env.PITH_TEST_CLI !== 'source' && isBuildCurrent()
    ? [join(REPO_ROOT, 'packages/cli/bin/pith.js')]
    : PITH_SOURCE_ARGV;

/** How a CLI started by `spawnPith` ended, and what it wrote on stderr. */
export interface PithRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts the CLI (PITH_ARGV) in the background, colours off, stdout ignored: the child, and its end. */
export function spawnPith(args: readonly string[]): { child: ChildProcess; done: Promise<PithRun> } {
  const child = spawn(process.execPath, [...PITH_ARGV, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<PithRun>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, done };
}

/** Runs the CLI (PITH_ARGV) to its end: exit code and output (colours off; `env` adds variables). */
export function runPith(
  args: readonly string[],
  options: { input?: string | Buffer; env?: Record<string, string> } = {},
): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...PITH_ARGV, ...args], {
    cwd: REPO_ROOT,
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs an ES module `script` (imports relative to the repo root, TypeScript through tsx) in a child
 * process killed after `timeoutMs`: a hang guard for synchronous code, which Node's test timeout
 * cannot stop. Exit code, signal and error output.
 */
export function runModuleWithin(
  script: string,
  timeoutMs: number,
): { code: number | null; signal: NodeJS.Signals | null; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    timeout: timeoutMs,
    encoding: 'utf8',
  });
  return { code: result.status, signal: result.signal, stderr: result.stderr };
}

/** `../shared/datasets/sample` beside the repo: read-only fixtures, never copied in. */
export const SAMPLE_DIR = resolve(REPO_ROOT, '..', 'shared', 'datasets', 'sample');

/** True when the shared sample datasets are there (tests that need them skip otherwise). */
export const HAS_SAMPLE = existsSync(SAMPLE_DIR);

export function samplePath(...parts: string[]): string {
  return join(SAMPLE_DIR, ...parts);
}

/** Every element under `root` of a parse5 tree, in document order, template contents included. */
export function parse5Elements(root: ParentNode): Element[] {
  const out: Element[] = [];
  const walk = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if ('tagName' in child) {
        out.push(child);
        walk(child.tagName === 'template' ? (child as DefaultTreeAdapterMap['template']).content : child);
      }
    }
  };
  walk(root);
  return out;
}

/** Elements that run, load or navigate by themselves: none may survive a sanitised output. */
export const ACTIVE_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'link',
  'noscript',
  'portal',
  'animate',
  'set',
];

/** The stages that read the clock during `run` (the deadline's monitor), with how often each did. */
export function stagesChecked(run: () => unknown): Map<string, number> {
  const seen = new Map<string, number>();
  monitorDeadlineChecks((stage) => seen.set(stage, (seen.get(stage) ?? 0) + 1));
  try {
    run();
  } finally {
    monitorDeadlineChecks(undefined);
  }
  return seen;
}

/**
 * Texts longer than the 64 Ki pieces long texts are cut into: a unit of 1–40 fragments repeated
 * past 140,000 characters, after 0–9 characters that move where the cuts fall in it.
 */
export function longTexts(fragments: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([parts, shift]) => {
      const unit = parts.join('');
      return 'x'.repeat(shift) + unit.repeat(Math.ceil(140_000 / unit.length));
    });
}

/**
 * Object.prototype's own names ('constructor', 'toString', '__proto__', …): what a lookup into a
 * plain object finds without owning it. Every entry point where a name from input indexes a table
 * is tested with each (test/api/prototype-names.test.ts, test/server/prototype-names.test.ts).
 */
export const PROTOTYPE_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/**
 * Pages of 1–4 paragraphs, each of runs of `piece`s (at most `pieces` a run, at most `runs` runs),
 * every run maybe wrapped in one of the `inlines`: text split across nodes of one block, for the
 * properties that compare a block's built text with its nodes.
 */
export function inlineParagraphPages(
  piece: fc.Arbitrary<string>,
  {
    pieces = 6,
    runs = 4,
    inlines = ['b', 'i', 'a', 'span'],
  }: { pieces?: number; runs?: number; inlines?: string[] } = {},
): fc.Arbitrary<string> {
  const node = fc.array(piece, { minLength: 0, maxLength: pieces }).map((parts) => parts.join(''));
  const inline = fc.constantFrom(...inlines);
  const paragraph = fc
    .array(fc.tuple(node, inline, fc.boolean()), { minLength: 1, maxLength: runs })
    .map((list) =>
      list.map(([text, tag, wrapped]) => (wrapped ? `<${tag}>${text}</${tag}>` : text)).join(''),
    );
  return fc
    .array(paragraph, { minLength: 1, maxLength: 4 })
    .map((paragraphs) => `<body>${paragraphs.map((text) => `<p>${text}</p>`).join('')}</body>`);
}
