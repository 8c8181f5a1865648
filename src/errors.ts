/**
 * Every failure pith reports on purpose is a `PithError` with a stable `code`,
 * so callers (the CLI, the HTTP service, batch runners) can tell a bad page
 * from a bug without parsing messages.
 */
export type PithErrorCode =
  | 'INPUT_TOO_LARGE'
  | 'TOO_MANY_NODES'
  | 'TOO_DEEP'
  | 'TIMEOUT'
  | 'NOT_HTML'
  | 'UNKNOWN_EXTRACTOR'
  | 'UNKNOWN_FORMAT'
  | 'BAD_OPTION'
  | 'READ_FAILED'
  | 'FETCH_FAILED'
  | 'FETCH_BLOCKED'
  | 'FETCH_TIMEOUT'
  | 'FETCH_TOO_LARGE'
  | 'FETCH_TOO_MANY_REDIRECTS'
  | 'FETCH_TOO_MANY_ENCODINGS'
  | 'FETCH_BAD_STATUS'
  | 'FETCH_BAD_CONTENT_TYPE'
  | 'FETCH_ROBOTS_DISALLOWED'
  | 'BAD_CONTENT_ENCODING'
  | 'BAD_FEED'
  | 'WORKER_FAILED';

/** The bounds a caller can raise (`ExtractOptions.limits`); a PithError over one names it. */
export type LimitName = 'maxBytes' | 'maxInputLength' | 'maxNodes' | 'maxDepth' | 'timeoutMs';

export class PithError extends Error {
  readonly code: PithErrorCode;
  /** For errors over a bound: which one (the message then ends with how to raise it). */
  readonly limit?: LimitName;
  /** The message without the closing hint on how to raise the limit (callers with their own names for limits add theirs). */
  readonly detail: string;
  constructor(code: PithErrorCode, message: string, options?: { cause?: unknown; limit?: LimitName }) {
    const limit = options?.limit;
    super(limit === undefined ? message : `${message} (${raiseHint(`limits.${limit}`, limit)})`, options);
    this.name = 'PithError';
    this.code = code;
    this.detail = message;
    if (limit !== undefined) this.limit = limit;
  }
}

/**
 * The message of `error` with the caller's own name for the limit it is over (a CLI flag, a
 * server setting…) in the closing hint; the message as it is for other errors.
 */
export function messageWithLimitNames(error: PithError, names: Partial<Record<LimitName, string>>): string {
  const name = error.limit === undefined ? undefined : names[error.limit];
  return name === undefined || error.limit === undefined
    ? error.message
    : `${error.detail} (${raiseHint(name, error.limit)})`;
}

/** "raise NAME to accept it" / "… to give it more time": the hint closing a limit error. */
export function raiseHint(name: string, limit: LimitName): string {
  return `raise ${name} ${limit === 'timeoutMs' ? 'to give it more time' : 'to accept it'}`;
}

/** True when `value` is an error pith raised on purpose (as opposed to a bug). */
export function isPithError(value: unknown): value is PithError {
  return value instanceof PithError;
}
