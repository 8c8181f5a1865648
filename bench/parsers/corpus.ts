// The pages of the unpacked datasets (.cache/datasets, made by `npm run datasets`), for the parser
// benchmarks. Decoding is deliberately simple: UTF-8, non-fatal (invalid bytes become U+FFFD), BOM
// stripped. That is good enough to time a parser and to compare trees (every parser gets the same
// string); it is not pith's decoder.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { seededRandom } from 'pith/internal';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const datasetsDir = path.join(repoRoot, '.cache', 'datasets');
export const cacheDir = path.join(repoRoot, '.cache', 'parsers');

export interface PageRef {
  /** Stable id: dataset-relative path, e.g. "cleaneval/final/input/60.html". */
  id: string;
  dataset: string;
  file: string;
}

export interface Page extends PageRef {
  /** Size of the page in bytes (after gunzip, before decoding). */
  bytes: number;
  html: string;
}

function listDir(dir: string, filter: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(filter)
    .sort()
    .map((n) => path.join(dir, n));
}

/** Every input page of the six datasets, in a fixed order. */
export function listPages(): PageRef[] {
  if (!existsSync(datasetsDir)) {
    throw new Error(`no unpacked datasets in ${datasetsDir}: run \`npm run datasets\` first`);
  }
  const d = (...p: string[]) => path.join(datasetsDir, ...p);
  const isHtml = (n: string) => n.endsWith('.html') || n.endsWith('.htm');
  const groups: [string, string[]][] = [
    [
      'cleaneval',
      [
        ...listDir(d('cleaneval', 'final', 'input'), isHtml),
        ...listDir(d('cleaneval', 'dev', 'input'), isHtml),
      ],
    ],
    ['l3s-gn1', listDir(d('l3s-gn1', 'input'), isHtml)],
    ['cleanportaleval', listDir(d('cleanportaleval', 'input'), isHtml)],
    [
      'readability-testpages',
      listDir(d('readability-testpages'), () => true)
        .map((dir) => path.join(dir, 'source.html'))
        .filter((f) => existsSync(f)),
    ],
    ['trafilatura-eval', listDir(d('trafilatura-eval', 'html'), () => true)],
    ['wcxb-dev', listDir(d('wcxb-dev', 'dev', 'html'), (n) => n.endsWith('.html.gz'))],
  ];
  const out: PageRef[] = [];
  for (const [dataset, files] of groups) {
    if (files.length === 0) throw new Error(`dataset ${dataset}: no pages found under ${datasetsDir}`);
    for (const file of files) out.push({ id: path.relative(datasetsDir, file), dataset, file });
  }
  return out;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * CleanEval and CleanPortalEval inputs are wrapped in a `<text ...>` line (CleanPortalEval: sometimes
 * after a blank line) and a closing `</text>` line that are not part of the page: drop both.
 */
function stripTextWrapper(html: string): string {
  const start = html.search(/\S/);
  if (start < 0 || !html.startsWith('<text', start)) return html;
  const firstNl = html.indexOf('\n', start);
  if (firstNl < 0) return html;
  let body = html.slice(firstNl + 1);
  const close = body.lastIndexOf('</text>');
  if (close >= 0) body = body.slice(0, close);
  return body;
}

export function loadPage(ref: PageRef): Page {
  let buf: Uint8Array = readFileSync(ref.file);
  if (ref.file.endsWith('.gz')) buf = gunzipSync(buf);
  let html = decoder.decode(buf);
  if (ref.dataset === 'cleaneval' || ref.dataset === 'cleanportaleval') html = stripTextWrapper(html);
  return { ...ref, bytes: buf.byteLength, html };
}

/** `perDataset` pages drawn at random (fixed seed) from each dataset. */
export function samplePages(perDataset: number, seed = 20240611): PageRef[] {
  const rand = seededRandom(seed);
  const byDataset = new Map<string, PageRef[]>();
  for (const p of listPages()) {
    const list = byDataset.get(p.dataset) ?? [];
    list.push(p);
    byDataset.set(p.dataset, list);
  }
  const out: PageRef[] = [];
  for (const list of byDataset.values()) {
    const pool = [...list];
    for (let i = 0; i < perDataset && pool.length > 0; i++) {
      const j = Math.floor(rand() * pool.length);
      out.push(pool.splice(j, 1)[0]!);
    }
  }
  return out;
}
