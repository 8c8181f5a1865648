/**
 * Bench scripts record their figures in docs/benchmarks-journal.md, each in its own
 * marked section (`<!-- NAME:start -->` … `<!-- NAME:end -->`), which a later
 * run replaces; a section not yet there is added at the end.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

export const BENCHMARKS_DOC = 'docs/benchmarks-journal.md';

/** Replaces (or appends) the section `name` of the document with `lines`, markers added. */
export function writeDocSection(name: string, lines: readonly string[], path = BENCHMARKS_DOC): void {
  const start = `<!-- ${name}:start -->`;
  const stop = `<!-- ${name}:end -->`;
  const text = readFileSync(path, 'utf8');
  const block = [start, ...lines, stop].join('\n');
  const from = text.indexOf(start);
  const to = text.indexOf(stop);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + stop.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(path, next);
  process.stdout.write(`wrote the ${name} section of ${path}\n`);
}

/** "Date: …, Node …, N cores (model), a machine shared with other jobs." */
export function runContext(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `Date: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores (${model}), a machine shared with other jobs.`;
}
