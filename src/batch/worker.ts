/** The worker thread of the batch pool (run by piscina): one page in, its record fields out. */
import { loadTokenCounter, type TokenCounter } from '../index.js';
import { useModelFiles } from '../tools/index.js';
import { extractPage } from './page.js';
import type { PageResult, PageTask } from './types.js';

// Model files named by path, and every shipped model ready for extract(). Not a top-level await:
// piscina loads this module through tsx's require hook when running from source, which has none.
const ready = useModelFiles();

/** The token counter of `--chunks`, loaded once per thread and only when chunks are asked for. */
let counter: Promise<TokenCounter> | undefined;

export default async function runPage(task: PageTask): Promise<PageResult> {
  await ready;
  const chunks = task.settings.chunks;
  if (chunks === undefined) return extractPage(task);
  counter ??= loadTokenCounter(chunks.tokenizer);
  return extractPage(task, await counter);
}
