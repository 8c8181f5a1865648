/**
 * The API every model plugs into: a `Trainer` names its command (`pith train NAME`), declares
 * its options and trains. The CLI builds one subcommand per trainer (src/cli/train-command.ts),
 * checks that `--out` can be written before minutes of training, writes the model file whole
 * and prints the trainer's report. A new model: a folder in src/train with its trainer, one
 * line in `TRAINERS` (trainers.ts).
 */

/** A command-line option of a trainer (commander's flag syntax). */
export interface TrainerOption {
  /** `--folds <k>`, `-d, --dataset <spec>`, `--no-evaluate`… */
  flags: string;
  description: string;
  /** Parses a value; throws an Error whose message says what is expected. Repeatable options get the previous value. */
  parse?: (value: string, previous: unknown) => unknown;
  default?: unknown;
  required?: boolean;
}

export interface TrainContext {
  /** The command as typed (recorded in the manifest). */
  command: string;
  /** Progress and findings, one line each (stderr). */
  log(message: string): void;
  /** Whether the log goes to a terminal (for progress counters). */
  tty: boolean;
}

export interface TrainOutcome {
  /** The model file's text (written to `out`); undefined when nothing is to be written. */
  text?: string;
  /** What to print on stdout when done (held-out figures, the model's size). */
  report: string;
}

export interface Trainer {
  /** `pith train NAME`. */
  name: string;
  description: string;
  /** Where the model goes without `--out` (models/NAME.json for a shipped model), or undefined: `--out` required. */
  defaultOut?: string;
  options: readonly TrainerOption[];
  /** Text after the options in `--help`. */
  help?: string;
  /** Trains with the parsed options (commander's camel-cased keys) and `out`. */
  train(options: Record<string, unknown> & { out: string }, context: TrainContext): Promise<TrainOutcome>;
}

// ── parsers shared by trainers' options ──

export function wholeNumber(min: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min) throw new Error(`expected a whole number ≥ ${min}`);
    return parsed;
  };
}

export function shareInUnitInterval(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 1) throw new Error('expected a number in (0, 1]');
  return parsed;
}

/** One of some words. */
export function oneOf<T extends string>(values: readonly T[]): (value: string) => T {
  return (value) => {
    if (!(values as readonly string[]).includes(value))
      throw new Error(`expected one of ${values.join(', ')}, got '${value}'`);
    return value as T;
  };
}

export function collect(value: string, previous: unknown): string[] {
  return [...(Array.isArray(previous) ? (previous as string[]) : []), value];
}

/** `KEY=VALUE` pairs, repeatable, into a record (numbers typed). */
export function keyValue(value: string, previous: unknown): Record<string, string | number> {
  const equals = value.indexOf('=');
  if (equals <= 0) throw new Error(`expected KEY=VALUE, got '${value}'`);
  const raw = value.slice(equals + 1);
  const number = Number(raw);
  return {
    ...((previous as Record<string, string | number> | undefined) ?? {}),
    [value.slice(0, equals)]: raw !== '' && Number.isFinite(number) ? number : raw,
  };
}
