/**
 * `pith/tokens`: a token counter for `chunk()` from a real tokenizer, kept out of the main entry so
 * that the library carries its ranks (1.2 MB of JavaScript) only when asked:
 *
 * ```ts
 * import { chunk, extract } from 'pith';
 * import { CL100K_BASE } from 'pith/tokens';
 * const chunks = chunk(extract(html, { url }), { maxTokens: 512, tokens: CL100K_BASE });
 * ```
 *
 * gpt-tokenizer (pure JavaScript, no dependency, no `node:` import: browsers, Deno, Bun, workerd)
 * with cl100k_base, the encoding of OpenAI's embedding models (docs/decisions.md, "Chunks").
 */
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { CHARACTER_ESTIMATE, type TokenCounter } from './format/index.js';

/** Text is counted as text: a page that writes `<|endoftext|>` is not a special token (and no error). */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** cl100k_base tokens (OpenAI's text-embedding-3 and GPT-4 models). */
export const CL100K_BASE: TokenCounter = Object.freeze({
  name: 'cl100k_base',
  count: (text: string) => countTokens(text, AS_TEXT),
});

/** The counters a tool can name (`--tokenizer`, the service's `tokenizer`). */
export type TokenizerName = 'cl100k_base' | 'characters';

/** The counter of a name: cl100k_base tokens, or the estimate from characters. */
export function tokenCounter(name: TokenizerName): TokenCounter {
  return name === 'cl100k_base' ? CL100K_BASE : CHARACTER_ESTIMATE;
}
