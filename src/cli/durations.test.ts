import { describe, expect, it } from 'vitest';
import { parseDuration } from './durations.js';
import { UsageError } from './output.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('parseDuration', () => {
  it.each<[string, number]>([
    ['90d', 90 * DAY],
    ['24h', 24 * HOUR],
    ['30m', 30 * MINUTE],
    ['45s', 45 * SECOND],
    ['1w', 7 * DAY],
    ['1.5h', 90 * MINUTE],
    ['2 days', 2 * DAY],
    ['10 minutes', 10 * MINUTE],
    ['500ms', 500],
    ['1H', HOUR],
    [' 1h ', HOUR],
  ])('%j → %d ms', (value, expected) => {
    expect(parseDuration('--expires', value)).toBe(expected);
  });

  it.each(['soon', '', ' ', '90', '0d', '0s', '-1d', '+1d', '1x', 'd', '1d2h', '.5h', '1e3d', 'Infinity', 'NaN', '1 fortnight'])(
    'refuses %j with a UsageError naming the flag',
    (value) => {
      expect(() => parseDuration('--grace', value)).toThrow(UsageError);
      expect(() => parseDuration('--grace', value)).toThrow(`--grace: "${value}" is not a duration (examples: 90d, 24h, 30m)`);
    },
  );
});
