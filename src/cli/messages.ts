import { isPithError, type LimitName, messageWithLimitNames } from '../index.js';

/** The flags of `pith extract` that raise each limit of the library. */
const LIMIT_FLAGS: Record<LimitName, string> = {
  maxBytes: '--max-bytes',
  maxInputLength: '--max-bytes',
  maxNodes: '--max-nodes',
  maxDepth: '--max-depth',
  timeoutMs: '--timeout',
};

/** An error's message as the command line says it: a limit error names the flag that raises it. */
export function cliMessage(error: Error): string {
  return isPithError(error) ? messageWithLimitNames(error, LIMIT_FLAGS) : error.message;
}
