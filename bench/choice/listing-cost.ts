/**
 * What the listing profile (on by default, behind its gate) costs `extract()` (issue 37, s37-gate):
 * per page, `extract()` with the profile off and on, in alternating order, CPU time summed per arm
 * (process.cpuUsage, several passes), and how often each step ran: a group the answer started
 * that is large enough (the page type is then classified), a page read as a listing or collection
 * (the gate's features), the gate passed (the loose mode built, the answer joined).
 *
 *   npx tsx bench/choice/listing-cost.ts [-d NAME …] [--stride N] [--passes N]
 */
import { parseArgs } from 'node:util';
import { useModelFiles } from '@pith/tools';
import { type PendingPage, pendingDevPages } from '@pith/workbench/train';
import { extract } from 'pith';
import type { PithDiagnostics } from 'pith/internal';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', short: 'd', multiple: true },
    stride: { type: 'string', default: '5' },
    passes: { type: 'string', default: '3' },
  },
});
await useModelFiles();
const stride = Number(values.stride);
type Page = PendingPage['page'];
const pages: Page[] = [];
let index = 0;
for await (const { page } of pendingDevPages({
  datasets: values.dataset?.length ? values.dataset : ['wcxb-dev', 'l3s-gn1', 'cleaneval'],
  shard: [0, 1],
  done: new Set(),
}))
  if (index++ % stride === 0) pages.push(page);
// CPU per arm (off, on) and per turn (first or second of the pair)
const cpu = [0, 0];
const turn = [0, 0];
let joined = 0;
const run = (page: Page, on: boolean, second = 0) => {
  const start = process.cpuUsage();
  const result = extract(page.html, {
    format: 'text',
    ...(page.url ? { url: page.url } : {}),
    extractorOptions: { listingProfile: on },
  });
  const used = process.cpuUsage(start);
  cpu[on ? 1 : 0] += used.user + used.system;
  turn[second] += used.user + used.system;
  return result;
};
for (const page of pages) run(page, false); // warm up
cpu.fill(0);
turn.fill(0);
for (let pass = 0; pass < Number(values.passes); pass++)
  pages.forEach((page, k) => {
    const first = (k + pass) % 2 === 0;
    run(page, first);
    const result = run(page, !first, 1);
    if (pass === 0 && (result.extraction.diagnostics as PithDiagnostics).listing) joined++;
  });
process.stdout.write(
  `${pages.length} pages × ${values.passes} passes: off ${(cpu[0] / 1000).toFixed(0)} ms, on ${(cpu[1] / 1000).toFixed(0)} ms CPU (×${(cpu[1] / cpu[0]).toFixed(3)}); answers joined on ${joined} pages; first of each pair ${(turn[0] / 1000).toFixed(0)} ms, second ${(turn[1] / 1000).toFixed(0)} ms\n`,
);
