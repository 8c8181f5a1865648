/**
 * The body guard's pages (issue 37, item 3), a lean bench/choice/candidates.ts: every development
 * page extracted once without the guard, with its candidates' choice rows (so
 * bench/misses/body-missed.ts can apply the guard to them offline) and the default's score; every
 * candidate is rendered and scored only where the guard may act (guardWanted) or the default missed
 * the body, and the seed extractors (CUTER, MSS) only where it missed. Also writes the quality
 * rows (`pith train quality --rows`'s format) of the default without and with
 * the guard; a page where the guard acts is extracted again with it on, as a user gets it, and a
 * difference from the offline rule is reported.
 *
 *   npx tsx bench/misses/guard-pages.ts --held-out FILE --out DIR [--dataset NAME …] [--shard I/N] [--every K]
 *
 * `--held-out`: the block model per page (`pith train blocks --folds 5`'s file; a file listing the
 * shipped model alone scores the sets it never trained on held out, and the others in sample).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useModelFiles } from '@pith/tools';
import {
  type PrimaryScore,
  pageDigest,
  preparePrimary,
  readHeldOut,
  scorePrimary,
  siteOf,
  withHeadline,
} from '@pith/workbench/eval';
import {
  CHOICE_DATASETS,
  type ChoicePageLine,
  pendingDevPages,
  type QualityRow,
  qualityRowOf,
  writtenKeys,
} from '@pith/workbench/train';
import { type ExtractResult, extract } from 'pith';
import {
  CHOICE_FEATURE_NAMES,
  CHOICE_WIDTH,
  candidatesOf,
  guardBody,
  type PithDiagnostics,
  qualityDetails,
  TEXT_FEATURE_NAMES,
  textFeatures,
} from 'pith/internal';
import { selectionText } from '../choice/selection-text.js';

const { values } = parseArgs({
  options: {
    'held-out': { type: 'string' },
    out: { type: 'string', default: '.cache/guard' },
    dataset: { type: 'string', short: 'd', multiple: true },
    shard: { type: 'string', default: '0/1' },
    every: { type: 'string', default: '1' },
    seeds: { type: 'string', default: 'cuter,mss' },
  },
});
await useModelFiles();
const heldOut = readHeldOut(values['held-out'] ?? '');
const [shard, shards] = (values.shard ?? '0/1').split('/').map(Number);
const every = Number(values.every);
const seeds = (values.seeds ?? '').split(',').filter((name) => name !== '');
const dir = values.out ?? '.cache/guard';
mkdirSync(dir, { recursive: true });
const files = {
  pages: path.join(dir, `pages-${shard}.jsonl`),
  qualityOff: path.join(dir, `quality-off-${shard}.jsonl`),
  qualityOn: path.join(dir, `quality-on-${shard}.jsonl`),
};

/**
 * Candidates scored on every page, whatever the guard: those a wider guard might answer with (the
 * heuristic region, its union with the answer, the JSON-LD body), so body-missed.ts can weigh
 * them on every page, not only where the present guard looks.
 */
const WIDER_BODIES = ['heuristic', 'union', 'structured'];

const wordCount = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;

const written = new Map<string, number>();
for await (const { dataset: name, scoring, page, key } of pendingDevPages({
  datasets: values.dataset?.length ? values.dataset : CHOICE_DATASETS,
  shard: [shard, shards],
  every,
  done: writtenKeys(files.pages),
})) {
  const trained = heldOut.datasets.includes(name);
  const digest = pageDigest(page.html);
  const model = heldOut.modelFor(digest);
  const prepared = preparePrimary(page, scoring);
  const url = page.url;
  const run = (guard: boolean, candidates: boolean) =>
    extract(page.html, {
      format: 'text',
      ...(url ? { url } : {}),
      extractorOptions: { model, candidates, choice: 'none', bodyGuard: guard },
      // a loaded machine, not the page, is slow: no page is dropped for time
      limits: { timeoutMs: 600_000 },
    });
  let result: ExtractResult;
  try {
    result = run(false, true);
  } catch (error) {
    process.stderr.write(`${key}: ${(error as Error).message}\n`);
    continue;
  }
  const title = result.metadata.title;
  const score = (text: string | null) =>
    scorePrimary(prepared, scoring.headlineInGold ? withHeadline(text, title) : text);
  const found = candidatesOf(result.extraction);
  const names = found?.candidates.map((candidate) => candidate.name) ?? [];
  const rows = found?.features ?? new Float32Array(0);
  const scores: ChoicePageLine['scores'] = { balanced: score(result.content) };
  const words: ChoicePageLine['words'] = {};
  // The rendered text's features (text-features.ts) of the answer and of every candidate scored.
  const rounded = (text: string) =>
    Array.from(textFeatures(text, title), (value) => Math.round(value * 1e4) / 1e4);
  const texts: Record<string, number[]> = { balanced: rounded(result.content) };
  names.forEach((candidate, row) => {
    words[candidate] = Math.round(Math.expm1(rows[row * CHOICE_WIDTH + 1]));
  });
  const outcome = found ? guardBody(rows, names) : { chosen: 0 };
  const missed = (scores.balanced?.r ?? 1) < 0.2;
  // Every candidate where the guard may act (the answer under 0.3 of the recall or loose mode's words) or the body was missed; the wider bodies everywhere.
  const near = (['recall', 'loose'] as const).some((mode) => {
    const row = names.indexOf(mode);
    return row > 0 && rows[1] < Math.log1p(0.3 * Math.expm1(rows[row * CHOICE_WIDTH + 1]));
  });
  // …or the answer reads as footer text (its words under footer or boilerplate cues, or its text's
  // contact, copyright, cookie and navigation lines): where a footer rule may act.
  const answerText = texts.balanced;
  const boilerplateText = ['contactShare', 'copyrightShare', 'cookieShare', 'navigationShare'].reduce(
    (sum, name) => sum + answerText[(TEXT_FEATURE_NAMES as readonly string[]).indexOf(name)],
    0,
  );
  const footerLike =
    rows.length > 0 &&
    (boilerplateText >= 0.15 ||
      rows[CHOICE_FEATURE_NAMES.indexOf('c:footerShare')] >= 0.3 ||
      rows[CHOICE_FEATURE_NAMES.indexOf('c:boilerplateCueShare')] >= 0.3);
  const scoreAll = found && rows.length > 0 && (missed || near || footerLike);
  if (found)
    for (const candidate of found.candidates) {
      if (candidate.name === 'balanced') continue;
      if (!scoreAll && !WIDER_BODIES.includes(candidate.name)) continue;
      const text = selectionText(result, candidate.selection, url);
      scores[candidate.name] = score(text);
      words[candidate.name] = wordCount(text);
      texts[candidate.name] = rounded(text);
    }
  if (missed)
    for (const seed of seeds) {
      let text = '';
      try {
        text = extract(page.html, {
          format: 'text',
          extractor: seed,
          limits: { timeoutMs: 600_000 },
          ...(url ? { url } : {}),
        }).content;
      } catch {
        // a failed extraction scores as an empty text
      }
      // own-keys: 'seed:'-prefixed, never a prototype's key
      scores[`seed:${seed}`] = score(text);
    }
  const line: ChoicePageLine = {
    dataset: name,
    id: page.id,
    digest,
    site: url ? siteOf(url) : `page:${digest}`,
    blockFold: trained ? heldOut.models.indexOf(model) : -1,
    metric: scoring.primary,
    ...(page.gold.pageType ? { pageType: page.gold.pageType } : {}),
    goldWords: prepared.goldWords,
    candidates: names,
    scores,
    words,
    text: texts,
    features: Array.from(rows, (value) => (Number.isFinite(value) ? value : null)),
    cpuMs: {},
  };
  appendFileSync(files.pages, `${JSON.stringify(line)}\n`);
  const qualityRow = (of: ExtractResult, primary: PrimaryScore | null): QualityRow | undefined =>
    !primary || primary.special
      ? undefined
      : qualityRowOf(
          page,
          { dataset: name, site: line.site, metric: scoring.primary, model: trained ? 'fold' : 'shipped' },
          qualityDetails(of.extraction, of.metadata),
          primary.f1,
        );
  const off = qualityRow(result, scores.balanced);
  let on = off;
  if (outcome.chosen !== 0) {
    const guarded = run(true, false);
    const guard = (guarded.extraction.diagnostics as PithDiagnostics).bodyGuard;
    const expected = names[outcome.chosen];
    if (guard?.answer !== expected)
      process.stderr.write(
        `${key}: the extractor's guard answered ${guard?.answer}, the rows say ${expected}\n`,
      );
    on = qualityRow(guarded, score(guarded.content));
  }
  if (off) appendFileSync(files.qualityOff, `${JSON.stringify(off)}\n`);
  if (on) appendFileSync(files.qualityOn, `${JSON.stringify(on)}\n`);
  const count = (written.get(name) ?? 0) + 1;
  written.set(name, count);
  if (count % 50 === 0) process.stderr.write(`${name}: ${count} pages\n`);
}
for (const [name, count] of written) process.stderr.write(`${name}: ${count} pages\n`);
