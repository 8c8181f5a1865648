/**
 * Error analysis of the default extractor on trafilatura-eval (snippet gold, never
 * trained on): every `without` snippet found in the output (a false positive) and
 * every `with` snippet missing from it (a false negative), with the block(s) that
 * carried it — element path, class/id cue groups, landmarks, block statistics, the
 * heuristic stage's verdict and the classifier's probability — and a rough kind
 * (comments, related links, byline/date, share bar…) guessed from those.
 *
 *   npx tsx bench/default/snippet-errors.ts [--limit N] [--model FILE] [--option k=v …]
 *        [--out .cache/snippet-errors/errors.jsonl] [--print fp|fn|none]
 *
 * Writes one JSON line per error and prints counts per kind (and the errors when
 * `--print` asks). The kinds are a reading aid for the analysis, not a rule of the
 * extractor.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listDataset, normaliseSnippetText, resolveDatasetSpec } from '@pith/workbench/eval';
import { extract } from 'pith';
import { type Blocks, CUE_GROUPS, type Doc, LANDMARKS, loadBlockModel, pageRows } from 'pith/internal';
import { extractorOptionPairs } from './options.js';

const { values } = parseArgs({
  options: {
    limit: { type: 'string' },
    model: { type: 'string', default: '' },
    option: { type: 'string', multiple: true },
    out: { type: 'string', default: '.cache/snippet-errors/errors.jsonl' },
    print: { type: 'string', default: 'none' },
    dataset: { type: 'string', default: 'trafilatura-eval' },
  },
});

const limit = values.limit ? Number(values.limit) : Number.POSITIVE_INFINITY;
const extra = extractorOptionPairs(values.option);

export interface CarrierBlock {
  block: number;
  path: string;
  text: string;
  kept: number;
  probability: number;
  heuristicKeptShare: number;
  words: number;
  linkDensity: number;
  cues: string[];
  nearCues: string[];
  landmarks: string[];
}

export interface SnippetError {
  page: string;
  url: string;
  type: 'fp' | 'fn' | 'tp-rescued';
  snippet: string;
  kind: string;
  decidedBy: string;
  blocks: CarrierBlock[];
}

/** `tag.class#id` of the owner and up to four ancestors, innermost last. */
function elementPath(doc: Doc, node: number): string {
  const parts: string[] = [];
  for (let at = node, steps = 0; at > 0 && steps < 5; at = doc.parent(at), steps++) {
    const cls = (doc.attr(at, 'class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2).join('.');
    const id = doc.attr(at, 'id');
    parts.unshift(`${doc.tagName(at)}${cls ? `.${cls}` : ''}${id ? `#${id}` : ''}`);
  }
  return parts.join(' > ');
}

function bitsToNames(bits: number, names: readonly string[]): string[] {
  return names.filter((_, index) => bits & (1 << index));
}

/** The text of each block as the text output writes it (text nodes joined as they are), whitespace collapsed. */
function rawBlockText(blocks: Blocks, block: number): string {
  let text = '';
  for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++)
    text += blocks.doc.text(blocks.textNodes[k]);
  return normaliseSnippetText(text);
}

/** Blocks of `candidates` whose joined text contains the snippet; by word overlap when no exact match. */
function carriers(texts: string[], candidates: number[], snippet: string): number[] {
  const target = normaliseSnippetText(snippet);
  let stream = '';
  const starts: number[] = [];
  for (const block of candidates) {
    starts.push(stream.length);
    stream += `${texts[block]} `;
  }
  const at = stream.indexOf(target);
  if (at >= 0) {
    const found: number[] = [];
    for (let index = 0; index < candidates.length; index++) {
      const start = starts[index];
      const stop = index + 1 < candidates.length ? starts[index + 1] : stream.length;
      if (start < at + target.length && stop > at) found.push(candidates[index]);
    }
    return found;
  }
  const words = new Set(target.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  let best = -1;
  let bestScore = 0;
  for (const block of candidates) {
    const own = texts[block].toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    let score = 0;
    for (const word of own) if (words.has(word)) score++;
    const share = score / Math.max(1, words.size);
    if (share > bestScore) {
      bestScore = share;
      best = block;
    }
  }
  return bestScore >= 0.6 ? [best] : [];
}

const has = (list: readonly string[], name: string) => list.includes(name);
const CREDIT =
  /©|\(c\)|\b(foto|photo|bild|credit|getty|shutterstock|istock|quelle|fotolia|picture-alliance|źródło|kuva|crédits?)\b/i;
const PROMO =
  /subscri|abonn|newsletter|sign up|log in|einlogg|registr|\bapps?\b|download|follow|folge|twitter|facebook|instagram|telegram|youtube|whatsapp|support|unterstütz|spende|membership|membres|suscri|werbung|anzeige|advert|affiliate|provision|paywall|access|zugang|mitglied|contact us|kontakt|copyright|permission|rechte|prawem|gutschein|button|laden|teilen|share/i;
const DATE =
  /\b(19|20)\d\d\b|\b\d{1,2}\.\d{1,2}\.|\b(by|von|par|por)\s|veröffentlicht|publié|release date|posted|pubblicato|erschienen|author|autor/i;

/**
 * The kind of a false positive, from its first carrier block's tag, cues,
 * landmarks and text (first match wins). The words are a reading aid for the
 * analysis (docs/algorithms/default.md), never a rule of the extractor.
 */
export function kindOf(blocks: readonly CarrierBlock[]): string {
  if (blocks.length === 0) return 'unlocated';
  const b = blocks[0];
  const near = [...b.cues, ...b.nearCues];
  const tail = b.path.split(' > ').at(-1) ?? '';
  if (
    has(b.landmarks, 'figure') ||
    tail.startsWith('figcaption') ||
    has(b.nearCues, 'caption') ||
    (b.words <= 25 && CREDIT.test(b.text))
  )
    return 'caption / image credit';
  if (b.linkDensity >= 0.6 && /^[^:»>]{1,40}[:»>]/.test(b.text)) return '"Read more: link" line';
  if (has(b.landmarks, 'heading') && b.words <= 14) return 'heading of a dropped section';
  if (PROMO.test(b.text)) return 'promotion / subscription / social / notice in the body';
  if (has(near, 'comment')) return 'comments';
  if (((has(near, 'author') || has(near, 'meta')) && b.words <= 30) || (b.words <= 15 && DATE.test(b.text)))
    return 'byline / date / meta';
  if (has(near, 'related') || b.linkDensity >= 0.5) return 'related / link lists';
  if (
    ['nav', 'footer', 'aside', 'header'].some((name) => has(b.landmarks, name)) ||
    ['nav', 'footer', 'sidebar', 'header'].some((name) => has(near, name))
  )
    return 'navigation / header / footer / sidebar';
  if (b.probability >= 0.9 && b.words >= 30) return 'prose in the body (gold disagrees)';
  return 'other short text in the body';
}

/** The kind of a false negative (a `with` snippet missing from the output). */
export function missKindOf(blocks: readonly CarrierBlock[]): string {
  if (blocks.length === 0) return 'text written differently (not found in any block)';
  const b = blocks[0];
  const tail = b.path.split(' > ').at(-1) ?? '';
  if (blocks.some((block) => block.kept > 0)) return 'text written differently (block kept)';
  if (has(b.landmarks, 'heading') && (has(b.landmarks, 'header') || tail.startsWith('h1')) && b.words <= 20)
    return 'headline dropped';
  if (
    /lead|intro|summary|excerpt|teaser|abstract|deck|subtitle|bajada/i.test(tail) ||
    (has(b.landmarks, 'header') && b.words >= 8)
  )
    return 'lead / standfirst dropped';
  if (has([...b.cues, ...b.nearCues], 'comment') || /comment/i.test(b.path))
    return 'comments (the gold keeps them)';
  if (has(b.landmarks, 'list') || has(b.landmarks, 'table')) return 'list / table items dropped';
  return 'other block dropped by the model';
}

const spec = await resolveDatasetSpec(values.dataset);
const refs = (await listDataset(spec)).slice(0, limit);
const model = loadBlockModel(values.model);
const errors: SnippetError[] = [];
const totals = { tp: 0, fp: 0, fn: 0 };
for (const ref of refs) {
  const page = await ref.load();
  const snippets = page.gold.snippets;
  if (!snippets) continue;
  let result: ReturnType<typeof extract>;
  try {
    result = extract(page.html, {
      url: page.url,
      format: 'text',
      diagnostics: true,
      extractorOptions: { model: values.model, ...extra },
    });
  } catch (error) {
    process.stderr.write(`${page.id}: ${(error as Error).message}\n`);
    continue;
  }
  const output = normaliseSnippetText(result.content);
  const { doc, selection } = result.extraction;
  const { blocks, features } = pageRows(doc, {}, { metadata: result.metadata });
  const texts: string[] = [];
  const kept: number[] = [];
  const keptBlocks: number[] = [];
  const all: number[] = [];
  for (let block = 0; block < blocks.count; block++) {
    texts.push(rawBlockText(blocks, block));
    let keptChars = 0;
    for (let k = blocks.textStart[block]; k < blocks.textStart[block + 1]; k++) {
      const node = blocks.textNodes[k];
      if (selection.kept[node]) keptChars += doc.columns.textLength[node];
    }
    kept.push(keptChars / Math.max(1, blocks.chars[block]));
    if (keptChars > 0) keptBlocks.push(block);
    all.push(block);
  }
  const column = (name: string) => features.names.indexOf(name);
  const keptShareColumn = column('heuristicKeptShare');
  const describe = (block: number): CarrierBlock => {
    const owner = blocks.owner[block];
    const firstText = blocks.textNodes[blocks.textStart[block]];
    const up1 = doc.parent(owner);
    const up2 = up1 >= 0 ? doc.parent(up1) : -1;
    const near =
      blocks.ownCues[owner] | (up1 >= 0 ? blocks.ownCues[up1] : 0) | (up2 >= 0 ? blocks.ownCues[up2] : 0);
    return {
      block,
      path: elementPath(doc, owner),
      text: texts[block].slice(0, 160),
      kept: Math.round(kept[block] * 100) / 100,
      probability: model
        ? Math.round(model.predict(features.values, block * features.width) * 1000) / 1000
        : -1,
      heuristicKeptShare: Math.round(features.values[block * features.width + keptShareColumn] * 100) / 100,
      words: blocks.words[block],
      linkDensity: Math.round((blocks.linkChars[block] / Math.max(1, blocks.chars[block])) * 100) / 100,
      cues: bitsToNames(blocks.inheritedCues[firstText], CUE_GROUPS),
      nearCues: bitsToNames(near, CUE_GROUPS),
      landmarks: bitsToNames(blocks.landmarks[firstText], LANDMARKS),
    };
  };
  const decidedBy = (result.diagnostics as { decidedBy?: string } | undefined)?.decidedBy ?? '?';
  const record = (type: SnippetError['type'], snippet: string, blocks: CarrierBlock[], kind: string) =>
    errors.push({ page: page.id, url: page.url ?? '', type, snippet, kind, decidedBy, blocks });
  for (const snippet of snippets.without) {
    if (!output.includes(normaliseSnippetText(snippet))) continue;
    totals.fp++;
    const carrying = carriers(texts, keptBlocks, snippet).map(describe);
    record('fp', snippet, carrying, kindOf(carrying));
  }
  for (const snippet of snippets.with) {
    if (output.includes(normaliseSnippetText(snippet))) {
      totals.tp++;
      // A found snippet whose blocks the classifier dropped was kept by a post-rule (figure, table, code…).
      const carrying = carriers(texts, keptBlocks, snippet).map(describe);
      if (carrying.length > 0 && carrying.every((block) => block.probability >= 0 && block.probability < 0.5))
        record('tp-rescued', snippet, carrying, kindOf(carrying));
      continue;
    }
    totals.fn++;
    const carrying = carriers(texts, all, snippet).map(describe);
    record('fn', snippet, carrying, missKindOf(carrying));
  }
}

await mkdir(path.dirname(values.out), { recursive: true });
await writeFile(values.out, `${errors.map((error) => JSON.stringify(error)).join('\n')}\n`);
const f1 = (2 * totals.tp) / Math.max(1, 2 * totals.tp + totals.fp + totals.fn);
console.log(
  `pages ${refs.length}: tp ${totals.tp} fp ${totals.fp} fn ${totals.fn} precision ${(totals.tp / Math.max(1, totals.tp + totals.fp)).toFixed(3)} recall ${(totals.tp / Math.max(1, totals.tp + totals.fn)).toFixed(3)} F1 ${f1.toFixed(3)}`,
);
for (const type of ['fp', 'fn', 'tp-rescued'] as const) {
  const counts = new Map<string, number>();
  for (const error of errors)
    if (error.type === type) counts.set(error.kind, (counts.get(error.kind) ?? 0) + 1);
  console.log(`\n${type} by kind:`);
  for (const [kind, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${count}\t${kind}`);
}
if (values.print === 'fp' || values.print === 'fn') {
  for (const error of errors) {
    if (error.type !== values.print) continue;
    console.log(`\n[${error.kind}] ${error.page} «${error.snippet}» (${error.decidedBy})`);
    for (const b of error.blocks) {
      console.log(
        `   p=${b.probability} h=${b.heuristicKeptShare} kept=${b.kept} w=${b.words} ld=${b.linkDensity} ${b.path}\n   cues=${b.cues.join(',')} near=${b.nearCues.join(',')} in=${b.landmarks.join(',')}\n   «${b.text}»`,
      );
    }
  }
}
