/**
 * The body guard's footer-text rule (body-guard.ts, guardFooterText) as the extractor applies it:
 * every development page extracted once with the guard on, each by the block model that did not
 * see its site; where the footer-text rule answered (`diagnostics.bodyGuard.footerText`), the page
 * is extracted again without the guard and both are scored. The rule reads texts the page lines of
 * guard-pages.ts do not hold (the extractor's block lines, not the rendered text), so its pages
 * are found here, not offline.
 *
 *   npx tsx bench/misses/footer-text-pages.ts --held-out FILE [--dataset NAME …] [--shard I/N] > OUT.jsonl
 */
import { parseArgs } from 'node:util';
import { useModelFiles } from '@pith/tools';
import { pageDigest, preparePrimary, readHeldOut, scorePrimary, withHeadline } from '@pith/workbench/eval';
import { CHOICE_DATASETS, pendingDevPages } from '@pith/workbench/train';
import { extract } from 'pith';
import type { PithDiagnostics } from 'pith/internal';

const { values } = parseArgs({
  options: {
    'held-out': { type: 'string' },
    dataset: { type: 'string', short: 'd', multiple: true },
    shard: { type: 'string', default: '0/1' },
  },
});
await useModelFiles();
const heldOut = readHeldOut(values['held-out'] ?? '');
const [shard, shards] = (values.shard ?? '0/1').split('/').map(Number);
let pages = 0;
let fired = 0;
for await (const { dataset, scoring, page, key } of pendingDevPages({
  datasets: values.dataset?.length ? values.dataset : CHOICE_DATASETS,
  shard: [shard, shards],
  every: 1,
  done: new Set(),
})) {
  const model = heldOut.modelFor(pageDigest(page.html));
  const run = (bodyGuard: boolean) =>
    extract(page.html, {
      format: 'text',
      ...(page.url ? { url: page.url } : {}),
      extractorOptions: { model, choice: 'none', bodyGuard },
      limits: { timeoutMs: 600_000 },
    });
  let guarded: ReturnType<typeof run>;
  try {
    guarded = run(true);
  } catch (error) {
    process.stderr.write(`${key}: ${(error as Error).message}\n`);
    continue;
  }
  pages++;
  const guard = (guarded.extraction.diagnostics as PithDiagnostics).bodyGuard;
  if (!guard?.footerText) continue;
  fired++;
  const prepared = preparePrimary(page, scoring);
  const title = guarded.metadata.title;
  const score = (text: string) =>
    scorePrimary(prepared, scoring.headlineInGold ? withHeadline(text, title) : text);
  const bare = run(false);
  console.log(
    JSON.stringify({
      dataset,
      id: page.id,
      answer: guard.answer,
      off: score(bare.content),
      on: score(guarded.content),
    }),
  );
}
process.stderr.write(`${pages} pages, the footer-text rule answered on ${fired}\n`);
