import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DefaultTreeAdapterMap } from 'parse5';

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** The repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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
