/** The task module of the batch pool (run on the threads of @pith/tools' pool): one page in, its record fields out. */

import { useModelFiles } from '@pith/tools';
import { loadTokenCounter, type TokenCounter } from 'pith';
import { extractPage } from './page.js';
import type { PageResult, PageTask } from './types.js';

// Model files named by path, and every shipped model ready for extract().
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
