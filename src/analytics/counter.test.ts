import { describe, expect, it } from 'vitest';
import {
  createAnalyticsCounter,
  MAX_KEYS_PER_MINUTE,
  MAX_OTHER_KEYS_PER_MINUTE,
  MAX_QUERIES_PER_HOUR,
  OTHER,
  type CountedRequest,
} from './counter.js';

const T0 = Date.parse('2030-01-01T10:59:30.000Z');
const request = (overrides: Partial<CountedRequest> = {}): CountedRequest => ({
  path: '/guides/setup',
  format: 'markdown',
  status: 200,
  category: 'ai-crawler',
  agent: 'GPTBot',
  clientId: undefined,
  ...overrides,
});

describe('analytics counter', () => {
  it('adds each minute to its minute, hour and day rows, and empties on drain', () => {
    const counter = createAnalyticsCounter();
    counter.count(request(), T0);
    counter.count(request(), T0 + 10_000);
    counter.count(request(), T0 + 60_000); // 11:00:30, the next minute and hour
    counter.count(request({ clientId: 'sgc_1', category: 'api-client' }), T0);
    counter.countZeroResult('kubernetes', T0);
    counter.countZeroResult('kubernetes', T0 + 60_000);
    const { counts, zeroResults } = counter.drain();
    const summary = counts.map((row) => `${row.granularity} ${row.bucketStart.toISOString()} ${row.clientId ?? '-'} ${row.count}`).sort();
    expect(summary).toStrictEqual([
      'day 2030-01-01T00:00:00.000Z - 3',
      'day 2030-01-01T00:00:00.000Z sgc_1 1',
      'hour 2030-01-01T10:00:00.000Z - 2',
      'hour 2030-01-01T10:00:00.000Z sgc_1 1',
      'hour 2030-01-01T11:00:00.000Z - 1',
      'minute 2030-01-01T10:59:00.000Z - 2',
      'minute 2030-01-01T10:59:00.000Z sgc_1 1',
      'minute 2030-01-01T11:00:00.000Z - 1',
    ]);
    expect(counts[0]).toStrictEqual({
      granularity: 'minute',
      bucketStart: new Date('2030-01-01T10:59:00.000Z'),
      path: '/guides/setup',
      format: 'markdown',
      status: 200,
      category: 'ai-crawler',
      agent: 'GPTBot',
      clientId: null,
      count: 2,
    });
    expect(zeroResults).toStrictEqual([
      { bucketStart: new Date('2030-01-01T10:00:00.000Z'), query: 'kubernetes', count: 1 },
      { bucketStart: new Date('2030-01-01T11:00:00.000Z'), query: 'kubernetes', count: 1 },
    ]);
    expect(counter.drain()).toStrictEqual({ counts: [], zeroResults: [] });
  });

  it('is bounded: past the keys of a minute, new paths count as (other), then everything in one row', () => {
    const counter = createAnalyticsCounter();
    const paths = MAX_KEYS_PER_MINUTE + 10;
    for (let i = 0; i < paths; i++) counter.count(request({ path: `/scan/${i}` }), T0);
    for (let i = 0; i < MAX_OTHER_KEYS_PER_MINUTE + 5; i++) counter.count(request({ path: `/more/${i}`, status: 1000 + i }), T0);
    const minutes = counter.drain().counts.filter((row) => row.granularity === 'minute');
    expect(minutes).toHaveLength(MAX_KEYS_PER_MINUTE + MAX_OTHER_KEYS_PER_MINUTE + 1);
    expect(minutes.find((row) => row.path === OTHER && row.status === 200)?.count).toBe(10);
    expect(minutes.filter((row) => row.path === OTHER && row.agent === OTHER)).toStrictEqual([
      expect.objectContaining({ format: 'other', status: 0, category: 'unknown', clientId: null, count: 6 }),
    ]);
    expect(minutes.reduce((sum, row) => sum + row.count, 0)).toBe(paths + MAX_OTHER_KEYS_PER_MINUTE + 5);
  });

  it('keeps at most so many zero-result queries an hour, the rest as (other)', () => {
    const counter = createAnalyticsCounter();
    for (let i = 0; i < MAX_QUERIES_PER_HOUR + 3; i++) counter.countZeroResult(`q${i}`, T0);
    const rows = counter.drain().zeroResults;
    expect(rows).toHaveLength(MAX_QUERIES_PER_HOUR + 1);
    expect(rows.find((row) => row.query === OTHER)?.count).toBe(3);
  });
});
