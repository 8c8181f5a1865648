/**
 * What the line-based extractors (`ttr`, `cetr`) share around their own steps: their settings
 * over the defaults, the per-line measures their diagnostics report, and the extraction built
 * from the chosen lines.
 */
import { type Doc, type Extraction, fewLinesWarning, int32Of, listOf } from '../../dom/index.js';
import type { TtrLines } from './lines.js';
import { selectionFromRanges } from './select.js';

/** The defaults with every option given (an `undefined` value keeps the default). */
export function settingsOver<Settings extends object>(
  defaults: Settings,
  options: Partial<Settings>,
): Settings {
  const settings = { ...defaults };
  const writable = settings as Record<string, unknown>;
  for (const [key, value] of Object.entries(options)) {
    // Only the settings' own names: the options were checked against the parameters before.
    if (value !== undefined && Object.hasOwn(writable, key)) writable[key] = value;
  }
  return settings;
}

/** The per-line measures of the diagnostics: counts, source offsets and lines, x and y. */
export function lineMeasures(lines: TtrLines, stage: string) {
  return {
    totalLines: lines.totalLines,
    keptLines: lines.ttr.length,
    offsets: { start: listOf(lines.starts, stage), end: listOf(lines.ends, stage) },
    sourceLines: listOf(lines.sourceLines, stage),
    text: listOf(lines.text, stage),
    tags: listOf(lines.tags, stage),
  };
}

/**
 * The extraction of the chosen lines (`content`, one flag per kept line of `diagnostics.offsets`),
 * with the few-lines warning when the page was not re-flowed.
 */
export function lineExtraction<
  Diagnostics extends { offsets: { start: number[]; end: number[] }; settings: { reflow: boolean } },
>(
  doc: Doc,
  extractor: string,
  version: string,
  diagnostics: Diagnostics,
  content: Uint8Array,
): Extraction<Diagnostics> {
  const selection = selectionFromRanges(
    doc,
    int32Of(diagnostics.offsets.start, extractor),
    int32Of(diagnostics.offsets.end, extractor),
    content,
    extractor,
  );
  const warning = diagnostics.settings.reflow
    ? undefined
    : fewLinesWarning(doc, extractor, 'try its reflow parameter (lines broken at block tags)');
  return {
    extractor,
    version,
    doc,
    selection,
    roots: [],
    diagnostics,
    ...(warning ? { warnings: [warning] } : {}),
  };
}
