// On how many pages the comments step changes the default output (comment sections taken out of the
// body when comments are not asked for): the Markdown of every --stride-th page of the seven sets,
// by default and with `keepComments: true` (the step skipped). Issue 38: whether the step can go.
//
//   npm run build && nice -n 10 node --import tsx bench/speed/comments-effect.ts [--stride=4] [--dist=DIR]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../parsers/corpus.js';
import { flag } from './pages.js';
import { DATASETS, datasetPages } from './rows-digest.js';

const stride = Number(flag('stride', '4'));
const dir = path.resolve(repoRoot, flag('dist', 'packages/pith/dist'));
const pith = (await import(pathToFileURL(path.join(dir, 'index.js')).href)) as typeof import('pith');
let n = 0;
let differ = 0;
for (const name of DATASETS) {
  const pages = await datasetPages(path.join(repoRoot, '.cache/datasets'), [name]);
  let d = 0;
  let c = 0;
  for (let i = 0; i < pages.length; i += stride) {
    const p = pages[i];
    c++;
    try {
      const a = pith.extract(p.html, { url: p.url, format: 'markdown' }).content;
      const b = pith.extract(p.html, { url: p.url, format: 'markdown', keepComments: true }).content;
      if (a !== b) d++;
    } catch {
      // A page that fails in both is no difference.
    }
  }
  console.log(`${name}: ${c} pages, ${d} differ`);
  n += c;
  differ += d;
}
console.log(`total ${n} pages, ${differ} differ`);
