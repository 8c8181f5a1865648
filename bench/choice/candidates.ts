/**
 * The candidates of every development page, scored (issue 37): `collectChoicePages`
 * (src/train/choice) over the datasets, in shards that can run side by side. `pith train choice`
 * computes the same lines itself when they are missing; this script runs them in two processes
 * and adds the seed extractors (`--seeds`) for the oracle table (bench/choice/oracle.ts).
 *
 *   npx tsx bench/choice/candidates.ts [--held-out .cache/train/blocks/folds-5-by-site.json]
 *     [--out .cache/choice/pages-0.jsonl] [--dataset NAME …] [--shard I/N] [--limit N]
 *     [--seeds cuter,mss,ttr,cetr,density] [--stack FOLD-1-MODEL … (bench/choice/stack.ts's, in fold order)]
 */
import { parseArgs } from 'node:util';
import { readHeldOut } from '../../src/eval/index.js';
import { useModelFiles } from '../../src/tools/index.js';
import { CHOICE_DATASETS, collectChoicePages } from '../../src/train/index.js';

const { values } = parseArgs({
  options: {
    'held-out': { type: 'string', default: '.cache/train/blocks/folds-5-by-site.json' },
    out: { type: 'string', default: '.cache/choice/pages-0.jsonl' },
    dataset: { type: 'string', multiple: true },
    shard: { type: 'string', default: '0/1' },
    limit: { type: 'string' },
    seeds: { type: 'string', default: '' },
    stack: { type: 'string', multiple: true },
  },
});
await useModelFiles();
const [index, count] = (values.shard ?? '0/1').split('/').map(Number);
await collectChoicePages({
  datasets: values.dataset?.length ? values.dataset : CHOICE_DATASETS,
  heldOut: readHeldOut(values['held-out'] ?? ''),
  out: values.out ?? '.cache/choice/pages-0.jsonl',
  shard: [index, count],
  ...(values.limit ? { limit: Number(values.limit) } : {}),
  seeds: (values.seeds ?? '').split(',').filter((name) => name !== ''),
  ...(values.stack?.length ? { stack: values.stack } : {}),
  log: (message) => process.stderr.write(`${message}\n`),
});
