/**
 * What building pith's candidate selections (and their choice rows) costs beside the default
 * extraction, interleaved page by page, CPU ms a page: the price of quality features read from
 * the candidates. Both sides read `result.quality`.
 *
 *   nice -n 10 node --single-threaded --import tsx bench/quality/candidates-cost.ts [--per-dataset=100] [--passes=3]
 */
import { decodeHtml, extract } from 'pith';
import { cpuMs, flag, loadSpeedPages } from '../speed/pages.js';

const pages = loadSpeedPages(Number(flag('per-dataset', '100'))).map((page) => decodeHtml(page.bytes).text);
const passes = Number(flag('passes', '3'));
const sides = [{}, { candidates: true }] as const;
const sums = [0, 0];
for (let pass = 0; pass <= passes; pass++) {
  pages.forEach((html, index) => {
    for (const side of (index + pass) % 2 === 0 ? [0, 1] : [1, 0]) {
      const start = cpuMs();
      const result = extract(html, { format: 'text', extractorOptions: sides[side] });
      if (result.quality !== null && result.quality < 0) throw new Error('unreachable');
      if (pass > 0) sums[side] += cpuMs() - start;
    }
  });
}
const per = (sum: number) => (sum / (passes * pages.length)).toFixed(3);
console.log(
  `${pages.length} pages, ${passes} passes: default ${per(sums[0])} ms, with candidates ${per(sums[1])} ms a page (×${(sums[1] / sums[0]).toFixed(3)})`,
);
