/**
 * `pith train NAME`: one subcommand per trainer of src/train (`TRAINERS`), each with the
 * options its trainer declares. The CLI checks that `--out` can be written before minutes of
 * training, writes the model file whole (a temporary file renamed into place) and prints the
 * trainer's report.
 */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { commandLine, TRAINERS, type Trainer, writeModelFile } from '@pith/workbench/train';
import { Command, InvalidArgumentError, Option } from 'commander';
import { PithError } from 'pith';

/** A trainer's parser as commander wants it: its errors become usage errors. */
function usageParser(parse: (value: string, previous: unknown) => unknown) {
  return (value: string, previous: unknown) => {
    try {
      return parse(value, previous);
    } catch (error) {
      throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
    }
  };
}

async function checkWritable(out: string): Promise<void> {
  // Fail before minutes of training, not after, when the model cannot be written.
  try {
    await mkdir(dirname(out), { recursive: true });
    await access(dirname(out), constants.W_OK);
  } catch (error) {
    throw new PithError('BAD_OPTION', `--out ${out}: cannot write there (${(error as Error).message})`);
  }
}

function trainerCommand(trainer: Trainer): Command {
  const command = new Command(trainer.name).description(trainer.description);
  for (const declared of trainer.options) {
    const option = new Option(declared.flags, declared.description);
    if (declared.parse) option.argParser(usageParser(declared.parse));
    if (declared.default !== undefined) option.default(declared.default);
    if (declared.required) option.makeOptionMandatory();
    command.addOption(option);
  }
  const out = new Option('-o, --out <file>', 'where to write the model (JSON)');
  if (trainer.defaultOut) out.default(trainer.defaultOut);
  else out.makeOptionMandatory();
  command.addOption(out);
  if (trainer.help) command.addHelpText('after', trainer.help);
  return command
    .action(async (options: Record<string, unknown> & { out: string }) => {
      await checkWritable(options.out);
      const outcome = await trainer.train(options, {
        command: commandLine(['pith', ...process.argv.slice(2)]),
        log: (message) => process.stderr.write(`${message}\n`),
        tty: process.stderr.isTTY === true,
      });
      if (outcome.text !== undefined) {
        try {
          await writeModelFile(options.out, outcome.text);
        } catch (error) {
          throw new PithError(
            'BAD_OPTION',
            `cannot write the model to ${options.out}: ${(error as Error).message}`,
          );
        }
      }
      process.stdout.write(outcome.report);
    })
    .exitOverride();
}

/** Builds `pith train`. */
export function trainCommand(): Command {
  const command = new Command('train').description(
    `Train the models of learned extractors (${TRAINERS.map((trainer) => trainer.name).join(', ')}); each model file records how it was built.`,
  );
  for (const trainer of TRAINERS) command.addCommand(trainerCommand(trainer));
  return command.exitOverride();
}
