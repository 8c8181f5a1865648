/**
 * Where the weak page types lose, by class, and the repeated-siblings candidate (issue 37, a
 * per-type profile). Every development page is extracted as a user gets it (body guard on), by the
 * block fold model that did not see its site (`--held-out`); per page: the answer's score, the
 * page type the shipped classifier reads, the repeated sibling group (repeated.ts) and the scores
 * of the group alone and of the answer joined to it; and per class of block (in the group, in a
 * table, in a list item, other) the words the gold keeps that the answer drops and the reverse.
 * A block's words count as gold when the gold's bag of words still holds them (consumed once, the
 * answer's blocks first: a dropped block counts only the gold words the answer left over).
 *
 *   npx tsx bench/choice/type-profile.ts --held-out FILE --out FILE.jsonl [-d NAME …] [--shard I/N] [--ids FILE] [--listing]
 *
 * Summaries: python3 bench/choice/type-profile.py FILE.jsonl … (classes, and the rule's figures).
 */
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pageDigest, siteOf } from '@pith/workbench/eval';
import {
  anchoredGroup,
  candidatesOf,
  groupTextNodes,
  keptItems,
  type PithDiagnostics,
  pageDocOf,
  type RepeatedGroup,
  repeatedGroup,
  selectionOf,
  TAG,
  templateTextNodes,
  wordTokens,
} from 'pith/internal';
import { PAGE_RUN_OPTIONS, pagesToRun } from './page-run.js';
import { scoredExtract } from './scored-extract.js';
import { selectionText } from './selection-text.js';

const { values } = parseArgs({
  options: {
    ...PAGE_RUN_OPTIONS,
    out: { type: 'string', default: '.cache/type-profile/pages-0.jsonl' },
    // the extractor's own listing rule on (listingProfile), to check it against the offline rule
    listing: { type: 'boolean', default: false },
  },
});
const out = values.out ?? '.cache/type-profile/pages-0.jsonl';
const CLASSES = ['group', 'table', 'list', 'other'] as const;
type BlockClass = (typeof CLASSES)[number];

for await (const { pending, model, fold } of pagesToRun(values, out, ['wcxb-dev'])) {
  const { dataset, page } = pending;
  const url = page.url;
  const scored = scoredExtract(pending, {
    model,
    candidates: true,
    choice: 'none',
    listingProfile: values.listing === true,
  });
  if (!scored) continue;
  const { result, score, goldWords } = scored;
  const found = candidatesOf(result.extraction);
  const diagnostics = result.extraction.diagnostics as PithDiagnostics;
  const line: Record<string, unknown> = {
    dataset,
    id: page.id,
    ...(page.gold.pageType ? { pageType: page.gold.pageType } : {}),
    read: diagnostics.pageType?.type,
    readArticle: diagnostics.pageType?.probabilities.article,
    site: url ? siteOf(url) : `page:${pageDigest(page.html)}`,
    fold,
    goldWords,
    answerWords: wordTokens(result.content).length,
    keptWords: diagnostics.keptWords,
    ...(diagnostics.listing ? { listing: diagnostics.listing } : {}),
    answer: score(result.content),
  };
  if (found) {
    const doc = pageDocOf(result.extraction);
    const { blocks } = found;
    const answer = found.candidates[0].chosen;
    const group = repeatedGroup(blocks);
    const inGroup = group ? groupTextNodes(blocks, group) : new Uint8Array(doc.size);
    const anchored = anchoredGroup(blocks, answer);
    const loose = found.candidates.find((candidate) => candidate.name === 'loose')?.chosen;
    // The group's nodes each variant adds to the answer: the largest group's, the anchored group's,
    // the anchored group's where the loose mode keeps them, and the anchored group's items completed
    // as the answer kept the items it holds.
    const variants: Record<string, { group: RepeatedGroup; nodes: Uint8Array } | undefined> = {
      largest: group && { group, nodes: inGroup },
      anchored: anchored && { group: anchored, nodes: groupTextNodes(blocks, anchored) },
    };
    if (anchored && variants.anchored) {
      const all = variants.anchored.nodes;
      variants.looseInGroup = {
        group: anchored,
        nodes: all.map((value, node) => (value && loose?.[node] ? 1 : 0)),
      };
      variants.template = { group: anchored, nodes: templateTextNodes(blocks, anchored, answer) };
    }
    for (const [name, variant] of Object.entries(variants)) {
      if (!variant) continue;
      const { nodes } = variant;
      const union = answer.slice();
      for (let node = 0; node < doc.size; node++) if (nodes[node]) union[node] = 1;
      let chars = 0;
      let linkChars = 0;
      for (const item of variant.group.items) {
        chars += doc.textLength(item);
        linkChars += doc.linkTextLength(item);
      }
      line[name] = {
        items: variant.group.items.length,
        words: variant.group.words,
        kept: keptItems(blocks, variant.group, answer),
        linkShare: chars > 0 ? linkChars / chars : 0,
        alone: score(selectionText(result, selectionOf(doc, nodes), url)),
        union: score(selectionText(result, selectionOf(doc, union), url)),
      };
    }
    // Per class: the gold's words the answer drops, and the answer's words the gold does not hold.
    const bag = new Map<string, number>();
    for (const word of wordTokens((page.gold.text ?? '').toLowerCase()))
      bag.set(word, (bag.get(word) ?? 0) + 1);
    const dropped: Record<BlockClass, number> = { group: 0, table: 0, list: 0, other: 0 };
    const extra: Record<BlockClass, number> = { group: 0, table: 0, list: 0, other: 0 };
    const kept = result.extraction.selection.kept;
    const classOf = (block: number): BlockClass => {
      const owner = blocks.owner[block];
      if (inGroup[blocks.textNodes[blocks.textStart[block]]]) return 'group';
      if (doc.closest(owner, TAG.td) >= 0 || doc.closest(owner, TAG.th) >= 0) return 'table';
      return doc.closest(owner, TAG.li) >= 0 ? 'list' : 'other';
    };
    const wordsOf = (block: number) => {
      let text = '';
      for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
        text += ` ${doc.text(blocks.textNodes[k])}`;
      return wordTokens(text.toLowerCase());
    };
    // The kept blocks take their gold words first; the dropped ones then count what is left.
    for (const keptPass of [true, false])
      for (let block = 0; block < blocks.count; block++) {
        if ((kept[blocks.textNodes[blocks.textStart[block]]] === 1) !== keptPass) continue;
        let gold = 0;
        const words = wordsOf(block);
        for (const word of words) {
          const left = bag.get(word) ?? 0;
          if (left > 0) {
            gold++;
            bag.set(word, left - 1);
          }
        }
        if (keptPass) extra[classOf(block)] += words.length - gold;
        else dropped[classOf(block)] += gold;
      }
    line.dropped = dropped;
    line.extra = extra;
  }
  appendFileSync(out, `${JSON.stringify(line)}\n`);
}
