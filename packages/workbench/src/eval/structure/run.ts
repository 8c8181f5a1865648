/**
 * The structure benchmark (issue 19): pith's Markdown and the Markdown peers' on the cases of each
 * source, their elements scored class by class against the gold (score.ts), in one run.
 */
import { decodeHtml, extract } from 'pith';
import { MARKDOWN_PEERS } from '../peers/markdown.js';
import type { TextExtractor } from '../peers/types.js';
import { markdownElements } from './elements.js';
import { addCounts, CLASSES, type ClassCounts, type Counts, emptyCounts, scoreElements } from './score.js';
import type { StructureCase } from './sources.js';

export interface CaseResult {
  source: string;
  id: string;
  extractor: string;
  counts: Counts;
  error?: string;
  ms: number;
}

export interface StructureTotals {
  source: string;
  extractor: string;
  version: string;
  cases: number;
  failed: number;
  counts: Counts;
}

/** pith's body as Markdown: the `markdown` field of its JSON record (the title apart, in `title`). */
export const pithMarkdown: TextExtractor<string> = {
  name: 'pith',
  version: 'current',
  extract(html: string, url: string): string {
    const { content } = extract(html, { url, format: 'json', contentFormat: 'markdown' });
    return (JSON.parse(content) as { markdown: string | null }).markdown ?? '';
  },
};

export interface StructureRunOptions {
  /** Names of `MARKDOWN_PEERS` to run beside pith. */
  peers?: readonly string[];
  onCase?: (result: CaseResult) => void;
}

/** Runs pith and the peers on every case; totals per source and extractor. */
export async function runStructure(
  cases: readonly StructureCase[],
  options: StructureRunOptions = {},
): Promise<{ totals: StructureTotals[]; results: CaseResult[] }> {
  const extractors: TextExtractor<string>[] = [pithMarkdown];
  for (const name of options.peers ?? []) {
    const create = Object.hasOwn(MARKDOWN_PEERS, name) ? MARKDOWN_PEERS[name] : undefined;
    if (!create)
      throw new Error(`unknown Markdown peer '${name}' (known: ${Object.keys(MARKDOWN_PEERS).join(', ')})`);
    extractors.push(await create());
  }
  const totals = new Map<string, StructureTotals>();
  const results: CaseResult[] = [];
  for (const page of cases) {
    const html = decodeHtml(page.html).text;
    for (const extractor of extractors) {
      const started = performance.now();
      let markdown = '';
      let error: string | undefined;
      try {
        markdown = await extractor.extract(html, page.url);
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
      const counts = scoreElements(page.gold, markdownElements(markdown, page.url), page.pictureNames);
      const result: CaseResult = {
        source: page.source,
        id: page.id,
        extractor: extractor.name,
        counts,
        ms: performance.now() - started,
        ...(error !== undefined ? { error } : {}),
      };
      results.push(result);
      options.onCase?.(result);
      const source = page.split ? `${page.source} (${page.split})` : page.source;
      const key = `${source}\u0000${extractor.name}`;
      let total = totals.get(key);
      if (!total) {
        total = {
          source,
          extractor: extractor.name,
          version: extractor.version,
          cases: 0,
          failed: 0,
          counts: emptyCounts(),
        };
        totals.set(key, total);
      }
      total.cases++;
      if (error !== undefined) total.failed++;
      addCounts(total.counts, counts);
    }
  }
  return { totals: [...totals.values()], results };
}

/** The share of gold elements kept: exact text for code, mean similarity for formulas, else matched. */
export function kept(name: (typeof CLASSES)[number], counts: ClassCounts): number | undefined {
  if (counts.gold === 0) return undefined;
  if (name === 'code') return counts.exact / counts.gold;
  if (name === 'formulas') return counts.similarity / counts.gold;
  return counts.matched / counts.gold;
}

/** The share of the output's elements that match gold ones. */
export function precision(counts: ClassCounts): number | undefined {
  return counts.output === 0 ? undefined : counts.matched / counts.output;
}

const figure = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));

/**
 * A Markdown table per source: one row per extractor, one column per class with the share of
 * gold elements kept (precision in brackets), and the number of gold elements in the header.
 */
export function structureReport(
  totals: readonly StructureTotals[],
  label: (source: string) => string,
): string {
  const sources = [...new Set(totals.map((total) => total.source))];
  const out: string[] = [];
  for (const source of sources) {
    const rows = totals.filter((total) => total.source === source);
    const classes = CLASSES.filter((name) => rows.some((row) => row.counts[name].gold > 0));
    const first = rows[0];
    out.push(`**${label(source)}** (${first.cases} pages)`, '');
    out.push(
      `| extractor | ${classes.map((name) => `${name} (${first.counts[name].gold})`).join(' | ')} |`,
      `|---|${classes.map(() => '---|').join('')}`,
    );
    for (const row of rows) {
      const cells = classes.map((name) => {
        const counts = row.counts[name];
        return `${figure(kept(name, counts))} (${figure(precision(counts))})`;
      });
      out.push(
        `| ${row.extractor}${row.failed > 0 ? ` (${row.failed} failed)` : ''} | ${cells.join(' | ')} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}
