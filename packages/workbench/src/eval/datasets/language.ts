/**
 * The language a page declares, for per-language breakdowns of datasets that do
 * not record one (trafilatura-eval): pith's metadata reading (`<html lang>`,
 * `content-language`, `og:locale`, JSON-LD `inLanguage`, in that order), reduced
 * to the primary subtag in lower case (`de-DE` → `de`). A declaration can be wrong
 * (a template's `lang="en"` on a German page); it is what the page says.
 */

import { decodeHtml, extractMetadata, parseHtml } from 'pith/internal';

export function declaredLanguage(html: Uint8Array, url?: string): string | undefined {
  const doc = parseHtml(decodeHtml(html).text, url ? { url } : {});
  const language = extractMetadata(doc).language;
  const primary = language?.split('-')[0]?.toLowerCase();
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}
