/**
 * One development page extracted as a user gets it (text, the page's URL, no time limit that
 * matters) with the given extractor options, and a scorer of any text of that page in its set's
 * metric (the headline joined where the set's gold holds it), and the gold's words. Undefined, with a line on stderr,
 * when the extraction throws. Shared by the benches that score candidates beside the answer.
 */

import { preparePrimary, scorePrimary, withHeadline } from '@pith/workbench/eval';
import type { PendingPage } from '@pith/workbench/train';
import { type ExtractResult, extract } from 'pith';

export interface PageScore {
  p: number;
  r: number;
  f1: number;
  special?: string;
}

export function scoredExtract(
  { page, scoring, key }: PendingPage,
  extractorOptions: Record<string, unknown>,
): { result: ExtractResult; score: (text: string) => PageScore | null; goldWords: number } | undefined {
  const url = page.url;
  let result: ExtractResult;
  try {
    result = extract(page.html, {
      format: 'text',
      ...(url ? { url } : {}),
      extractorOptions,
      limits: { timeoutMs: 600_000 },
    });
  } catch (error) {
    process.stderr.write(`${key}: ${(error as Error).message}\n`);
    return undefined;
  }
  const prepared = preparePrimary(page, scoring);
  const title = result.metadata.title;
  const score = (text: string) => {
    const s = scorePrimary(prepared, scoring.headlineInGold ? withHeadline(text, title) : text);
    return s ? { p: s.p, r: s.r, f1: s.f1, ...(s.special ? { special: s.special } : {}) } : null;
  };
  return { result, score, goldWords: prepared.goldWords };
}
