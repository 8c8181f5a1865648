// The pieces of pith the speed scripts time, loaded from the build (dist/, `npm run build` first:
// the code users run, profiled without tsx's per-function helpers), from another build with
// --dist=DIR (e.g. one made with an earlier parser, to compare), or, with --src, from src/
// through tsx.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { flag, hasFlag } from './pages.js';

type PithModule = typeof import('pith');
/** Types from the tools' door; the code itself is loaded from the chosen tree's files. */
type FormatModule = Pick<typeof import('pith/internal'), 'formatExtraction'>;
type PeersModule = typeof import('@pith/workbench/eval/peers');

export interface Pipeline {
  pith: PithModule;
  format: FormatModule;
  /** src/eval/peers (Readability and the other peers, dev dependencies): loaded on first use. */
  peers: () => Promise<PeersModule>;
  /** 'dist' or 'src'. */
  from: string;
}

export async function loadPipeline(fromSource = hasFlag('src')): Promise<Pipeline> {
  const base = fromSource
    ? path.join(repoRoot, 'packages', 'pith', 'src')
    : path.resolve(repoRoot, flag('dist', 'packages/pith/dist'));
  const file = (name: string) => path.join(base, `${name}.${fromSource ? 'ts' : 'js'}`);
  if (!fromSource && !existsSync(file('index'))) {
    throw new Error(`${base} has no build: run \`npm run build\` first (or pass --src)`);
  }
  const pith = (await import(pathToFileURL(file('index')).href)) as PithModule;
  const format = (await import(pathToFileURL(file('format/index')).href)) as FormatModule;
  const peers = async () => (await import(pathToFileURL(file('eval/peers/index')).href)) as PeersModule;
  return { pith, format, peers, from: fromSource ? 'src' : path.relative(repoRoot, base) };
}
