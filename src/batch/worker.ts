/** The worker thread of the batch pool (run by piscina): one page in, its record fields out. */
import { extractPage } from './page.js';
import type { PageResult, PageTask } from './types.js';

export default function runPage(task: PageTask): PageResult {
  return extractPage(task);
}
