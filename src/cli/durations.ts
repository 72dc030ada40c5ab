/** Durations on the command line (`90d`, `24h`, `30m`), parsed by the `ms` library. */
import ms, { type StringValue } from 'ms';
import { UsageError } from './output.js';

/**
 * Parses a positive duration such as `90d`, `24h`, `30m` or `45s`.
 * @param flag the flag's name, for the error message
 * @returns milliseconds
 * @throws {UsageError} naming the flag when the value is not a positive duration
 */
export function parseDuration(flag: string, value: string): number {
  const parsed = /^\d+(\.\d+)?\s*[a-z]+$/i.test(value.trim()) ? ms(value.trim() as StringValue) : undefined;
  if (parsed === undefined || !Number.isFinite(parsed) || parsed <= 0) {
    throw new UsageError(`${flag}: "${value}" is not a duration (examples: 90d, 24h, 30m)`);
  }
  return parsed;
}
