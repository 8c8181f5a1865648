/**
 * The one-candidate switch (issue 37, s37-gate2): per development page of the five block sets (each
 * read by the block fold model that did not see its site) and of the two article sets (the shipped
 * model, which never trained on them either), the answer a user gets (body guard and gated listing profile
 * on, no choice model) scored, each of a few candidates scored beside it (SWITCH_CANDIDATES, as
 * `candidatesOf` builds them), and the page's switch features: the candidates' word ratios to the
 * answer, the block model's margins (the choice rows' page columns, the confidence diagnostics), the
 * page type's probabilities, and listingGateFeatures where the answer started a repeated group. The
 * rule is chosen inside the folds by bench/choice/switch.py.
 *
 *   npx tsx bench/choice/switch-pages.ts --held-out .cache/train/blocks/folds-5-by-site.json \
 *     --out .cache/switch/pages-0.jsonl [-d NAME …] [--shard I/N]
 */
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pageDigest, siteOf } from '@pith/workbench/eval';
import { CHOICE_DATASETS } from '@pith/workbench/train';
import {
  anchoredGroup,
  CHOICE_FEATURE_NAMES,
  CHOICE_WIDTH,
  candidatesOf,
  listingGateFeatures,
  type PithDiagnostics,
} from 'pith/internal';
import { PAGE_RUN_OPTIONS, pagesToRun } from './page-run.js';
import { scoredExtract } from './scored-extract.js';
import { selectionText } from './selection-text.js';

/** Every development set (the sealed quarters never). */
const SETS = CHOICE_DATASETS;
/** The candidates a switch may answer with. */
const SWITCH_CANDIDATES = ['loose', 'recall', 'paragraphs', 'strict', 'precision', 'union'];
/** The choice rows' candidate columns kept per candidate (the rest stay out of the search). */
const CANDIDATE_COLUMNS = [
  'c:expectedF1',
  'c:expectedPrecision',
  'c:expectedRecall',
  'c:overlapBalanced',
  'c:sentenceShare',
  'c:linkDensity',
  'c:boilerplateCueShare',
  'c:consensus',
];

const { values } = parseArgs({
  options: { ...PAGE_RUN_OPTIONS, out: { type: 'string', default: '.cache/switch/pages-0.jsonl' } },
});
const out = values.out ?? '.cache/switch/pages-0.jsonl';
const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 1e4) / 1e4 : null);
const sameNodes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((value, node) => value === b[node]);
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;

for await (const { pending, model, fold } of pagesToRun(values, out, SETS)) {
  const { dataset, page } = pending;
  const url = page.url;
  // a set no block fold trained on is read by the shipped model, which never trained on it either
  const scored = scoredExtract(pending, { model: fold >= 0 ? model : '', candidates: true, choice: 'none' });
  if (!scored) continue;
  const { result, score } = scored;
  const diagnostics = result.extraction.diagnostics as PithDiagnostics;
  const answerWords = words(result.content);
  const line: Record<string, unknown> = {
    dataset,
    id: page.id,
    ...(page.gold.pageType ? { pageType: page.gold.pageType } : {}),
    site: url ? siteOf(url) : `page:${pageDigest(page.html).slice(0, 16)}`,
    fold,
    goldWords: scored.goldWords,
    decidedBy: diagnostics.decidedBy,
    ...(diagnostics.bodyGuard ? { guard: diagnostics.bodyGuard.answer } : {}),
    ...(diagnostics.listing ? { listing: true } : {}),
    probabilities: diagnostics.pageType.probabilities,
    answer: { ...score(result.content), words: answerWords },
  };
  const found = candidatesOf(result.extraction);
  if (found) {
    const features: Record<string, number | null> = {};
    const row = (index: number, name: string) =>
      found.features[index * CHOICE_WIDTH + CHOICE_FEATURE_NAMES.indexOf(name)];
    for (const name of CHOICE_FEATURE_NAMES)
      if (name.startsWith('p:') && !name.startsWith('p:type.')) features[name] = round(row(0, name));
    for (const [name, value] of Object.entries(diagnostics.confidence ?? {}))
      if (typeof value === 'number') features[`confidence.${name}`] = round(value);
    const candidates: Record<string, unknown> = {};
    // the answer is the balanced candidate unless the guard or the listing profile answered
    const own = found.candidates[0].chosen;
    const isOwn = diagnostics.decidedBy !== 'heuristic' && !diagnostics.bodyGuard && !diagnostics.listing;
    found.candidates.forEach((candidate, index) => {
      if (!SWITCH_CANDIDATES.includes(candidate.name)) return;
      // a candidate that keeps the answer's very nodes gives its text: no second rendering
      const same = isOwn && sameNodes(candidate.chosen, own);
      const text = same ? result.content : selectionText(result, candidate.selection, url);
      const count = same ? answerWords : words(text);
      candidates[candidate.name] = same
        ? { ...(line.answer as object), same: true }
        : { ...score(text), words: count };
      features[`${candidate.name}.wordRatio`] = round(count / Math.max(1, answerWords));
      for (const column of CANDIDATE_COLUMNS)
        features[`${candidate.name}.${column.slice(2)}`] = round(row(index, column));
    });
    line.candidates = candidates;
    if (diagnostics.decidedBy === 'model') {
      const answer = found.candidates[0].chosen;
      const group = anchoredGroup(found.blocks, answer);
      if (group) {
        const gate = listingGateFeatures(
          found.blocks,
          group,
          answer,
          diagnostics.keptWords ?? 0,
          diagnostics.pageType.probabilities,
          found.pageTypeFeatures,
        );
        for (const [name, value] of Object.entries(gate))
          if (!name.endsWith('Probability')) features[`group.${name}`] = round(value);
      }
    }
    line.features = features;
  }
  appendFileSync(out, `${JSON.stringify(line)}\n`);
}
