/**
 * The listing profile's gate (issue 37, s37-gate): per development page of the block sets, the
 * answer a user gets (body guard on) by the block fold model that did not see its site, and, where
 * the listing profile could answer (the model decided, no guard, a group the answer started, the
 * answer under LISTING_SHARE of its words), the profile's answer (the group's text the loose mode
 * keeps joined to it), both scored, and the gate's features (listingGateFeatures) with the page
 * type's probabilities. The page-type condition is left to the summary (bench/choice/listing-gate.py),
 * so that WCXB's pages, on which the shipped page-type model trained, are read held out there.
 *
 *   npx tsx bench/choice/listing-gate.ts --held-out FILE --out FILE.jsonl [-d NAME …] [--shard I/N]
 */
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pageDigest, siteOf } from '@pith/workbench/eval';
import { extract } from 'pith';
import {
  anchoredGroup,
  candidatesOf,
  groupTextNodes,
  LISTING_SHARE,
  listingGateFeatures,
  type PithDiagnostics,
  pageDocOf,
  selectionOf,
} from 'pith/internal';
import { PAGE_RUN_OPTIONS, pagesToRun } from './page-run.js';
import { scoredExtract } from './scored-extract.js';
import { selectionText } from './selection-text.js';

const BLOCK_SETS = ['wcxb-dev', 'l3s-gn1', 'cleaneval', 'cleanportaleval', 'readability-testpages'];
const { values } = parseArgs({
  options: {
    ...PAGE_RUN_OPTIONS,
    out: { type: 'string', default: '.cache/listing-gate/pages-0.jsonl' },
    // also the extractor's own answer with the listing profile on (its gate on), to check the
    // shipped gate against the summary's
    shipped: { type: 'boolean', default: false },
  },
});
const out = values.out ?? '.cache/listing-gate/pages-0.jsonl';
for await (const { pending, model, fold } of pagesToRun(values, out, BLOCK_SETS)) {
  const { dataset, page } = pending;
  const url = page.url;
  const scored = scoredExtract(pending, { model, candidates: true, choice: 'none', listingProfile: false });
  if (!scored) continue;
  const { result, score } = scored;
  const diagnostics = result.extraction.diagnostics as PithDiagnostics;
  const line: Record<string, unknown> = {
    dataset,
    id: page.id,
    ...(page.gold.pageType ? { pageType: page.gold.pageType } : {}),
    read: diagnostics.pageType?.type,
    site: url ? siteOf(url) : `page:${pageDigest(page.html)}`,
    fold,
    answer: score(result.content),
  };
  const found = candidatesOf(result.extraction);
  const keptWords = diagnostics.keptWords ?? 0;
  if (found && diagnostics.decidedBy === 'model' && !diagnostics.bodyGuard) {
    const doc = pageDocOf(result.extraction);
    const answer = found.candidates[0].chosen;
    const group = anchoredGroup(found.blocks, answer);
    const loose = found.candidates.find((candidate) => candidate.name === 'loose')?.chosen;
    if (group && loose && keptWords < LISTING_SHARE * group.words) {
      const items = groupTextNodes(found.blocks, group);
      const union = answer.slice();
      for (let node = 0; node < doc.size; node++) if (items[node] && loose[node]) union[node] = 1;
      line.probabilities = diagnostics.pageType.probabilities;
      line.features = listingGateFeatures(
        found.blocks,
        group,
        answer,
        keptWords,
        diagnostics.pageType.probabilities,
        found.pageTypeFeatures,
      );
      line.profile = score(selectionText(result, selectionOf(doc, union), url));
      if (values.shipped) {
        const on = extract(page.html, {
          format: 'text',
          ...(url ? { url } : {}),
          extractorOptions: { model, choice: 'none', listingProfile: true },
          limits: { timeoutMs: 600_000 },
        });
        const fired = (on.extraction.diagnostics as PithDiagnostics).listing !== undefined;
        line.shipped = { fired, ...score(on.content) };
      }
    }
  }
  appendFileSync(out, `${JSON.stringify(line)}\n`);
}
