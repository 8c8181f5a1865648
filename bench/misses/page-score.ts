// One page's extraction scored in its dataset's primary metric, as score-held.ts and score-fold.ts print it.
import { type datasetScoring, scorePage, withHeadline } from '@pith/workbench/eval';

type Scoring = Awaited<ReturnType<typeof datasetScoring>>;
type Page = Parameters<typeof scorePage>[0];

/** The page's primary F1 (null for a metric without one, or an empty gold) and its snippet counts. */
export function pageScore(page: Page, scoring: Scoring, content: string, title: string | undefined) {
  const text = scoring.headlineInGold ? withHeadline(content, title) : content;
  const s = scorePage(page, text, { removeNonAscii: scoring.removeNonAscii });
  const f1 =
    scoring.primary === 'word-sequence'
      ? s.wordSequence && s.wordSequence.special === null
        ? s.wordSequence.f1
        : null
      : scoring.primary === 'bag-of-words'
        ? (s.bagOfWords?.f1 ?? null)
        : scoring.primary === 'shingles'
          ? (s.shingles?.f1 ?? null)
          : null;
  return { f1, snippets: s.snippets ?? null };
}
