import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { resolveDatasetSpec } from '../eval/index.js';
import { EXTRACTORS, PithError, VERSION } from '../index.js';
import {
  DEFAULT_CHUNK_OPTIONS,
  DEFAULT_MAX_CHUNK_CHARS,
  DEFAULT_MIN_COUNT,
  DEFAULT_N,
  type ErrorCounts,
  type TrainDensityResult,
  trainDensity,
  writeModelFile,
} from '../train/index.js';

interface TrainDensityCommandOptions {
  dataset: string[];
  out: string;
  n: number;
  minCount: number;
  maxChunkChars: number;
  minTextChars: number;
  minShare: number;
  allLines?: boolean;
  seed: number;
  evaluate: boolean;
  limit?: number;
  cleanevalSplits?: string;
  l3sClasses?: string;
}

function integer(min: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min)
      throw new InvalidArgumentError(`expected a whole number ≥ ${min}`);
    return parsed;
  };
}

function share(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 1)
    throw new InvalidArgumentError('expected a number in (0, 1]');
  return parsed;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Shell-quotes an argument for the manifest's command line. */
function quote(argument: string): string {
  return /^[\w./:=@,+-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`;
}

/** The folder holding the code doing the training (the package root, from src/ or dist/). */
const CODE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs git in the package root; undefined when git or the repository is not there. */
function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: CODE_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The code a density model depends on: everything `src/train/` imports, directly or not
 * (reading and decoding pages, parsing, the density filter, labelling, counting), and the
 * lock file (the parser's and decoder's dependencies). test/train/code-paths.test.ts checks
 * that this list covers the import graph.
 */
export const DENSITY_MODEL_CODE = [
  'src/train',
  'src/extractors/density',
  'src/extractors/types.ts',
  'src/dom',
  'src/input',
  'src/layout',
  'src/metadata',
  'src/eval/datasets',
  'src/features/page-type/types.ts',
  'src/eval/metrics/snippets.ts',
  'src/errors.ts',
  'src/model-files.ts',
  'src/version.ts',
  'package-lock.json',
];

/**
 * The commit and date the manifest records: those of the last commit that changed the model's
 * code (`DENSITY_MODEL_CODE`), `-dirty` when that code differs from it (untracked files
 * included). Not the clock and not HEAD: committing the model, or anything else, does not
 * change what the command writes, so the same command on a fresh clone rebuilds a committed
 * model byte for byte (when it was built from committed code). SOURCE_DATE_EPOCH (seconds)
 * overrides the date. Without git: no commit, and the date is now.
 */
function codeProvenance(): { git?: string; date: string } {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const fixed =
    epoch !== undefined && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000).toISOString() : undefined;
  const last = git(['log', '-1', '--format=%H %cI', '--', ...DENSITY_MODEL_CODE]);
  const [commit, committed] = last ? last.split(' ') : [];
  if (!commit) return { date: fixed ?? new Date().toISOString() };
  const changes = git(['status', '--porcelain', '--untracked-files=normal', '--', ...DENSITY_MODEL_CODE]);
  const date = new Date(committed);
  return {
    git: changes ? `${commit}-dirty` : commit,
    date: fixed ?? (Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString()),
  };
}

function percent(value: number): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '–';
}

function errorRow(label: string, pages: number, counts: ErrorCounts): string {
  return `| ${label} | ${pages} | ${counts.chunks} | ${counts.errors} | ${percent(counts.rate)} | ${percent(counts.keepAllRate)} |`;
}

function report(result: TrainDensityResult, out: string): string {
  const lines: string[] = [];
  const header =
    '| dataset | test pages | chunks | errors | error rate | keep-all error |\n| --- | ---: | ---: | ---: | ---: | ---: |';
  if (result.split) {
    const split = result.split;
    lines.push(`Held-out error rate, seeded 90/10 page split (seed ${split.seed}):`, '', header);
    for (const d of split.datasets) lines.push(errorRow(d.dataset, d.testPages, d));
    lines.push(
      errorRow(
        'all (pooled)',
        split.datasets.reduce((s, d) => s + d.testPages, 0),
        split.overall,
      ),
      '',
    );
  }
  if (result.leaveOneOut) {
    const loo = result.leaveOneOut;
    lines.push('Held-out error rate, leave one dataset out (trained on the others):', '', header);
    for (const d of loo.datasets) lines.push(errorRow(d.dataset, d.testPages, d));
    lines.push(
      errorRow(
        'all (pooled)',
        loo.datasets.reduce((s, d) => s + d.testPages, 0),
        loo.overall,
      ),
      '',
    );
  }
  const file = result.file;
  const categories = file.categories.map(
    (c) => `${c.name}: ${c.chunks} chunks, ${c.contexts} contexts, ${c.ngrams} n-grams`,
  );
  lines.push(
    `Model: ${out} (${Buffer.byteLength(result.text)} bytes), n = ${file.n}, min count ${file.minCount}, ` +
      `max chunk chars ${file.maxChunkChars}; ${categories.join('; ')}.`,
  );
  return `${lines.join('\n')}\n`;
}

function densityCommand(): Command {
  return new Command('density')
    .description(
      "Train the density extractor's boilerplate classifier (seed 003): label the chunks the density " +
        'filter keeps against each page’s gold standard (or <!-- content --> markers), measure the held-out ' +
        'error rate (seeded 90/10 page split; leave one dataset out), then train on all pages and write the model.',
    )
    .requiredOption(
      '-d, --dataset <spec>',
      'FORMAT:PATH, PATH or NAME (.cache/datasets/NAME); repeatable',
      collect,
      [] as string[],
    )
    .requiredOption('-o, --out <file>', 'where to write the model (JSON)')
    .option('--n <n>', 'longest character n-gram', integer(1), DEFAULT_N)
    .option('--min-count <k>', 'prune n-grams (order ≥ 2) seen fewer times', integer(1), DEFAULT_MIN_COUNT)
    .option(
      '--max-chunk-chars <k>',
      'count at most the first k characters of each chunk (0 = all)',
      integer(0),
      DEFAULT_MAX_CHUNK_CHARS,
    )
    .option(
      '--min-text-chars <k>',
      "the density filter's minimum text characters per line",
      integer(0),
      DEFAULT_CHUNK_OPTIONS.minTextChars,
    )
    .option(
      '--min-share <x>',
      "gold labels: share of a chunk's word 3-grams in the gold for keep",
      share,
      0.5,
    )
    .option('--all-lines', 'also train on lines without visible text (scripts, styles), as the post did')
    .option('--seed <n>', 'seed of the 90/10 split', integer(0), 1)
    .option('--no-evaluate', 'skip the held-out error rates')
    .option('--limit <n>', 'at most this many pages per dataset', integer(1))
    .option('--cleaneval-splits <list>', 'CleanEval root: splits to read (default: final)')
    .option('--l3s-classes <list>', 'L3S-GN1: labels that make up the gold (default: x-nc-sel1,x-nc-sel2)')
    .addHelpText(
      'after',
      '\nThe shipped model: see models/README.md for the exact command.\n' +
        'Training is deterministic: the manifest records the last commit that changed the code the model\n' +
        'depends on and its date (or SOURCE_DATE_EPOCH), not the clock, so the same command on the same\n' +
        'code writes the same bytes.\n\n' +
        'Example:\n  pith train density --dataset cleaneval --dataset l3s-gn1 --out /tmp/density.json',
    )
    .action(async (options: TrainDensityCommandOptions) => {
      for (const argument of options.dataset) {
        try {
          await resolveDatasetSpec(argument);
        } catch (error) {
          throw new PithError('BAD_OPTION', error instanceof Error ? error.message : String(error));
        }
      }
      // Fail before minutes of training, not after, when the model cannot be written.
      try {
        await mkdir(dirname(options.out), { recursive: true });
        await access(dirname(options.out), constants.W_OK);
      } catch (error) {
        throw new PithError(
          'BAD_OPTION',
          `--out ${options.out}: cannot write there (${(error as Error).message})`,
        );
      }
      const tty = process.stderr.isTTY;
      const provenance = codeProvenance();
      const result = await trainDensity({
        datasets: options.dataset,
        n: options.n,
        minCount: options.minCount,
        maxChunkChars: options.maxChunkChars,
        minTextChars: options.minTextChars,
        minShare: options.minShare,
        visibleOnly: !options.allLines,
        seed: options.seed,
        evaluate: options.evaluate,
        ...(options.limit === undefined ? {} : { limit: options.limit }),
        list: {
          ...(options.cleanevalSplits
            ? {
                cleanEvalSplits: options.cleanevalSplits.split(',').map((s) => s.trim()) as (
                  | 'final'
                  | 'dev'
                )[],
              }
            : {}),
          ...(options.l3sClasses ? { l3sClasses: options.l3sClasses.split(',').map((s) => s.trim()) } : {}),
        },
        command: ['pith', ...process.argv.slice(2)].map(quote).join(' '),
        date: provenance.date,
        code: {
          pith: VERSION,
          extractor: EXTRACTORS.density.version,
          ...(provenance.git ? { git: provenance.git } : {}),
        },
        onPage: (dataset, done, total) => {
          if (tty && (done === total || done % 25 === 0)) {
            process.stderr.write(`\r${dataset}: ${done}/${total} pages${done === total ? '\n' : ''}`);
          }
        },
        log: (message) => process.stderr.write(`${message}\n`),
      });
      try {
        await writeModelFile(options.out, result.text);
      } catch (error) {
        throw new PithError(
          'BAD_OPTION',
          `cannot write the model to ${options.out}: ${(error as Error).message}`,
        );
      }
      process.stdout.write(report(result, options.out));
    });
}

/** Builds `pith train`. */
export function trainCommand(): Command {
  return new Command('train')
    .description('Train the models of learned extractors (today: density).')
    .addCommand(densityCommand().exitOverride())
    .exitOverride();
}
