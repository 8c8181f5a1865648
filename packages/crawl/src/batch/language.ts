/**
 * The language of a page's extracted text, for dataset records (corpora are split by language,
 * and the language a page declares is often its template's default). eld's smallest database:
 * same agreement with declared languages as its larger ones and as franc-min, ~10× faster than
 * franc-min; see docs/decisions.md ("Detected language").
 */
import { eld } from 'eld/extrasmall';

/** Enough of the text to tell; the rest only costs time. */
const SAMPLE_CHARS = 5000;

/** ISO 639-1 code of `text`'s language, or null when eld cannot tell reliably (too short, mixed). */
export function detectLanguage(text: string): string | null {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  const result = eld.detect(sample);
  return result.language && result.isReliable() ? result.language : null;
}
