#!/usr/bin/env node
/**
 * The `pith` command. One file per command; this one wires them up and maps
 * failures to exit codes: 0 ok, 1 some inputs failed, 2 usage error.
 */
import { Command, CommanderError } from 'commander';
import { isPithError, VERSION } from '../index.js';
import { useModelFiles } from '../tools/index.js';
import { cliMessage } from './messages.js';

/**
 * The commands, loaded on demand: only the one named on the command line is imported (`pith queue
 * add` is one Node start-up per submission, and the other commands' modules were most of its CPU
 * time: docs/benchmarks-journal.md, "the queue's cost"); help without a command loads them all.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  extract: async () => (await import('./extract-command.js')).extractCommand().exitOverride(),
  train: async () => (await import('./train-command.js')).trainCommand(),
  bench: async () => (await import('./bench-command.js')).benchCommand().exitOverride(),
  serve: async () => (await import('./serve-command.js')).serveCommand().exitOverride(),
  warc: async () => (await import('./warc-command.js')).warcCommand().exitOverride(),
  feed: async () => (await import('./feed-command.js')).feedCommand().exitOverride(),
  queue: async () => (await import('./queue-command.js')).queueCommand().exitOverride(),
  worker: async () => (await import('./worker-command.js')).workerCommand().exitOverride(),
};

// A reader that stops early (`pith … | head`) closes the pipe: stop quietly, as Unix tools do,
// instead of dying with an unhandled EPIPE stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const program = new Command('pith')
  .description(
    // One paragraph: commander wraps it to the terminal; a hard line break here left "text," alone.
    'pith finds the main content of web pages: the article, post or documentation text, ' +
      'without navigation, ads, footers and comment threads.',
  )
  .version(VERSION, '-V, --version')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();
// Model files named by path (--pith-model FILE), and every shipped model ready for extract().
await useModelFiles();
const named = process.argv[2];
for (const name of named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS)) {
  // own-keys: one of COMMANDS' own names (checked above)
  program.addCommand(await COMMANDS[name]());
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version exit 0; everything else commander reports is a usage error.
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else if (isPithError(error)) {
    process.stderr.write(`pith: ${cliMessage(error)}\n`);
    process.exitCode = error.code === 'READ_FAILED' ? 1 : 2;
  } else {
    process.stderr.write(`pith: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  }
}
