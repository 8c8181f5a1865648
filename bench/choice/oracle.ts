/**
 * The headroom table (issue 37, item 5), from the page lines of bench/choice/candidates.ts: per
 * development set, the default (the 'balanced' candidate: the extractor's answer, held out), each
 * candidate alone, the oracle (per page the best of a set of candidates, scored against the gold)
 * over the favor modes, over every candidate, over those and the seed extractors, what each
 * candidate adds to the oracle of the others; and with `--choice FILE` (the held-out choices
 * `pith train choice` writes) the choice and the share of the gap it captures, with 95%
 * bootstrap intervals. Figures are the mean of per-page F1 in the dataset's metric over every page
 * whose gold gives one (trafilatura-eval: also summed snippet counts, the dataset's own F1).
 *
 *   npx tsx bench/choice/oracle.ts --pages .cache/choice/pages-0.jsonl --pages … [--choice FILE]
 *     [--markdown]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bootstrap, bootstrapMean, type PrimaryScore } from '../../src/eval/index.js';
import { type ChoicePageLine, readChoicePages } from '../../src/train/index.js';

const { values } = parseArgs({
  options: {
    pages: {
      type: 'string',
      multiple: true,
      default: ['.cache/choice/pages-0.jsonl', '.cache/choice/pages-1.jsonl'],
    },
    choice: { type: 'string' },
    markdown: { type: 'boolean', default: false },
    resamples: { type: 'string', default: '1000' },
  },
});
const lines = readChoicePages(values.pages ?? []);
const resamples = Number(values.resamples);
const choices: Record<string, { candidate: string }> = values.choice
  ? (JSON.parse(readFileSync(values.choice, 'utf8')) as { pages: Record<string, { candidate: string }> })
      .pages
  : {};

const datasets = [...new Set(lines.map((line) => line.dataset))];
const f1 = (score: PrimaryScore | null | undefined) => score?.f1 ?? 0;

/** Per page the best candidate's F1 among `names` (missing candidates skipped). */
function oracle(line: ChoicePageLine, names: readonly string[]): number {
  let best = 0;
  let any = false;
  for (const name of names) {
    const score = line.scores[name];
    if (score === undefined) continue;
    any = true;
    best = Math.max(best, f1(score));
  }
  return any ? best : f1(line.scores.balanced);
}

const fmt = (value: number) => value.toFixed(4);
const interval = (items: number[]) => {
  const i = bootstrapMean(items, { resamples, seed: 1 });
  return `${fmt(i.estimate)} [${i.low.toFixed(3)}, ${i.high.toFixed(3)}]`;
};

for (const dataset of datasets) {
  const pages = lines.filter((line) => line.dataset === dataset && line.scores.balanced !== null);
  const candidateNames = [...new Set(pages.flatMap((line) => line.candidates))];
  const seedNames = [
    ...new Set(pages.flatMap((line) => Object.keys(line.scores).filter((name) => name.startsWith('seed:')))),
  ];
  const mean = (pick: (line: ChoicePageLine) => number) =>
    pages.reduce((sum, line) => sum + pick(line), 0) / pages.length;
  const modes = ['balanced', 'precision', 'recall'];
  const all = candidateNames;
  const withSeeds = [...all, ...seedNames];
  const defaultF1 = mean((line) => f1(line.scores.balanced));
  const oracleAll = mean((line) => oracle(line, all));
  console.log(`\n## ${dataset} (${pages.length} pages, ${pages[0]?.metric})`);
  console.log(`default (balanced, held out): ${interval(pages.map((line) => f1(line.scores.balanced)))}`);
  console.log(`oracle of the favor modes:    ${fmt(mean((line) => oracle(line, modes)))}`);
  console.log(`oracle of the candidates:     ${interval(pages.map((line) => oracle(line, all)))}`);
  if (seedNames.length > 0)
    console.log(`oracle with the seeds:        ${fmt(mean((line) => oracle(line, withSeeds)))}`);
  if (values.choice) {
    const chosen = pages.map((line) =>
      f1(line.scores[choices[`${line.dataset}/${line.id}`]?.candidate ?? 'balanced']),
    );
    const choiceF1 = chosen.reduce((a, b) => a + b, 0) / chosen.length;
    console.log(`choice (held out):            ${interval(chosen)}`);
    const gap = bootstrap(
      pages.map((line, index) => ({ d: f1(line.scores.balanced), o: oracle(line, all), c: chosen[index] })),
      (sample) => {
        let d = 0;
        let o = 0;
        let c = 0;
        for (const item of sample) {
          d += item.d;
          o += item.o;
          c += item.c;
        }
        return o > d ? (c - d) / (o - d) : Number.NaN;
      },
      { resamples, seed: 1 },
    );
    console.log(
      `share of the gap captured:    ${((choiceF1 - defaultF1) / (oracleAll - defaultF1)).toFixed(3)} [${gap.low.toFixed(3)}, ${gap.high.toFixed(3)}]`,
    );
  }
  const types = [...new Set(pages.map((line) => line.pageType).filter((type) => type !== undefined))];
  if (types.length > 1) {
    console.log('\n| page type | pages | default | oracle | choice |');
    console.log('|---|---:|---:|---:|---:|');
    for (const type of types) {
      const of = pages.filter((line) => line.pageType === type);
      const avg = (pick: (line: ChoicePageLine) => number) =>
        fmt(of.reduce((sum, line) => sum + pick(line), 0) / of.length);
      const picked = (line: ChoicePageLine) =>
        f1(line.scores[choices[`${line.dataset}/${line.id}`]?.candidate ?? 'balanced']);
      console.log(
        `| ${type} | ${of.length} | ${avg((line) => f1(line.scores.balanced))} | ${avg((line) => oracle(line, all))} | ${values.choice ? avg(picked) : ''} |`,
      );
    }
  }
  if (pages[0]?.metric === 'snippets') {
    const micro = (pick: (line: ChoicePageLine) => PrimaryScore | null | undefined) => {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      for (const line of pages) {
        const s = pick(line);
        tp += s?.tp ?? 0;
        fp += s?.fp ?? 0;
        fn += s?.fn ?? 0;
      }
      return (2 * tp) / (2 * tp + fp + fn);
    };
    console.log(`snippets summed: default ${fmt(micro((line) => line.scores.balanced))}`);
  }
  const missed = (pick: (line: ChoicePageLine) => PrimaryScore | null | undefined) =>
    pages.filter((line) => line.goldWords >= 50 && (pick(line)?.r ?? 0) < 0.2).length;
  const gold50 = pages.filter((line) => line.goldWords >= 50).length;
  if (gold50 > 0)
    console.log(
      `body missed (recall < 0.2, gold 50+ words): default ${missed((line) => line.scores.balanced)} of ${gold50}` +
        (values.choice
          ? `, choice ${missed((line) => line.scores[choices[`${line.dataset}/${line.id}`]?.candidate ?? 'balanced'])}`
          : ''),
    );
  console.log('\n| candidate | alone | wins (best, ties shared) | oracle without it | CPU ms/page |');
  console.log('|---|---:|---:|---:|---:|');
  for (const name of withSeeds) {
    const present = pages.filter((line) => line.scores[name] !== undefined);
    const alone = present.length
      ? present.reduce((sum, line) => sum + f1(line.scores[name]), 0) / present.length
      : Number.NaN;
    let wins = 0;
    for (const line of pages) {
      const best = oracle(line, withSeeds);
      const own = line.scores[name];
      if (own === undefined || f1(own) < best - 1e-9) continue;
      const tied = withSeeds.filter(
        (other) => line.scores[other] !== undefined && f1(line.scores[other]) >= best - 1e-9,
      ).length;
      wins += 1 / tied;
    }
    const base = name.startsWith('seed:') ? withSeeds : all;
    const without = mean((line) =>
      oracle(
        line,
        base.filter((other) => other !== name),
      ),
    );
    const cpu = name.startsWith('seed:')
      ? pages.reduce((sum, line) => sum + (line.cpuMs[name.slice(5)] ?? 0), 0) / pages.length
      : Number.NaN;
    console.log(
      `| ${name} (${present.length}) | ${fmt(alone)} | ${wins.toFixed(1)} | ${fmt(without)} (${name.startsWith('seed:') ? 'of all + seeds' : 'of the candidates'}) | ${Number.isNaN(cpu) ? '' : cpu.toFixed(1)} |`,
    );
  }
  console.log(
    `pith with its candidates: ${fmt(pages.reduce((sum, line) => sum + (line.cpuMs.pith ?? 0), 0) / pages.length)} CPU ms/page`,
  );
}
