/**
 * Draws the TTR plot of one page (raw and smoothed TTR per line, the threshold,
 * the chosen lines shaded: the paper's Figs. 1–4), as `pith extract --plot` will.
 *
 *   npx tsx bench/ttr/plot-page.ts PAGE.html OUT.svg [--method threshold] [--reflow] [--remove-style]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { decodeHtml, parseHtml, plotExtraction, TTR_METHODS, type TtrMethod, ttr } from 'pith/internal';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    method: { type: 'string', default: 'threshold' },
    reflow: { type: 'boolean', default: false },
    'remove-style': { type: 'boolean', default: false },
  },
});
const [page, out] = positionals;
if (!page || !out || !(TTR_METHODS as readonly string[]).includes(values.method)) {
  process.stderr.write(
    `usage: npx tsx bench/ttr/plot-page.ts PAGE.html OUT.svg [--method ${TTR_METHODS.join('|')}] [--reflow] [--remove-style]\n`,
  );
  process.exit(2);
}
const doc = parseHtml(decodeHtml(readFileSync(page)).text);
const extraction = ttr.extract(
  doc,
  { method: values.method as TtrMethod, reflow: values.reflow, removeStyle: values['remove-style'] },
  {},
);
writeFileSync(out, plotExtraction(extraction) ?? '');
process.stderr.write(
  `${out}: ${extraction.diagnostics.keptLines} lines, ${extraction.diagnostics.plot.chosen.length} chosen\n`,
);
