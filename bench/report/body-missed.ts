/**
 * Body missed per set from a bench run's results.json (issue 37's target: recall < 0.2 on a page whose
 * gold has 50+ words, at most 0.3 % of every set): the held-out row on the sets its models hold out,
 * `pith` elsewhere (as bench/report/paired.ts reads them). WCXB by bag of words, CleanEval, L3S-GN1,
 * CleanPortalEval and readability-testpages by word sequence, newspaper-fulltext by shingles;
 * trafilatura-eval: a page with a snippet to find of which under 0.2 were found. `--list` prints the
 * pages (set, id, recall, gold size, F1).
 *
 *   npx tsx bench/report/body-missed.ts RUN/results.json [--list]
 */
import { parseArgs } from 'node:util';
import { type BenchPageResult, type BenchResult, readResult } from '@pith/workbench/eval';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { list: { type: 'boolean', default: false } },
});
const MISSED_RECALL = 0.2;
const MIN_GOLD_WORDS = 50;
const result = await readResult(positionals[0] ?? '');

function pagesOf(run: BenchResult, dataset: string): BenchPageResult[] {
  const ofSet = run.pages.filter((p) => p.dataset === dataset);
  const heldOutRow = run.extractors?.find((e) => e.heldOut);
  const name = heldOutRow?.heldOut?.datasets.includes(dataset) ? heldOutRow.name : 'pith';
  return ofSet.filter((p) => p.extractor === name);
}

/** Recall and gold size of a page in its set's primary metric; undefined where the page cannot count. */
function recallOf(page: BenchPageResult, primary: string): { recall: number; gold: number } | undefined {
  const s = page.scores;
  switch (primary) {
    case 'snippets': {
      if (!s.snippets) return undefined;
      const all = s.snippets.tp + s.snippets.fn;
      return all > 0 ? { recall: page.failed ? 0 : s.snippets.tp / all, gold: all } : undefined;
    }
    case 'bag-of-words':
      return s.bagOfWords && { recall: page.failed ? 0 : s.bagOfWords.recall, gold: s.bagOfWords.reference };
    case 'word-sequence':
      return (
        s.wordSequence && { recall: page.failed ? 0 : s.wordSequence.recall, gold: s.wordSequence.relevant }
      );
    case 'shingles':
      // Shingle counts are shares; the gold's words are read from the word-sequence score.
      return (
        s.shingles && {
          recall: page.failed ? 0 : s.shingles.recall,
          gold: s.wordSequence?.relevant ?? MIN_GOLD_WORDS,
        }
      );
  }
  return undefined;
}

for (const info of result.datasets) {
  const pages = pagesOf(result, info.name);
  const missed: { page: BenchPageResult; recall: number; gold: number }[] = [];
  for (const page of pages) {
    const r = recallOf(page, info.scoring.primary);
    if (!r) continue;
    const counts = info.scoring.primary === 'snippets' ? r.gold > 0 : r.gold >= MIN_GOLD_WORDS;
    if (counts && (Number.isNaN(r.recall) ? 0 : r.recall) < MISSED_RECALL) missed.push({ page, ...r });
  }
  const share = pages.length > 0 ? (100 * missed.length) / pages.length : 0;
  console.log(`${info.name}: ${missed.length} of ${pages.length} (${share.toFixed(2)} %)`);
  if (values.list)
    for (const { page, recall, gold } of missed)
      console.log(
        `  ${info.name}\t${page.id}\t${page.pageType ?? ''}\trecall ${recall.toFixed(3)}\tgold ${gold}`,
      );
}
