/**
 * The page's embedded body against the answer (issue 37, item 1: "embedded data as a candidate and a
 * referee"): per development page with a JSON-LD `articleBody` (and kin: `metadata.structuredBody`),
 * the answer and the embedded body scored, and what tells a page whose shown HTML lacks the body
 * (the body lives only in a script's data) from one that shows it: the embedded body's words, the
 * answer's words, the share of the embedded body's word tokens found in the answer and in the whole
 * page's text.
 *
 *   npx tsx bench/choice/embedded-body.ts --held-out FILE --out FILE.jsonl [-d NAME …] [--shard I/N]
 */
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CHOICE_DATASETS } from '@pith/workbench/train';
import { extract } from 'pith';
import { PAGE_RUN_OPTIONS, pagesToRun } from './page-run.js';
import { scoredExtract } from './scored-extract.js';

const { values } = parseArgs({
  options: { ...PAGE_RUN_OPTIONS, out: { type: 'string', default: '.cache/embedded-body.jsonl' } },
});
const out = values.out ?? '.cache/embedded-body.jsonl';

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The share of `body`'s distinct tokens found among `text`'s. */
function covered(body: string[], text: string): number {
  const seen = new Set(tokens(text));
  const distinct = new Set(body);
  let inside = 0;
  for (const token of distinct) if (seen.has(token)) inside++;
  return distinct.size === 0 ? 0 : inside / distinct.size;
}

for await (const { pending, model } of pagesToRun(values, out, CHOICE_DATASETS)) {
  const scored = scoredExtract(pending, { model });
  if (!scored) continue;
  const { result, score } = scored;
  const body = result.metadata.structuredBody;
  const line: Record<string, unknown> = { dataset: pending.dataset, id: pending.page.id };
  if (body) {
    const bodyTokens = tokens(body);
    const whole = extract(pending.page.html, { format: 'text', extractor: 'all-text' }).content;
    line.bodyWords = bodyTokens.length;
    line.answerWords = tokens(result.content).length;
    line.inAnswer = covered(bodyTokens, result.content);
    line.inPage = covered(bodyTokens, whole);
    line.answer = score(result.content);
    line.embedded = score(body);
  }
  appendFileSync(out, `${JSON.stringify(line)}\n`);
}
