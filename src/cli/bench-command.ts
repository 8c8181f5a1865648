import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import {
  type BenchProgress,
  DATASET_SPLITS,
  type DatasetSpec,
  type DatasetSplit,
  formatNumber,
  HELD_OUT_OPTION,
  headlineNotes,
  headlineTable,
  type ListOptions,
  MARKDOWN_PEERS,
  type OnlyResult,
  openWorkerLog,
  pagePrimaryScore,
  pithExtractorRef,
  readHeldOut,
  renderHtmlReport,
  renderMarkdownReport,
  resolveDatasetSpec,
  runBench,
  runOnly,
  runStructure,
  STRUCTURE_SOURCES,
  type StructureSource,
  type StructureSplit,
  structureCases,
  structureReport,
  summariseBench,
  wordDiff,
  worstPages,
  writeResult,
} from '../eval/index.js';
import { EXTRACTORS } from '../index.js';

interface BenchCommandOptions {
  dataset?: string[];
  extractor?: string[];
  heldOut?: string[];
  peer?: string[];
  peers?: string;
  peersModule?: string;
  jobs: number;
  limit?: number;
  only?: string;
  worst?: number;
  speed?: boolean;
  speedPages: number;
  out?: string;
  cache: boolean;
  cacheDir: string;
  timeout: number;
  saveText?: boolean;
  withoutUrls?: boolean;
  nonAscii?: 'remove' | 'keep';
  resamples: number;
  seed: number;
  l3sClasses?: string;
  split?: string;
  cleanevalSplits?: string;
  progress: boolean;
  structure?: string | boolean;
  structureSplit?: string;
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
}

function integer(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new InvalidArgumentError('expected a whole number');
  return parsed;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-').replace(/Z$/, '');
}

function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}

/** Progress on stderr: one updating line on a terminal, a line every 10 s otherwise. */
function progressReporter(enabled: boolean): (progress: BenchProgress) => void {
  const tty = process.stderr.isTTY === true;
  let lastLine = 0;
  let lastPhase = '';
  return (p) => {
    if (!enabled) return;
    const now = performance.now();
    const finished = p.done === p.total;
    if (!tty && !finished && now - lastLine < 10_000 && p.phase === lastPhase) return;
    if (tty && !finished && now - lastLine < 250 && p.phase === lastPhase) return;
    lastLine = now;
    lastPhase = p.phase;
    const share = p.total > 0 ? p.done / p.total : 1;
    const eta =
      p.done > 0 && !finished ? ` · ETA ${duration((p.elapsedMs / p.done) * (p.total - p.done))}` : '';
    const line =
      p.phase === 'quality'
        ? `bench: ${p.done}/${p.total} page runs (${(share * 100).toFixed(0)}%) · ${p.failed} failed · ${p.cached} cached · ${duration(p.elapsedMs)}${eta}`
        : `speed: ${p.current} ${p.done}/${p.total} (warm-up + timed) · ${duration(p.elapsedMs)}${eta}`;
    process.stderr.write(tty ? `\r\u001b[2K${line}${finished ? '\n' : ''}` : `${line}\n`);
  };
}

function listOptions(options: BenchCommandOptions): ListOptions {
  const out: ListOptions = {};
  if (options.l3sClasses) out.l3sClasses = options.l3sClasses.split(',').map((c) => c.trim());
  if (options.split !== undefined) {
    if (!(DATASET_SPLITS as readonly string[]).includes(options.split)) {
      throw new InvalidArgumentError(`--split must be one of ${DATASET_SPLITS.join(', ')}`);
    }
    out.split = options.split as DatasetSplit;
  }
  if (options.cleanevalSplits) {
    out.cleanEvalSplits = options.cleanevalSplits
      .split(',')
      .map((s) => s.trim()) as ListOptions['cleanEvalSplits'];
  }
  return out;
}

/** The extractor a held-out file's models belong to; a usage error when the file cannot be read. */
function heldOutExtractor(file: string): string {
  try {
    return readHeldOut(file).extractor;
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

function printOnly(results: readonly OnlyResult[], id: string): number {
  if (results.length === 0) {
    process.stderr.write(`pith bench: no page '${id}' in the given datasets\n`);
    return 1;
  }
  const colour = process.stdout.isTTY === true;
  for (const result of results) {
    const { page } = result;
    process.stdout.write(
      `# ${result.dataset}/${page.id}${page.url ? ` (${page.url})` : ''}, ${page.html.length} bytes\n\n`,
    );
    for (const run of result.runs) {
      const s = run.scores;
      const figures: string[] = [];
      if (s.wordSequence) {
        const w = s.wordSequence;
        figures.push(
          `word-seq P ${formatNumber(w.precision)} R ${formatNumber(w.recall)} F1 ${formatNumber(w.f1)}${w.special ? ` (${w.special})` : ''}`,
        );
      }
      if (s.bagOfWords) figures.push(`bag-of-words F1 ${formatNumber(s.bagOfWords.f1)}`);
      if (s.shingles) figures.push(`shingle F1 ${formatNumber(s.shingles.f1)}`);
      if (s.snippets)
        figures.push(
          `snippets TP ${s.snippets.tp} FP ${s.snippets.fp} FN ${s.snippets.fn} TN ${s.snippets.tn}`,
        );
      process.stdout.write(
        `## ${run.extractor}: ${run.error ? `FAILED (${run.error}) · ` : ''}${figures.join(' · ')} · ${formatNumber(run.ms, 1)} ms\n\n`,
      );
      const text = run.text ?? '';
      if (page.gold.text !== undefined) {
        const diff = wordDiff(text, page.gold.text, { colour });
        process.stdout.write(
          `${diff.common} words in common, ${diff.missing} gold words missing [-…-], ${diff.extra} extra words {+…+}\n\n${diff.text}\n\n`,
        );
      }
      if (page.gold.snippets) {
        const normalised = text.replace(/\s+/g, ' ');
        for (const snippet of page.gold.snippets.with) {
          process.stdout.write(
            `  ${normalised.includes(snippet.replace(/\s+/g, ' ').trim()) ? 'found  ' : 'MISSING'} with:    ${snippet}\n`,
          );
        }
        for (const snippet of page.gold.snippets.without) {
          process.stdout.write(
            `  ${normalised.includes(snippet.replace(/\s+/g, ' ').trim()) ? 'FOUND  ' : 'absent '} without: ${snippet}\n`,
          );
        }
        process.stdout.write('\n');
      }
    }
  }
  return 0;
}

async function runBenchCommand(options: BenchCommandOptions, argv: readonly string[]): Promise<number> {
  if (!options.dataset?.length) throw new InvalidArgumentError('give at least one --dataset');
  const datasets: DatasetSpec[] = [];
  const extractors = [
    ...(options.extractor?.length ? options.extractor : Object.keys(EXTRACTORS)),
    // `--held-out FILE`: the held-out variant of the extractor the file's models belong to.
    ...(options.heldOut ?? []).map((file) => `${heldOutExtractor(file)}:${HELD_OUT_OPTION}=${file}`),
  ];
  try {
    for (const argument of options.dataset) datasets.push(await resolveDatasetSpec(argument));
    for (const extractor of extractors) pithExtractorRef(extractor);
  } catch (error) {
    // Unknown datasets and extractors are usage errors, with the reader's message.
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
  const peers = options.peers === 'all' ? ['all'] : (options.peer ?? []);
  if (options.peers !== undefined && options.peers !== 'all') {
    throw new InvalidArgumentError(
      `--peers takes 'all' (name single peers with --peer), got '${options.peers}'`,
    );
  }
  const removeNonAscii = options.nonAscii === undefined ? undefined : options.nonAscii === 'remove';
  const warn = (message: string) => process.stderr.write(`pith bench: ${message}\n`);
  const common = {
    datasets,
    extractors,
    peers,
    ...(options.peersModule ? { peersModule: options.peersModule } : {}),
    ...(removeNonAscii === undefined ? {} : { removeNonAscii }),
    listOptions: listOptions(options),
    warn,
  };

  if (options.only !== undefined)
    return printOnly(await runOnly({ ...common, id: options.only }), options.only);

  const started = new Date();
  const out = path.resolve(options.out ?? path.join('.cache', 'bench', timestamp(started)));
  const workerLog = openWorkerLog(out);
  const { result, texts } = await runBench({
    ...common,
    jobs: options.jobs,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    timeoutMs: options.timeout,
    ...(options.cache ? { cacheDir: path.resolve(options.cacheDir) } : {}),
    keepTexts: options.saveText === true,
    ...(options.withoutUrls ? { withoutUrls: true } : {}),
    ...(options.speed ? { speedPages: options.speedPages } : {}),
    command: `pith ${argv.join(' ')}`,
    onProgress: progressReporter(options.progress),
    onWorkerOutput: (text) => workerLog.write(text),
  });
  const workerLines = await workerLog.close();

  await mkdir(out, { recursive: true });
  const bootstrap = { resamples: options.resamples, seed: options.seed };
  // One summary (seconds of bootstrap) for every report.
  const summaries = summariseBench(result, bootstrap);
  const reportOptions = { bootstrap, summaries, ...(options.worst ? { worst: options.worst } : {}) };
  await writeResult(path.join(out, 'results.json'), result);
  await writeFile(path.join(out, 'report.md'), renderMarkdownReport(result, reportOptions));
  await writeFile(path.join(out, 'report.html'), renderHtmlReport(result, reportOptions));
  if (options.saveText) {
    // One {id: text} file per dataset and extractor: the format of WCXB's evaluate.py --results.
    for (const [dataset, byExtractor] of texts) {
      for (const [extractor, byId] of byExtractor) {
        const file = path.join(out, 'texts', dataset, `${extractor.replace(/[^\w.-]+/g, '_')}.json`);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(
          file,
          JSON.stringify(Object.fromEntries([...byId].map(([id, text]) => [id, text ?? '']))),
        );
      }
    }
  }

  const notes = headlineNotes(summaries);
  process.stdout.write(`${headlineTable(summaries)}\n\n${notes ? `${notes}\n\n` : ''}`);
  if (options.worst) {
    for (const dataset of result.datasets) {
      process.stdout.write(
        `Worst ${options.worst} pages of ${dataset.name} (${dataset.scoring.primary} per-page score):\n`,
      );
      for (const [extractor, pages] of worstPages(result, dataset.name, options.worst)) {
        process.stdout.write(`  ${extractor}:\n`);
        for (const worst of pages) {
          const page = worst.page;
          process.stdout.write(
            `    ${formatNumber(pagePrimaryScore(page, dataset.scoring.primary))}  ${worst.id}${page.failed ? `  FAILED: ${page.error ?? ''}` : ''}\n`,
          );
        }
      }
      process.stdout.write('\n');
    }
  }
  const failures = result.pages.filter((p) => p.failed).length;
  process.stderr.write(
    `pith bench: ${result.pages.length} page runs, ${failures} failed, in ${duration(result.wallMs)}; reports in ${out}/ (results.json, report.md, report.html${options.saveText ? ', texts/' : ''}${workerLines > 0 ? `, workers.log (${workerLines} line${workerLines === 1 ? '' : 's'} the extractors printed)` : ''})\n`,
  );
  return 0;
}

/** `pith bench --structure`: the structure benchmark over its sources, a Markdown table per source. */
async function runStructureCommand(options: BenchCommandOptions): Promise<number> {
  const sources = (
    typeof options.structure === 'string' ? options.structure.split(',') : [...STRUCTURE_SOURCES]
  ).map((source) => source.trim());
  for (const source of sources) {
    if (!(STRUCTURE_SOURCES as readonly string[]).includes(source)) {
      throw new InvalidArgumentError(`--structure takes ${STRUCTURE_SOURCES.join(', ')}, got '${source}'`);
    }
  }
  const split = options.structureSplit ?? 'all';
  if (split !== 'dev' && split !== 'held-back' && split !== 'all') {
    throw new InvalidArgumentError(`--structure-split takes dev, held-back or all, got '${split}'`);
  }
  const peers = options.peers === 'all' ? Object.keys(MARKDOWN_PEERS) : (options.peer ?? []);
  for (const peer of peers) {
    if (!Object.hasOwn(MARKDOWN_PEERS, peer)) {
      throw new InvalidArgumentError(
        `--structure runs the Markdown peers ${Object.keys(MARKDOWN_PEERS).join(', ')}, not '${peer}'`,
      );
    }
  }
  const cases = [];
  for (const source of sources) {
    const found = await structureCases(source as StructureSource, process.cwd(), {
      ...(split === 'all' ? {} : { split: split as StructureSplit }),
    });
    for (const one of found) cases.push(one);
  }
  const started = performance.now();
  let done = 0;
  const { totals } = await runStructure(cases, {
    peers,
    onCase: () => {
      done++;
      if (options.progress && done % 50 === 0) process.stderr.write(`structure: ${done} page runs\n`);
    },
  });
  const report =
    `# Structure benchmark\n\n${cases.length} pages, ${formatNumber((performance.now() - started) / 1000, 0)} s. ` +
    'Each cell: the share of gold elements kept (code: exact text; formulas: mean edit similarity of the TeX), ' +
    "and in brackets the share of the output's elements that are in the gold; the number of gold elements in the header.\n\n" +
    structureReport(totals, (source) => source);
  if (options.out) {
    await mkdir(options.out, { recursive: true });
    await writeFile(path.join(options.out, 'structure.md'), report);
    await writeFile(path.join(options.out, 'structure.json'), JSON.stringify(totals, null, 1));
  }
  process.stdout.write(report);
  return 0;
}

/** Builds `pith bench`. */
export function benchCommand(): Command {
  const extractorNames = Object.keys(EXTRACTORS).join(', ');
  return new Command('bench')
    .description(
      "Run extractors (pith's and peers) over evaluation datasets, score every page with the " +
        'standard metrics, and write reports (results.json with every per-page score, report.md, ' +
        'report.html with charts; workers.log with whatever the extractors printed, e.g. warnings of peers). Outputs and scores are cached per page, extractor, version and options.',
    )
    .option(
      '-d, --dataset <spec>',
      'FORMAT:PATH, PATH (format detected) or NAME (.cache/datasets/NAME, see `npm run datasets`); repeatable',
      collect,
    )
    .option(
      '-e, --extractor <name>',
      `pith extractor, or NAME:key=value,… for a variant; repeatable (default: all of ${extractorNames})`,
      collect,
    )
    .option(
      '--held-out <file>',
      'also score the extractor with held-out models (from `pith train … --folds K`): each page by the model that did not see it; repeatable',
      collect,
    )
    .option('--peer <name>', 'a peer (another library, from src/eval/peers); repeatable', collect)
    .option('--peers <all>', 'every installed peer')
    .option('--peers-module <file>', 'module exporting PEERS (default: src/eval/peers)')
    .option('-j, --jobs <n>', 'worker threads', positiveInteger, os.cpus().length)
    .option('--limit <n>', 'at most N pages per dataset', positiveInteger)
    .option('--only <id>', 're-run one page (ID or DATASET/ID) and print a word-level diff against the gold')
    .option('--worst <n>', 'list the N worst pages per extractor with their scores', positiveInteger)
    .option(
      '--speed',
      'also measure speed: single-threaded, after warm-up, each extractor in its own process',
    )
    .option(
      '--speed-pages <n>',
      'pages in the speed measurement, spread evenly over the datasets',
      positiveInteger,
      300,
    )
    .option('-o, --out <dir>', 'report folder (default: .cache/bench/<timestamp>)')
    .option('--no-cache', 'neither read nor write cached outputs')
    .option('--cache-dir <dir>', 'cache folder', path.join('.cache', 'bench', 'outputs'))
    .option(
      '--timeout <ms>',
      'time budget per page and extractor; over it the page fails and the worker is replaced',
      positiveInteger,
      60_000,
    )
    .option('--save-text', 'also write the extracted texts (texts/<dataset>/<extractor>.json, {id: text})')
    .option(
      '--without-urls',
      "give the extractors each page's bytes only, not its URL (as `pith extract DIR` on saved files)",
    )
    .option(
      '--non-ascii <mode>',
      "word-sequence metric: 'remove' or 'keep' non-ASCII everywhere (default: remove on CleanEval and L3S-GN1, as seed 002)",
    )
    .option('--resamples <n>', 'bootstrap resamples', positiveInteger, 2000)
    .option('--seed <n>', 'bootstrap seed', integer, 1)
    .option(
      '--split <which>',
      'trafilatura-eval and newspaper-fulltext: dev (default; pages anyone may tune on), sealed (a site-disjoint quarter scored once per release), all',
    )
    .option('--l3s-classes <list>', 'L3S-GN1 gold labels (default: x-nc-sel1,x-nc-sel2)')
    .option('--cleaneval-splits <list>', 'CleanEval splits (default: final)')
    .option('--no-progress', 'no progress on stderr')
    .option(
      '--structure [sources]',
      `the structure benchmark instead (issue 19): elements of pith's Markdown and the Markdown peers' against structural gold; sources ${STRUCTURE_SOURCES.join(',')} (default all)`,
    )
    .option(
      '--structure-split <half>',
      "Defuddle's fixtures: dev (rules are written on it), held-back (the targets are read on it) or all (default: both, reported apart)",
    )
    .addHelpText(
      'after',
      '\nDataset formats: wcxb, cleaneval, l3s-gn1, readability-testpages, trafilatura-eval,\n' +
        'article-body ({id: {articleBody, url}} + html/<id>.html[.gz]), input-gold (input/<id>.html + gold/<id>.txt).\n\n' +
        'Examples:\n' +
        '  pith bench --dataset cleaneval --dataset l3s-gn1\n' +
        '  pith bench --dataset wcxb-dev --extractor pith --peers all --worst 10\n' +
        '  pith bench --dataset wcxb-dev --only 0479\n' +
        '  pith bench --dataset wcxb-dev --extractor pith --held-out .cache/train/blocks/folds-5-by-site.json\n' +
        '  pith bench --dataset trafilatura-eval:../data/trafilatura --speed\n' +
        '  pith bench --structure defuddle --structure-split held-back --peer defuddle --peer readability-turndown',
    )
    .action(async (options: BenchCommandOptions, command: Command) => {
      if (options.nonAscii !== undefined && options.nonAscii !== 'remove' && options.nonAscii !== 'keep') {
        command.error(`--non-ascii takes 'remove' or 'keep', got '${options.nonAscii}'`, { exitCode: 2 });
      }
      try {
        process.exitCode =
          options.structure !== undefined
            ? await runStructureCommand(options)
            : await runBenchCommand(options, process.argv.slice(2));
      } catch (error) {
        if (error instanceof InvalidArgumentError) command.error(`error: ${error.message}`, { exitCode: 2 });
        throw error;
      }
    });
}
