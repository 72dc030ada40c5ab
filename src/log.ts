import pino, { type Logger } from 'pino';
import PinoPretty from 'pino-pretty';

/*
 * Logging: pino everywhere (createLoggers); the services below the CLI take the narrow {@link Log}.
 */

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

/** The process's loggers: `logger` at the configured level; `lifecycle` for start and stop lines, shown unless the level is `silent`. */
export interface Loggers {
  logger: Logger;
  /** Serving, listening, public URL, signals, closed: what `serve` says to its operator, at info even under `--log-level warn`. */
  lifecycle: Logger;
}

/**
 * Creates the pino loggers of `serve`: JSON lines (pino's format) for collectors, or pino-pretty's
 * lines for people (`HH:MM:ss INFO: listening on …`), on stdout.
 * @param level pino level name, e.g. `info`
 * @param format `pretty` or `json`; null picks pretty when stdout is a TTY, else json
 * @param redact paths pino replaces with `[Redacted]` (credentials)
 * @param stream where lines go (default stdout; tests pass a buffer)
 */
export function createLoggers(
  level: string,
  format: 'pretty' | 'json' | null,
  redact: string[],
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Loggers {
  const pretty = format === 'pretty' || (format === null && stream.isTTY === true);
  const destination = pretty
    ? PinoPretty({
        destination: stream,
        colorize: stream.isTTY === true,
        ignore: 'pid,hostname',
        translateTime: 'SYS:HH:MM:ss',
        sync: true,
      })
    : stream;
  const logger = pino({ level, redact }, destination);
  return { logger, lifecycle: logger.child({}, { level: level === 'silent' ? 'silent' : 'info' }) };
}
