/**
 * The body-missed pages of a bench run, one by one (issue 37, s37-missed): each listed page
 * extracted as `pith bench --held-out` does (its fold's block model), with every candidate and the
 * seeds (CUTER, MSS) scored, the answer's diagnostics, and the texts written to DIR/<set>-<id>/.
 *
 *   npx tsx bench/misses/missed-pages.ts --held-out FILE --list MISSED.tsv --out DIR
 *
 * MISSED.tsv: dataset, id (tab-separated; further columns ignored).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useModelFiles } from '@pith/tools';
import {
  datasetScoring,
  listDataset,
  pageDigest,
  preparePrimary,
  readHeldOut,
  resolveDatasetSpec,
  scorePrimary,
  withHeadline,
} from '@pith/workbench/eval';
import { extract } from 'pith';
import { CHOICE_FEATURE_NAMES, CHOICE_WIDTH, candidatesOf, type PithDiagnostics } from 'pith/internal';
import { selectionText } from '../choice/selection-text.js';

const { values } = parseArgs({
  options: {
    'held-out': { type: 'string' },
    list: { type: 'string' },
    out: { type: 'string', default: '.cache/missed' },
    seeds: { type: 'string', default: 'cuter,mss' },
  },
});
await useModelFiles();
const heldOut = readHeldOut(values['held-out'] ?? '');
const wanted = new Map<string, Set<string>>();
for (const line of readFileSync(values.list ?? '', 'utf8').split('\n')) {
  const [dataset, id] = line.split('\t');
  if (!dataset || !id) continue;
  if (!wanted.has(dataset)) wanted.set(dataset, new Set());
  wanted.get(dataset)?.add(id);
}
const seeds = (values.seeds ?? '').split(',').filter((name) => name !== '');
const dir = values.out ?? '.cache/missed';
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;
const round = (value: number | undefined) => (value === undefined ? null : Math.round(value * 1000) / 1000);

for (const [dataset, ids] of wanted) {
  const spec = await resolveDatasetSpec(dataset);
  const scoring = await datasetScoring(spec);
  const refs = (await listDataset(spec, { split: 'dev' })).filter((ref) => ids.has(ref.id));
  for (const ref of refs) {
    const page = await ref.load();
    const trained = heldOut.datasets.includes(dataset);
    const model = heldOut.modelFor(pageDigest(page.html));
    const prepared = preparePrimary(page, scoring);
    const url = page.url;
    const result = extract(page.html, {
      format: 'text',
      ...(url ? { url } : {}),
      // The bench's pick: the page's fold model on the sets the folds hold out, the shipped one elsewhere.
      extractorOptions: { ...(trained ? { model } : {}), candidates: true, choice: 'none' },
      limits: { timeoutMs: 600_000 },
    });
    const title = result.metadata.title;
    const score = (text: string | null) => {
      const primary = scorePrimary(prepared, scoring.headlineInGold ? withHeadline(text, title) : text);
      return primary ? { r: round(primary.r), p: round(primary.p), f1: round(primary.f1) } : null;
    };
    const out = path.join(dir, `${dataset}-${page.id}`);
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'answer.txt'), result.content);
    const texts: Record<string, string> = { answer: result.content };
    const found = candidatesOf(result.extraction);
    for (const candidate of found?.candidates ?? [])
      texts[candidate.name] = selectionText(result, candidate.selection, url);
    for (const seed of seeds) {
      try {
        texts[`seed:${seed}`] = extract(page.html, {
          format: 'text',
          extractor: seed,
          ...(url ? { url } : {}),
          limits: { timeoutMs: 600_000 },
        }).content;
      } catch {
        texts[`seed:${seed}`] = '';
      }
    }
    const scores: Record<string, unknown> = {};
    // The guard's columns of each candidate's choice row (body-guard.ts reads these).
    const rows: Record<string, Record<string, number>> = {};
    const columns = [
      'logWords',
      'sentenceShare',
      'footerShare',
      'cookieCueShare',
      'boilerplateCueShare',
      'linkDensity',
    ];
    found?.candidates.forEach((candidate, row) => {
      const values: Record<string, number> = {};
      for (const name of columns) {
        const index = CHOICE_FEATURE_NAMES.indexOf(`c:${name}`);
        if (index >= 0) values[name] = round(found.features[row * CHOICE_WIDTH + index]) ?? Number.NaN;
      }
      rows[candidate.name] = values;
    });
    for (const [name, text] of Object.entries(texts)) {
      writeFileSync(path.join(out, `${name.replace(':', '-')}.txt`), text);
      scores[name] = { words: words(text), ...score(text) };
    }
    const diagnostics = result.extraction.diagnostics as PithDiagnostics;
    const line = {
      dataset,
      id: page.id,
      fold: trained ? heldOut.models.indexOf(model) : -1,
      goldWords: prepared.goldWords,
      decidedBy: diagnostics.decidedBy,
      blocks: diagnostics.blocks,
      keptBlocks: diagnostics.keptBlocks,
      keptWords: diagnostics.keptWords,
      regionWords: diagnostics.regionWords,
      bodyGuard: diagnostics.bodyGuard,
      listing: diagnostics.listing,
      posts: diagnostics.posts,
      pageType: diagnostics.pageType && {
        type: diagnostics.pageType.type,
        probabilities: diagnostics.pageType.probabilities,
      },
      quality: result.quality,
      scores,
      rows,
    };
    writeFileSync(path.join(out, 'line.json'), `${JSON.stringify(line, null, 1)}\n`);
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}
