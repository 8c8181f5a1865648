/**
 * The learned choice's feature rows on main's code (issue 37, s47-choose): every development page
 * extracted once as `pith bench --held-out` extracts it (block sets: the fold model that did not see
 * the page's site; the article sets: the shipped model) with `candidates: true`, which changes no
 * answer, and per candidate the choice's 44 features (choice-features.ts) plus, with `--text`, the
 * features of its rendered text (`textFeatures`). No scoring: the scores are the headroom lines'
 * (bench/choice/headroom.ts, same dataset/id, same code), joined by bench/choice/choose.py.
 * With `--added`, per candidate what it adds to the shipped answer and removes from it, block by
 * block (added-features.ts; the block model's probabilities computed again from the page's rows with
 * the same fold model), NaN where the shipped answer is another document's (the embedded body).
 * One JSON line per page, appended (a run resumes; shards run side by side).
 *
 *   npx tsx bench/choice/choose-rows.ts --out .cache/choose/rows-0.jsonl [--shard I/N] [-d SET …] [--text] [--added]
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useModelFiles } from '@pith/tools';
import { pageDigest, readHeldOut } from '@pith/workbench/eval';
import { CHOICE_DATASETS, pendingDevPages, writtenKeys } from '@pith/workbench/train';
import { type ExtractResult, extract } from 'pith';
import {
  CHOICE_FEATURE_NAMES,
  candidatesOf,
  type Doc,
  extractMetadata,
  loadBlockModel,
  NodeKind,
  type PithDiagnostics,
  pageDocOf,
  pageRows,
  type Selection,
  textFeatures,
} from 'pith/internal';
import { ADDED_WIDTH, addedFeatures, blocksIn } from './added-features.js';
import { selectionText } from './selection-text.js';

const { values } = parseArgs({
  options: {
    'held-out': { type: 'string', default: '.cache/train/blocks/folds-5-by-site.json' },
    out: { type: 'string', default: '.cache/choose/rows-0.jsonl' },
    dataset: { type: 'string', short: 'd', multiple: true },
    shard: { type: 'string', default: '0/1' },
    limit: { type: 'string' },
    text: { type: 'boolean', default: false },
    added: { type: 'boolean', default: false },
  },
});
await useModelFiles();
const heldOut = readHeldOut(values['held-out'] ?? '');
const out = values.out ?? '.cache/choose/rows-0.jsonl';
mkdirSync(path.dirname(out), { recursive: true });
const [index, count] = (values.shard ?? '0/1').split('/').map(Number);

/** Text nodes a selection keeps (candidates.ts's `textNodesOf`). */
function textNodesOf(doc: Doc, selection: Selection): Uint8Array {
  const chosen = new Uint8Array(doc.size);
  const { kind } = doc.columns;
  for (let node = 0; node < doc.size; node++)
    if (selection.kept[node] && kind[node] === NodeKind.Text) chosen[node] = 1;
  return chosen;
}

const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 1e4) / 1e4 : null);
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

let n = 0;
const started = Date.now();
for await (const { dataset, page, key } of pendingDevPages({
  datasets: values.dataset?.length ? values.dataset : CHOICE_DATASETS,
  shard: [index, count],
  ...(values.limit ? { limit: Number(values.limit) } : {}),
  done: writtenKeys(out),
})) {
  const trained = heldOut.datasets.includes(dataset);
  const digest = pageDigest(page.html);
  const model = trained ? { model: heldOut.modelFor(digest) } : {};
  const url = page.url;
  const before = cpuMs();
  let shipped: ExtractResult;
  try {
    shipped = extract(page.html, {
      format: 'text',
      ...(url ? { url } : {}),
      extractorOptions: { ...model, candidates: true },
    });
  } catch (error) {
    process.stderr.write(`${key}: ${(error as Error).message}\n`);
    continue;
  }
  const extractMs = cpuMs() - before;
  const title = shipped.metadata.title;
  const found = candidatesOf(shipped.extraction);
  const names = found?.candidates.map((candidate) => candidate.name) ?? [];
  const text: Record<string, (number | null)[]> = {};
  if (values.text && found) {
    text.choice = Array.from(textFeatures(shipped.content, title), round);
    for (const candidate of found.candidates) {
      const rendered = selectionText(shipped, candidate.selection, url);
      text[candidate.name] = Array.from(textFeatures(rendered, title), round);
    }
  }
  const added: Record<string, (number | null)[]> = {};
  let probabilityMismatch: number | null = null;
  if (values.added && found) {
    const doc = pageDocOf(shipped.extraction);
    const { blocks, features } = pageRows(doc, {}, { metadata: extractMetadata(doc) });
    const blockModel = loadBlockModel(trained ? heldOut.modelFor(digest) : '');
    const probabilities = new Float64Array(blocks.count);
    if (blocks.count > 0)
      blockModel.predictRows(features.values, features.width, 0, blocks.count, probabilities);
    // The rows made again must be the extractor's: the same blocks, and the raw candidate (blocks at 0.5) read from them.
    const raw = found.candidates.find((candidate) => candidate.name === 'raw');
    if (blocks.count === found.blocks.count && raw) {
      const rawBlocks = blocksIn(found.blocks, doc, raw.chosen);
      probabilityMismatch = 0;
      for (let block = 0; block < blocks.count; block++)
        if (found.blocks.words[block] > 0 && (probabilities[block] >= 0.5 ? 1 : 0) !== rawBlocks[block])
          probabilityMismatch++;
    }
    const own =
      shipped.extraction.doc === doc
        ? blocksIn(found.blocks, doc, textNodesOf(doc, shipped.extraction.selection))
        : undefined;
    for (const candidate of found.candidates)
      added[candidate.name] =
        own && blocks.count === found.blocks.count
          ? addedFeatures(
              found.blocks,
              doc,
              probabilities,
              blocksIn(found.blocks, doc, candidate.chosen),
              own,
            ).map(round)
          : new Array(ADDED_WIDTH).fill(null);
  }
  const diagnostics = shipped.extraction.diagnostics as PithDiagnostics;
  const line = {
    dataset,
    id: page.id,
    decidedBy: diagnostics.decidedBy ?? null,
    guard: diagnostics.bodyGuard?.answer ?? null,
    listing: diagnostics.listing ? 1 : 0,
    screenReaderText: diagnostics.screenReaderText ?? 0,
    quality: shipped.quality,
    choiceWords: words(shipped.content),
    candidates: names,
    width: CHOICE_FEATURE_NAMES.length,
    features: found ? Array.from(found.features, round) : [],
    ...(values.text ? { text } : {}),
    ...(values.added ? { added, probabilityMismatch } : {}),
    extractMs: Math.round(extractMs * 10) / 10,
  };
  appendFileSync(out, `${JSON.stringify(line)}\n`);
  if (++n % 100 === 0)
    process.stderr.write(`${n} pages, ${Math.round((Date.now() - started) / 1000)} s (${dataset})\n`);
}
process.stderr.write(`done: ${n} pages, ${Math.round((Date.now() - started) / 1000)} s\n`);
