/**
 * Issue 37 (a), in each dataset's own metric: every development page extracted twice in one run,
 * by the default extractor with the block model that did not see its site (the first stage alone)
 * and with that block model and the second-stage model of the same fold (bench/choice/stack.ts),
 * each text scored as the bench scores it. Pages no fold trained on (trafilatura-eval,
 * newspaper-fulltext) run with the first fold's models, as `modelFor` gives. The pages are the
 * choice's (docs/algorithms/default.md, "Candidates and choice"): the first `--limit` of each set,
 * and of WCXB (in page-type order) also every tenth page from offsets 3 and 8. Prints the mean
 * per-page score of both, pages up and down, and a 95 % bootstrap interval of the difference.
 *
 *   node --import tsx bench/choice/stack-score.ts --stack .cache/choice/stack/stack-fold-1-of-5.json …
 *     [--held-out .cache/train/blocks/folds-5-by-site.json] [--limit 300]
 *     [--dataset NAME …] [--shard I/N] [--out .cache/choice/stack-scores-0.jsonl]
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  bootstrapMean,
  datasetScoring,
  listDataset,
  pageDigest,
  preparePrimary,
  readHeldOut,
  resolveDatasetSpec,
  scorePrimary,
  withHeadline,
} from '../../src/eval/index.js';
import { extract } from '../../src/index.js';
import { useModelFiles } from '../../src/tools/index.js';
import { CHOICE_DATASETS } from '../../src/train/index.js';

const { values: args } = parseArgs({
  options: {
    'held-out': { type: 'string', default: '.cache/train/blocks/folds-5-by-site.json' },
    stack: { type: 'string', multiple: true, default: [] },
    dataset: { type: 'string', multiple: true },
    limit: { type: 'string', default: '300' },
    shard: { type: 'string', default: '0/1' },
    out: { type: 'string', default: '.cache/choice/stack-scores-0.jsonl' },
    report: { type: 'string', multiple: true },
  },
});

interface ScoreLine {
  dataset: string;
  id: string;
  first: number;
  stacked: number;
}

function report(files: readonly string[]): void {
  const lines: ScoreLine[] = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((text) => text.trim() !== '')
      .map((text) => JSON.parse(text) as ScoreLine),
  );
  console.log('| dataset | pages | first stage | stacked | Δ [95 % interval] | up / down |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const dataset of [...new Set(lines.map((line) => line.dataset))]) {
    const of = lines.filter((line) => line.dataset === dataset);
    const mean = (pick: (line: ScoreLine) => number) =>
      of.reduce((sum, line) => sum + pick(line), 0) / of.length;
    const delta = bootstrapMean(
      of.map((line) => line.stacked - line.first),
      { resamples: 1000, seed: 1 },
    );
    const up = of.filter((line) => line.stacked > line.first + 0.001).length;
    const down = of.filter((line) => line.stacked < line.first - 0.001).length;
    console.log(
      `| ${dataset} | ${of.length} | ${mean((l) => l.first).toFixed(4)} | ${mean((l) => l.stacked).toFixed(4)} | ${delta.estimate >= 0 ? '+' : ''}${delta.estimate.toFixed(4)} [${delta.low.toFixed(3)}, ${delta.high.toFixed(3)}] | ${up} / ${down} |`,
    );
  }
}

if (args.report?.length) {
  report(args.report);
} else {
  await useModelFiles();
  const heldOut = readHeldOut(args['held-out'] ?? '');
  const stack = args.stack ?? [];
  if (stack.length !== heldOut.models.length)
    throw new Error(`--stack: ${heldOut.models.length} models expected (one per fold), got ${stack.length}`);
  const [shard, shards] = (args.shard ?? '0/1').split('/').map(Number);
  const out = args.out ?? '';
  const done = new Set(
    existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter((text) => text.trim() !== '')
          .map((text) => {
            const line = JSON.parse(text) as ScoreLine;
            return `${line.dataset}/${line.id}`;
          })
      : [],
  );
  for (const name of args.dataset?.length ? args.dataset : CHOICE_DATASETS) {
    const spec = await resolveDatasetSpec(name);
    const scoring = await datasetScoring(spec);
    const limit = Number(args.limit);
    const refs = await listDataset(spec, { split: 'dev' });
    for (const [index, ref] of refs.entries()) {
      const taken = index < limit || (name === 'wcxb-dev' && (index % 10 === 3 || index % 10 === 8));
      if (!taken || index % shards !== shard) continue;
      const page = await ref.load();
      if (done.has(`${name}/${page.id}`)) continue;
      const model = heldOut.modelFor(pageDigest(page.html));
      const stackModel = stack[Math.max(0, heldOut.models.indexOf(model))];
      // A fold whose second stage is not trained yet: its pages wait for a later run (which resumes).
      if (!existsSync(stackModel)) continue;
      const prepared = preparePrimary(page, scoring);
      const score = (second: string) => {
        try {
          const result = extract(page.html, {
            format: 'text',
            ...(page.url ? { url: page.url } : {}),
            extractorOptions: { model, stack: second },
          });
          const text = scoring.headlineInGold
            ? withHeadline(result.content, result.metadata.title)
            : result.content;
          return scorePrimary(prepared, text)?.f1;
        } catch {
          return 0;
        }
      };
      const first = score('none');
      const stacked = score(stackModel);
      if (first === undefined || stacked === undefined) continue;
      appendFileSync(out, `${JSON.stringify({ dataset: name, id: page.id, first, stacked })}\n`);
    }
    process.stderr.write(`${name}: done\n`);
  }
}
