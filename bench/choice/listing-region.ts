/**
 * The listing profile against the heuristic region (issue 37, s46-listing): per development page
 * where the listing profile answers (held out by the fold models), the answer, the model's own
 * answer and the region scored, and what tells them apart: the region's words, its share of the
 * group's, the profile answer's words in it, its sentence share and link share.
 *
 *   npx tsx bench/choice/listing-region.ts --held-out FILE --out FILE.jsonl [-d NAME …] [--shard I/N]
 */
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { candidatesOf, NodeKind, type PithDiagnostics, pageDocOf, selectionOf, TAG } from 'pith/internal';
import { PAGE_RUN_OPTIONS, pagesToRun } from './page-run.js';
import { scoredExtract } from './scored-extract.js';
import { selectionText } from './selection-text.js';

const { values } = parseArgs({
  options: { ...PAGE_RUN_OPTIONS, out: { type: 'string', default: '.cache/listing-region.jsonl' } },
});
const out = values.out ?? '.cache/listing-region.jsonl';
for await (const { pending, model } of pagesToRun(values, out, ['wcxb-dev'])) {
  const { dataset, page } = pending;
  const scored = scoredExtract(pending, { model: process.env.SHIPPED ? '' : model, candidates: true });
  if (!scored) continue;
  const { result, score } = scored;
  const diagnostics = result.extraction.diagnostics as PithDiagnostics;
  const line: Record<string, unknown> = {
    dataset,
    id: page.id,
    gold: page.gold.pageType,
    goldWords: scored.goldWords,
  };
  const found = candidatesOf(result.extraction);
  const group = diagnostics.listing ?? diagnostics.regionBesideListing;
  if (group && found) {
    const doc = pageDocOf(result.extraction);
    const own = found.candidates[0].chosen;
    const region = found.candidates.find((c) => c.name === 'heuristic')?.chosen;
    const loose = found.candidates.find((c) => c.name === 'loose')?.chosen;
    line.listing = group;
    line.regionAnswered = diagnostics.regionBesideListing !== undefined;
    line.answer = score(result.content);
    line.own = score(selectionText(result, selectionOf(doc, own), page.url));
    if (region) line.region = score(selectionText(result, selectionOf(doc, region), page.url));
    if (loose) line.loose = score(selectionText(result, selectionOf(doc, loose), page.url));
    const { kind, wordCount } = doc.columns;
    const blocks = found.blocks;
    let regionWords = 0;
    let ownWords = 0;
    let ownInRegion = 0;
    let regionLinkWords = 0;
    for (let node = 0; node < doc.size; node++) {
      if (kind[node] !== NodeKind.Text) continue;
      if (own[node]) ownWords += wordCount[node];
      if (region?.[node]) {
        regionWords += wordCount[node];
        if (own[node]) ownInRegion += wordCount[node];
        if (doc.closest(node, TAG.a) >= 0) regionLinkWords += wordCount[node];
      }
    }
    let chars = 0;
    let sentenceChars = 0;
    for (let block = 0; block < blocks.count; block++) {
      if (!region?.[blocks.textNodes[blocks.textStart[block]]]) continue;
      chars += blocks.chars[block];
      if (blocks.endsSentence[block]) sentenceChars += blocks.chars[block];
    }
    line.f = {
      regionWords,
      ownWords,
      ownInRegion,
      regionLink: regionWords ? regionLinkWords / regionWords : 0,
      regionSentence: chars ? sentenceChars / chars : 0,
      groupWords: group.words,
      keptWords: diagnostics.keptWords,
      type: diagnostics.pageType.type,
    };
  }
  appendFileSync(out, `${JSON.stringify(line)}\n`);
}
