#!/usr/bin/env node
/**
 * The `pith` command. One file per command; this one wires them up and maps
 * failures to exit codes: 0 ok, 1 some inputs failed, 2 usage error.
 */
import { Command, CommanderError } from 'commander';
import { isPithError, VERSION } from '../index.js';
import { benchCommand } from './bench-command.js';
import { extractCommand } from './extract-command.js';
import { feedCommand } from './feed-command.js';
import { cliMessage } from './messages.js';
import { queueCommand } from './queue-command.js';
import { serveCommand } from './serve-command.js';
import { trainCommand } from './train-command.js';
import { warcCommand } from './warc-command.js';
import { workerCommand } from './worker-command.js';

const program = new Command('pith')
  .description(
    'pith finds the main content of web pages: the article, post or documentation text,\n' +
      'without navigation, ads, footers and comment threads.',
  )
  .version(VERSION, '-V, --version')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride()
  .addCommand(extractCommand().exitOverride())
  .addCommand(trainCommand())
  .addCommand(benchCommand().exitOverride())
  .addCommand(serveCommand().exitOverride())
  .addCommand(warcCommand().exitOverride())
  .addCommand(feedCommand().exitOverride())
  .addCommand(queueCommand().exitOverride())
  .addCommand(workerCommand().exitOverride());

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
