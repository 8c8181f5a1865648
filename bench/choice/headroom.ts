/**
 * The headroom table's pages on main's code (issue 37, item 5; docs/algorithms/default.md, "The
 * headroom table on main's code"): every development page, held out as `pith bench --held-out`
 * holds it out (block sets: the fold model that did not see the page's site; the article sets:
 * the shipped model), extracted twice —
 *   default: the block model's answer alone (`bodyGuard`, `listingProfile`, `screenReaderText`, `embeddedBody` off),
 *   choice:  main as shipped (the guard's rows, the listing profile, screen-reader text, with
 *            `candidates: true`, which changes no answer) —
 * and every candidate `buildCandidates` makes (candidates.ts) rendered as `extract()` renders the
 * answer (the comments step with the page's own type) and scored in the dataset's metric.
 * One JSON line per page, appended (a run resumes; shards run side by side).
 *
 *   npx tsx bench/choice/headroom.ts --out .cache/headroom/pages-0.jsonl [--shard I/N] [-d SET …]
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useModelFiles } from '@pith/tools';
import {
  pageDigest,
  preparePrimary,
  readHeldOut,
  scorePrimary,
  siteOf,
  withHeadline,
} from '@pith/workbench/eval';
import { CHOICE_DATASETS, pendingDevPages, writtenKeys } from '@pith/workbench/train';
import { type ExtractResult, extract } from 'pith';
import { candidatesOf, type PithDiagnostics } from 'pith/internal';
import { selectionText } from './selection-text.js';

const { values } = parseArgs({
  options: {
    'held-out': { type: 'string', default: '.cache/train/blocks/folds-5-by-site.json' },
    out: { type: 'string', default: '.cache/headroom/pages-0.jsonl' },
    dataset: { type: 'string', short: 'd', multiple: true },
    shard: { type: 'string', default: '0/1' },
  },
});
await useModelFiles();
const heldOut = readHeldOut(values['held-out'] ?? '');
const out = values.out ?? '.cache/headroom/pages-0.jsonl';
mkdirSync(path.dirname(out), { recursive: true });
const [index, count] = (values.shard ?? '0/1').split('/').map(Number);
const DEFAULT_OFF = { bodyGuard: false, listingProfile: false, screenReaderText: false, embeddedBody: false };

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;

let n = 0;
const started = Date.now();
for await (const { dataset, scoring, page, key } of pendingDevPages({
  datasets: values.dataset?.length ? values.dataset : CHOICE_DATASETS,
  shard: [index, count],
  done: writtenKeys(out),
})) {
  const trained = heldOut.datasets.includes(dataset);
  const digest = pageDigest(page.html);
  // As the bench's held-out run: the fold model on the block sets, the shipped model elsewhere.
  const model = trained ? { model: heldOut.modelFor(digest) } : {};
  const prepared = preparePrimary(page, scoring);
  const url = page.url;
  const base = { format: 'text' as const, ...(url ? { url } : {}) };
  let shipped: ExtractResult;
  let plain: ExtractResult;
  try {
    shipped = extract(page.html, { ...base, extractorOptions: { ...model, candidates: true } });
    plain = extract(page.html, { ...base, extractorOptions: { ...model, ...DEFAULT_OFF } });
  } catch (error) {
    process.stderr.write(`${key}: ${(error as Error).message}\n`);
    continue;
  }
  const title = shipped.metadata.title;
  const score = (text: string | null) => {
    const s = scorePrimary(prepared, scoring.headlineInGold ? withHeadline(text, title) : text);
    return s === null
      ? null
      : {
          f1: round(s.f1),
          p: round(s.p),
          r: round(s.r),
          ...(s.special ? { special: s.special } : {}),
          ...(s.tp !== undefined ? { tp: s.tp, fp: s.fp, fn: s.fn } : {}),
        };
  };
  const scores: Record<
    string,
    { f1: number; p: number; r: number; special?: string; tp?: number; fp?: number; fn?: number } | null
  > = {
    default: score(plain.content),
    choice: score(shipped.content),
  };
  const counts: Record<string, number> = { default: words(plain.content), choice: words(shipped.content) };
  for (const candidate of candidatesOf(shipped.extraction)?.candidates ?? []) {
    const text = selectionText(shipped, candidate.selection, url);
    scores[candidate.name] = score(text);
    counts[candidate.name] = words(text);
  }
  const diagnostics = shipped.extraction.diagnostics as PithDiagnostics;
  const line = {
    dataset,
    id: page.id,
    site: url ? siteOf(url) : `page:${digest.slice(0, 16)}`,
    blockFold: trained ? heldOut.models.indexOf(heldOut.modelFor(digest)) : -1,
    metric: scoring.primary,
    goldType: page.gold.pageType ?? null,
    pageType: shipped.pageType.type,
    goldWords: prepared.goldWords,
    decidedBy: diagnostics.decidedBy ?? null,
    guard: diagnostics.bodyGuard ?? null,
    listing: diagnostics.listing ?? null,
    screenReaderText: diagnostics.screenReaderText ?? null,
    scores,
    words: counts,
  };
  appendFileSync(out, `${JSON.stringify(line)}\n`);
  if (++n % 100 === 0)
    process.stderr.write(`${n} pages, ${Math.round((Date.now() - started) / 1000)} s (${dataset})\n`);
}
process.stderr.write(`done: ${n} pages, ${Math.round((Date.now() - started) / 1000)} s\n`);
