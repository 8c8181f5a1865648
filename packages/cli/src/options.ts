/** Parsers of command-line values shared by the commands. */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { TokenizerName } from 'pith';

export function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
}

export function nonNegativeInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('expected a whole number');
  return parsed;
}

/** The token counters `--tokenizer` names (src/tokens.ts, loaded only when chunks are asked for). */
export const TOKENIZERS: readonly TokenizerName[] = ['estimate', 'cl100k_base', 'characters'];

/** The chunk flags, the same in `pith extract`, `pith warc` and `pith feed`. */
export interface ChunkFlags {
  /** `--chunks`: the body's Markdown in chunks (`--max-tokens`, `--overlap`, `--tokenizer`). */
  chunks?: boolean;
  maxTokens: number;
  overlap: number;
  tokenizer: TokenizerName;
}

/** Adds `--chunks` (described as the command writes them) and the flags that shape the chunks. */
export function addChunkOptions(command: Command, chunks: string): Command {
  return command
    .option('--chunks', chunks)
    .option('--max-tokens <n>', 'with --chunks: the most tokens a chunk may have', positiveInteger, 512)
    .option(
      '--overlap <n>',
      'with --chunks: tokens of a chunk repeated at the start of the next',
      nonNegativeInteger,
      0,
    )
    .addOption(
      new Option(
        '--tokenizer <name>',
        "with --chunks: how tokens are counted (estimate: cl100k_base's count estimated, packed 15 % under the cap; cl100k_base: exact, slower; characters: one per 4)",
      )
        .choices([...TOKENIZERS])
        .default('estimate'),
    );
}

/** `--option name=value`, repeatable: extractor parameters, numbers and booleans parsed. */
export function collectOption(value: string, previous: Record<string, unknown>): Record<string, unknown> {
  const equals = value.indexOf('=');
  if (equals <= 0) throw new InvalidArgumentError('expected name=value');
  const name = value.slice(0, equals);
  const raw = value.slice(equals + 1);
  let parsed: unknown = raw;
  if (raw === 'true' || raw === 'false') parsed = raw === 'true';
  else if (raw !== '' && !Number.isNaN(Number(raw))) parsed = Number(raw);
  return { ...previous, [name]: parsed };
}

/** `--min-quality Q`: a number from 0 to 1. */
export function qualityThreshold(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !(parsed >= 0 && parsed <= 1))
    throw new InvalidArgumentError('expected a number from 0 to 1');
  return parsed;
}

/** What `--below-quality` does with a page whose quality is under `--min-quality`. */
export type BelowQuality = 'flag' | 'drop';
export const BELOW_QUALITY_CHOICES: readonly BelowQuality[] = ['flag', 'drop'];

/** Whether a result is under the threshold: null when there is no threshold or no estimate. */
export function isBelowQuality(quality: number | null, minQuality: number | undefined): boolean | null {
  if (minQuality === undefined || quality === null) return null;
  return quality < minQuality;
}

/** A size in bytes: an integer, with K, M or G (powers of 1,024) if wanted (`256M`). */
export function byteSize(value: string): number {
  const match = /^(\d+)([KMG]?)$/i.exec(value.trim());
  const bytes = match
    ? Number(match[1]) * 1024 ** ' KMG'.indexOf((match[2] || ' ').toUpperCase())
    : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new InvalidArgumentError('expected a size in bytes such as 1048576 or 256M');
  }
  return bytes;
}

const SPAN_UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A span of time such as `7d`, `12h`, `30m`, `90s` or milliseconds (`600000`). */
export function timeSpan(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i.exec(value.trim());
  const ms = match
    ? // own-keys: the regular expression lets only ms, s, m, h or d through.
      Math.round(Number(match[1]) * (SPAN_UNITS[(match[2] ?? 'ms').toLowerCase()] ?? Number.NaN))
    : Number.NaN;
  if (!Number.isSafeInteger(ms) || ms < 1) {
    throw new InvalidArgumentError('expected a time such as 7d, 12h, 30m, 90s or milliseconds');
  }
  return ms;
}
