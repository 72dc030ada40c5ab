/**
 * The logging that services outside the HTTP layer need: pino's method shape, so the server
 * passes its logger as is and tests pass a recorder.
 */
export interface Log {
  info(detail: object, message: string): void;
  warn(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

/** A {@link Log} that drops everything. */
export const SILENT_LOG: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };
