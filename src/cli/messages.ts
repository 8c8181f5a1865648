import { isPithError, type LimitName, messageWithLimitNames } from '../index.js';
import { FetchBlockedError, FetchUnresolvedError } from '../internal.js';

/** The flags of `pith extract` that raise each limit of the library. */
const LIMIT_FLAGS: Record<LimitName, string> = {
  maxBytes: '--max-bytes',
  maxInputLength: '--max-bytes',
  maxNodes: '--max-nodes',
  maxDepth: '--max-depth',
  timeoutMs: '--timeout',
};

/**
 * An error's message as the command line says it: a limit error names the flag that raises it; a
 * refused address is named (the library keeps it out of messages a service would pass on to its
 * clients; here the reader is the machine's own user) with the flag that lets it through; a name
 * that did not resolve, with the resolver's code.
 */
export function cliMessage(error: Error): string {
  if (error instanceof FetchBlockedError) {
    const address = error.address === error.host ? '' : `${error.address}; `;
    return `${error.message} (${address}--allow-private lets pith fetch it)`;
  }
  if (error instanceof FetchUnresolvedError && error.resolverCode !== '')
    return `${error.message} (${error.resolverCode})`;
  return isPithError(error) ? messageWithLimitNames(error, LIMIT_FLAGS) : error.message;
}
