// The parts of the work after the parse (metadata, heuristic stage, segmentation, page-type and block
// features) timed one by one, two builds side by side, interleaved page by page, CPU ms a page: what
// `npm run bench:speed` lumps into "features". Throwaway-grade: it imports the builds' modules by path.
//
//   npm run build && nice -n 5 node --single-threaded --import tsx bench/speed/parts-ab.ts .cache/before/dist dist 3
import { cpuMs, loadSpeedPages } from './pages.js';

const dists = [process.argv[2] ?? '.cache/before/dist', process.argv[3] ?? 'dist'];
const passes = Number(process.argv[4] ?? 3);
const builds = await Promise.all(
  dists.map(async (dist) => {
    const base = new URL(`../../${dist}/`, import.meta.url);
    return {
      pith: await import(new URL('internal.js', base).href),
      seg: await import(new URL('features/blocks/index.js', base).href),
      pt: await import(new URL('features/page-type/index.js', base).href),
      heur: await import(new URL('extractors/pith/heuristic.js', base).href),
    };
  }),
);
const pages = loadSpeedPages(100, ['l3s-gn1', 'wcxb-dev', 'trafilatura-eval']);
const htmls = pages.map((p) => builds[0].pith.decodeHtml(p.bytes).text);
const stages = ['parse', 'metadata', 'heuristic', 'segment', 'pagetype', 'blockfeat'];
const sums = builds.map(() => Object.fromEntries(stages.map((s) => [s, 0])) as Record<string, number>);
for (let pass = 0; pass <= passes; pass++) {
  htmls.forEach((html, index) => {
    const order = (index + pass) % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const { pith, seg, pt, heur } = builds[which];
      const t = sums[which];
      const add = (stage: string, start: number) => {
        if (pass > 0) t[stage] += cpuMs() - start;
        return cpuMs();
      };
      let a = cpuMs();
      const doc = pith.parseHtml(html);
      a = add('parse', a);
      const metadata = pith.extractMetadata(doc);
      a = add('metadata', a);
      const h = heur.runHeuristic(doc, {}, { metadata });
      a = add('heuristic', a);
      const blocks = seg.segmentBlocks(doc);
      a = add('segment', a);
      pt.pageTypeFeatures(doc, doc.url, metadata);
      a = add('pagetype', a);
      seg.blockFeatures(
        blocks,
        { kept: h.selection.kept, pruned: h.removed },
        { title: metadata.title, structuredBody: metadata.structuredBody },
      );
      add('blockfeat', a);
    }
  });
}
const n = htmls.length * passes;
console.log(`| stage | A ms/page | B ms/page | B/A |\n|---|---:|---:|---:|`);
for (const s of stages)
  console.log(
    `| ${s} | ${(sums[0][s] / n).toFixed(3)} | ${(sums[1][s] / n).toFixed(3)} | ${(sums[1][s] / sums[0][s]).toFixed(2)} |`,
  );
const total = (i: number) => stages.slice(1).reduce((x, s) => x + sums[i][s], 0);
console.log(
  `| after parse (these) | ${(total(0) / n).toFixed(3)} | ${(total(1) / n).toFixed(3)} | ${(total(1) / total(0)).toFixed(2)} |`,
);
