/**
 * What the learned metadata choice costs `extract()`: the same pages through `extract()` with the
 * shipped model and with the rules alone (`metadataModel: false`), interleaved in one process
 * (bench/speed/pages.ts: `interleavedCpu`), CPU time per page.
 *
 *   nice -n 10 npx tsx bench/metadata/cost.ts [--pages=60] [--passes=3]   (pages of each of two datasets)
 */
import { extract } from 'pith';
import { flag, interleavedCpu, loadSpeedPages } from '../speed/pages.js';

const pages = loadSpeedPages(Number(flag('pages', '60')));
const passes = Number(flag('passes', '3'));
const { ms, perPass } = interleavedCpu(
  [
    (at) => extract(pages[at].bytes, { format: 'markdown', metadataModel: false }),
    (at) => extract(pages[at].bytes, { format: 'markdown' }),
  ],
  pages.length,
  passes,
);
const ratio = ms[1] / ms[0];
process.stdout.write(
  `${pages.length} pages (L3S-GN1 and WCXB dev), ${passes} passes: rules ${ms[0].toFixed(2)} ms, ` +
    `learned choice ${ms[1].toFixed(2)} ms a page of CPU: ${ratio.toFixed(3)}× ` +
    `(per pass ${perPass.map((value) => value.toFixed(3)).join(', ')})\n`,
);
