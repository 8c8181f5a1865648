/** The text `extract()` would give for another selection of the same extraction (the benches' candidates). */
import { type ExtractResult, formatResult } from 'pith';
import { type Extraction, pageDocOf, type Selection } from 'pith/internal';

export function selectionText(result: ExtractResult, selection: Selection, url: string | undefined): string {
  const extraction: Extraction = { ...result.extraction, doc: pageDocOf(result.extraction), selection };
  return formatResult({ ...result, content: '', extraction, warnings: [] } as ExtractResult, {
    format: 'text',
    ...(url ? { url } : {}),
  });
}
