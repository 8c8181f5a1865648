/**
 * What the title policy of the text output does to the scores: the same
 * extraction rendered as plain text three ways —
 *
 * - `as-is`: the body as the extractor selected it (the title only when it kept
 *   the heading);
 * - `drop`: the body without the block that repeats the title (`dropTitle`);
 * - `print`: the title (metadata) as the first line, and the body's copy
 *   dropped (`printTitle`).
 *
 *   nice -n 10 npx tsx bench/format/title-policy.ts [--extractor pith] [--limit N]
 *
 * Scores: WCXB dev (bag-of-words F1, mean over pages; its gold leaves the title
 * out), L3S-GN1 (seed 002's word-sequence F1 against headline + full text),
 * CleanEval final (word-sequence F1).
 */
import { join } from 'node:path';
import {
  applyRetrievedTransform,
  type DatasetPage,
  listCleanEval,
  listL3sGn1,
  listWcxb,
  type PageRef,
  scoreBagOfWords,
  scoreWordSequence,
  summariseWordSequence,
} from '@pith/workbench/eval';
import { decodeHtml, extractMetadata, formatExtraction, getExtractor, parseHtml } from 'pith/internal';
import { runContext, writeDocSection } from './doc-section.js';

const VARIANTS = ['as-is', 'drop', 'print'] as const;

async function run(
  name: string,
  refs: PageRef<DatasetPage>[],
  extractorName: string,
  score: (text: string, page: DatasetPage) => number,
  summarise: (scores: number[]) => number,
): Promise<string> {
  const extractor = getExtractor(extractorName);
  const scores = new Map<string, number[]>(VARIANTS.map((variant) => [variant, []]));
  let changed = 0;
  for (const ref of refs) {
    const page = await ref.load();
    const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
    const metadata = extractMetadata(doc, { url: page.url });
    const extraction = extractor.extract(doc, {}, { metadata });
    const texts = VARIANTS.map((variant) =>
      formatExtraction(extraction, 'text', {
        url: page.url,
        title: metadata.title,
        dropTitle: variant === 'drop',
        printTitle: variant === 'print',
      }),
    );
    if (texts[0] !== texts[1] || texts[0] !== texts[2]) changed++;
    VARIANTS.forEach((variant, index) => {
      (scores.get(variant) as number[]).push(
        score(applyRetrievedTransform(texts[index], page.retrievedTransform), page),
      );
    });
  }
  const cells = VARIANTS.map((variant) => summarise(scores.get(variant) as number[]).toFixed(4));
  return `| ${name} | ${refs.length} | ${changed} | ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const extractorIndex = args.indexOf('--extractor');
  const extractorName = extractorIndex >= 0 ? args[extractorIndex + 1] : 'pith';
  const limitIndex = args.indexOf('--limit');
  const limit = limitIndex >= 0 ? Number(args[limitIndex + 1]) : Number.POSITIVE_INFINITY;
  const root = '.cache/datasets';
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const wordSequenceMean = (values: number[]) => mean(values);
  const rows: string[] = [];
  rows.push(
    await run(
      'wcxb-dev (bag-of-words F1)',
      (await listWcxb(join(root, 'wcxb-dev'))).slice(0, limit),
      extractorName,
      (text, page) => scoreBagOfWords(text, page.gold.text ?? '').f1,
      mean,
    ),
  );
  const wordSequence = (text: string, page: DatasetPage) => {
    const result = scoreWordSequence(text, page.gold.text ?? '');
    return result.special === null ? result.f1 : Number.NaN;
  };
  const summariseWs = (values: number[]) => {
    void summariseWordSequence;
    const kept = values.filter((value) => !Number.isNaN(value));
    return wordSequenceMean(kept);
  };
  rows.push(
    await run(
      'l3s-gn1 (word-sequence F1)',
      (await listL3sGn1(join(root, 'l3s-gn1'))).slice(0, limit),
      extractorName,
      wordSequence,
      summariseWs,
    ),
  );
  rows.push(
    await run(
      'cleaneval final (word-sequence F1)',
      (await listCleanEval(join(root, 'cleaneval'))).slice(0, limit),
      extractorName,
      wordSequence,
      summariseWs,
    ),
  );
  const table = `| dataset | pages | pages whose text differs | as-is | drop | print |\n|---|---:|---:|---:|---:|---:|\n${rows.join('\n')}`;
  process.stdout.write(`Title policy of the text output, extractor ${extractorName}\n\n${table}\n`);
  if (args.includes('--write')) writeSection(table, extractorName, limit);
}

function writeSection(table: string, extractorName: string, limit: number): void {
  const limited = Number.isFinite(limit) ? ` --limit ${limit}` : '';
  writeDocSection('title-policy', [
    '## The title in the text output',
    '',
    `The same extraction (extractor \`${extractorName}\`) rendered as plain text three ways: as selected (\`as-is\`), without the block that repeats the title (\`dropTitle\`), and with the title printed first and the body's copy dropped (\`printTitle\`). This is why \`extract()\` leaves plain text as selected, prints the title in Markdown and HTML, and drops it from the content of JSON and XML (which carry it in \`metadata.title\`).`,
    '',
    `- Command: \`nice -n 10 npx tsx bench/format/title-policy.ts${limited} --write\`.`,
    `- ${runContext()}`,
    '- Scores: WCXB bag-of-words F1 (its gold leaves the title out), mean over pages; word-sequence F1 (seed 002), mean over the documents outside its special cases; L3S-GN1 against headline + full text.',
    '',
    table,
  ]);
}

await main();
