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
  | 'FETCH_BAD_STATUS'
  | 'FETCH_BAD_CONTENT_TYPE'
  | 'FETCH_ROBOTS_DISALLOWED'
  | 'BAD_CONTENT_ENCODING'
  | 'BAD_FEED'
  | 'WORKER_FAILED';

export class PithError extends Error {
  readonly code: PithErrorCode;
  constructor(code: PithErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PithError';
    this.code = code;
  }
}

/** True when `value` is an error pith raised on purpose (as opposed to a bug). */
export function isPithError(value: unknown): value is PithError {
  return value instanceof PithError;
}
